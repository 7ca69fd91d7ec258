import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { RehookApiError } from '../../src/client/errors.js';
import { RehookClient } from '../../src/client/rehook-client.js';
import { EXIT, ExitError } from '../../src/cli/exit.js';
import {
  applySignatureHeaders,
  runListener,
  type ListenSettings,
  type ListenSummary,
} from '../../src/cli/listen/listener.js';
import type { StartSpec } from '../../src/cli/listen/options.js';
import { positionPath } from '../../src/cli/listen/position.js';
import { backoffDelay } from '../../src/cli/listen/backoff.js';
import {
  normalisePrefix,
  parseForwardRules,
  parseMethods,
  passesFilters,
  routeFor,
  rulesKey,
  subPathOf,
  targetUrl,
} from '../../src/cli/listen/rules.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { startTarget, waitFor, type Target } from './listen-harness.js';

// `rehook listen`'s loop run in-process against a real Rehook and real local targets: routing,
// filters, retries, timeouts, --print-body, the start positions and the Ctrl-C summary. Backoff
// is shortened (an injected policy), never asserted on.

let rehook: TestRehook;
let client: RehookClient;
let stateDir: string;

before(async () => {
  rehook = await startTestRehook();
  client = new RehookClient({ baseUrl: rehook.apiUrl });
  stateDir = await mkdtemp(join(tmpdir(), 'rehook-listen-state-'));
});
after(async () => {
  await rehook.stop();
  await rm(stateDir, { recursive: true, force: true });
});

interface Running {
  readonly out: string[];
  readonly err: string[];
  /** Parsed --json lines. */
  json(): Array<Record<string, unknown>>;
  /** Stops it (as Ctrl-C does) and returns the summary. */
  stop(): Promise<ListenSummary>;
  readonly done: Promise<ListenSummary>;
}

function listen(
  inboxId: string,
  forwardTo: string[],
  opts: Partial<Omit<ListenSettings, 'rules' | 'inboxId'>> & {
    start?: StartSpec;
    key?: string;
    as?: RehookClient;
  } = {},
): Running {
  const rules = parseForwardRules(forwardTo);
  const key = { server: rehook.apiUrl, inboxId, target: opts.key ?? rulesKey(rules) };
  const settings: ListenSettings = {
    inboxId,
    rules,
    filters: { methods: [], paths: [] },
    retries: 3,
    timeoutMs: 30_000,
    printBody: false,
    resign: false,
    json: true,
    start: { kind: 'default' },
    positionPath: positionPath({ REHOOK_STATE_DIR: stateDir }, key),
    positionKey: key,
    ...opts,
  };
  delete (settings as { as?: unknown }).as;
  const out: string[] = [];
  const err: string[] = [];
  const controller = new AbortController();
  const done = runListener(settings, {
    client: opts.as ?? client,
    io: { stdout: (line) => out.push(line), stderr: (line) => err.push(line) },
    signal: controller.signal,
    retry: { baseMs: 5, capMs: 20 },
    reconnect: { baseMs: 5, capMs: 20 },
  });
  return {
    out,
    err,
    json: () => out.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>),
    stop: async () => {
      controller.abort();
      return done;
    },
    done,
  };
}

async function started(run: Running): Promise<void> {
  await waitFor(() => run.err.some((line) => line.includes('Press Ctrl-C to stop')), 'the listener to start');
}

/** Lines of a kind (delivery outcome or skipped) seen so far. */
function outcomes(run: Running, outcome: string): Array<Record<string, unknown>> {
  return run
    .json()
    .filter((line) => line['outcome'] === outcome || (outcome === 'skipped' && line['type'] === 'skipped'));
}

async function newInbox(): Promise<string> {
  return (await client.createInbox()).id;
}

