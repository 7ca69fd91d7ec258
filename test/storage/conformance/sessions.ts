import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { newId } from '../../../src/domain/ids.js';
import type { Session } from '../../../src/domain/session.js';
import { StorageError } from '../../../src/errors.js';
import { HOUR, at, type StoreGetter } from './fixtures.js';

const DAY = 24 * HOUR;

/** A session of `accountId` created at T0, expiring 30 days later, with a unique hash. */
export function makeSession(accountId: string, overrides: Partial<Session> = {}): Session {
  const id = newId('session');
  return {
    id,
    accountId,
    hash: `${id}-hash`.padEnd(64, '0'),
    csrfToken: `csrf-${id}`,
    createdAt: at(0),
    lastSeenAt: at(0),
    expiresAt: at(30 * DAY),
    userAgent: null,
    ...overrides,
  };
}

/** Conformance cases for SessionRepository. */
export function describeSessionCases(store: StoreGetter): void {
  describe('sessions', () => {
    it('finds a live session by hash, and null for an unknown hash', async () => {
      const session = makeSession(newId('account'));
      await store().sessions.insert(session);
      assert.deepEqual(await store().sessions.findLiveByHash(session.hash, at(HOUR)), session);
      assert.equal(await store().sessions.findLiveByHash('0'.repeat(64), at(HOUR)), null);
    });

    it('never returns a session at or after its expiry, swept or not', async () => {
      const session = makeSession(newId('account'), { expiresAt: at(DAY) });
      await store().sessions.insert(session);
      assert.deepEqual(await store().sessions.findLiveByHash(session.hash, at(DAY - 1)), session);
      assert.equal(await store().sessions.findLiveByHash(session.hash, at(DAY)), null);
      assert.equal(await store().sessions.findLiveByHash(session.hash, at(2 * DAY)), null);
      // A lookup at an earlier instant still finds it: nothing was deleted by reading.
      assert.deepEqual(await store().sessions.findLiveByHash(session.hash, at(0)), session);
    });

    it('touch records the last use and nothing else', async () => {
      const session = makeSession(newId('account'));
      await store().sessions.insert(session);
      await store().sessions.touch(session.id, at(HOUR));
      assert.deepEqual(await store().sessions.findLiveByHash(session.hash, at(HOUR)), {
        ...session,
        lastSeenAt: at(HOUR),
      });
      await store().sessions.touch(newId('session'), at(2 * HOUR));
      assert.deepEqual((await store().sessions.findLiveByHash(session.hash, at(HOUR)))?.lastSeenAt, at(HOUR));
    });

    it('deletes one session, and says whether it existed', async () => {
      const accountId = newId('account');
      const kept = makeSession(accountId);
      const ended = makeSession(accountId);
      await store().sessions.insert(kept);
      await store().sessions.insert(ended);
      assert.equal(await store().sessions.delete(ended.id), true);
      assert.equal(await store().sessions.delete(ended.id), false);
      assert.equal(await store().sessions.findLiveByHash(ended.hash, at(HOUR)), null);
      assert.deepEqual(await store().sessions.findLiveByHash(kept.hash, at(HOUR)), kept);
    });

    it('deletes every session of one account and no other', async () => {
      const alice = newId('account');
      const bob = newId('account');
      const alices = [makeSession(alice), makeSession(alice), makeSession(alice)];
      const bobs = makeSession(bob);
      for (const session of [...alices, bobs]) await store().sessions.insert(session);
      assert.equal(await store().sessions.deleteByAccount(alice), 3);
      for (const session of alices) assert.equal(await store().sessions.findLiveByHash(session.hash, at(HOUR)), null);
      assert.deepEqual(await store().sessions.findLiveByHash(bobs.hash, at(HOUR)), bobs);
      assert.equal(await store().sessions.deleteByAccount(alice), 0);
    });

    it('deletes expired sessions in bounded batches, never a live one', async () => {
      const accountId = newId('account');
      const expired = [1, 2, 3, 4, 5].map((day) => makeSession(accountId, { expiresAt: at(day * DAY) }));
      const live = makeSession(accountId, { expiresAt: at(10 * DAY) });
      for (const session of [...expired, live]) await store().sessions.insert(session);
      const now = at(5 * DAY);
      assert.equal(await store().sessions.deleteExpired(now, 0), 0);
      assert.equal(await store().sessions.deleteExpired(now, 2), 2);
      assert.equal(await store().sessions.deleteExpired(now, 2), 2);
      assert.equal(await store().sessions.deleteExpired(now, 2), 1);
      assert.equal(await store().sessions.deleteExpired(now, 2), 0);
      // Gone from the store, not only hidden: an earlier `now` does not bring them back.
      for (const session of expired) assert.equal(await store().sessions.findLiveByHash(session.hash, at(0)), null);
      assert.deepEqual(await store().sessions.findLiveByHash(live.hash, now), live);
    });

    it('refuses a second session with the same hash', async () => {
      const session = makeSession(newId('account'));
      await store().sessions.insert(session);
      await assert.rejects(store().sessions.insert({ ...session, id: newId('session') }), StorageError);
      assert.deepEqual(await store().sessions.findLiveByHash(session.hash, at(HOUR)), session);
    });
  });
}
