// Access rules over time for long-lived live streams.
//
// The matrix checks who may open GET /api/v1/inboxes/:id/stream. A stream stays open for hours,
// so the rules must also hold for a stream opened while it was allowed: once an anonymous inbox
// is saved it is private to its new owner (README "Access rules": owned inbox, no token → 401,
// another account → 404), and a revoked token "stops working at once". Events captured after
// either change must not reach a stream that could no longer be opened.
//
//   node --import tsx --test test/authz/stream.test.ts
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { assertStream, openSse, type SseConnection } from '../helpers/sse-client.js';
import {
  AUTHZ_ENV,
  bearer,
  call,
  credentialHeaders,
  extraToken,
  ingest,
  newAccount,
  newSession,
  type Credential,
} from './support.js';

describe('live streams follow access changes', () => {
  let rehook: TestRehook;
  let A: { accountId: string; token: string; tokenId: string };
  let B: { accountId: string; token: string; tokenId: string };
  const open: SseConnection[] = [];

  before(async () => {
    rehook = await startTestRehook({ env: AUTHZ_ENV });
    A = await newAccount(rehook, 'stream-a');
    B = await newAccount(rehook, 'stream-b');
  });
  after(async () => {
    for (const conn of open) conn.close();
    await rehook?.stop();
  });

  async function stream(inboxId: string, token?: string): Promise<SseConnection> {
    return streamAs(inboxId, token === undefined ? undefined : bearer(token));
  }
  async function streamAs(inboxId: string, credential: Credential): Promise<SseConnection> {
    const conn = assertStream(
      await openSse(`${rehook.apiUrl}/api/v1/inboxes/${inboxId}/stream`, credentialHeaders(credential)),
    );
    open.push(conn);
    return conn;
  }
  const paths = (conn: SseConnection): string[] => conn.events().map((e: { path: string }) => e.path);

  /** Only catches a hang: what the waits below wait for takes milliseconds on an idle machine. */
  const HANG_MS = 15_000;

  /**
   * Ingests `/i/<id><suffix>` and waits until each of `seers` (streams that must get it) has it.
   * Each stream checks access on its own before it sends, so they get it in no set order.
   */
  async function captureSeenBy(seers: readonly SseConnection[], inboxId: string, suffix: string): Promise<void> {
    assert.equal(await ingest(rehook, inboxId, suffix), 200);
    for (const conn of seers) {
      await conn.waitFor(
        () => paths(conn).some((p) => p.endsWith(suffix)),
        HANG_MS,
        `${suffix} on a stream that may see it`,
      );
    }
  }

  /**
   * Ingests `/i/<id><suffix>`, which `control` must get, while each of `cut` must end instead:
   * the route checks access again before it sends a live event and ends the stream when that
   * fails. Once a stream has ended nothing more can reach it, so what it got is final (no grace
   * period that a slow machine could outlast). A stream that gets the event instead stops the
   * wait too, and the caller reports the leak.
   */
  async function captureEndingStreams(
    control: SseConnection,
    cut: readonly SseConnection[],
    inboxId: string,
    suffix: string,
  ): Promise<void> {
    await captureSeenBy([control], inboxId, suffix);
    for (const conn of cut) {
      const leaked = (): boolean => paths(conn).some((p) => p.endsWith(suffix));
      await conn.waitFor(() => conn.ended || leaked(), HANG_MS, 'a stream that lost access to end');
    }
  }

  it('stops sending events of an inbox to anonymous and other-account streams once it is saved', async () => {
    const created = await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST' });
    const inboxId: string = created.body.data.inbox.id;
    const asAnon = await stream(inboxId);
    const asB = await stream(inboxId, B.token);
    const asA = await stream(inboxId, A.token);

    // Control: the anonymous stream and B's work.
    await captureSeenBy([asA, asAnon, asB], inboxId, '/before-save');

    const saved = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/save`, {
      method: 'POST',
      authorization: bearer(A.token),
    });
    assert.equal(saved.status, 200, saved.text);
    // What a new stream would get now.
    const reopenAnon = await openSse(`${rehook.apiUrl}/api/v1/inboxes/${inboxId}/stream`);
    const reopenB = await openSse(`${rehook.apiUrl}/api/v1/inboxes/${inboxId}/stream`, {
      authorization: bearer(B.token),
    });
    assert.equal(reopenAnon.status, 401);
    assert.equal(reopenB.status, 404);

    await captureEndingStreams(asA, [asAnon, asB], inboxId, '/after-save');
    const leaks = [
      ...(paths(asAnon).some((p) => p.endsWith('/after-save')) ? ['the anonymous stream (a new one gets 401)'] : []),
      ...(paths(asB).some((p) => p.endsWith('/after-save')) ? ["B's stream (a new one gets 404)"] : []),
    ];
    if (leaks.length > 0) assert.fail(`an event captured after A saved the inbox reached ${leaks.join(' and ')}`);
  });

  it('ends the streams of a session that signs out, and of every session of the account on sign-out everywhere', async () => {
    const owned: string = (
      await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', authorization: bearer(A.token) })
    ).body.data.inbox.id;
    const anonymous: string = (await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST' })).body.data.inbox.id;
    const [first, second, third] = [
      await newSession(rehook, A.accountId),
      await newSession(rehook, A.accountId),
      await newSession(rehook, A.accountId),
    ];
    const control = await stream(owned, A.token);
    const anonControl = await stream(anonymous);
    const firstOwned = await streamAs(owned, first.credential);
    // An anonymous inbox is readable without credentials, but a stream opened with a session
    // that then ends is cut like one opened with a revoked token.
    const firstAnon = await streamAs(anonymous, first.credential);
    const secondOwned = await streamAs(owned, second.credential);
    const thirdOwned = await streamAs(owned, third.credential);
    await captureSeenBy([control, firstOwned, secondOwned, thirdOwned], owned, '/before-signout');
    await captureSeenBy([anonControl, firstAnon], anonymous, '/before-signout');

    const signOut = await call(rehook.apiUrl, '/api/v1/auth/signout', {
      method: 'POST',
      authorization: first.credential,
    });
    assert.equal(signOut.status, 204, signOut.text);
    const reopen = await openSse(
      `${rehook.apiUrl}/api/v1/inboxes/${owned}/stream`,
      credentialHeaders(first.credential),
    );
    assert.equal(reopen.status, 401);
    await captureEndingStreams(control, [firstOwned], owned, '/after-signout');
    await captureEndingStreams(anonControl, [firstAnon], anonymous, '/after-signout');
    assert.ok(
      !paths(firstOwned).some((p) => p.endsWith('/after-signout')),
      'an event after sign-out reached the signed-out stream',
    );
    assert.ok(
      !paths(firstAnon).some((p) => p.endsWith('/after-signout')),
      'an event after sign-out reached the signed-out stream',
    );
    for (const conn of [secondOwned, thirdOwned]) {
      // The account's other sessions keep streaming.
      await conn.waitFor(
        () => paths(conn).some((p) => p.endsWith('/after-signout')),
        HANG_MS,
        'another session to keep streaming',
      );
    }

    // Sign out everywhere, here with an API token: both remaining sessions end, the token lives on.
    const everywhere = await call(rehook.apiUrl, '/api/v1/auth/signout-everywhere', {
      method: 'POST',
      authorization: bearer(A.token),
    });
    assert.equal(everywhere.status, 204, everywhere.text);
    await captureEndingStreams(control, [secondOwned, thirdOwned], owned, '/after-everywhere');
    for (const conn of [secondOwned, thirdOwned]) {
      assert.ok(
        !paths(conn).some((p) => p.endsWith('/after-everywhere')),
        'an event after sign-out everywhere reached a session stream',
      );
    }
  });

  it('stops sending events to a stream opened with a token that is then revoked', async () => {
    const { token, tokenId } = await extraToken(rehook, A.accountId, 'stream-revoked');
    const created = await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', authorization: bearer(A.token) });
    const inboxId: string = created.body.data.inbox.id;
    const doomed = await stream(inboxId, token);
    const control = await stream(inboxId, A.token);

    await captureSeenBy([control, doomed], inboxId, '/before-revoke'); // control: the stream works

    const revoked = await call(rehook.apiUrl, `/api/v1/tokens/${tokenId}`, {
      method: 'DELETE',
      authorization: bearer(A.token),
    });
    assert.equal(revoked.status, 204, revoked.text);
    const reopen = await openSse(`${rehook.apiUrl}/api/v1/inboxes/${inboxId}/stream`, { authorization: bearer(token) });
    assert.equal(reopen.status, 401);

    await captureEndingStreams(control, [doomed], inboxId, '/after-revoke');
    assert.ok(
      !paths(doomed).some((p) => p.endsWith('/after-revoke')),
      'an event captured after the token was revoked reached the stream opened with it',
    );
  });
});