describe('rules and filters (pure)', () => {
  test('--forward-to values: bare URL, prefix rules, errors', () => {
    const rules = parseForwardRules(['http://localhost:3000/hooks', '/stripe/=http://localhost:4000/s?k=1']);
    assert.deepEqual(
      rules.map((rule) => [rule.prefix, rule.url.href]),
      [
        ['/', 'http://localhost:3000/hooks'],
        ['/stripe', 'http://localhost:4000/s?k=1'],
      ],
    );
    assert.throws(() => parseForwardRules([]), /--forward-to/);
    assert.throws(() => parseForwardRules(['/stripe']), /no URL/);
    assert.throws(() => parseForwardRules(['ftp://x']), /http or https/);
    assert.throws(() => parseForwardRules(['localhost:3000']), /http or https/);
    assert.throws(() => parseForwardRules(['/a=http://x', '/a/=http://y']), /two --forward-to rules/);
    assert.deepEqual(parseMethods(['post,Put', 'GET', 'post']), ['POST', 'PUT', 'GET']);
    assert.throws(() => parseMethods(['PO ST']), /not an HTTP method/);
    assert.equal(normalisePrefix('a/b/'), '/a/b');
    assert.equal(normalisePrefix('/'), '/');
  });

  test('target URLs: sub-path appended (one slash), prefix cut, queries joined, bytes kept', () => {
    const [bare, stripe] = parseForwardRules(['http://l:3000/hooks', '/stripe=http://l:4000/s/?k=1']);
    assert.ok(bare && stripe);
    assert.equal(targetUrl(bare, subPathOf('/i/inb_a', 'inb_a'), ''), 'http://l:3000/hooks');
    assert.equal(targetUrl(bare, subPathOf('/i/inb_a/', 'inb_a'), 'a=1'), 'http://l:3000/hooks?a=1');
    assert.equal(
      targetUrl(bare, subPathOf('/i/inb_a/x%20y/z', 'inb_a'), 'e=%C3%A9&e'),
      'http://l:3000/hooks/x%20y/z?e=%C3%A9&e',
    );
    assert.equal(targetUrl(stripe, '/stripe/v1', 'q=2'), 'http://l:4000/s/v1?k=1&q=2');
    assert.equal(targetUrl(stripe, '/stripe', ''), 'http://l:4000/s/?k=1');
    assert.equal(routeFor([bare, stripe], '/stripey'), bare);
    assert.equal(routeFor([bare, stripe], '/stripe/v1'), stripe);
    assert.equal(routeFor([stripe], '/github'), undefined);
    assert.ok(passesFilters({ methods: ['POST'], paths: ['/a'] }, 'post', '/a/b'));
    assert.ok(!passesFilters({ methods: ['POST'], paths: ['/a'] }, 'POST', '/ab'));
  });

  test('re-signed headers replace same-named ones in place (case-insensitively, duplicates dropped) or are appended', () => {
    const captured: Array<[string, string]> = [
      ['Content-Type', 'application/json'],
      ['stripe-signature', 'old1'],
      ['X-A', '1'],
      ['Stripe-Signature', 'old2'],
    ];
    assert.deepEqual(applySignatureHeaders(captured, [['Stripe-Signature', 'new']]), [
      ['Content-Type', 'application/json'],
      ['Stripe-Signature', 'new'],
      ['X-A', '1'],
    ]);
    assert.deepEqual(
      applySignatureHeaders(
        [['X-A', '1']],
        [
          ['webhook-id', 'm'],
          ['webhook-signature', 's'],
        ],
      ),
      [
        ['X-A', '1'],
        ['webhook-id', 'm'],
        ['webhook-signature', 's'],
      ],
    );
  });

  test('backoff: capped, with jitter between half and all of the step', () => {
    const policy = { baseMs: 100, capMs: 10_000 };
    assert.equal(
      backoffDelay(policy, 0, () => 0),
      50,
    );
    assert.equal(
      backoffDelay(policy, 0, () => 1),
      100,
    );
    assert.equal(
      backoffDelay(policy, 3, () => 1),
      800,
    );
    assert.equal(
      backoffDelay(policy, 40, () => 1),
      10_000,
    );
    assert.equal(
      backoffDelay(policy, 40, () => 0),
      5_000,
    );
  });
});

