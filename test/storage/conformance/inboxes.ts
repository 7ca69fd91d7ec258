import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { newId } from '../../../src/domain/ids.js';
import { HOUR, anonymousInbox, at, ownedInbox, type StoreGetter } from './fixtures.js';

/** Conformance cases for InboxRepository (purging has its own file). */
export function describeInboxCases(store: StoreGetter): void {
  describe('inboxes', () => {
    it('returns an inserted anonymous inbox from findLive with every field intact', async () => {
      const inbox = anonymousInbox();
      await store().inboxes.insert(inbox);
      assert.deepEqual(await store().inboxes.findLive(inbox.id, at(1)), inbox);
    });

    it('returns an owned inbox without expiry as live at any time', async () => {
      const inbox = ownedInbox(newId('account'));
      await store().inboxes.insert(inbox);
      assert.deepEqual(await store().inboxes.findLive(inbox.id, at(10_000 * HOUR)), inbox);
    });

    it('returns null from findLive for an unknown id', async () => {
      assert.equal(await store().inboxes.findLive(newId('inbox'), at(0)), null);
    });

    it('treats an inbox as expired exactly at expiresAt and live 1 ms before', async () => {
      const inbox = anonymousInbox({ expiresAt: at(HOUR) });
      await store().inboxes.insert(inbox);
      assert.deepEqual(await store().inboxes.findLive(inbox.id, at(HOUR - 1)), inbox);
      assert.equal(await store().inboxes.findLive(inbox.id, at(HOUR)), null);
      assert.equal(await store().inboxes.findLive(inbox.id, at(HOUR + 1)), null);
    });

    it('lists the live inboxes of an owner newest first, and nothing else', async () => {
      const owner = newId('account');
      const older = ownedInbox(owner, 1);
      const newer = ownedInbox(owner, 2);
      const expired = { ...ownedInbox(owner, 3), expiresAt: at(HOUR) };
      const otherOwner = ownedInbox(newId('account'), 4);
      for (const inbox of [older, newer, expired, otherOwner, anonymousInbox()]) {
        await store().inboxes.insert(inbox);
      }
      assert.deepEqual(await store().inboxes.listByOwner(owner, at(2 * HOUR)), [newer, older]);
      assert.deepEqual(await store().inboxes.listByOwner(newId('account'), at(0)), []);
    });

    it('save makes a live anonymous inbox owned and persistent', async () => {
      const owner = newId('account');
      const inbox = anonymousInbox({ expiresAt: at(HOUR) });
      await store().inboxes.insert(inbox);
      const saved = await store().inboxes.save(inbox.id, owner, at(HOUR - 1));
      const expected = { ...inbox, ownerId: owner, expiresAt: null };
      assert.deepEqual(saved, expected);
      assert.deepEqual(await store().inboxes.findLive(inbox.id, at(1000 * HOUR)), expected);
      assert.deepEqual(await store().inboxes.listByOwner(owner, at(1000 * HOUR)), [expected]);
    });

    it('save returns null for an expired or unknown inbox and changes nothing', async () => {
      const owner = newId('account');
      const inbox = anonymousInbox({ expiresAt: at(HOUR) });
      await store().inboxes.insert(inbox);
      assert.equal(await store().inboxes.save(inbox.id, owner, at(HOUR)), null);
      assert.equal(await store().inboxes.save(newId('inbox'), owner, at(0)), null);
      assert.deepEqual(await store().inboxes.findLive(inbox.id, at(HOUR - 1)), inbox);
      assert.deepEqual(await store().inboxes.listByOwner(owner, at(0)), []);
    });

    it('delete removes the inbox from every read and reports whether it existed', async () => {
      const owner = newId('account');
      const inbox = ownedInbox(owner);
      const kept = ownedInbox(owner, 1);
      await store().inboxes.insert(inbox);
      await store().inboxes.insert(kept);
      assert.equal(await store().inboxes.delete(inbox.id), true);
      assert.equal(await store().inboxes.findLive(inbox.id, at(0)), null);
      assert.deepEqual(await store().inboxes.listByOwner(owner, at(2)), [kept]);
      assert.equal(await store().inboxes.save(inbox.id, owner, at(0)), null);
      assert.equal(await store().inboxes.delete(inbox.id), false);
      assert.equal(await store().inboxes.delete(newId('inbox')), false);
    });

    it('delete with an expected owner deletes only while the inbox still has that owner', async () => {
      const owner = newId('account');
      const anonymous = anonymousInbox({ expiresAt: at(HOUR) });
      await store().inboxes.insert(anonymous);
      // Another account saved it in between: a delete that expected it anonymous must not win.
      assert.ok(await store().inboxes.save(anonymous.id, owner, at(0)));
      assert.equal(await store().inboxes.delete(anonymous.id, null), false);
      assert.equal(await store().inboxes.delete(anonymous.id, newId('account')), false);
      assert.ok(await store().inboxes.findLive(anonymous.id, at(0)));
      assert.equal(await store().inboxes.delete(anonymous.id, owner), true);
      const other = anonymousInbox({ expiresAt: at(HOUR) });
      await store().inboxes.insert(other);
      assert.equal(await store().inboxes.delete(other.id, null), true);
    });

    it('save does not take an inbox that another account owns', async () => {
      const first = newId('account');
      const second = newId('account');
      const inbox = anonymousInbox({ expiresAt: at(HOUR) });
      await store().inboxes.insert(inbox);
      assert.equal((await store().inboxes.save(inbox.id, first, at(0)))?.ownerId, first);
      assert.equal(await store().inboxes.save(inbox.id, second, at(0)), null);
      assert.equal((await store().inboxes.save(inbox.id, first, at(0)))?.ownerId, first);
    });

    it('deleteExpired deletes only expired anonymous inboxes, at most limit per call', async () => {
      const now = at(2 * HOUR);
      const expired = [
        anonymousInbox({ expiresAt: at(HOUR) }),
        anonymousInbox({ expiresAt: at(HOUR + 1) }),
        anonymousInbox({ expiresAt: now }), // expiresAt = now counts as expired
      ];
      const live = anonymousInbox({ expiresAt: at(2 * HOUR + 1) });
      const owned = ownedInbox(newId('account'));
      for (const inbox of [...expired, live, owned]) await store().inboxes.insert(inbox);

      assert.equal(await store().inboxes.deleteExpired(now, 2), 2);
      assert.equal(await store().inboxes.deleteExpired(now, 2), 1);
      assert.equal(await store().inboxes.deleteExpired(now, 2), 0);

      // Gone for good: still absent when asked "before" their expiry.
      for (const inbox of expired) {
        assert.equal(await store().inboxes.findLive(inbox.id, at(0)), null);
        assert.equal(await store().inboxes.delete(inbox.id), false);
      }
      assert.deepEqual(await store().inboxes.findLive(live.id, now), live);
      assert.deepEqual(await store().inboxes.findLive(owned.id, now), owned);
    });
  });
}
