import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CapturedEvent } from '../../../../src/domain/captured-event.js';
import { createEventIdFactory } from '../../../../src/domain/ids.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { assertError, call, createInbox } from '../support.js';

/**
 * The time budget of a filtered list page (REHOOK_SEARCH_TIME_BUDGET, docs/search.md): with a
 * budget of 0 a page ends after its first step, so what these cases see does not depend on the
 * machine's speed. The inbox holds more events than a first step examines on either database
 * (2,000 on SQLite, 5,000 on PostgreSQL); its oldest event is the only one holding the needle.
 * Runs on SQLite, and on PostgreSQL in the second pass of `npm test`.
 */
const EVENTS = 6_000;
const FRESH = 3;

describe('a filtered list page out of time', () => {
  let rehook: TestRehook;
  let inboxId: string;
  let token: string;
  const ids: string[] = [];

  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_SEARCH_TIME_BUDGET: '0' } });
    token = (await rehook.createUser()).token;
    inboxId = (await createInbox(rehook, token)).id;
    const nextId = createEventIdFactory();
    const start = Date.now() - EVENTS;
    const writes: Promise<boolean>[] = [];
    for (let i = 0; i < EVENTS; i += 1) {
      const text = i === 0 ? 'the needle' : i >= EVENTS - FRESH ? 'fresh hay' : 'hay';
      const body = Buffer.from(JSON.stringify({ text, i }));
      const at = new Date(start + i);
      const event: CapturedEvent = {
        id: nextId(at.getTime()),
        inboxId,
        receivedAt: at,
        method: 'POST',
        path: `/i/${inboxId}`,
        query: '',
        contentType: 'application/json',
        size: body.length,
        headers: [['Content-Type', 'application/json']],
        body,
        sourceIp: '127.0.0.1',
        signature: null,
        answer: null,
      };
      ids.push(event.id);
      writes.push(rehook.deps.store.events.insertIfInboxLive(event, at));
    }
    assert.ok((await Promise.all(writes)).every(Boolean));
  });
  after(() => rehook.stop());

  const list = (query: string) => call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?${query}`, { token });

  it('refuses a search that found nothing, asking for a narrower filter', async () => {
    const res = await list('q=needle');
    assertError(res, 422, 'SEARCH_TOO_BROAD');
    assert.match(res.body.error.message, /since\/until/);
  });

  it('answers the same search narrowed to a range its first step covers', async () => {
    const res = await list(`q=needle&until=${ids[10]}`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      (res.body as { id: string }[]).map((e) => e.id),
      [ids[0]],
    );
    assert.equal(res.headers.get('link'), null);
  });

  it('answers what it found in time, with a Link to go on', async () => {
    const res = await list('q=fresh');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      (res.body as { id: string }[]).map((e) => e.id),
      ids.slice(-FRESH).reverse(),
    );
    assert.match(res.headers.get('link') ?? '', /before=evt_.*q=fresh/);
  });

  it('leaves a page that fills in time and the unfiltered list alone', async () => {
    const full = await list('q=hay&limit=50');
    assert.equal(full.status, 200, full.text);
    assert.equal((full.body as unknown[]).length, 50);
    const plain = await list('limit=50');
    assert.equal(plain.status, 200, plain.text);
    assert.equal((plain.body as unknown[]).length, 50);
  });
});
