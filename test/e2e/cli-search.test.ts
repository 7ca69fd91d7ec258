import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { RehookClient } from '../../src/client/index.js';
import { killAll, rehook, startServe, type ServeProcess, useBuiltCli } from './cli-harness.js';

// `rehook events <inboxId>` with filters (docs/search.md) and RehookClient.events({ filter }):
// the built bin and the client against a spawned `rehook serve`.
const removeBin = await useBuiltCli();

after(async () => {
  killAll();
  await removeBin();
});

describe('rehook events with filters (built bin) and RehookClient.events({ filter })', { concurrency: 1 }, () => {
  let dataDir: string;
  let serve: ServeProcess;
  let inboxId: string;
  /** Event ids in sending order. */
  const ids: string[] = [];
  const client = () => ['--server', serve.apiUrl];

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rehook-cli-search-'));
    serve = await startServe(['--port', '0', '--ingest-port', '0', '--data-dir', dataDir], {
      REHOOK_SECRET_KEY: '0'.repeat(64),
    });
    const res = await fetch(`${serve.apiUrl}/api/v1/inboxes`, { method: 'POST' });
    inboxId = ((await res.json()) as { data: { inbox: { id: string } } }).data.inbox.id;
    const requests = [
      { method: 'POST', suffix: '/stripe', body: '{"data":{"object":{"status":"paid"}}}', type: 'application/json' },
      { method: 'PUT', suffix: '/github', body: "it's a needle", type: 'text/plain' },
      { method: 'POST', suffix: '/stripe', body: '{"data":{"object":{"status":"open"}}}', type: 'application/json' },
      { method: 'POST', suffix: '/stripe', body: '{"data":{"object":{"status":"paid"}}}', type: 'application/json' },
    ];
    for (const r of requests) {
      const sent = await fetch(`${serve.ingestUrl}/i/${inboxId}${r.suffix}`, {
        method: r.method,
        body: r.body,
        headers: { 'content-type': r.type },
      });
      assert.equal(sent.status, 200);
      await sent.arrayBuffer();
    }
    const list = (await (await fetch(`${serve.apiUrl}/api/v1/inboxes/${inboxId}/events`)).json()) as { id: string }[];
    ids.push(...list.map((e) => e.id).reverse());
  });
  after(async () => {
    killAll();
    await rm(dataDir, { recursive: true, force: true });
  });

  const listed = async (args: readonly string[]): Promise<{ events: { id: string }[]; nextBefore: string | null }> => {
    const result = await rehook(['events', inboxId, ...args, '--json', ...client()]);
    assert.equal(result.code, 0, result.stderr);
    return JSON.parse(result.stdout) as { events: { id: string }[]; nextBefore: string | null };
  };

  test('--method, --path, --json-field, --search, --q, --header, --since and --until select events', async () => {
    assert.deepEqual(
      (await listed(['--method', 'put'])).events.map((e) => e.id),
      [ids[1]],
    );
    assert.deepEqual(
      (await listed(['--path', '/stripe', '--json-field', 'data.object.status=paid'])).events.map((e) => e.id),
      [ids[3], ids[0]],
    );
    assert.deepEqual(
      (await listed(['--search', "it's"])).events.map((e) => e.id),
      [ids[1]],
    );
    assert.deepEqual(
      (await listed(['--q', 'needle', '--header', 'content-type:text/plain'])).events.map((e) => e.id),
      [ids[1]],
    );
    assert.deepEqual(
      (await listed(['--since', ids[1] as string, '--until', ids[3] as string])).events.map((e) => e.id),
      [ids[2], ids[1]],
    );
  });

  test('the next-page hint repeats the filter flags, quoted for the shell', async () => {
    const result = await rehook([
      'events',
      inboxId,
      '--limit',
      '1',
      '--method',
      'POST',
      '--q',
      'status":"paid',
      ...client(),
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.ok(result.stdout.includes(ids[3] as string), result.stdout);
    const hint = `rehook events ${inboxId} --before ${ids[3]} --limit 1 --method POST --q 'status":"paid'`;
    assert.ok(result.stdout.includes(hint), result.stdout);
  });

  test("a bad filter exits with the server's message; --q with --search is a usage error", async () => {
    const bad = await rehook(['events', inboxId, '--since', 'yesterday', ...client()]);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /since must be an ISO 8601 time/);
    const both = await rehook(['events', inboxId, '--q', 'a', '--search', 'b', ...client()]);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /--q or --search/);
  });

  test('RehookClient.events takes the filter and pages with it', async () => {
    const api = new RehookClient({ baseUrl: serve.apiUrl });
    const first = await api.events(inboxId, {
      limit: 1,
      filter: { method: ['POST'], json: 'data.object.status=paid' },
    });
    assert.deepEqual(
      first.events.map((e) => e.id),
      [ids[3]],
    );
    assert.equal(first.nextBefore, ids[3]);
    const second = await api.events(inboxId, {
      limit: 1,
      before: first.nextBefore as string,
      filter: { method: ['POST'], json: 'data.object.status=paid' },
    });
    assert.deepEqual(
      second.events.map((e) => e.id),
      [ids[0]],
    );
  });
});
