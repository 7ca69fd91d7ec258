/**
 * Alerts end to end: a real Rehook (SQLite, or PostgreSQL with REHOOK_TEST_STORE=postgres) and a
 * real local receiver. The server runs on a fake clock, so quiet hours and rate windows are
 * decided by the test, not by when it runs; the waits only catch a hang.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { loadConfig } from '../../../../src/config/load.js';
import { startRehook } from '../../../../src/server.js';
import { createAccount } from '../../../../src/services/accounts.js';
import { createToken } from '../../../../src/services/tokens.js';
import { connectTestPostgres } from '../../../helpers/postgres.js';
import { createFakeClock } from '../../../helpers/fake-clock.js';
import { type ReceivedRequest, type Receiver, startReceiver } from '../../../helpers/receiver.js';
import { api, startTestRehook, TEST_STORE, type TestRehook } from '../../../helpers/rehook.js';
import { sendRawHttp } from '../../../helpers/raw-http.js';
import { assertError, call, createInbox, ingest, ingestEvent } from '../support.js';
import { FAST_FORWARDING, waitUntil } from '../forwarding/support.js';

describe('alerts', () => {
  // 03:00 UTC: inside quiet hours 02:00-04:00 UTC, and 22:00 the evening before in New York.
  const clock = createFakeClock(new Date('2026-01-01T03:00:00.000Z'));
  let rehook: TestRehook;
  let receiver: Receiver;
  let alice: { accountId: string; token: string };
  let bob: { accountId: string; token: string };

  before(async () => {
    rehook = await startTestRehook({ env: FAST_FORWARDING, clock });
    receiver = await startReceiver((req, res) => {
      if (req.url.startsWith('/fail')) return void res.writeHead(500).end('no');
      res.writeHead(200).end('ok');
    });
    alice = await rehook.createUser();
    bob = await rehook.createUser();
  });
  after(async () => {
    await receiver.close();
    await rehook.stop();
  });

  const alertsPath = (inboxId: string) => `/api/v1/inboxes/${inboxId}/alerts`;
  const put = (inboxId: string, json: unknown, token = alice.token) =>
    call(rehook.apiUrl, alertsPath(inboxId), { method: 'PUT', token, json });
  const received = (path: string): ReceivedRequest[] => receiver.requests.filter((r) => r.url === path);
  const bodies = (path: string): any[] => received(path).map((r) => JSON.parse(r.body.toString('utf8')));
  const deliveries = async (inboxId: string): Promise<any[]> => {
    const res = await call(rehook.apiUrl, `${alertsPath(inboxId)}/deliveries`, { token: alice.token });
    assert.equal(res.status, 200, res.text);
    return res.body.data.deliveries;
  };
  const waitForRequests = (path: string, count: number) =>
    waitUntil(`${count} notifications at ${path}`, async () =>
      received(path).length >= count ? received(path) : undefined,
    );

  it('sets, shows and removes the rules of a saved inbox; only its owner', async () => {
    const inbox = await createInbox(rehook, alice.token);
    assert.deepEqual((await call(rehook.apiUrl, alertsPath(inbox.id), { token: alice.token })).body, {
      data: { rules: [] },
    });
    const set = await put(inbox.id, {
      rules: [{ name: 'Paid', kind: 'event', filter: 'method=POST', url: `${receiver.url}/x` }],
    });
    assert.equal(set.status, 200, set.text);
    const [rule] = set.body.data.rules;
    assert.match(rule.id, /^alr_[0-9a-f]{16}$/);
    assert.deepEqual(
      { ...rule, id: undefined },
      {
        id: undefined,
        name: 'Paid',
        kind: 'event',
        filter: 'method=POST',
        url: `${receiver.url}/x`,
        format: 'json',
        enabled: true,
      },
    );
    // Sending the id back keeps it.
    const again = await put(inbox.id, { rules: [{ ...rule, name: 'Paid again' }] });
    assert.equal(again.body.data.rules[0].id, rule.id);
    assert.deepEqual(
      (await call(rehook.apiUrl, alertsPath(inbox.id), { token: alice.token })).body.data.rules,
      again.body.data.rules,
    );
    assertError(await call(rehook.apiUrl, alertsPath(inbox.id), { token: bob.token }), 404, 'INBOX_NOT_FOUND');
    assertError(await call(rehook.apiUrl, alertsPath(inbox.id)), 401, 'UNAUTHORIZED');
    const anonymous = await createInbox(rehook);
    assertError(await put(anonymous.id, { rules: [] }), 409, 'INBOX_NOT_SAVED');
    const removed = await call(rehook.apiUrl, alertsPath(inbox.id), { method: 'DELETE', token: alice.token });
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual(removed.body, { data: { cancelled: 0 } });
    assert.deepEqual((await call(rehook.apiUrl, alertsPath(inbox.id), { token: alice.token })).body.data.rules, []);
  });

  it('refuses bad rules at save: a URL the SSRF policy refuses, a bad filter, a bad time zone', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const base = { name: 'r', kind: 'event', url: `${receiver.url}/x` };
    const metadata = await put(inbox.id, { rules: [{ ...base, url: 'http://169.254.169.254/latest/meta-data' }] });
    assertError(metadata, 400, 'INVALID_DESTINATION');
    assert.match(metadata.body.error.message, /egress policy refuses/);
    assertError(await put(inbox.id, { rules: [{ ...base, url: 'ftp://example.com/x' }] }), 400, 'INVALID_DESTINATION');
    const filter = await put(inbox.id, { rules: [{ ...base, filter: 'method=NOT A METHOD' }] });
    assertError(filter, 400, 'VALIDATION_FAILED');
    assert.match(filter.body.error.message, /method/);
    const zone = await put(inbox.id, {
      rules: [{ ...base, quietHours: { start: '22:00', end: '07:00', timeZone: 'Mars/Olympus' } }],
    });
    assertError(zone, 400, 'VALIDATION_FAILED');
    assert.match(zone.body.error.message, /IANA time zone/);
    assertError(await put(inbox.id, { rules: [{ ...base, kind: 'weather' }] }), 400, 'VALIDATION_FAILED');
    assertError(
      await put(inbox.id, { rules: [{ ...base, rateLimit: { max: 0, windowSeconds: 60 } }] }),
      400,
      'VALIDATION_FAILED',
    );
    // Nothing was stored.
    assert.deepEqual((await call(rehook.apiUrl, alertsPath(inbox.id), { token: alice.token })).body.data.rules, []);
  });

  it('notifies once per matching event, as JSON or in Slack shape; other events send nothing', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const set = await put(inbox.id, {
      rules: [
        { name: 'Invoices', kind: 'event', filter: 'json=type=invoice.paid', url: `${receiver.url}/match-json` },
        { name: 'Slack', kind: 'event', filter: 'method=PUT', url: `${receiver.url}/match-slack`, format: 'slack' },
      ],
    });
    assert.equal(set.status, 200, set.text);
    const paid = JSON.stringify({ type: 'invoice.paid' });
    const first = await ingestEvent(rehook, inbox.id, {
      body: paid,
      headers: { 'content-type': 'application/json' },
      token: alice.token,
    });
    await ingest(rehook, inbox.id, { body: JSON.stringify({ type: 'invoice.created' }) });
    const second = await ingestEvent(rehook, inbox.id, { body: paid, token: alice.token });
    const slackEvent = await ingestEvent(rehook, inbox.id, { method: 'PUT', body: 'x', token: alice.token });
    await waitForRequests('/match-json', 2);
    await waitForRequests('/match-slack', 1);
    const sent = bodies('/match-json');
    assert.deepEqual(sent.map((b) => b.eventId).sort(), [first, second].sort());
    for (const body of sent) {
      assert.equal(body.type, 'alert');
      assert.equal(body.inboxId, inbox.id);
      assert.equal(body.rule.name, 'Invoices');
      assert.equal(body.rule.kind, 'event');
      assert.match(body.text, /matched rule "Invoices"/);
    }
    const [slack] = bodies('/match-slack');
    assert.deepEqual(Object.keys(slack), ['text']);
    assert.match(slack.text, new RegExp(`${slackEvent}.*matched rule "Slack"`));
    const request = received('/match-json')[0] as ReceivedRequest;
    assert.equal(request.method, 'POST');
    assert.equal(request.headers.find(([n]) => n.toLowerCase() === 'content-type')?.[1], 'application/json');
    // Attempts are recorded and readable.
    const listed = await waitUntil('recorded attempts', async () => {
      const all = await deliveries(inbox.id);
      return all.length === 3 && all.every((d) => d.state === 'delivered') ? all : undefined;
    });
    for (const d of listed) {
      assert.equal(d.attemptLog.length, 1);
      assert.equal(d.attemptLog[0].outcome, 'delivered');
      assert.equal(d.attemptLog[0].statusCode, 200);
    }
    // Exactly one notification per matching event, never more.
    assert.equal(received('/match-json').length, 2);
  });

  it('escapes what a sender controls in Slack notifications: no mention, no link, no entity', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const set = await put(inbox.id, {
      rules: [
        { name: 'Ops <!here> & co', kind: 'event', url: `${receiver.url}/slack-escape`, format: 'slack' },
        { name: 'Ops <!here> & co', kind: 'event', url: `${receiver.url}/json-escape` },
      ],
    });
    assert.equal(set.status, 200, set.text);
    // Written byte for byte: a client library would percent-encode < and > in the path.
    const path = '/<!channel>/<@U0123ABCD>/<https://evil.example/login|Reset-password>/&amp;';
    const answer = await sendRawHttp(rehook.ingestUrl, {
      method: 'POST',
      target: `/i/${inbox.id}${path}`,
      headers: [['Content-Type', 'text/plain']],
      body: Buffer.from('x'),
    });
    assert.match(answer, /^HTTP\/1\.1 200/, answer);
    const [slack] = await waitForRequests('/slack-escape', 1);
    const { text } = JSON.parse((slack as ReceivedRequest).body.toString('utf8'));
    assert.ok(!/[<>]/.test(text), `a Slack control character went out unescaped: ${text}`);
    assert.ok(
      text.includes('/&lt;!channel&gt;/&lt;@U0123ABCD&gt;/&lt;https://evil.example/login|Reset-password&gt;/&amp;amp;'),
      text,
    );
    assert.ok(text.includes('rule "Ops &lt;!here&gt; &amp; co"'), text);
    // JSON carries the same text as a JSON string, unchanged: JSON.stringify is its escaping.
    const [json] = await waitForRequests('/json-escape', 1);
    const body = JSON.parse((json as ReceivedRequest).body.toString('utf8'));
    assert.equal(body.details.path, `/i/${inbox.id}${path}`);
    assert.equal(body.rule.name, 'Ops <!here> & co');
  });

  it('a burst over the rate limit sends one summary, not one notification per event', async () => {
    const inbox = await createInbox(rehook, alice.token);
    await put(inbox.id, {
      rules: [{ name: 'Burst', kind: 'event', url: `${receiver.url}/burst`, rateLimit: { max: 1, windowSeconds: 60 } }],
    });
    for (let i = 0; i < 12; i += 1) await ingest(rehook, inbox.id, { body: `event ${i}` });
    // Every event was evaluated before ingest answered: one notification queued, eleven held back.
    assert.equal((await deliveries(inbox.id)).length, 1);
    clock.advance(61_000);
    await waitForRequests('/burst', 2);
    const [alert, summary] = bodies('/burst').sort((a, b) => (a.type < b.type ? -1 : 1));
    assert.equal(alert.type, 'alert');
    assert.equal(summary.type, 'summary');
    assert.equal(summary.count, 11);
    assert.equal(summary.text, '11 more events matched rule "Burst" in the last minute (rate limit reached)');
    assert.equal(received('/burst').length, 2);
  });

  it('quiet hours send nothing; the same rule outside them does', async () => {
    const inbox = await createInbox(rehook, alice.token);
    await put(inbox.id, {
      rules: [
        {
          name: 'Quiet UTC',
          kind: 'event',
          url: `${receiver.url}/quiet`,
          quietHours: { start: '02:00', end: '04:00', timeZone: 'UTC' },
        },
        {
          name: 'Quiet New York',
          kind: 'event',
          url: `${receiver.url}/quiet`,
          // 03:00 UTC is 22:00 in New York: inside a window that wraps past midnight.
          quietHours: { start: '21:30', end: '06:00', timeZone: 'America/New_York' },
        },
        {
          name: 'Awake',
          kind: 'event',
          url: `${receiver.url}/awake`,
          quietHours: { start: '04:00', end: '05:00', timeZone: 'UTC' },
        },
        { name: 'Disabled', kind: 'event', url: `${receiver.url}/quiet`, enabled: false },
      ],
    });
    await ingest(rehook, inbox.id, { body: 'at night' });
    // Rules are evaluated before ingest answers: what was queued is all there will be.
    const queued = await deliveries(inbox.id);
    assert.deepEqual(
      queued.map((d) => d.ruleName),
      ['Awake'],
    );
    await waitForRequests('/awake', 1);
    assert.equal(received('/quiet').length, 0);
  });

  it('notifies when a signature check fails, not when it passes', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const signature = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/signature`, {
      method: 'PUT',
      token: alice.token,
      json: { scheme: 'stripe', secret: `whsec_${'f00dfeed'.repeat(4)}` },
    });
    assert.equal(signature.status, 200, signature.text);
    await put(inbox.id, { rules: [{ name: 'Forged', kind: 'signature', url: `${receiver.url}/signature` }] });
    const forged = await ingestEvent(rehook, inbox.id, {
      body: '{"id":"evt_1"}',
      headers: { 'stripe-signature': 't=1767236400,v1=0000' },
      token: alice.token,
    });
    const [request] = await waitForRequests('/signature', 1);
    const body = JSON.parse((request as ReceivedRequest).body.toString('utf8'));
    assert.equal(body.eventId, forged);
    assert.equal(body.details.signature.status, 'invalid');
    assert.match(body.text, /Signature check failed/);
    assert.equal((await deliveries(inbox.id)).length, 1);
  });

  it('notifies once when forwarding fails N times in a row', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const fwd = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/forwarding`, {
      method: 'PUT',
      token: alice.token,
      json: { destination: `${receiver.url}/fail/T0FWDSECRET?token=fwdquerysecret`, attempts: 1 },
    });
    assert.equal(fwd.status, 200, fwd.text);
    await put(inbox.id, {
      rules: [{ name: 'Down', kind: 'forwarding', failures: 3, url: `${receiver.url}/forwarding` }],
    });
    const events: string[] = [];
    for (let i = 0; i < 4; i += 1)
      events.push(await ingestEvent(rehook, inbox.id, { body: `e${i}`, token: alice.token }));
    // Wait for every delivery to fail (one attempt each), so the fourth failure has happened too.
    for (const eventId of events) {
      await waitUntil(`delivery of ${eventId} failed`, async () => {
        const res = await call(rehook.apiUrl, `/api/v1/events/${eventId}/deliveries`, { token: alice.token });
        return res.body.data.deliveries[0]?.state === 'failed' ? true : undefined;
      });
    }
    const [request] = await waitForRequests('/forwarding', 1);
    const body = JSON.parse((request as ReceivedRequest).body.toString('utf8'));
    assert.equal(body.rule.kind, 'forwarding');
    assert.equal(body.details.failures, 3);
    assert.match(body.text, /failed 3 times in a row/);
    // The forwarding URL goes out without its secret parts (path, query).
    assert.equal(body.details.url, `${receiver.url}/***`);
    const sent = (request as ReceivedRequest).body.toString('utf8');
    for (const secret of ['T0FWDSECRET', 'fwdquerysecret']) assert.ok(!sent.includes(secret), sent);
    // Once per streak: the fourth failure in a row queued nothing more.
    assert.equal((await deliveries(inbox.id)).length, 1);
  });

  it('notifies on drift through onDrift, the seam the drift marker calls', async () => {
    const inbox = await createInbox(rehook, alice.token);
    await put(inbox.id, { rules: [{ name: 'Drift', kind: 'drift', url: `${receiver.url}/drift` }] });
    const eventId = await ingestEvent(rehook, inbox.id, { body: '{"a":1}', token: alice.token });
    assert.equal((await deliveries(inbox.id)).length, 0);
    await rehook.alerts.onDrift({ id: eventId, inboxId: inbox.id, drift: [{ kind: 'type-changed', path: '/a' }] });
    const [request] = await waitForRequests('/drift', 1);
    const body = JSON.parse((request as ReceivedRequest).body.toString('utf8'));
    assert.equal(body.eventId, eventId);
    assert.deepEqual(body.details.drift, [{ kind: 'type-changed', path: '/a' }]);
  });

  it('a drift rule fires end to end: the event-type worker marks the event and its own server hands it to alerts', async (t) => {
    // Another server in the same process must not hear this server's drift.
    const other = await startTestRehook({ env: FAST_FORWARDING });
    const heardByOther: string[] = [];
    other.alerts.onDrift = async (event) => {
      heardByOther.push(event.id);
    };
    t.after(() => other.stop());
    const inbox = await createInbox(rehook, alice.token);
    await put(inbox.id, { rules: [{ name: 'Shape', kind: 'drift', url: `${receiver.url}/drift-e2e` }] });
    // Drift judged from the second event on (the default waits for 50 of a type).
    const settings = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/event-type-settings`, {
      method: 'PUT',
      token: alice.token,
      json: { minSamples: 1 },
    });
    assert.equal(settings.status, 200, settings.text);
    const json = { 'content-type': 'application/json' };
    await ingestEvent(rehook, inbox.id, { suffix: '/orders', headers: json, body: '{"total":1}', token: alice.token });
    const drifted = await ingestEvent(rehook, inbox.id, {
      suffix: '/orders',
      headers: json,
      body: '{"total":"one"}',
      token: alice.token,
    });
    const [request] = await waitForRequests('/drift-e2e', 1);
    const body = JSON.parse((request as ReceivedRequest).body.toString('utf8'));
    assert.equal(body.eventId, drifted);
    assert.equal(body.rule.kind, 'drift');
    assert.deepEqual(body.details.drift, [
      { kind: 'type-changed', path: '/total', expected: ['integer'], actual: 'string' },
    ]);
    // The worker tells its listener before the notification is even queued, so by now any
    // cross-talk would have happened.
    assert.deepEqual(heardByOther, []);
  });
});

describe('alerts across a restart', () => {
  it('a notification queued before the server stops is delivered after it starts again', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rehook-alerts-restart-'));
    const pg = TEST_STORE === 'postgres' ? await connectTestPostgres() : null;
    if (pg !== null && !pg.available) throw new Error(`REHOOK_TEST_STORE=postgres but ${pg.reason}`);
    const schema = pg?.available ? await pg.createSchema() : null;
    const receiver = await startReceiver();
    const start = (env: Record<string, string>) =>
      startRehook(
        loadConfig({
          REHOOK_PORT: '0',
          REHOOK_INGEST_PORT: '0',
          REHOOK_DATA_DIR: dataDir,
          REHOOK_LOG_LEVEL: 'silent',
          ...(schema ? { DATABASE_URL: schema.url } : {}),
          ...FAST_FORWARDING,
          ...env,
        }),
        { logger: pino({ level: 'silent' }) },
      );
    try {
      // First run: no worker sends anything (concurrency 0), so the notification stays queued.
      const first = await start({ REHOOK_FORWARD_CONCURRENCY: '0' });
      const account = await createAccount(first.deps, { email: 'restart@example.test' });
      const { plaintext: token } = await createToken(first.deps, { accountId: account.id, name: 'restart' });
      const created = await api(first.apiUrl, '/api/v1/inboxes', { method: 'POST', token });
      const inboxId: string = created.body.data.inbox.id;
      const set = await api(first.apiUrl, `/api/v1/inboxes/${inboxId}/alerts`, {
        method: 'PUT',
        token,
        json: { rules: [{ name: 'Any', kind: 'event', url: `${receiver.url}/restart` }] },
      });
      assert.equal(set.status, 200, set.text);
      const res = await fetch(`${first.ingestUrl}/i/${inboxId}`, { method: 'POST', body: 'before the restart' });
      assert.equal(res.status, 200);
      const queued = await api(first.apiUrl, `/api/v1/inboxes/${inboxId}/alerts/deliveries`, { token });
      assert.deepEqual(
        queued.body.data.deliveries.map((d: any) => d.state),
        ['pending'],
      );
      await first.close();
      assert.equal(receiver.requests.length, 0);

      const second = await start({});
      try {
        await waitUntil('the notification after the restart', async () =>
          receiver.requests.length > 0 ? true : undefined,
        );
        const body = JSON.parse((receiver.requests[0] as ReceivedRequest).body.toString('utf8'));
        assert.equal(body.inboxId, inboxId);
        assert.equal(body.rule.name, 'Any');
        const delivered = await waitUntil('delivered state', async () => {
          const list = await api(second.apiUrl, `/api/v1/inboxes/${inboxId}/alerts/deliveries`, { token });
          const [d] = list.body.data.deliveries;
          return d?.state === 'delivered' ? d : undefined;
        });
        assert.equal(delivered.attemptLog.length, 1);
      } finally {
        await second.close();
      }
    } finally {
      await receiver.close();
      await schema?.drop();
      await pg?.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
