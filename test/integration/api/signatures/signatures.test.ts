// Signatures end to end on a real server (SQLite; the HTTP suites run again on PostgreSQL):
// PUT/GET/DELETE /api/v1/inboxes/<id>/signature, the check made at capture and shown in the list
// and the event, and POST /api/v1/events/<id>/resign, with requests signed and re-signed
// signatures checked by the providers' own libraries.
//
//   node --import tsx --test test/integration/api/signatures/signatures.test.ts
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';

import { sign as githubSign, verify as githubVerify } from '@octokit/webhooks-methods';
import Stripe from 'stripe';
import { Webhook as SvixWebhook } from 'svix';

import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import {
  assertError,
  assertUnauthorized,
  call,
  createInbox,
  ingestEvent,
  ISO_UTC,
  UNKNOWN_EVENT_ID,
  UNKNOWN_INBOX_ID,
} from '../support.js';

const STRIPE_SECRET = `whsec_${'Zm9vYmFyYmF6cXV4'.repeat(2)}`;
const SVIX_SECRET = `whsec_${Buffer.from('a svix secret of 32 bytes.......').toString('base64')}`;
const GITHUB_SECRET = 'It is a secret to everybody';
const PAYLOAD = JSON.stringify({
  id: 'evt_1NcC',
  object: 'event',
  type: 'payment_intent.succeeded',
  data: { amount: 2000 },
});
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

type Pair = [string, string];
const header = (headers: Pair[], name: string): string | undefined =>
  headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];

