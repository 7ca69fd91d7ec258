import assert from 'node:assert/strict';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';

import type { CapturedEvent } from '../../src/domain/captured-event.js';
import { createEventIdFactory } from '../../src/domain/ids.js';
import { eventSummaryPageJson } from '../../src/http/api/core/present.js';
import { openSqliteStore, type SqliteStore } from '../../src/storage/sqlite/store.js';
import { makeTempDir, type TempDir } from '../helpers/temp-dir.js';
import {
  T0,
  at,
  createEventMaker,
  insertEvent,
  makeAccount,
  makeToken,
  ownedInbox,
  summaryOf,
} from './conformance/fixtures.js';

// SQLite specifics of the cached reads: listSummaryPageJson (src/storage/sqlite/event-list.ts),
// including the rows its SQL encoder hands back to JavaScript, findByHash (token-lookup.ts) and
// inboxes.findLive (inbox-lookup.ts). Their ReadCache must never serve what the database no longer holds, whoever
// changed it. The shared behaviour is in conformance/summary-json.ts and the token cases.

describe('SQLite cached reads', () => {
  let dir: TempDir;
  let path: string;
  let store: SqliteStore;
  const others: SqliteStore[] = [];

  beforeEach(async () => {
    dir = await makeTempDir('rehook-sqlite-list-');
    path = join(dir.path, 'rehook.db');
    store = openSqliteStore({ path });
  });

  afterEach(async () => {
    try {
      for (const other of others.splice(0)) await other.close();
      await store.close();
    } finally {
      await dir.cleanup();
    }
  });

  async function inboxWith(count: number): Promise<{ inboxId: string; events: CapturedEvent[] }> {
    const inbox = ownedInbox('acc_list');
    await store.inboxes.insert(inbox);
    const make = createEventMaker();
    const events = Array.from({ length: count }, () => make(inbox.id));
    for (const event of events) assert.equal(await insertEvent(store, event), true);
    return { inboxId: inbox.id, events };
  }

  /** The whole inbox as the API encodes it, newest first. */
  const expectedJson = (events: readonly CapturedEvent[]) => eventSummaryPageJson(events.map(summaryOf).reverse());

  it('falls back to the JavaScript encoder for rows the SQL encoder declines, with the same bytes', async () => {
    const inbox = ownedInbox('acc_list');
    await store.inboxes.insert(inbox);
    const make = createEventMaker();
    const nextId = createEventIdFactory();
    const events = [
      make(inbox.id, { path: `/i/${inbox.id}/nul\u0000byte`, query: '\u0000' }),
      make(inbox.id, { receivedAt: new Date(-86_400_001) }), // 1969
      make(inbox.id, { receivedAt: new Date(Date.UTC(10000, 0, 1)) }), // +010000-01-01T00:00:00.000Z
      make(inbox.id, { receivedAt: new Date(8.64e15) }), // the last instant a Date can hold
      make(inbox.id, { id: nextId(T0 + 1000) }),
    ];
    for (const event of events) {
      assert.equal(await store.events.insertIfInboxLive(event, new Date(T0)), true);
    }
    const page = await store.events.listSummaryPageJson(inbox.id, { limit: 50 });
    assert.equal(page.json, expectedJson(events));
    const first = await store.events.listSummaryPageJson(inbox.id, { limit: 2 });
    assert.equal(first.json, expectedJson(events.slice(3)));
    assert.equal(first.nextBefore, events[3]?.id);
  });

  it('keeps an empty cursor apart from no cursor', async () => {
    const { inboxId, events } = await inboxWith(2);
    assert.equal((await store.events.listSummaryPageJson(inboxId, { limit: 5 })).json, expectedJson(events));
    assert.equal((await store.events.listSummaryPageJson(inboxId, { limit: 5, before: '' })).json, '[]');
    assert.equal((await store.events.listSummaryPageJson(inboxId, { limit: 5 })).json, expectedJson(events));
  });

  it('shows an event committed by another connection at once', async () => {
    const { inboxId, events } = await inboxWith(2);
    assert.equal((await store.events.listSummaryPageJson(inboxId, { limit: 5 })).json, expectedJson(events));
    const other = openSqliteStore({ path });
    others.push(other);
    const newer = createEventMaker()(inboxId, { id: createEventIdFactory()(T0 + 60_000) });
    assert.equal(await insertEvent(other, newer), true);
    assert.equal(
      (await store.events.listSummaryPageJson(inboxId, { limit: 5 })).json,
      expectedJson([...events, newer]),
    );
  });

  it('shows a change written on its own connection outside the event repository at once', async () => {
    const { inboxId, events } = await inboxWith(3);
    assert.equal((await store.events.listSummaryPageJson(inboxId, { limit: 5 })).json, expectedJson(events));
    store.db.prepare('DELETE FROM events WHERE id = ?').run(events[2]?.id);
    const page = await store.events.listSummaryPageJson(inboxId, { limit: 5 });
    assert.equal(page.json, expectedJson(events.slice(0, 2)));
    store.db.prepare('UPDATE events SET method = ? WHERE id = ?').run('PUT', events[1]?.id);
    const updated = await store.events.listSummaryPageJson(inboxId, { limit: 1 });
    assert.equal((JSON.parse(updated.json) as { method: string }[])[0]?.method, 'PUT');
    assert.equal(updated.nextBefore, events[1]?.id);
  });

  it('refuses a token revoked through the store at once', async () => {
    const account = makeAccount();
    await store.accounts.insert(account);
    const token = makeToken(account.id);
    assert.equal(await store.tokens.findByHash(token.hash), null); // cached as unknown
    await store.tokens.insert(token);
    assert.deepEqual(await store.tokens.findByHash(token.hash), token);
    assert.equal(await store.tokens.revoke(token.id, account.id, at(5)), true);
    assert.deepEqual((await store.tokens.findByHash(token.hash))?.revokedAt, at(5));
  });

  it('refuses a token revoked by another connection (e.g. the CLI) at once', async () => {
    const account = makeAccount();
    await store.accounts.insert(account);
    const token = makeToken(account.id);
    await store.tokens.insert(token);
    assert.equal((await store.tokens.findByHash(token.hash))?.revokedAt, null);
    const other = openSqliteStore({ path });
    others.push(other);
    assert.equal(await other.tokens.revoke(token.id, account.id, at(7)), true);
    assert.deepEqual((await store.tokens.findByHash(token.hash))?.revokedAt, at(7));
    // And one deleted behind the store's back is gone.
    other.db.prepare('DELETE FROM api_tokens WHERE id = ?').run(token.id);
    assert.equal(await store.tokens.findByHash(token.hash), null);
  });

  it('decides inbox liveness per call and sees another connection delete or save an inbox at once', async () => {
    const anonymous = { ...ownedInbox('acc_list'), ownerId: null, expiresAt: at(1000) };
    await store.inboxes.insert(anonymous);
    assert.deepEqual(await store.inboxes.findLive(anonymous.id, at(999)), anonymous);
    assert.equal(await store.inboxes.findLive(anonymous.id, at(1000)), null); // expired, no write needed
    const other = openSqliteStore({ path });
    others.push(other);
    const saved = await other.inboxes.save(anonymous.id, 'acc_saver', at(500));
    assert.equal(saved?.ownerId, 'acc_saver');
    assert.deepEqual(await store.inboxes.findLive(anonymous.id, at(5000)), saved);
    assert.equal(await other.inboxes.delete(anonymous.id), true);
    assert.equal(await store.inboxes.findLive(anonymous.id, at(5000)), null);
  });
});
