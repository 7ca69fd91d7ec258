import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { run as runWait } from '../../src/cli/commands/wait.js';
import type { CliIO } from '../../src/cli/io.js';
import { killAll, rehook, startServe, type ServeProcess, useBuiltCli } from './cli-harness.js';

// `rehook wait`: the built bin against a spawned `rehook serve`, plus the polling loop run
// in-process against a scripted server (a wait longer than one 2-minute poll, without waiting).
const removeBin = await useBuiltCli();

after(async () => {
  killAll();
  await removeBin();
});

describe('rehook wait (built bin)', { concurrency: 1 }, () => {
  let dataDir: string;
  let serve: ServeProcess;
  const client = () => ['--server', serve.apiUrl];

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rehook-cli-wait-'));
    // Debug logs say when a long-poll starts waiting: the test ingests only after that.
    serve = await startServe(['--port', '0', '--ingest-port', '0', '--data-dir', dataDir, '--log-level', 'debug']);
  });
  after(async () => {
    killAll();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function createInbox(): Promise<string> {
    const res = await fetch(`${serve.apiUrl}/api/v1/inboxes`, { method: 'POST' });
    assert.equal(res.status, 201);
    return ((await res.json()) as { data: { inbox: { id: string } } }).data.inbox.id;
  }

  async function ingest(inboxId: string, body: string, suffix = ''): Promise<string> {
    const res = await fetch(`${serve.ingestUrl}/i/${inboxId}${suffix}`, {
      method: 'POST',
      body,
      headers: { 'x-n': body },
    });
    assert.equal(res.status, 200);
    await res.arrayBuffer();
    const list = await fetch(`${serve.apiUrl}/api/v1/inboxes/${inboxId}/events?limit=1`);
    return ((await list.json()) as { id: string }[])[0]?.id ?? '';
  }

  /** Resolves once serve has logged that a long-poll of the inbox is waiting. */
  async function pollWaiting(inboxId: string): Promise<void> {
    const deadline = Date.now() + 20_000;
    const logged = (): boolean =>
      serve
        .output()
        .stdout.split('\n')
        .some((line) => line.includes('"long-poll waiting"') && line.includes(inboxId));
    while (!logged()) {
      if (Date.now() > deadline)
        throw new Error(`no long-poll of ${inboxId} is waiting:\n${serve.output().stdout.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  test('prints the first event newer than --after at once: human form, and --json', async () => {
    const inboxId = await createInbox();
    const first = await ingest(inboxId, 'one', '/hook?n=1');
    const second = await ingest(inboxId, 'two', '/hook?n=2');
    const human = await rehook(['wait', inboxId, '--after', first, ...client()]);
    assert.equal(human.code, 0, human.stderr);
    assert.match(human.stdout, new RegExp(`id\\s+${second}`));
    assert.match(human.stdout, /request\s+POST \/i\/inb_[0-9a-z]+\/hook\?n=2/);
    assert.match(human.stdout, /x-n: two/);
    assert.match(human.stdout, /Body\ntwo/);

    const json = await rehook(['wait', inboxId, '--after', first, '--json', '--timeout', '2m', ...client()]);
    assert.equal(json.code, 0, json.stderr);
    const data = JSON.parse(json.stdout) as { event: { id: string; bodyBase64: string } };
    assert.equal(data.event.id, second);
    assert.equal(Buffer.from(data.event.bodyBase64, 'base64').toString(), 'two');
  });

  test('waits for the next event stored after it started, ignoring older ones, then exits 0', async () => {
    const inboxId = await createInbox();
    await ingest(inboxId, 'old');
    const waiting = rehook(['wait', inboxId, '--timeout', '60s', '--json', ...client()]);
    await pollWaiting(inboxId);
    const fresh = await ingest(inboxId, 'fresh');
    const result = await waiting;
    assert.equal(result.code, 0, result.stderr);
    assert.equal((JSON.parse(result.stdout) as { event: { id: string } }).event.id, fresh);
  });

  test('exits 1 with a timed-out message on stderr when nothing arrives', async () => {
    const inboxId = await createInbox();
    const newest = await ingest(inboxId, 'x');
    for (const timeout of ['0', '300ms']) {
      const result = await rehook(['wait', inboxId, '--timeout', timeout, ...client()]);
      assert.equal(result.code, 1, result.stderr);
      assert.equal(result.stdout, '');
      assert.match(
        result.stderr,
        new RegExp(`^rehook: no event arrived in ${inboxId} within \\S+ \\(timed out\\)\\n$`),
      );
    }
    const after = await rehook(['wait', inboxId, '--after', newest, '--timeout', '0', ...client()]);
    assert.equal(after.code, 1, after.stderr);
  });

  test('reports API errors and bad flags like the other commands', async () => {
    const usage = await rehook(['wait', 'inb_x', '--timeout', 'soon', ...client()]);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--timeout must be a duration/);
    const unknown = await rehook(['wait', 'inb_00000000000000000000000000', '--timeout', '0', ...client()]);
    assert.equal(unknown.code, 1);
    assert.equal(unknown.stderr, 'rehook: INBOX_NOT_FOUND: Inbox not found\n');
    const inboxId = await createInbox();
    const badAfter = await rehook(['wait', inboxId, '--after', 'evt_nope', '--timeout', '0', ...client()]);
    assert.equal(badAfter.code, 1);
    assert.match(badAfter.stderr, /^rehook: VALIDATION_FAILED: after must be an event id/);
    const help = await rehook(['wait', '--help']);
    assert.equal(help.code, 0);
    for (const word of ['Usage: rehook wait <inboxId>', '--after', '--timeout', '--json', 'timed out']) {
      assert.ok(help.stdout.includes(word), `help mentions ${word}`);
    }
  });
});

describe('rehook wait: a wait longer than one server poll', () => {
  let server: Server;
  let baseUrl: string;
  const polls: URLSearchParams[] = [];
  const INBOX = 'inb_0123456789abcdefghjkmnpqrs';
  const EVENT = {
    id: 'evt_01kaaaaaaaaaaaaaaaaaaaaaaa',
    inboxId: INBOX,
    receivedAt: '2026-01-01T00:00:00.000Z',
    method: 'POST',
    path: `/i/${INBOX}`,
    query: '',
    contentType: 'text/plain',
    size: 2,
    sourceIp: '127.0.0.1',
    headers: [['content-type', 'text/plain']],
    bodyBase64: 'aGk=',
    bodyText: 'hi',
    bodyUrl: '/api/v1/events/evt_01kaaaaaaaaaaaaaaaaaaaaaaa/body',
  };

  before(async () => {
    // Stands in for Rehook: an empty inbox, then two polls that end without an event (as after
    // 2 minutes, but at once), then the event.
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === `/api/v1/inboxes/${INBOX}/events`) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
        return;
      }
      if (url.pathname !== `/api/v1/inboxes/${INBOX}/events/next`) {
        res.writeHead(404).end();
        return;
      }
      polls.push(url.searchParams);
      if (polls.length < 3) res.writeHead(204).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { event: EVENT } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('polls again with the same floor, each poll at most 120 s, until the event comes', async () => {
    const out: string[] = [];
    const io: CliIO = { stdout: (text) => out.push(text), stderr: () => undefined, stdin: async () => null, env: {} };
    await runWait(
      { server: baseUrl, token: undefined, json: true, inboxId: INBOX, after: undefined, timeoutMs: 600_000 },
      io,
    );
    assert.equal(polls.length, 3);
    for (const query of polls) {
      // The inbox was empty when the wait started: every poll asks for any event at all.
      assert.equal(query.get('after'), 'evt_00000000000000000000000000');
      assert.equal(query.get('timeout'), '120000ms');
    }
    assert.deepEqual(JSON.parse(out.join('\n')), { event: EVENT });
  });
});