describe('signature settings and checks', () => {
  let rehook: TestRehook;
  let alice: { accountId: string; token: string };
  let bob: { accountId: string; token: string };

  before(async () => {
    rehook = await startTestRehook();
    alice = await rehook.createUser();
    bob = await rehook.createUser();
  });
  after(async () => {
    await rehook.stop();
  });

  const signaturePath = (inboxId: string): string => `/api/v1/inboxes/${inboxId}/signature`;
  const put = (inboxId: string, json: unknown, token = alice.token) =>
    call(rehook.apiUrl, signaturePath(inboxId), { method: 'PUT', token, json });

  async function inboxWith(settings: Record<string, unknown>): Promise<string> {
    const inbox = await createInbox(rehook, alice.token);
    const res = await put(inbox.id, settings);
    assert.equal(res.status, 200, res.text);
    return inbox.id;
  }

  async function eventOf(eventId: string): Promise<any> {
    const res = await call(rehook.apiUrl, `/api/v1/events/${eventId}`, { token: alice.token });
    assert.equal(res.status, 200, res.text);
    return res.body.data.event;
  }

  it('sets, shows (never the secret) and removes the settings', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const empty = await call(rehook.apiUrl, signaturePath(inbox.id), { token: alice.token });
    assert.deepEqual(empty.body, { data: { signature: null } });

    const set = await put(inbox.id, { scheme: 'stripe', secret: STRIPE_SECRET, toleranceSeconds: 600 });
    assert.equal(set.status, 200, set.text);
    const expected = {
      scheme: 'stripe',
      secretHint: `whsec_…${STRIPE_SECRET.slice(-4)}`,
      toleranceSeconds: 600,
      header: null,
      encoding: null,
      prefix: null,
    };
    assert.deepEqual({ ...set.body.data.signature, updatedAt: undefined }, { ...expected, updatedAt: undefined });
    assert.match(set.body.data.signature.updatedAt, ISO_UTC);
    const shown = await call(rehook.apiUrl, signaturePath(inbox.id), { token: alice.token });
    assert.deepEqual(shown.body.data.signature, set.body.data.signature);
    for (const res of [set, shown]) assert.ok(!res.text.includes(STRIPE_SECRET.slice(6, -4)), res.text);

    const generic = await put(inbox.id, {
      scheme: 'hmac-sha256',
      secret: 'short',
      header: 'X-Signature',
      encoding: 'base64',
      prefix: 'sha256=',
    });
    assert.equal(generic.status, 200, generic.text);
    assert.deepEqual(
      { ...generic.body.data.signature, updatedAt: 0 },
      {
        scheme: 'hmac-sha256',
        secretHint: null,
        toleranceSeconds: null,
        header: 'X-Signature',
        encoding: 'base64',
        prefix: 'sha256=',
        updatedAt: 0,
      },
    );

    const removed = await call(rehook.apiUrl, signaturePath(inbox.id), { method: 'DELETE', token: alice.token });
    assert.equal(removed.status, 204);
    assert.deepEqual((await call(rehook.apiUrl, signaturePath(inbox.id), { token: alice.token })).body, {
      data: { signature: null },
    });
    // Removing again is fine.
    assert.equal(
      (await call(rehook.apiUrl, signaturePath(inbox.id), { method: 'DELETE', token: alice.token })).status,
      204,
    );
  });

  it('refuses bad settings with 400 VALIDATION_FAILED naming the field, and a body that is not JSON with 415', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const cases: Array<[unknown, RegExp]> = [
      [{ scheme: 'stripe', secret: 'sk_live_123' }, /secret.*starts with 'whsec_'/],
      [{ scheme: 'svix', secret: 'whsec_***' }, /'whsec_' followed by base64/],
      [{ scheme: 'nope', secret: 'x' }, /scheme must be one of/],
      [{ scheme: 'github' }, /secret is required/],
      [{ scheme: 'hmac-sha256', secret: 'x' }, /header is required/],
      [{ scheme: 'github', secret: 'x', toleranceSeconds: 5 }, /signs no timestamp/],
      [[1, 2], /JSON object/],
    ];
    for (const [json, message] of cases) {
      const res = await put(inbox.id, json);
      assertError(res, 400, 'VALIDATION_FAILED');
      assert.match(res.body.error.message, message);
      assert.ok(!res.text.includes('sk_live_123'), res.text);
    }
    const text = await call(rehook.apiUrl, signaturePath(inbox.id), {
      method: 'PUT',
      token: alice.token,
      headers: { 'content-type': 'text/plain' },
      body: 'scheme=stripe',
    });
    assertError(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
    assert.deepEqual((await call(rehook.apiUrl, signaturePath(inbox.id), { token: alice.token })).body, {
      data: { signature: null },
    });
  });

  it('is for the owner of a saved inbox only', async () => {
    const owned = await createInbox(rehook, alice.token);
    const anonymous = await createInbox(rehook);
    const good = { scheme: 'github', secret: GITHUB_SECRET };
    assertUnauthorized(await call(rehook.apiUrl, signaturePath(owned.id), { method: 'PUT', json: good }));
    assertError(await put(owned.id, good, bob.token), 404, 'INBOX_NOT_FOUND');
    assertError(await call(rehook.apiUrl, signaturePath(owned.id), { token: bob.token }), 404, 'INBOX_NOT_FOUND');
    assertError(
      await call(rehook.apiUrl, signaturePath(owned.id), { method: 'DELETE', token: bob.token }),
      404,
      'INBOX_NOT_FOUND',
    );
    const unsaved = await put(anonymous.id, good);
    assertError(unsaved, 409, 'INBOX_NOT_SAVED');
    assert.match(unsaved.body.error.message, /saved inbox can have a signature secret/);
    assertError(await put(UNKNOWN_INBOX_ID, good), 404, 'INBOX_NOT_FOUND');
  });

  it('checks every captured event against the capture time and shows the result in the list and the event', async () => {
    const inboxId = await inboxWith({ scheme: 'stripe', secret: STRIPE_SECRET });
    const stripeHeader = (secret: string, timestamp: number) =>
      Stripe.webhooks.generateTestHeaderString({ payload: PAYLOAD, secret, timestamp });
    const send = (headers: Record<string, string>, body = PAYLOAD) =>
      ingestEvent(rehook, inboxId, {
        token: alice.token,
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });

    const valid = await send({ 'Stripe-Signature': stripeHeader(STRIPE_SECRET, nowSeconds()) });
    const wrongSecret = await send({ 'Stripe-Signature': stripeHeader('whsec_another', nowSeconds()) });
    const tampered = await send(
      { 'Stripe-Signature': stripeHeader(STRIPE_SECRET, nowSeconds()) },
      PAYLOAD.replace('2000', '1'),
    );
    const missing = await send({});
    const malformed = await send({ 'Stripe-Signature': 'v1=deadbeef' });
    // Signed an hour before it reached Rehook: outside Stripe's 5 minutes.
    const hourOld = await send({ 'Stripe-Signature': stripeHeader(STRIPE_SECRET, nowSeconds() - 3600) });

    const expected: Record<string, [string, RegExp | null]> = {
      [valid]: ['valid', null],
      [wrongSecret]: ['invalid', /^signature mismatch: wrong secret, or the body was changed$/],
      [tampered]: ['invalid', /^signature mismatch/],
      [missing]: ['invalid', /^missing Stripe-Signature header$/],
      [malformed]: ['invalid', /^malformed Stripe-Signature header: no t= timestamp$/],
      [hourOld]: ['invalid', /^timestamp outside tolerance: signed 36\d\d s before capture \(tolerance 300 s\)$/],
    };
    const list = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?limit=10`, { token: alice.token });
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.length, 6);
    for (const summary of list.body) {
      const [status, reason] = expected[summary.id] ?? assert.fail(`unexpected event ${summary.id}`);
      for (const shown of [summary.signature, (await eventOf(summary.id)).signature]) {
        assert.equal(shown.scheme, 'stripe');
        assert.equal(shown.status, status, JSON.stringify(shown));
        if (reason === null) assert.equal(shown.reason, null);
        else assert.match(shown.reason, reason);
      }
    }
  });

  it('shows events of an inbox without a secret as unchecked, and later changes apply at once', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const before = await ingestEvent(rehook, inbox.id, { token: alice.token, body: PAYLOAD });
    assert.deepEqual((await eventOf(before)).signature, {
      scheme: null,
      status: 'unchecked',
      reason: 'no signature secret was set when it arrived',
    });
    assert.equal((await put(inbox.id, { scheme: 'github', secret: GITHUB_SECRET })).status, 200);
    const signed = await ingestEvent(rehook, inbox.id, {
      token: alice.token,
      body: PAYLOAD,
      headers: { 'X-Hub-Signature-256': await githubSign(GITHUB_SECRET, PAYLOAD) },
    });
    assert.deepEqual((await eventOf(signed)).signature, { scheme: 'github', status: 'valid', reason: null });
    // Replaced by another secret: the same signature is now a mismatch; earlier events keep theirs.
    assert.equal((await put(inbox.id, { scheme: 'github', secret: 'rotated' })).status, 200);
    const stale = await ingestEvent(rehook, inbox.id, {
      token: alice.token,
      body: PAYLOAD,
      headers: { 'X-Hub-Signature-256': await githubSign(GITHUB_SECRET, PAYLOAD) },
    });
    assert.equal((await eventOf(stale)).signature.status, 'invalid');
    assert.equal((await eventOf(signed)).signature.status, 'valid');
    assert.equal(
      (await call(rehook.apiUrl, signaturePath(inbox.id), { method: 'DELETE', token: alice.token })).status,
      204,
    );
    const after = await ingestEvent(rehook, inbox.id, { token: alice.token, body: PAYLOAD });
    assert.equal((await eventOf(after)).signature.status, 'unchecked');
  });

  it('checks the exact body bytes: a body that is not UTF-8 verifies with the generic scheme', async () => {
    const inboxId = await inboxWith({
      scheme: 'hmac-sha256',
      secret: 'generic',
      header: 'X-Body-Signature',
      encoding: 'base64',
    });
    const body = Buffer.from([0x00, 0xff, 0xfe, 0x80, 0x7b, 0x22, 0xc3]);
    const signature = createHmac('sha256', 'generic').update(body).digest('base64');
    const eventId = await ingestEvent(rehook, inboxId, {
      token: alice.token,
      body,
      headers: { 'content-type': 'application/octet-stream', 'X-Body-Signature': signature },
    });
    assert.deepEqual((await eventOf(eventId)).signature, { scheme: 'hmac-sha256', status: 'valid', reason: null });
  });

  describe('POST /api/v1/events/<id>/resign', () => {
    const resign = (eventId: string, token = alice.token) =>
      call(rehook.apiUrl, `/api/v1/events/${eventId}/resign`, { method: 'POST', token });

    it('gives fresh Stripe headers that Stripe accepts where the captured hour-old ones fail', async () => {
      const inboxId = await inboxWith({ scheme: 'stripe', secret: STRIPE_SECRET });
      const old = Stripe.webhooks.generateTestHeaderString({
        payload: PAYLOAD,
        secret: STRIPE_SECRET,
        timestamp: nowSeconds() - 3600,
      });
      const eventId = await ingestEvent(rehook, inboxId, {
        token: alice.token,
        body: PAYLOAD,
        headers: { 'Stripe-Signature': old },
      });
      assert.throws(() => Stripe.webhooks.constructEvent(PAYLOAD, old, STRIPE_SECRET), /tolerance/i);
      const res = await resign(eventId);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.data.scheme, 'stripe');
      const headers: Pair[] = res.body.data.headers;
      assert.deepEqual(
        headers.map(([name]) => name),
        ['Stripe-Signature'],
      );
      assert.equal(
        Stripe.webhooks.constructEvent(PAYLOAD, header(headers, 'stripe-signature') ?? '', STRIPE_SECRET).id,
        'evt_1NcC',
      );
    });

    it('keeps the Svix message id and signs with a fresh timestamp that svix accepts', async () => {
      const inboxId = await inboxWith({ scheme: 'svix', secret: SVIX_SECRET });
      const hourAgo = new Date(Date.now() - 3600_000);
      const original = {
        'svix-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
        'svix-timestamp': String(Math.floor(hourAgo.getTime() / 1000)),
        'svix-signature': new SvixWebhook(SVIX_SECRET).sign('msg_p5jXN8AQM9LWM0D4loKWxJek', hourAgo, PAYLOAD),
      };
      const eventId = await ingestEvent(rehook, inboxId, { token: alice.token, body: PAYLOAD, headers: original });
      const event = await eventOf(eventId);
      assert.equal(
        event.signature.reason.startsWith('timestamp outside tolerance'),
        true,
        JSON.stringify(event.signature),
      );
      assert.throws(() => new SvixWebhook(SVIX_SECRET).verify(PAYLOAD, original), /timestamp/i);
      const res = await resign(eventId);
      assert.equal(res.status, 200, res.text);
      const fresh = Object.fromEntries(res.body.data.headers as Pair[]);
      assert.equal(fresh['svix-id'], original['svix-id']);
      assert.deepEqual(new SvixWebhook(SVIX_SECRET).verify(PAYLOAD, fresh), JSON.parse(PAYLOAD));
    });

    it('signs GitHub deliveries as @octokit/webhooks-methods verifies them', async () => {
      const inboxId = await inboxWith({ scheme: 'github', secret: GITHUB_SECRET });
      const eventId = await ingestEvent(rehook, inboxId, {
        token: alice.token,
        body: PAYLOAD,
        headers: { 'X-Hub-Signature-256': `sha256=${'0'.repeat(64)}` },
      });
      const res = await resign(eventId);
      assert.equal(res.status, 200, res.text);
      assert.equal(
        await githubVerify(GITHUB_SECRET, PAYLOAD, header(res.body.data.headers, 'x-hub-signature-256') ?? ''),
        true,
      );
    });

    it("answers 409 SIGNATURE_NOT_SET without a secret (anonymous inboxes never have one), 404 for others' events, 401 without a token", async () => {
      const plain = await createInbox(rehook, alice.token);
      const plainEvent = await ingestEvent(rehook, plain.id, { token: alice.token, body: PAYLOAD });
      assertError(await resign(plainEvent), 409, 'SIGNATURE_NOT_SET');
      const anonymous = await createInbox(rehook);
      const anonymousEvent = await ingestEvent(rehook, anonymous.id, { body: PAYLOAD });
      assertError(await resign(anonymousEvent), 409, 'SIGNATURE_NOT_SET');
      const signedInbox = await inboxWith({ scheme: 'github', secret: GITHUB_SECRET });
      const signedEvent = await ingestEvent(rehook, signedInbox, { token: alice.token, body: PAYLOAD });
      assertError(await resign(signedEvent, bob.token), 404, 'EVENT_NOT_FOUND');
      assertError(await resign(UNKNOWN_EVENT_ID), 404, 'EVENT_NOT_FOUND');
      assertUnauthorized(await call(rehook.apiUrl, `/api/v1/events/${signedEvent}/resign`, { method: 'POST' }));
    });
  });
});
