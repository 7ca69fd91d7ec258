import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import {
  nextBeforeFromLink,
  RehookApiError,
  RehookClient,
  RehookConnectionError,
  type CreatedToken,
  type EventDetail,
  type EventSummary,
  type Inbox,
  type Replay,
  type Token,
} from '../../src/index.js';
import type { eventJson, eventSummaryJson, inboxJson, replayJson, tokenJson } from '../../src/http/api/core/present.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { closedPort, startReceiver, type Receiver } from './cli-harness.js';

/**
 * The published API client against a real server in this process. The client's types are
 * generated from openapi.json; the checks below fail the type check (`npm run typecheck` covers
 * test/) when they and the JSON the server presents drift apart.
 */
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
type Fits<Client, Server> = [Client] extends [Server]
  ? [Server] extends [Client]
    ? SameKeys<Client, Server>
    : false
  : false;
const shapesMatch: [
  Fits<Inbox, ReturnType<typeof inboxJson>>,
  Fits<EventSummary, ReturnType<typeof eventSummaryJson>>,
  Fits<EventDetail, ReturnType<typeof eventJson>>,
  Fits<Replay, ReturnType<typeof replayJson>>,
  Fits<Token, ReturnType<typeof tokenJson>>,
  Fits<CreatedToken, ReturnType<typeof tokenJson> & { token: string }>,
] = [true, true, true, true, true, true];
void shapesMatch;

describe('nextBeforeFromLink', () => {
  const base = 'http://127.0.0.1:8080';
  test('reads the before cursor of the rel="next" link', () => {
    const link = '</api/v1/inboxes/inb_a/events?limit=2&before=evt_b>; rel="next"';
    assert.equal(nextBeforeFromLink(link, base), 'evt_b');
    assert.equal(nextBeforeFromLink('<https://x.test/e?before=evt_c>; rel=next', base), 'evt_c');
    const two = '</e?before=evt_p>; rel="prev", </e?before=evt_n>; rel="next"';
    assert.equal(nextBeforeFromLink(two, base), 'evt_n');
  });
  test('is null without a next link', () => {
    assert.equal(nextBeforeFromLink(null, base), null);
    assert.equal(nextBeforeFromLink('</e?before=evt_p>; rel="prev"', base), null);
    assert.equal(nextBeforeFromLink('garbage', base), null);
  });
});

