import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generateShareToken } from '../../../../src/services/shares.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { assertStream, openSse, type SseConnection } from '../../../helpers/sse-client.js';
import {
  assertError,
  assertUnauthorized,
  call,
  createInbox,
  ingestEvent,
  ISO_UTC,
  rawRequest,
  UNKNOWN_INBOX_ID,
} from '../support.js';

const SHARE_TOKEN = /^rhl_[0-9abcdefghjkmnpqrstvwxyz]{38}$/;
const SHARE_ID = /^shr_[0-9abcdefghjkmnpqrstvwxyz]{26}$/;
/** Only catches a hang: what the waits below wait for takes milliseconds on an idle machine. */
const HANG_MS = 15_000;

interface ShareJson {
  id: string;
  inboxId: string;
  prefix: string;
  createdAt: string;
  token?: string;
  path?: string;
}

describe('sharing links: /api/v1/inboxes/:id/shares, /api/v1/shares/:token and the share principal', () => {
  let rehook: TestRehook;
  let alice: { accountId: string; token: string };
  let bob: { accountId: string; token: string };
  const streams: SseConnection[] = [];

  before(async () => {
    rehook = await startTestRehook();
    alice = await rehook.createUser();
    bob = await rehook.createUser();
  });
  after(async () => {
    for (const conn of streams) conn.close();
    await rehook.stop();
  });

  async function share(inboxId: string, token = alice.token): Promise<ShareJson & { token: string; path: string }> {
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/shares`, { method: 'POST', token });
    assert.equal(res.status, 201, res.text);
    return res.body.data.share;
  }

  /** An inbox of Alice's with one event, and a link to it. */
  async function sharedInbox(): Promise<{
    inboxId: string;
    eventId: string;
    link: ShareJson & { token: string; path: string };
  }> {
    const inbox = await createInbox(rehook, alice.token);
    const eventId = await ingestEvent(rehook, inbox.id, { token: alice.token, body: 'shared body', suffix: '/shared' });
    return { inboxId: inbox.id, eventId, link: await share(inbox.id) };
  }

  const asShare = (token: string) => ({ headers: { 'x-rehook-share': token } });

  it('creates a link: 201 with id, inboxId, prefix, createdAt, the token (rhl_...) and its page path', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/shares`, { method: 'POST', token: alice.token });
    assert.equal(res.status, 201, res.text);
    const created = res.body.data.share as ShareJson;
    assert.deepEqual(Object.keys(created).sort(), ['createdAt', 'id', 'inboxId', 'path', 'prefix', 'token']);
    assert.match(created.id, SHARE_ID);
    assert.equal(created.inboxId, inbox.id);
    assert.match(created.token ?? '', SHARE_TOKEN);
    assert.equal(created.path, `/s/${created.token}`);
    assert.equal(created.prefix, created.token?.slice(0, 8));
    assert.match(created.createdAt, ISO_UTC);
  });

  it('lists the links of an inbox newest first, without their tokens; a revoked link is gone', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const first = await share(inbox.id);
    const second = await share(inbox.id);
    const listed = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/shares`, { token: alice.token });
    assert.equal(listed.status, 200, listed.text);
    const shares = listed.body.data.shares as ShareJson[];
    assert.deepEqual(shares.map((s) => s.id).sort(), [first.id, second.id].sort());
    for (const s of shares) assert.deepEqual(Object.keys(s).sort(), ['createdAt', 'id', 'inboxId', 'prefix']);
    assert.ok(!listed.text.includes(first.token) && !listed.text.includes(second.token), 'a listing shows a token');

    const revoked = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/shares/${first.id}`, {
      method: 'DELETE',
      token: alice.token,
    });
    assert.equal(revoked.status, 204, revoked.text);
    const after = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/shares`, { token: alice.token });
    assert.deepEqual(
      (after.body.data.shares as ShareJson[]).map((s) => s.id),
      [second.id],
    );
    const again = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/shares/${first.id}`, {
      method: 'DELETE',
      token: alice.token,
    });
    assertError(again, 404, 'SHARE_NOT_FOUND');
  });

  it('only the owner manages links: no token 401, another account 404, an anonymous inbox 409, unknown ids 404', async () => {
    const owned = await createInbox(rehook, alice.token);
    const link = await share(owned.id);
    const anonymous = await createInbox(rehook);
    const paths = (inboxId: string, shareId = link.id) =>
      [
        ['POST', `/api/v1/inboxes/${inboxId}/shares`],
        ['GET', `/api/v1/inboxes/${inboxId}/shares`],
        ['DELETE', `/api/v1/inboxes/${inboxId}/shares/${shareId}`],
      ] as const;
    for (const [method, path] of paths(owned.id)) {
      assertUnauthorized(await call(rehook.apiUrl, path, { method }));
      assertError(await call(rehook.apiUrl, path, { method, token: bob.token }), 404, 'INBOX_NOT_FOUND');
    }
    for (const [method, path] of paths(anonymous.id)) {
      assertError(await call(rehook.apiUrl, path, { method, token: alice.token }), 409, 'INBOX_NOT_SAVED');
      assertUnauthorized(await call(rehook.apiUrl, path, { method }));
    }
    for (const [method, path] of paths(UNKNOWN_INBOX_ID)) {
      assertError(await call(rehook.apiUrl, path, { method, token: alice.token }), 404, 'INBOX_NOT_FOUND');
    }
    // A link of another inbox, a malformed id, an unknown one: not one of this inbox's links.
    const other = await createInbox(rehook, alice.token);
    for (const shareId of [link.id, 'shr_nope', 'shr_aaaaaaaaaaaaaaaaaaaaaaaaaa']) {
      const res = await call(rehook.apiUrl, `/api/v1/inboxes/${other.id}/shares/${shareId}`, {
        method: 'DELETE',
        token: alice.token,
      });
      assertError(res, 404, 'SHARE_NOT_FOUND');
    }
    // Bob's attempt left the link working.
    assert.equal((await call(rehook.apiUrl, `/api/v1/shares/${link.token}`)).status, 200);
  });

  it('saving an anonymous inbox makes it shareable', async () => {
    const inbox = await createInbox(rehook);
    assertError(
      await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/shares`, { method: 'POST', token: alice.token }),
      409,
      'INBOX_NOT_SAVED',
    );
    assert.equal(
      (await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/save`, { method: 'POST', token: alice.token })).status,
      200,
    );
    await share(inbox.id);
  });

  it('GET /api/v1/shares/:token answers the inbox without any other credential; 404 SHARE_NOT_FOUND otherwise', async () => {
    const { inboxId, link } = await sharedInbox();
    const res = await call(rehook.apiUrl, `/api/v1/shares/${link.token}`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.inbox.id, inboxId);
    assert.equal(res.body.data.inbox.saved, true);
    // With a token, a session or the link itself in the header too: the same answer.
    assert.equal((await call(rehook.apiUrl, `/api/v1/shares/${link.token}`, { token: bob.token })).status, 200);
    assert.equal((await call(rehook.apiUrl, `/api/v1/shares/${link.token}`, asShare(link.token))).status, 200);
    for (const token of [
      generateShareToken(),
      'rhl_short',
      link.token.slice(0, -1) + (link.token.endsWith('a') ? 'b' : 'a'),
      'x'.repeat(150),
    ]) {
      assertError(await call(rehook.apiUrl, `/api/v1/shares/${encodeURIComponent(token)}`), 404, 'SHARE_NOT_FOUND');
    }
  });

  it('a link reads its inbox, events, bodies, stream and long-poll, by header or by ?share=', async () => {
    const { inboxId, eventId, link } = await sharedInbox();
    for (const [label, path, init] of [
      ['header', (p: string) => p, asShare(link.token)],
      ['query', (p: string) => `${p}${p.includes('?') ? '&' : '?'}share=${link.token}`, {}],
    ] as const) {
      const inbox = await call(rehook.apiUrl, path(`/api/v1/inboxes/${inboxId}`), init);
      assert.equal(inbox.status, 200, `${label}: ${inbox.text}`);
      assert.equal(inbox.body.data.inbox.id, inboxId);
      const events = await call(rehook.apiUrl, path(`/api/v1/inboxes/${inboxId}/events`), init);
      assert.equal(events.status, 200, `${label}: ${events.text}`);
      // The oldest event is the one stored before; the first round's live event may follow.
      assert.equal(events.body.at(-1)?.id, eventId);
      const event = await call(rehook.apiUrl, path(`/api/v1/events/${eventId}`), init);
      assert.equal(event.status, 200, `${label}: ${event.text}`);
      assert.equal(event.body.data.event.bodyText, 'shared body');
      const body = await call(rehook.apiUrl, path(`/api/v1/events/${eventId}/body`), init);
      assert.equal(body.status, 200, label);
      assert.equal(body.text, 'shared body');
      const next = await call(
        rehook.apiUrl,
        path(`/api/v1/inboxes/${inboxId}/events/next?after=evt_00000000000000000000000000&timeout=0`),
        init,
      );
      assert.equal(next.status, 200, `${label}: ${next.text}`);
      assert.equal(next.body.data.event.id, eventId);
      const conn = assertStream(
        await openSse(`${rehook.apiUrl}${path(`/api/v1/inboxes/${inboxId}/stream`)}`, init.headers ?? {}),
      );
      streams.push(conn);
      await conn.waitFor(() => conn.comments.length > 0, HANG_MS, `the ${label} stream to start`);
      await ingestEvent(rehook, inboxId, { token: alice.token, suffix: `/live-${label}` });
      await conn.waitFor(
        () => conn.events().some((e: { path: string }) => e.path.endsWith(`/live-${label}`)),
        HANG_MS,
        'the live event',
      );
      conn.close();
    }
  });

  it('HEAD of the readable routes answers like GET with a link', async () => {
    const { inboxId, eventId, link } = await sharedInbox();
    for (const path of [
      `/api/v1/inboxes/${inboxId}`,
      `/api/v1/inboxes/${inboxId}/events`,
      `/api/v1/events/${eventId}`,
      `/api/v1/events/${eventId}/body`,
    ]) {
      const res = await fetch(rehook.apiUrl + path, { method: 'HEAD', headers: { 'x-rehook-share': link.token } });
      await res.arrayBuffer();
      assert.equal(res.status, 200, `HEAD ${path}`);
    }
    const res = await fetch(`${rehook.apiUrl}/api/v1/events/${eventId}/replays`, {
      method: 'HEAD',
      headers: { 'x-rehook-share': link.token },
    });
    await res.arrayBuffer();
    assert.equal(res.status, 403);
  });

  it('everything else with a link is 403 SHARE_READ_ONLY, and changes nothing', async () => {
    const { inboxId, eventId, link } = await sharedInbox();
    const attempts: Array<[string, string, unknown?]> = [
      ['POST', `/api/v1/events/${eventId}/replay`, { destination: 'https://example.com/hook' }],
      ['GET', `/api/v1/events/${eventId}/replays`],
      ['DELETE', `/api/v1/inboxes/${inboxId}`],
      ['POST', `/api/v1/inboxes/${inboxId}/save`],
      ['POST', `/api/v1/inboxes/${inboxId}/shares`],
      ['GET', `/api/v1/inboxes/${inboxId}/shares`],
      ['DELETE', `/api/v1/inboxes/${inboxId}/shares/${link.id}`],
      ['POST', '/api/v1/inboxes'],
      ['GET', '/api/v1/inboxes'],
      ['GET', '/api/v1/tokens'],
      ['POST', '/api/v1/tokens', { name: 'from a link' }],
    ];
    for (const [method, path, json] of attempts) {
      const res = await call(rehook.apiUrl, path, {
        method,
        ...asShare(link.token),
        ...(json !== undefined ? { json } : {}),
      });
      assertError(res, 403, 'SHARE_READ_ONLY');
    }
    // Nothing changed: the inbox, its event and the link are all there, and no inbox was made.
    const inboxes = await call(rehook.apiUrl, '/api/v1/inboxes', { token: alice.token });
    assert.ok(inboxes.body.data.inboxes.some((i: { id: string; saved: boolean }) => i.id === inboxId));
    assert.equal((await call(rehook.apiUrl, `/api/v1/events/${eventId}`, asShare(link.token))).status, 200);
    const shares = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/shares`, { token: alice.token });
    assert.deepEqual(
      shares.body.data.shares.map((s: ShareJson) => s.id),
      [link.id],
    );
    // An unknown route still says so.
    assertError(await call(rehook.apiUrl, '/api/v1/nowhere', asShare(link.token)), 404, 'NOT_FOUND');
  });

  it('other inboxes and their events are unknown to a link, anonymous ones included', async () => {
    const { link } = await sharedInbox();
    const anonymous = await createInbox(rehook);
    const anonEvent = await ingestEvent(rehook, anonymous.id);
    const other = await createInbox(rehook, alice.token);
    const otherEvent = await ingestEvent(rehook, other.id, { token: alice.token });
    for (const inboxId of [anonymous.id, other.id, UNKNOWN_INBOX_ID]) {
      for (const path of [
        `/api/v1/inboxes/${inboxId}`,
        `/api/v1/inboxes/${inboxId}/events`,
        `/api/v1/inboxes/${inboxId}/events/next?timeout=0`,
      ]) {
        assertError(await call(rehook.apiUrl, path, asShare(link.token)), 404, 'INBOX_NOT_FOUND');
      }
      const stream = await openSse(`${rehook.apiUrl}/api/v1/inboxes/${inboxId}/stream?share=${link.token}`);
      assert.equal(stream.status, 404);
    }
    for (const eventId of [anonEvent, otherEvent]) {
      assertError(await call(rehook.apiUrl, `/api/v1/events/${eventId}`, asShare(link.token)), 404, 'EVENT_NOT_FOUND');
      assertError(
        await call(rehook.apiUrl, `/api/v1/events/${eventId}/body`, asShare(link.token)),
        404,
        'EVENT_NOT_FOUND',
      );
    }
  });

  it('an unknown, malformed or revoked link is 404 SHARE_NOT_FOUND on every endpoint it is sent to', async () => {
    const { inboxId, eventId, link } = await sharedInbox();
    const revoke = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/shares/${link.id}`, {
      method: 'DELETE',
      token: alice.token,
    });
    assert.equal(revoke.status, 204);
    for (const token of [link.token, generateShareToken(), 'garbage', '']) {
      for (const path of [
        `/api/v1/inboxes/${inboxId}`,
        `/api/v1/events/${eventId}`,
        '/api/v1/tokens',
        `/api/v1/shares/${link.token}`,
      ]) {
        const res = await rawRequest(rehook.apiUrl + path, { headers: ['X-Rehook-Share', token] });
        assertError(res, 404, 'SHARE_NOT_FOUND');
      }
    }
    const stream = await openSse(`${rehook.apiUrl}/api/v1/inboxes/${inboxId}/stream?share=${link.token}`);
    assert.equal(stream.status, 404);
  });

  it('a link with an Authorization header, or two links, is 400 AMBIGUOUS_CREDENTIALS', async () => {
    const { inboxId, link } = await sharedInbox();
    const second = await share(inboxId);
    const path = `/api/v1/inboxes/${inboxId}`;
    assertError(
      await call(rehook.apiUrl, path, { token: alice.token, ...asShare(link.token) }),
      400,
      'AMBIGUOUS_CREDENTIALS',
    );
    assertError(
      await call(rehook.apiUrl, `${path}?share=${link.token}`, { token: alice.token }),
      400,
      'AMBIGUOUS_CREDENTIALS',
    );
    assertError(
      await call(rehook.apiUrl, `${path}?share=${link.token}`, asShare(second.token)),
      400,
      'AMBIGUOUS_CREDENTIALS',
    );
    assertError(
      await call(rehook.apiUrl, `${path}?share=${link.token}&share=${link.token}`),
      400,
      'AMBIGUOUS_CREDENTIALS',
    );
    const twice = await rawRequest(rehook.apiUrl + path, {
      headers: ['X-Rehook-Share', link.token, 'x-rehook-share', link.token],
    });
    assertError(twice, 400, 'AMBIGUOUS_CREDENTIALS');
  });

  it('revoking ends the link’s open streams at once, with no event needed, and answers its waiting long-poll 404', async () => {
    const { inboxId, link } = await sharedInbox();
    const doomed = assertStream(await openSse(`${rehook.apiUrl}/api/v1/inboxes/${inboxId}/stream?share=${link.token}`));
    const other = await share(inboxId);
    const survivor = assertStream(
      await openSse(`${rehook.apiUrl}/api/v1/inboxes/${inboxId}/stream`, { 'x-rehook-share': other.token }),
    );
    streams.push(doomed, survivor);
    for (const conn of [doomed, survivor])
      await conn.waitFor(() => conn.comments.length > 0, HANG_MS, 'the streams to start');
    const poll = call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events/next?timeout=2m`, asShare(link.token));
    // The poll is waiting once the route has subscribed to the bus for the inbox.
    await waitUntil(() => subscribersOf(inboxId) >= 3, 'the long-poll to wait');

    const revoke = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/shares/${link.id}`, {
      method: 'DELETE',
      token: alice.token,
    });
    assert.equal(revoke.status, 204);
    await doomed.waitFor(() => doomed.ended, HANG_MS, 'the stream of the revoked link to end');
    const answer = await poll;
    assertError(answer, 404, 'SHARE_NOT_FOUND');
    // The other link's stream goes on and still gets events.
    assert.equal(survivor.ended, false);
    await ingestEvent(rehook, inboxId, { token: alice.token, suffix: '/after-revoke' });
    await survivor.waitFor(
      () => survivor.events().some((e: { path: string }) => e.path.endsWith('/after-revoke')),
      HANG_MS,
      'the event on the other link',
    );
    assert.ok(!doomed.events().some((e: { path: string }) => e.path.endsWith('/after-revoke')));
  });

  it('deleting the inbox deletes its links', async () => {
    const { inboxId, link } = await sharedInbox();
    assert.equal(
      (await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}`, { method: 'DELETE', token: alice.token })).status,
      204,
    );
    assertError(await call(rehook.apiUrl, `/api/v1/shares/${link.token}`), 404, 'SHARE_NOT_FOUND');
    assertError(await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}`, asShare(link.token)), 404, 'SHARE_NOT_FOUND');
  });

  /** Live subscriptions of an inbox on the bus: streams and waiting polls. */
  function subscribersOf(inboxId: string): number {
    return subscriptions.get(inboxId) ?? 0;
  }
  const subscriptions = new Map<string, number>();
  before(() => {
    const bus = rehook.deps.bus;
    const original = bus.subscribe.bind(bus);
    bus.subscribe = (inboxId, onEvent) => {
      subscriptions.set(inboxId, (subscriptions.get(inboxId) ?? 0) + 1);
      const unsubscribe = original(inboxId, onEvent);
      let done = false;
      return () => {
        if (!done) {
          done = true;
          subscriptions.set(inboxId, (subscriptions.get(inboxId) ?? 1) - 1);
        }
        unsubscribe();
      };
    };
  });
  async function waitUntil(predicate: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + HANG_MS;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
});
