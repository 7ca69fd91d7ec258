import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { killAll, rehook, startServe, useBuiltCli, type ServeProcess } from './cli-harness.js';

// The built bin against a running server: `rehook types` and `rehook schema` (docs/insight.md).
const removeBin = await useBuiltCli();

after(async () => {
  killAll();
  await removeBin();
});

describe('rehook types, rehook schema (built bin)', { concurrency: 1 }, () => {
  let dataDir: string;
  let serve: ServeProcess;
  let inboxId = '';
  const client = () => ['--server', serve.apiUrl];

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rehook-cli-types-'));
    serve = await startServe(['--port', '0', '--ingest-port', '0', '--data-dir', dataDir]);
    const created = await rehook(['inbox', 'create', '--json', ...client()]);
    assert.equal(created.code, 0, created.stderr);
    inboxId = (JSON.parse(created.stdout) as { inbox: { id: string } }).inbox.id;
    for (const amount of [1, 2]) {
      const res = await fetch(`${serve.ingestUrl}/i/${inboxId}/shop`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/create' },
        body: JSON.stringify({ id: amount, total: amount }),
      });
      await res.arrayBuffer();
    }
    // The worker learns in the background: wait until both events are counted.
    for (;;) {
      const listed = await rehook(['types', inboxId, '--json', ...client()]);
      const types = (JSON.parse(listed.stdout) as { eventTypes: { count: number }[] }).eventTypes;
      if ((types[0]?.count ?? 0) >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  after(async () => {
    killAll();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('types lists the inbox types with their counts', async () => {
    const out = await rehook(['types', inboxId, ...client()]);
    assert.equal(out.code, 0, out.stderr);
    assert.match(out.stdout, /TYPE\s+EVENTS\s+DRIFTED/);
    assert.match(out.stdout, /orders\/create\s+2\s+0/);
  });

  test('schema prints the document alone in each format; a bad format is a usage error', async () => {
    const json = await rehook(['schema', inboxId, 'orders/create', ...client()]);
    assert.equal(json.code, 0, json.stderr);
    const schema = JSON.parse(json.stdout) as { properties: Record<string, unknown>; required?: string[] };
    assert.deepEqual(Object.keys(schema.properties), ['id', 'total']);
    // Two events are too few to say a property is always there (the default minimum is 50).
    assert.equal(schema.required, undefined);
    const ts = await rehook(['schema', inboxId, 'orders/create', '--format', 'typescript', ...client()]);
    assert.match(ts.stdout, /export interface OrdersCreate \{/);
    const zod = await rehook(['schema', inboxId, 'orders/create', '--format', 'zod', ...client()]);
    assert.match(zod.stdout, /export const OrdersCreateSchema = z\.object/);
    const bad = await rehook(['schema', inboxId, 'orders/create', '--format', 'yaml', ...client()]);
    assert.equal(bad.code, 2);
    const unknown = await rehook(['schema', inboxId, 'nope', ...client()]);
    assert.notEqual(unknown.code, 0);
    assert.match(unknown.stderr, /EVENT_TYPE_NOT_FOUND|Event type not found/);
  });
});

describe('rehook drift-settings (built bin)', { concurrency: 1 }, () => {
  let dataDir: string;
  let serve: ServeProcess;
  let token = '';
  let inboxId = '';
  const client = () => ['--server', serve.apiUrl, '--token', token];

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rehook-cli-drift-'));
    serve = await startServe(['--port', '0', '--ingest-port', '0', '--data-dir', dataDir]);
    assert.equal(
      (await rehook(['accounts', 'create', '--email', 'drift@example.test', '--data-dir', dataDir])).code,
      0,
    );
    const created = await rehook([
      'tokens',
      'create',
      '--email',
      'drift@example.test',
      '--name',
      'cli',
      '--data-dir',
      dataDir,
    ]);
    assert.equal(created.code, 0, created.stderr);
    token = created.stdout.trim();
    const inbox = await rehook(['inbox', 'create', '--json', ...client()]);
    assert.equal(inbox.code, 0, inbox.stderr);
    inboxId = (JSON.parse(inbox.stdout) as { inbox: { id: string } }).inbox.id;
  });

  after(async () => {
    killAll();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('show, set and reset the minimum of samples; a bad number is a usage error', async () => {
    const shown = await rehook(['drift-settings', 'show', inboxId, ...client()]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.equal(shown.stdout, 'Drift is judged once a type has 50 events (the default).\n');
    const set = await rehook(['drift-settings', 'set', inboxId, '--min-samples', '200', ...client()]);
    assert.equal(set.code, 0, set.stderr);
    assert.match(
      set.stdout,
      /^Drift is judged once a type has 200 events\.\nEvery type of the inbox is being learned again\.\n$/,
    );
    const json = await rehook(['drift-settings', 'show', inboxId, '--json', ...client()]);
    assert.deepEqual(JSON.parse(json.stdout), { settings: { minSamples: 200, isDefault: false } });
    for (const bad of ['0', '10001', 'many']) {
      const refused = await rehook(['drift-settings', 'set', inboxId, '--min-samples', bad, ...client()]);
      assert.equal(refused.code, 2, refused.stderr);
      assert.match(refused.stderr, /--min-samples must be a whole number from 1 to 10000/);
    }
    const reset = await rehook(['drift-settings', 'reset', inboxId, ...client()]);
    assert.equal(reset.code, 0, reset.stderr);
    assert.equal(reset.stdout, 'Drift is judged once a type has 50 events (the default).\n');
  });
});
