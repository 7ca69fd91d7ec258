import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestRehook, type TestRehook } from '../../helpers/rehook.js';
import { eventsOf, newInboxId, send } from './support.js';

describe('abuse: anonymous inbox event cap (REHOOK_ANON_MAX_EVENTS)', () => {
  let rehook: TestRehook;
  let token: string;
  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_ANON_MAX_EVENTS: '5', REHOOK_RATE_INGEST_PER_INBOX: '0' } });
    ({ token } = await rehook.createUser());
  });
  after(() => rehook.stop());

  async function ingest(inboxId: string, n: number): Promise<number> {
    return (await send(`${rehook.ingestUrl}/i/${inboxId}/n${n}`, { method: 'POST', body: `event ${n}` })).status;
  }

  it('keeps exactly the newest N events, every ingest answered 200', async () => {
    const inboxId = await newInboxId(rehook.apiUrl);
    for (let n = 0; n < 12; n += 1) assert.equal(await ingest(inboxId, n), 200);
    const paths = (await eventsOf(rehook.apiUrl, inboxId)).map((e) => e.path);
    assert.deepEqual(
      paths,
      [11, 10, 9, 8, 7].map((n) => `/i/${inboxId}/n${n}`),
    );

    // A concurrent burst (group-committed together) still leaves exactly the newest 5.
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => ingest(inboxId, 100 + i)));
    assert.deepEqual(
      statuses,
      statuses.map(() => 200),
    );
    const afterBurst = await eventsOf(rehook.apiUrl, inboxId);
    assert.equal(afterBurst.length, 5);
    assert.ok(
      afterBurst.every((e) => /\/n1\d\d$/.test(e.path)),
      'an older event survived the burst',
    );
  });

  it('never trims a saved (owned) inbox or another anonymous inbox', async () => {
    const owned = await newInboxId(rehook.apiUrl, token);
    const quiet = await newInboxId(rehook.apiUrl);
    for (let n = 0; n < 3; n += 1) assert.equal(await ingest(quiet, n), 200);
    for (let n = 0; n < 9; n += 1) assert.equal(await ingest(owned, n), 200);
    assert.equal((await eventsOf(rehook.apiUrl, owned, token)).length, 9);
    assert.equal((await eventsOf(rehook.apiUrl, quiet)).length, 3);
  });
});