describe('rehook listen (in-process, real server and targets)', { concurrency: 1 }, () => {
  let one: Target;
  let two: Target;
  before(async () => {
    one = await startTarget();
    two = await startTarget();
  });
  after(async () => {
    await one.close();
    await two.close();
  });

  test('routes by the longest path prefix, cuts the prefix, keeps the query; unmatched events are skipped', async () => {
    const inboxId = await newInbox();
    const run = listen(inboxId, [
      `/stripe=${one.url}/s?fixed=1`,
      `/stripe/special=${two.url}/sp/`,
      `/github=${two.url}`,
    ]);
    await started(run);
    const before1 = one.deliveries.length;
    const before2 = two.deliveries.length;
    await client.send(inboxId, { path: '/stripe/a', query: 'q=1&q=2', body: 'a' });
    await client.send(inboxId, { path: '/stripe/special/b', body: 'b' });
    await client.send(inboxId, { path: '/stripey', body: 'c' });
    await client.send(inboxId, { path: '/stripe', body: 'd' });
    await client.send(inboxId, { path: '/github', query: 'x=%2F', body: 'e' });
    await client.send(inboxId, { body: 'f' });
    await waitFor(() => outcomes(run, 'delivered').length + outcomes(run, 'skipped').length === 6, 'six events');
    const summary = await run.stop();
    assert.deepEqual(
      one.deliveries.slice(before1).map((d) => [d.url, d.body.toString()]),
      [
        ['/s/a?fixed=1&q=1&q=2', 'a'],
        ['/s?fixed=1', 'd'],
      ],
    );
    assert.deepEqual(
      two.deliveries.slice(before2).map((d) => [d.url, d.body.toString()]),
      [
        ['/sp/b', 'b'],
        ['/?x=%2F', 'e'],
      ],
    );
    assert.deepEqual(
      outcomes(run, 'skipped').map((line) => [line['path'], line['reason']]),
      [
        ['/stripey', 'no --forward-to rule matches its path'],
        ['/', 'no --forward-to rule matches its path'],
      ],
    );
    assert.equal(summary.delivered, 4);
    assert.equal(summary.skipped, 2);
    assert.equal(summary.failed, 0);
  });

  test('--only-method and --only-path: the rest is skipped and the position still moves', async () => {
    const inboxId = await newInbox();
    const run = listen(inboxId, [`${one.url}/h`], { filters: { methods: parseMethods(['post,put']), paths: ['/a'] } });
    await started(run);
    const start = one.deliveries.length;
    await client.send(inboxId, { method: 'POST', path: '/a/1', body: '1' });
    await client.send(inboxId, { method: 'GET', path: '/a/2' });
    await client.send(inboxId, { method: 'PUT', path: '/b', body: '3' });
    await client.send(inboxId, { method: 'PUT', path: '/a', body: '4' });
    await client.send(inboxId, { method: 'DELETE', path: '/a/5' });
    await client.send(inboxId, { method: 'POST', path: '/ab', body: '6' });
    await waitFor(() => outcomes(run, 'delivered').length + outcomes(run, 'skipped').length === 6, 'six events');
    const summary = await run.stop();
    assert.deepEqual(
      one.deliveries.slice(start).map((d) => `${d.method} ${d.url}`),
      ['POST /h/a/1', 'PUT /h/a'],
    );
    assert.equal(summary.skipped, 4);
    const newest = (await client.events(inboxId, { limit: 1 })).events[0];
    assert.equal(summary.last?.lastEventId, newest?.id);
  });

  test('a target that fails twice with 503 gets the event on the third attempt; one that always fails is given up on', async () => {
    const inboxId = await newInbox();
    let failures = 0;
    one.handler = (delivery) => {
      if (delivery.url.startsWith('/always')) return { status: 500, body: 'broken' };
      if (delivery.url.startsWith('/flaky') && failures < 2) {
        failures += 1;
        return { status: 503, body: 'busy' };
      }
      return { status: 200, body: 'fine' };
    };
    try {
      const run = listen(inboxId, [one.url], { retries: 2 });
      await started(run);
      await client.send(inboxId, { path: '/flaky', body: 'x' });
      await client.send(inboxId, { path: '/always', body: 'y' });
      await client.send(inboxId, { path: '/after', body: 'z' });
      await waitFor(
        () => run.json().filter((line) => line['outcome'] !== 'retrying').length === 3,
        'three events done',
      );
      const summary = await run.stop();
      const lines = run.json().map((line) => [line['path'], line['outcome'], line['status'], line['attempt']]);
      assert.deepEqual(lines, [
        ['/flaky', 'retrying', 503, 1],
        ['/flaky', 'retrying', 503, 2],
        ['/flaky', 'delivered', 200, 3],
        ['/always', 'retrying', 500, 1],
        ['/always', 'retrying', 500, 2],
        ['/always', 'gave-up', 500, 3],
        ['/after', 'delivered', 200, 1],
      ]);
      assert.deepEqual([summary.delivered, summary.failed, summary.skipped], [2, 1, 0]);
    } finally {
      one.handler = (delivery) => ({ status: 200, body: `ok ${delivery.body.length}` });
    }
  });

  test('a target that is down: the line says so, the event is retried, then given up on', async () => {
    const inboxId = await newInbox();
    const down = await startTarget();
    const url = down.url;
    await down.close();
    const run = listen(inboxId, [url], { retries: 1, json: false });
    await started(run);
    await client.send(inboxId, { path: '/x', body: 'x' });
    await waitFor(() => run.out.some((line) => line.includes('gave up')), 'the listener to give up');
    const summary = await run.stop();
    assert.match(
      run.out[0] ?? '',
      /POST \/x {2}→ failed: connection refused \(is the local server running\?\) {2}\d+ ms {2}attempt 1 of 2, retrying in \d+ms {2}evt_/,
    );
    assert.match(run.out[1] ?? '', /→ failed: connection refused .* gave up after 2 attempts, moving on {2}evt_/);
    assert.equal(summary.failed, 1);
  });

  test('--timeout: an attempt past it fails as timed out; --timeout 0 waits as long as the handler takes', async () => {
    const inboxId = await newInbox();
    let release: (() => void) | undefined;
    one.handler = (delivery) => {
      if (delivery.url === '/slow-timeout') return 'hold';
      if (delivery.url === '/slow-none') {
        release = () => one.release(200);
        return 'hold';
      }
      return { status: 200 };
    };
    try {
      const limited = listen(inboxId, [one.url], { timeoutMs: 200, retries: 0 });
      await started(limited);
      await client.send(inboxId, { path: '/slow-timeout', body: 'x' });
      await waitFor(() => outcomes(limited, 'gave-up').length === 1, 'the attempt to time out');
      await limited.stop();
      assert.equal(outcomes(limited, 'gave-up')[0]?.['error'], 'timed out after 0.2s');

      const unlimited = listen(inboxId, [one.url], { timeoutMs: 0, retries: 0, key: 'no-timeout' });
      await started(unlimited);
      await client.send(inboxId, { path: '/slow-none', body: 'y' });
      await waitFor(() => release !== undefined, 'the request to be held');
      // Held well past the 200 ms limit above (a sleep, but nothing is asserted about time).
      await new Promise((resolve) => setTimeout(resolve, 1000));
      assert.equal(unlimited.json().length, 0);
      release?.();
      await waitFor(() => outcomes(unlimited, 'delivered').length === 1, 'the held request to be answered');
      await unlimited.stop();
      assert.equal(outcomes(unlimited, 'delivered')[0]?.['status'], 200);
    } finally {
      one.handler = (delivery) => ({ status: 200, body: `ok ${delivery.body.length}` });
    }
  });

  test('--print-body: the response body under the line (text as text, binary summarised); control characters escaped', async () => {
    const inboxId = await newInbox();
    one.handler = (delivery) => {
      if (delivery.url === '/bin') return { status: 201, body: Buffer.from([0xff, 0xfe, 0x00]) };
      if (delivery.url === '/empty') return { status: 204 };
      return { status: 200, body: 'line one\nline \u001b[31mtwo' };
    };
    try {
      const run = listen(inboxId, [one.url], { printBody: true, json: false });
      await started(run);
      await client.send(inboxId, { path: '/text', body: 'x' });
      await client.send(inboxId, { path: '/bin', body: 'x' });
      await client.send(inboxId, { path: '/empty', body: 'x' });
      await waitFor(() => run.out.length === 6, 'three events with bodies');
      await run.stop();
      assert.match(run.out[0] ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ {2}POST \/text {2}→ 200 {2}\d+ ms {2}evt_/);
      assert.equal(run.out[1], '    line one\n    line \\x1b[31mtwo');
      assert.match(run.out[2] ?? '', /POST \/bin {2}→ 201/);
      assert.equal(run.out[3], '    (binary response body, 3 bytes)');
      assert.match(run.out[4] ?? '', /POST \/empty {2}→ 204/);
      assert.equal(run.out[5], '    (empty response body)');
    } finally {
      one.handler = (delivery) => ({ status: 200, body: `ok ${delivery.body.length}` });
    }
  });

  test('--print-body with --json: the response body in base64', async () => {
    const inboxId = await newInbox();
    const run = listen(inboxId, [one.url], { printBody: true });
    await started(run);
    await client.send(inboxId, { body: 'abc' });
    await waitFor(() => outcomes(run, 'delivered').length === 1, 'one event');
    await run.stop();
    const line = outcomes(run, 'delivered')[0];
    assert.equal(Buffer.from(String(line?.['responseBodyBase64']), 'base64').toString(), 'ok 3');
    assert.equal(line?.['responseTruncated'], false);
  });

  test('start positions: now skips the backlog, --since 1h and --from <eventId> deliver it first (oldest first), the default resumes', async () => {
    const inboxId = await newInbox();
    for (const n of [1, 2, 3]) await client.send(inboxId, { path: `/old${n}`, body: String(n) });
    const [third, second] = (await client.events(inboxId, { limit: 2 })).events;

    const fromNow = listen(inboxId, [one.url], { start: { kind: 'now' }, key: 'now' });
    await started(fromNow);
    await client.send(inboxId, { path: '/new1', body: 'n' });
    await waitFor(() => outcomes(fromNow, 'delivered').length === 1, 'one new event');
    await fromNow.stop();
    assert.deepEqual(
      outcomes(fromNow, 'delivered').map((line) => line['path']),
      ['/new1'],
    );

    const since = listen(inboxId, [one.url], { start: { kind: 'ago', ms: 3_600_000, text: '1h' }, key: 'since' });
    await started(since);
    await waitFor(() => outcomes(since, 'delivered').length === 4, 'the backlog');
    await since.stop();
    assert.deepEqual(
      outcomes(since, 'delivered').map((line) => line['path']),
      ['/old1', '/old2', '/old3', '/new1'],
    );

    const fromEvent = listen(inboxId, [one.url], { start: { kind: 'event', eventId: second?.id ?? '' }, key: 'event' });
    await started(fromEvent);
    await waitFor(() => outcomes(fromEvent, 'delivered').length === 3, 'from the second event on');
    const firstRun = await fromEvent.stop();
    assert.deepEqual(
      outcomes(fromEvent, 'delivered').map((line) => line['path']),
      ['/old2', '/old3', '/new1'],
    );
    assert.equal(third?.path, `/i/${inboxId}/old3`);

    // The same key again, default start: resumes after the saved position; nothing is sent twice.
    await client.send(inboxId, { path: '/new2', body: 'm' });
    const resumed = listen(inboxId, [one.url], { key: 'event' });
    await started(resumed);
    assert.ok(resumed.err.some((line) => line.includes(`resuming after ${firstRun.last?.lastEventId ?? '?'}`)));
    await waitFor(() => outcomes(resumed, 'delivered').length === 1, 'the event stored meanwhile');
    await client.send(inboxId, { path: '/new3', body: 'o' });
    await waitFor(() => outcomes(resumed, 'delivered').length === 2, 'a new event');
    await resumed.stop();
    assert.deepEqual(
      outcomes(resumed, 'delivered').map((line) => line['path']),
      ['/new2', '/new3'],
    );

    // --from last without a saved position is an error; --from <eventId> of another inbox too.
    const noPosition = listen(inboxId, [one.url], { start: { kind: 'last' }, key: 'never-ran' });
    await assert.rejects(
      noPosition.done,
      (err: unknown) => err instanceof ExitError && err.code === EXIT.FAILURE && /--from last/.test(err.message),
    );
    const other = await newInbox();
    const wrongInbox = listen(other, [one.url], { start: { kind: 'event', eventId: second?.id ?? '' } });
    await assert.rejects(wrongInbox.done, /belongs to inbox/);
  });

  test('the position file: one per (server, inbox, targets), written atomically with mode 0600; stale temporary files removed', async () => {
    const inboxId = await newInbox();
    const tempKey = { server: rehook.apiUrl, inboxId, target: rulesKey(parseForwardRules([one.url])) };
    const tempPath = positionPath({ REHOOK_STATE_DIR: stateDir }, tempKey);
    const { mkdir, writeFile, readdir } = await import('node:fs/promises');
    const { basename, dirname } = await import('node:path');
    await mkdir(dirname(tempPath), { recursive: true });
    const stale = join(dirname(tempPath), `.${basename(tempPath)}.dead.tmp`);
    const otherTemp = join(dirname(tempPath), '.someone-else.json.live.tmp');
    await writeFile(stale, '{"half');
    await writeFile(otherTemp, '{"half');
    const run = listen(inboxId, [one.url]);
    await started(run);
    await client.send(inboxId, { body: 'p' });
    await waitFor(() => outcomes(run, 'delivered').length === 1, 'one event');
    const summary = await run.stop();
    const key = { server: rehook.apiUrl, inboxId, target: rulesKey(parseForwardRules([one.url])) };
    const path = positionPath({ REHOOK_STATE_DIR: stateDir }, key);
    const saved = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    assert.equal(saved['lastEventId'], summary.last?.lastEventId);
    assert.equal(saved['inboxId'], inboxId);
    const { stat } = await import('node:fs/promises');
    assert.equal((await stat(path)).mode & 0o777, 0o600);
    assert.notEqual(positionPath({ REHOOK_STATE_DIR: stateDir }, { ...key, target: 'other' }), path);
    const left = await readdir(dirname(tempPath));
    assert.ok(!left.includes(basename(stale)), 'the stale temporary file of this position is removed');
    assert.ok(left.includes(basename(otherTemp)), "another position's temporary file is left alone");
    await rm(otherTemp);
  });

  test('an unknown inbox ends the listener with the API error', async () => {
    const run = listen('inb_0000000000000000000000000a', [one.url]);
    await assert.rejects(run.done, (err: unknown) => err instanceof RehookApiError && err.code === 'INBOX_NOT_FOUND');
  });

  test('Ctrl-C while an event is being retried: it is not saved, and the next run (default start) delivers it', async () => {
    const inboxId = await newInbox();
    const run = listen(inboxId, [one.url], { retries: 100, key: 'ctrl-c' });
    await started(run);
    await client.send(inboxId, { path: '/first', body: 'f' });
    await waitFor(() => outcomes(run, 'delivered').length === 1, 'the first event');
    one.handler = () => ({ status: 503 });
    let summary: ListenSummary;
    try {
      await client.send(inboxId, { path: '/pending', body: 'q' });
      await waitFor(() => outcomes(run, 'retrying').length >= 2, 'retries');
      summary = await run.stop();
    } finally {
      one.handler = (delivery) => ({ status: 200, body: `ok ${delivery.body.length}` });
    }
    const first = outcomes(run, 'delivered')[0];
    assert.deepEqual([summary.delivered, summary.failed, summary.skipped], [1, 0, 0]);
    assert.equal(summary.last?.lastEventId, first?.['eventId']);
    const again = listen(inboxId, [one.url], { key: 'ctrl-c' });
    await waitFor(() => outcomes(again, 'delivered').length === 1, 'the pending event');
    await again.stop();
    assert.equal(outcomes(again, 'delivered')[0]?.['path'], '/pending');
  });

  test('--resign: an event signed an hour ago reaches the target with a fresh Stripe signature that verifies; without it, it fails', async () => {
    const { default: Stripe } = await import('stripe');
    const secret = 'whsec_listen_test_secret_0123456789abcdef';
    const { token } = await rehook.createUser();
    const owner = new RehookClient({ baseUrl: rehook.apiUrl, token });
    const inbox = await owner.createInbox();
    const set = await fetch(`${rehook.apiUrl}/api/v1/inboxes/${inbox.id}/signature`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scheme: 'stripe', secret }),
    });
    assert.equal(set.status, 200, await set.text());
    const payload = '{"id":"evt_1","type":"invoice.paid","amount":4200}';
    const old = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const headers: Array<[string, string]> = [
      ['Content-Type', 'application/json'],
      ['Stripe-Signature', old],
      ['X-After', '1'],
    ];

    const resigned = listen(inbox.id, [`${one.url}/stripe`], { resign: true, as: owner, key: 'resign' });
    await started(resigned);
    const plain = listen(inbox.id, [`${two.url}/stripe`], { as: owner, key: 'plain' });
    await started(plain);
    const from1 = one.deliveries.length;
    const from2 = two.deliveries.length;
    await owner.send(inbox.id, { headers, body: payload });
    await waitFor(
      () => outcomes(resigned, 'delivered').length === 1 && outcomes(plain, 'delivered').length === 1,
      'both deliveries',
    );
    await resigned.stop();
    await plain.stop();

    const signedDelivery = one.deliveries[from1];
    const plainDelivery = two.deliveries[from2];
    assert.ok(signedDelivery && plainDelivery);
    const header = (pairs: ReadonlyArray<readonly [string, string]>, name: string): string[] =>
      pairs.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v);
    // Re-signed: one Stripe-Signature, where the captured one was, and it verifies now.
    const [fresh] = header(signedDelivery.headers, 'stripe-signature');
    assert.equal(header(signedDelivery.headers, 'stripe-signature').length, 1);
    assert.notEqual(fresh, old);
    const event = Stripe.webhooks.constructEvent(signedDelivery.body.toString(), fresh ?? '', secret);
    assert.equal(event.type, 'invoice.paid');
    const names = signedDelivery.headers
      .map(([n]) => n.toLowerCase())
      .filter((n) => ['content-type', 'stripe-signature', 'x-after'].includes(n));
    assert.deepEqual(names, ['content-type', 'stripe-signature', 'x-after']);
    // As captured: the hour-old signature fails the library's five-minute tolerance.
    assert.deepEqual(header(plainDelivery.headers, 'stripe-signature'), [old]);
    assert.throws(() => Stripe.webhooks.constructEvent(plainDelivery.body.toString(), old, secret), /tolerance/i);
  });

  test('--resign when the server refuses (no secret on an anonymous inbox): a status line, and the event goes out as captured', async () => {
    const inboxId = await newInbox();
    const run = listen(inboxId, [one.url], { resign: true });
    await started(run);
    const from = one.deliveries.length;
    await client.send(inboxId, { headers: [['Stripe-Signature', 't=1,v1=00']], body: 'x' });
    await waitFor(() => outcomes(run, 'delivered').length === 1, 'the delivery');
    await run.stop();
    assert.ok(
      run.err.some((line) => /^Could not re-sign evt_\w+ \(\w+: .*\); forwarding it as captured\.$/.test(line)),
      run.err.join('\n'),
    );
    assert.deepEqual(
      one.deliveries[from]?.headers.filter(([n]) => n === 'Stripe-Signature'),
      [['Stripe-Signature', 't=1,v1=00']],
    );
  });
});
