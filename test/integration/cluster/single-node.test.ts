import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { api, startTestRehook, type TestRehook } from '../../helpers/rehook.js';
import { metricValue } from './launcher.js';

/** /metrics, /readyz and roles on the default single-node store (SQLite, or the test store). */
describe('operational endpoints of a single instance', () => {
  let rehook: TestRehook;
  let ingestOnly: TestRehook;

  before(async () => {
    rehook = await startTestRehook();
    ingestOnly = await startTestRehook({ env: { REHOOK_ROLE: 'ingest' } });
  });
  after(async () => {
    await Promise.all([rehook?.stop(), ingestOnly?.stop()]);
  });

  it('/metrics on the API counts ingest; /readyz answers on both listeners', async () => {
    const created = await api(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST' });
    assert.equal(created.status, 201);
    const inboxId = created.body.data.inbox.id as string;
    assert.equal((await fetch(`${rehook.ingestUrl}/i/${inboxId}`, { method: 'POST', body: 'x' })).status, 200);
    const text = await (await fetch(`${rehook.apiUrl}/metrics`)).text();
    assert.ok(metricValue(text, 'rehook_ingested_events_total', '{result="stored"}') >= 1);
    assert.ok(metricValue(text, 'rehook_ingest_duration_seconds_count') >= 1);
    assert.equal(metricValue(text, 'rehook_ingest_in_flight'), 0);
    for (const origin of [rehook.apiUrl, rehook.ingestUrl]) {
      const ready = await fetch(`${origin}/readyz`);
      assert.equal(ready.status, 200, origin);
      assert.deepEqual(await ready.json(), { status: 'ready' });
    }
    // Other methods on the ingest probes are not captures either.
    assert.equal((await fetch(`${rehook.ingestUrl}/readyz`, { method: 'POST' })).status, 405);
  });

  it('role ingest binds no API port and serves /metrics on the ingest port', async () => {
    assert.equal(ingestOnly.apiUrl, '');
    const response = await fetch(`${ingestOnly.ingestUrl}/metrics`);
    assert.equal(response.status, 200);
    assert.match(await response.text(), /^rehook_sweeps_total 0$/m);
    assert.equal(
      (await fetch(`${ingestOnly.ingestUrl}/i/inb_aaaaaaaaaaaaaaaaaaaaaaaaaa`, { method: 'POST' })).status,
      200,
    );
  });
});
