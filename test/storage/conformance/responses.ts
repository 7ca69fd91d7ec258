import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { newId } from '../../../src/domain/ids.js';
import type { InboxResponse } from '../../../src/domain/response.js';
import { HOUR, anonymousInbox, at, createEventMaker, insertEvent, ownedInbox, type StoreGetter } from './fixtures.js';

/** A response with every kind of field: binary and text bodies, duplicate headers, each match shape. */
function makeResponse(inboxId: string, overrides: Partial<InboxResponse> = {}): InboxResponse {
  return {
    inboxId,
    answer: {
      status: 503,
      headers: [
        ['Retry-After', '5'],
        ['X-Dup', 'a'],
        ['x-dup', 'b'],
        ['X-Latin1', 'caf\u00e9'],
      ],
      body: Buffer.from('{"error":"down"}'),
      delayMs: 250,
      template: false,
    },
    rules: [
      {
        match: { method: 'POST', pathPrefix: '/fail', header: null },
        response: { status: 500, headers: [], body: Buffer.from([0, 1, 2, 0xff, 0xfe]), delayMs: 0, template: false },
      },
      {
        match: { method: null, pathPrefix: null, header: { name: 'X-Test', value: null } },
        response: { status: 204, headers: [['X-Rule', '1']], body: Buffer.alloc(0), delayMs: 30_000, template: false },
      },
      {
        match: { method: null, pathPrefix: null, header: { name: 'X-Mode', value: 'slow ""\\ value' } },
        response: {
          status: 202,
          headers: [],
          body: Buffer.from('\u2713 accepted {{ method }}\n'),
          delayMs: 1,
          template: true,
        },
      },
    ],
    updatedAt: at(HOUR),
    ...overrides,
  };
}

/** Conformance cases for InboxResponseRepository, and the responses' part of deleting an inbox. */
export function describeResponseCases(store: StoreGetter): void {
  describe('inbox responses', () => {
    it('finds nothing for an inbox without a response; a stored one comes back field for field', async () => {
      const inbox = anonymousInbox();
      await store().inboxes.insert(inbox);
      assert.equal(await store().responses.find(inbox.id), null);
      const response = makeResponse(inbox.id);
      assert.equal(await store().responses.put(response, null, at(0)), true);
      assert.deepEqual(await store().responses.find(inbox.id), response);
      assert.equal(await store().responses.find(newId('inbox')), null);
    });

    it('replaces the previous response as a whole', async () => {
      const inbox = ownedInbox(newId('account'));
      await store().inboxes.insert(inbox);
      await store().responses.put(makeResponse(inbox.id), inbox.ownerId, at(0));
      const plain: InboxResponse = {
        inboxId: inbox.id,
        answer: { status: 200, headers: [], body: Buffer.alloc(0), delayMs: 0, template: false },
        rules: [],
        updatedAt: at(2 * HOUR),
      };
      assert.equal(await store().responses.put(plain, inbox.ownerId, at(2 * HOUR)), true);
      assert.deepEqual(await store().responses.find(inbox.id), plain);
    });

    it('stores nothing for an unknown or expired inbox, or while the inbox has another owner', async () => {
      const account = newId('account');
      const owned = ownedInbox(account);
      const anonymous = anonymousInbox();
      await store().inboxes.insert(owned);
      await store().inboxes.insert(anonymous);
      const unknown = newId('inbox');
      assert.equal(await store().responses.put(makeResponse(unknown), null, at(0)), false);
      // Expired at 48 h.
      assert.equal(await store().responses.put(makeResponse(anonymous.id), null, at(48 * HOUR)), false);
      // The owner seen by the caller is no longer the owner.
      assert.equal(await store().responses.put(makeResponse(owned.id), null, at(0)), false);
      assert.equal(await store().responses.put(makeResponse(owned.id), newId('account'), at(0)), false);
      assert.equal(await store().responses.put(makeResponse(anonymous.id), account, at(0)), false);
      for (const id of [unknown, owned.id, anonymous.id]) assert.equal(await store().responses.find(id), null);
      // An anonymous inbox saved meanwhile: the anonymous caller's write is refused.
      assert.notEqual(await store().inboxes.save(anonymous.id, account, at(1)), null);
      assert.equal(await store().responses.put(makeResponse(anonymous.id), null, at(2)), false);
      assert.equal(await store().responses.put(makeResponse(anonymous.id), account, at(2)), true);
    });

    it('deletes only under the same condition; deleting when there is none is fine', async () => {
      const inbox = ownedInbox(newId('account'));
      await store().inboxes.insert(inbox);
      const response = makeResponse(inbox.id);
      await store().responses.put(response, inbox.ownerId, at(0));
      assert.equal(await store().responses.delete(inbox.id, null, at(0)), false);
      assert.equal(await store().responses.delete(inbox.id, newId('account'), at(0)), false);
      assert.deepEqual(await store().responses.find(inbox.id), response);
      assert.equal(await store().responses.delete(inbox.id, inbox.ownerId, at(0)), true);
      assert.equal(await store().responses.find(inbox.id), null);
      assert.equal(await store().responses.delete(inbox.id, inbox.ownerId, at(0)), true);
      assert.equal(await store().responses.delete(newId('inbox'), null, at(0)), false);
    });

    it('deleting an inbox deletes its response in the same step, and no other inbox’s', async () => {
      const inbox = ownedInbox(newId('account'));
      const other = anonymousInbox();
      await store().inboxes.insert(inbox);
      await store().inboxes.insert(other);
      await insertEvent(store(), createEventMaker()(inbox.id));
      await store().responses.put(makeResponse(inbox.id), inbox.ownerId, at(0));
      const kept = makeResponse(other.id);
      await store().responses.put(kept, null, at(0));

      assert.equal(await store().inboxes.delete(inbox.id, inbox.ownerId), true);
      assert.equal(await store().responses.find(inbox.id), null);
      assert.deepEqual(await store().responses.find(other.id), kept);
      // Purging the deleted inbox leaves the other one's response alone too.
      while ((await store().inboxes.purgeDeleted(100)) > 0);
      assert.deepEqual(await store().responses.find(other.id), kept);
    });

    it('expiring an anonymous inbox deletes its response', async () => {
      const inbox = anonymousInbox();
      const owned = ownedInbox(newId('account'));
      await store().inboxes.insert(inbox);
      await store().inboxes.insert(owned);
      await store().responses.put(makeResponse(inbox.id), null, at(0));
      const kept = makeResponse(owned.id);
      await store().responses.put(kept, owned.ownerId, at(0));
      assert.equal(await store().inboxes.deleteExpired(at(48 * HOUR), 10), 1);
      assert.equal(await store().responses.find(inbox.id), null);
      assert.deepEqual(await store().responses.find(owned.id), kept);
    });
  });
}
