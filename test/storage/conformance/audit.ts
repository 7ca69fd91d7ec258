import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { AuditEntry } from '../../../src/domain/audit.js';
import { createSortableIdFactory, newId } from '../../../src/domain/ids.js';
import { HOUR, at, type StoreGetter } from './fixtures.js';

const nextId = createSortableIdFactory('audit');

function entry(offsetMs: number, fields: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: nextId(at(offsetMs).getTime()),
    at: at(offsetMs),
    accountId: null,
    teamId: null,
    actor: { accountId: null, tokenId: null, shareId: null },
    ip: '192.0.2.7',
    action: 'inbox.created',
    target: null,
    outcome: 'success',
    detail: {},
    ...fields,
  };
}

/** Conformance cases for AuditRepository: what goes in comes out, pages, filters, retention. */
export function describeAuditCases(store: StoreGetter): void {
  describe('audit log', () => {
    it('reads back every field of an entry as written', async () => {
      const accountId = newId('account');
      const written = entry(0, {
        accountId,
        teamId: newId('team'),
        actor: { accountId, tokenId: newId('token'), shareId: null },
        ip: '2001:db8::1',
        action: 'replay',
        target: { type: 'event', id: 'evt_01aaaaaaaaaaaaaaaaaaaaaaaa' },
        outcome: 'failed',
        detail: { destination: 'https://example.com/hook', repeat: 3, left: false },
      });
      await store().audit.insert(written);
      assert.deepEqual(await store().audit.list({ accountId, limit: 10 }), [written]);
      assert.deepEqual(await store().audit.list({ teamId: written.teamId ?? '', limit: 10 }), [written]);
    });

    it("pages one account's or one team's log newest first, older than the cursor", async () => {
      const accountId = newId('account');
      const teamId = newId('team');
      const mine = [0, 1, 2, 3, 4].map((i) => entry(i * 1000, { accountId, teamId: i % 2 === 0 ? teamId : null }));
      const other = entry(500, { accountId: newId('account'), teamId: newId('team') });
      for (const e of [...mine, other]) await store().audit.insert(e);
      const first = await store().audit.list({ accountId, limit: 2 });
      assert.deepEqual(
        first.map((e) => e.id),
        [mine[4]?.id, mine[3]?.id],
      );
      const second = await store().audit.list({ accountId, limit: 10, before: first.at(-1)?.id ?? '' });
      assert.deepEqual(
        second.map((e) => e.id),
        [mine[2]?.id, mine[1]?.id, mine[0]?.id],
      );
      const team = await store().audit.list({ teamId, limit: 10 });
      assert.deepEqual(
        team.map((e) => e.id),
        [mine[4]?.id, mine[2]?.id, mine[0]?.id],
      );
    });

    it('filters by action and by actor (account, token or sharing link)', async () => {
      const accountId = newId('account');
      const tokenId = newId('token');
      const shareId = newId('share');
      const viaToken = entry(0, { accountId, actor: { accountId, tokenId, shareId: null }, action: 'token.created' });
      const viaSession = entry(1, { accountId, actor: { accountId, tokenId: null, shareId: null }, action: 'replay' });
      const viaShare = entry(2, { accountId, actor: { accountId: null, tokenId: null, shareId }, action: 'replay' });
      for (const e of [viaToken, viaSession, viaShare]) await store().audit.insert(e);
      const ids = (list: AuditEntry[]) => list.map((e) => e.id);
      assert.deepEqual(ids(await store().audit.list({ accountId, action: 'replay', limit: 10 })), [
        viaShare.id,
        viaSession.id,
      ]);
      assert.deepEqual(ids(await store().audit.list({ accountId, actor: tokenId, limit: 10 })), [viaToken.id]);
      assert.deepEqual(ids(await store().audit.list({ accountId, actor: accountId, limit: 10 })), [
        viaSession.id,
        viaToken.id,
      ]);
      assert.deepEqual(ids(await store().audit.list({ accountId, actor: shareId, limit: 10 })), [viaShare.id]);
      assert.deepEqual(ids(await store().audit.list({ accountId, action: 'replay', actor: tokenId, limit: 10 })), []);
    });

    it('deletes entries older than the cutoff in bounded batches, oldest first', async () => {
      const accountId = newId('account');
      const old = [0, 1, 2].map((i) => entry(i * HOUR, { accountId }));
      const kept = entry(10 * HOUR, { accountId });
      for (const e of [...old, kept]) await store().audit.insert(e);
      assert.equal(await store().audit.deleteBefore(at(5 * HOUR), 2), 2);
      assert.deepEqual(
        (await store().audit.list({ accountId, limit: 10 })).map((e) => e.id),
        [kept.id, old[2]?.id],
      );
      assert.equal(await store().audit.deleteBefore(at(5 * HOUR), 2), 1);
      assert.equal(await store().audit.deleteBefore(at(5 * HOUR), 2), 0);
      assert.deepEqual(
        (await store().audit.list({ accountId, limit: 10 })).map((e) => e.id),
        [kept.id],
      );
    });
  });
}
