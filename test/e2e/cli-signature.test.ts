import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import Stripe from 'stripe';

import { killAll, rehook, startServe, type ServeProcess, useBuiltCli } from './cli-harness.js';

// `rehook signature set | show | remove`, and the check in `rehook events` and `rehook event`:
// the built bin against a spawned `rehook serve`.
const removeBin = await useBuiltCli();

after(async () => {
  killAll();
  await removeBin();
});

const SECRET = `whsec_${'c2lnbmF0dXJlLWNsaS10ZXN0'.repeat(2)}`;
const PAYLOAD = JSON.stringify({ id: 'evt_cli', object: 'event' });

describe('rehook signature (built bin)', { concurrency: 1 }, () => {
  let dataDir: string;
  let serve: ServeProcess;
  let token = '';
  let inboxId = '';
  const client = () => ['--server', serve.apiUrl, '--token', token];

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rehook-cli-signature-'));
    serve = await startServe(['--port', '0', '--ingest-port', '0', '--data-dir', dataDir]);
    assert.equal(
      (await rehook(['accounts', 'create', '--email', 'owner@example.test', '--data-dir', dataDir])).code,
      0,
    );
    const created = await rehook([
      'tokens',
      'create',
      '--email',
      'owner@example.test',
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

  async function send(header: string): Promise<void> {
    const res = await fetch(`${serve.ingestUrl}/i/${inboxId}`, {
      method: 'POST',
      headers: { 'stripe-signature': header },
      body: PAYLOAD,
    });
    await res.arrayBuffer();
    assert.equal(res.status, 200);
  }

  test('show says when no secret is set', async () => {
    const result = await rehook(['signature', 'show', inboxId, ...client()]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /No signature secret is set/);
  });

  test('set reads the secret from standard input and never prints it', async () => {
    const result = await rehook(
      ['signature', 'set', inboxId, '--scheme', 'stripe', '--tolerance', '10m', ...client()],
      { input: `${SECRET}\n` },
    );
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /Scheme: stripe/);
    assert.match(result.stdout, /Timestamp tolerance: 600 s/);
    assert.ok(result.stdout.includes(`whsec_…${SECRET.slice(-4)}`), result.stdout);
    assert.ok(!result.stdout.includes(SECRET) && !result.stderr.includes(SECRET));
    const shown = await rehook(['signature', 'show', inboxId, '--json', ...client()]);
    assert.equal(shown.code, 0, shown.stderr);
    const settings = (JSON.parse(shown.stdout) as { signature: { scheme: string; toleranceSeconds: number } })
      .signature;
    assert.equal(settings.scheme, 'stripe');
    assert.equal(settings.toleranceSeconds, 600);
  });

  test("set takes --secret-file, and reports the server's reason for a bad secret", async () => {
    const file = join(dataDir, 'github-secret.txt');
    await writeFile(file, 'a github secret\n');
    const ok = await rehook(['signature', 'set', inboxId, '--scheme', 'github', '--secret-file', file, ...client()]);
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, /Scheme: github/);
    const bad = await rehook([
      'signature',
      'set',
      inboxId,
      '--scheme',
      'stripe',
      '--secret',
      'sk_test_123',
      ...client(),
    ]);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /starts with 'whsec_'/);
    assert.ok(!bad.stderr.includes('sk_test_123'), bad.stderr);
    // Back to Stripe for the checks below.
    assert.equal(
      (await rehook(['signature', 'set', inboxId, '--scheme', 'stripe', ...client()], { input: SECRET })).code,
      0,
    );
  });

  test("events and event show each event's check", async () => {
    await send(Stripe.webhooks.generateTestHeaderString({ payload: PAYLOAD, secret: SECRET }));
    await send(
      Stripe.webhooks.generateTestHeaderString({
        payload: PAYLOAD,
        secret: SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
    );
    const list = await rehook(['events', inboxId, ...client()]);
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /ID\s+RECEIVED\s+METHOD\s+PATH\s+SIZE\s+SIGNATURE/);
    const rows = list.stdout.split('\n').filter((line) => line.startsWith('evt_'));
    assert.equal(rows.length, 2);
    assert.match(rows[0] ?? '', /\sinvalid$/);
    assert.match(rows[1] ?? '', /\svalid$/);
    const newest = (rows[0] ?? '').split(/\s+/)[0] ?? '';
    const detail = await rehook(['event', newest, ...client()]);
    assert.equal(detail.code, 0, detail.stderr);
    assert.match(
      detail.stdout,
      /signature\s+invalid \(stripe\): timestamp outside tolerance: signed 36\d\d s before capture \(tolerance 300 s\)/,
    );
  });

  test('remove makes new events unchecked', async () => {
    const removed = await rehook(['signature', 'remove', inboxId, ...client()]);
    assert.equal(removed.code, 0, removed.stderr);
    assert.match(removed.stdout, /Removed/);
    await send('t=1,v1=00');
    const list = await rehook(['events', inboxId, '--limit', '1', ...client()]);
    assert.match(list.stdout.split('\n').find((line) => line.startsWith('evt_')) ?? '', /\s-$/);
  });
});