describe('RehookClient against a running Rehook', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let token: string;
  let authed: RehookClient;
  let anonymous: RehookClient;

  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1' } });
    receiver = await startReceiver();
    token = (await rehook.createUser()).token;
    authed = new RehookClient({ baseUrl: `${rehook.apiUrl}/`, token });
    anonymous = new RehookClient({ baseUrl: rehook.apiUrl });
  });

  after(async () => {
    await receiver?.close();
    await rehook?.stop();
  });

  async function ingest(inbox: Inbox, body: string | Uint8Array, path = ''): Promise<void> {
    const response = await fetch(`${inbox.url}${path}`, { method: 'POST', body });
    assert.equal(response.status, 200);
  }

  test('creates anonymous and persistent inboxes, saves, lists, gets and deletes them', async () => {
    const anon = await anonymous.createInbox();
    assert.equal(anon.saved, false);
    assert.notEqual(anon.expiresAt, null);
    assert.equal(anon.url, `${rehook.publicIngestUrl}/i/${anon.id}`);

    const owned = await authed.createInbox();
    assert.deepEqual([owned.saved, owned.expiresAt], [true, null]);
    const saved = await authed.saveInbox(anon.id);
    assert.deepEqual([saved.id, saved.saved, saved.expiresAt], [anon.id, true, null]);
    const listed = (await authed.inboxes()).map((inbox) => inbox.id);
    assert.deepEqual(listed.sort(), [anon.id, owned.id].sort());
    assert.deepEqual(await authed.inbox(owned.id), owned);

    await authed.deleteInbox(owned.id);
    await assert.rejects(authed.inbox(owned.id), (err: unknown) => {
      assert.ok(err instanceof RehookApiError);
      assert.deepEqual([err.status, err.code, err.message], [404, 'INBOX_NOT_FOUND', 'Inbox not found']);
      return true;
    });
  });

  test('names, renames and clears inboxes, deletes events, and shows the counts', async () => {
    const named = await authed.createInbox({ name: 'Stripe test' });
    assert.deepEqual([named.name, named.eventCount, named.lastEventAt], ['Stripe test', 0, null]);
    assert.equal((await anonymous.createInbox({ name: null })).name, null);
    for (const n of [1, 2, 3]) await ingest(named, `event ${n}`, `/n${n}`);
    const [newest, middle] = (await authed.events(named.id)).events as [EventSummary, EventSummary, EventSummary];
    const shown = await authed.inbox(named.id);
    assert.deepEqual([shown.eventCount, shown.lastEventAt], [3, newest.receivedAt]);

    assert.equal((await authed.renameInbox(named.id, 'GitHub')).name, 'GitHub');
    assert.equal((await authed.renameInbox(named.id, null)).name, null);
    await assert.rejects(authed.renameInbox(named.id, ''), {
      name: 'RehookApiError',
      status: 400,
      code: 'VALIDATION_FAILED',
    });

    await authed.deleteEvent(middle.id);
    await assert.rejects(authed.event(middle.id), { name: 'RehookApiError', status: 404, code: 'EVENT_NOT_FOUND' });
    assert.equal((await authed.inbox(named.id)).eventCount, 2);
    await assert.rejects(anonymous.deleteEvent(newest.id), {
      name: 'RehookApiError',
      status: 401,
      code: 'UNAUTHORIZED',
    });

    await authed.clearInbox(named.id);
    assert.deepEqual((await authed.events(named.id)).events, []);
    assert.deepEqual(
      [(await authed.inbox(named.id)).eventCount, (await authed.inbox(named.id)).lastEventAt],
      [0, null],
    );
    await assert.rejects(authed.clearInbox('inb_00000000000000000000000000'), { code: 'INBOX_NOT_FOUND' });
  });

  test('pages through events with the cursor from the Link header', async () => {
    const inbox = await authed.createInbox();
    for (const n of [1, 2, 3]) await ingest(inbox, `event ${n}`, `/n${n}?q=${n}`);
    const first = await authed.events(inbox.id, { limit: 2 });
    assert.deepEqual(
      first.events.map((event) => event.query),
      ['q=3', 'q=2'],
    );
    assert.equal(first.nextBefore, first.events[1]?.id);
    const before = first.nextBefore ?? undefined;
    const second = await authed.events(inbox.id, { limit: 2, before });
    assert.deepEqual(
      second.events.map((event) => event.query),
      ['q=1'],
    );
    assert.equal(second.nextBefore, null);
    const all = await authed.events(inbox.id);
    assert.equal(all.events.length, 3);
  });

  test('returns an event and its exact body bytes', async () => {
    const inbox = await authed.createInbox();
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    await ingest(inbox, bytes);
    const [summary] = (await authed.events(inbox.id)).events;
    assert.ok(summary);
    const event = await authed.event(summary.id);
    assert.deepEqual([event.id, event.size, event.bodyText], [summary.id, 256, null]);
    assert.deepEqual(Buffer.from(event.bodyBase64, 'base64'), Buffer.from(bytes));
    const body = await authed.eventBody(summary.id);
    assert.deepEqual(Buffer.from(body.bytes), Buffer.from(bytes));
  });

  test('replays an event, lists the replay, and reports a failed replay as RehookApiError', async () => {
    const inbox = await authed.createInbox();
    await ingest(inbox, '{"replay":true}');
    const [summary] = (await authed.events(inbox.id)).events;
    assert.ok(summary);
    const replay = await authed.replay(summary.id, { destination: `${receiver.url}/target` });
    assert.deepEqual([replay.outcome, replay.statusCode, replay.responseBody], ['response', 201, 'received 15 bytes']);
    assert.equal(receiver.requests.at(-1)?.body, '{"replay":true}');
    assert.deepEqual(
      (await authed.replays(summary.id)).map((r) => r.id),
      [replay.id],
    );

    await assert.rejects(authed.replay(summary.id, { destination: 'ftp://example.test/' }), (err: unknown) => {
      assert.ok(err instanceof RehookApiError);
      assert.deepEqual([err.status, err.code], [400, 'INVALID_DESTINATION']);
      assert.match(String(err.extra['replayId']), /^rpl_/);
      return true;
    });
    await assert.rejects(anonymous.replay(summary.id, { destination: receiver.url }), {
      name: 'RehookApiError',
      status: 401,
      code: 'UNAUTHORIZED',
    });
  });

  test('creates, lists and revokes tokens; a revoked token gets 401', async () => {
    const created = await authed.createToken('second');
    assert.match(created.token, /^rhk_/);
    assert.equal(created.prefix, created.token.slice(0, 8));
    assert.ok((await authed.tokens()).some((t) => t.id === created.id && t.revokedAt === null));
    const second = new RehookClient({ baseUrl: rehook.apiUrl, token: created.token });
    assert.ok(Array.isArray(await second.inboxes()), 'the new token works');
    await authed.revokeToken(created.id);
    await assert.rejects(second.inboxes(), { name: 'RehookApiError', status: 401, code: 'UNAUTHORIZED' });
    await assert.rejects(authed.revokeToken('tok_00000000000000000000000000'), { code: 'TOKEN_NOT_FOUND' });
  });
});

describe('RehookClient failures', () => {
  let other: Server;
  let otherUrl: string;
  before(async () => {
    // Not Rehook: a proxy's HTML error page, and a 200 that is not JSON.
    other = createServer((req, res) => {
      const proxyError = req.url?.startsWith('/api/v1/inboxes/') === true;
      res.writeHead(proxyError ? 502 : 200, { 'content-type': 'text/html' });
      res.end(proxyError ? '<h1>Bad Gateway</h1>' : '<html>hello</html>');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => other.close(() => resolve())));

  test('throws RehookConnectionError naming the server when nothing listens', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}`;
    await assert.rejects(new RehookClient({ baseUrl }).inboxes(), (err: unknown) => {
      assert.ok(err instanceof RehookConnectionError);
      assert.equal(err.baseUrl, baseUrl);
      assert.match(err.message, new RegExp(`${baseUrl}: ECONNREFUSED`));
      return true;
    });
  });

  test('turns answers that are not the Rehook API into RehookApiError', async () => {
    const client = new RehookClient({ baseUrl: otherUrl });
    await assert.rejects(client.inbox('inb_x'), { name: 'RehookApiError', status: 502, code: 'HTTP_502' });
    await assert.rejects(client.inboxes(), { name: 'RehookApiError', status: 200, code: 'INVALID_RESPONSE' });
  });
});
