import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';

import { newId } from '../../../src/domain/ids.js';
import type { Share } from '../../../src/domain/share.js';
import { HOUR, anonymousInbox, at, createEventMaker, insertEvent, ownedInbox, type StoreGetter } from './fixtures.js';

/** A share of `inboxId` created at T0 + `offsetMs`, with a unique hash. */
function makeShare(inboxId: string, offsetMs = 0): Share {
  const id = newId('share');
  return {
    id,
    inboxId,
    hash: createHash('sha256').update(id).digest('hex'),
    prefix: 'rhs_4f9a',
    createdAt: at(offsetMs),
  };
}

/** Conformance cases for ShareRepository, and the shares' part of deleting an inbox. */
export function describeShareCases(store: StoreGetter): void {
  describe('shares', () => {
    it('finds an inserted share by its hash with every field intact, and null for an unknown hash', async () => {
      const inbox = ownedInbox(newId('account'));
      await store().inboxes.insert(inbox);
      const share = makeShare(inbox.id);
      await store().shares.insert(share);
      assert.deepEqual(await store().shares.findByHash(share.hash), share);
      assert.equal(await store().shares.findByHash('0'.repeat(64)), null);
    });

    it('lists the shares of an inbox newest first, and only those', async () => {
      const inbox = ownedInbox(newId('account'));
      const other = ownedInbox(newId('account'));
      await store().inboxes.insert(inbox);
      await store().inboxes.insert(other);
      const older = makeShare(inbox.id, 1);
      const newer = makeShare(inbox.id, 2);
      for (const share of [older, newer, makeShare(other.id, 3)]) await store().shares.insert(share);
      assert.deepEqual(await store().shares.listByInbox(inbox.id), [newer, older]);
      assert.deepEqual(await store().shares.listByInbox(newId('inbox')), []);
    });

    it('deletes a share only through its own inbox; a deleted share is gone at once', async () => {
      const inbox = ownedInbox(newId('account'));
      await store().inboxes.insert(inbox);
      const share = makeShare(inbox.id);
      const kept = makeShare(inbox.id, 1);
      await store().shares.insert(share);
      await store().shares.insert(kept);
      // Another inbox's id, or an unknown share: nothing happens.
      assert.equal(await store().shares.delete(share.id, newId('inbox')), false);
      assert.equal(await store().shares.delete(newId('share'), inbox.id), false);
      assert.deepEqual(await store().shares.findByHash(share.hash), share);

      assert.equal(await store().shares.delete(share.id, inbox.id), true);
      assert.equal(await store().shares.findByHash(share.hash), null);
      assert.deepEqual(await store().shares.listByInbox(inbox.id), [kept]);
      assert.equal(await store().shares.delete(share.id, inbox.id), false);
    });

    it('deleting an inbox deletes its shares in the same step, and no other inbox’s', async () => {
      const inbox = ownedInbox(newId('account'));
      const other = ownedInbox(newId('account'));
      await store().inboxes.insert(inbox);
      await store().inboxes.insert(other);
      await insertEvent(store(), createEventMaker()(inbox.id));
      const shares = [makeShare(inbox.id, 1), makeShare(inbox.id, 2)];
      const otherShare = makeShare(other.id, 3);
      for (const share of [...shares, otherShare]) await store().shares.insert(share);

      assert.equal(await store().inboxes.delete(inbox.id, inbox.ownerId), true);
      for (const share of shares) assert.equal(await store().shares.findByHash(share.hash), null);
      assert.deepEqual(await store().shares.listByInbox(inbox.id), []);
      assert.deepEqual(await store().shares.findByHash(otherShare.hash), otherShare);
    });

    it('a delete refused for another owner keeps the shares', async () => {
      const inbox = ownedInbox(newId('account'));
      await store().inboxes.insert(inbox);
      const share = makeShare(inbox.id);
      await store().shares.insert(share);
      assert.equal(await store().inboxes.delete(inbox.id, newId('account')), false);
      assert.deepEqual(await store().shares.findByHash(share.hash), share);
    });

    it('an expired inbox deleted by the sweeper takes its shares with it', async () => {
      const inbox = anonymousInbox({ expiresAt: at(HOUR) });
      await store().inboxes.insert(inbox);
      const share = makeShare(inbox.id);
      await store().shares.insert(share);
      assert.equal(await store().inboxes.deleteExpired(at(HOUR), 10), 1);
      assert.equal(await store().shares.findByHash(share.hash), null);
    });
  });
}
