import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startReceiver, type Receiver } from '../../../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { assertError, call, createInbox, rawRequest, REPLAY_ID } from '../support.js';

/**
 * Edit-and-replay where the replay is refused or changed on the way out: the default SSRF policy
 * refuses an edited replay to loopback before connecting, and `resign: true` signs the edited
 * request again, checked with the providers' own libraries.
 */

type Pair = readonly [string, string];

describe('edit-and-replay with the default SSRF policy', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let user: { accountId: string; token: string };
  let eventId: string;

  before(async () => {
    rehook = await startTestRehook();
    receiver = await startReceiver();
    user = await rehook.createUser();
    const inbox = await createInbox(rehook, user.token);
    const res = await rawRequest(`${rehook.ingestUrl}/i/${inbox.id}`, {
      method: 'POST',
      headers: ['Content-Type', 'text/plain'],
      body: 'x',
    });
    assert.equal(res.status, 200);
    const list = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events?limit=1`, { token: user.token });
    eventId = list.body[0].id;
  });
  after(async () => {
    await receiver.close();
    await rehook.stop();
  });

  it('an edited replay to loopback is refused (403 DESTINATION_FORBIDDEN) and opens no connection', async () => {
    const res = await call(rehook.apiUrl, `/api/v1/events/${eventId}/replay`, {
      method: 'POST',
      token: user.token,
      json: { destination: `${receiver.url}/`, method: 'DELETE', headers: { set: { 'X-A': 'b' } }, body: 'edited' },
    });
    assertError(res, 403, 'DESTINATION_FORBIDDEN');
    assert.match(res.body.error.replayId, REPLAY_ID);
    assert.equal(receiver.connections, 0);
  });

  it('repeat to loopback is refused at the first attempt: 403, one recorded attempt, no connection', async () => {
    const res = await call(rehook.apiUrl, `/api/v1/events/${eventId}/replay`, {
      method: 'POST',
      token: user.token,
      json: { destination: `${receiver.url}/`, repeat: 10, path: '/x' },
    });
    assertError(res, 403, 'DESTINATION_FORBIDDEN');
    assert.equal(receiver.connections, 0);
    const listed = await call(rehook.apiUrl, `/api/v1/events/${eventId}/replays`, { token: user.token });
    const forbidden = listed.body.data.replays.filter((r: any) => r.request?.url === `${receiver.url}/x`);
    assert.equal(forbidden.length, 1);
    assert.equal(forbidden[0].outcome, 'forbidden');
  });
});

describe("edit-and-replay with resign: true (signatures checked with the providers' own libraries)", () => {
  const STRIPE_SECRET = `whsec_${'f00dfeed'.repeat(4)}`;
  const STANDARD_SECRET = `whsec_${Buffer.from('standard-webhooks-test-secret-32b').toString('base64')}`;
  let rehook: TestRehook;
  let receiver: Receiver;
  let user: { accountId: string; token: string };

  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1' } });
    receiver = await startReceiver();
    user = await rehook.createUser();
  });
  after(async () => {
    await receiver.close();
    await rehook.stop();
  });

  async function signedInbox(settings: Record<string, unknown> | null): Promise<string> {
    const inbox = await createInbox(rehook, user.token);
    if (settings !== null) {
      const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/signature`, {
        method: 'PUT',
        token: user.token,
        json: settings,
      });
      assert.equal(res.status, 200, res.text);
    }
    return inbox.id;
  }

  async function captureInto(inboxId: string, headers: string[], body: string): Promise<string> {
    const res = await rawRequest(`${rehook.ingestUrl}/i/${inboxId}`, { method: 'POST', headers, body });
    assert.equal(res.status, 200);
    const list = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?limit=1`, { token: user.token });
    return list.body[0].id as string;
  }

  function replay(eventId: string, body: Record<string, unknown>) {
    return call(rehook.apiUrl, `/api/v1/events/${eventId}/replay`, { method: 'POST', token: user.token, json: body });
  }

  function header(headers: readonly Pair[], name: string): string {
    return headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1] ?? '';
  }

  it('Stripe: an event signed an hour ago fails verbatim and passes re-signed, with an edited body', async () => {
    const { default: Stripe } = await import('stripe');
    const inboxId = await signedInbox({ scheme: 'stripe', secret: STRIPE_SECRET });
    const payload = '{"id":"evt_1","type":"charge.succeeded"}';
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const old = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET, timestamp: hourAgo });
    const eventId = await captureInto(inboxId, ['Content-Type', 'application/json', 'Stripe-Signature', old], payload);

    const verbatim = await replay(eventId, { destination: `${receiver.url}/stripe` });
    assert.equal(verbatim.status, 200, verbatim.text);
    const plain = receiver.requests.at(-1);
    assert.ok(plain);
    assert.throws(
      () =>
        Stripe.webhooks.constructEvent(plain.body.toString(), header(plain.headers, 'stripe-signature'), STRIPE_SECRET),
      /tolerance/i,
    );

    const edited = '{"id":"evt_1","type":"charge.refunded"}';
    const res = await replay(eventId, { destination: `${receiver.url}/stripe`, body: edited, resign: true });
    assert.equal(res.status, 200, res.text);
    const got = receiver.requests.at(-1);
    assert.ok(got);
    assert.equal(got.body.toString(), edited);
    const verified = Stripe.webhooks.constructEvent(
      got.body.toString(),
      header(got.headers, 'stripe-signature'),
      STRIPE_SECRET,
    );
    assert.equal(verified.type, 'charge.refunded');
    // Exactly one signature header, in the place of the captured one; the record says so.
    assert.equal(got.headers.filter(([n]) => n.toLowerCase() === 'stripe-signature').length, 1);
    const { request } = res.body.data.replay;
    assert.equal(request.resigned, true);
    assert.equal(header(request.headers, 'stripe-signature'), header(got.headers, 'stripe-signature'));
    assert.notEqual(header(request.headers, 'stripe-signature'), old);
  });

  it('Standard Webhooks: each attempt of a repeat is re-signed over the edited body and verifies', async () => {
    const { Webhook } = await import('standardwebhooks');
    const inboxId = await signedInbox({ scheme: 'standard-webhooks', secret: STANDARD_SECRET });
    const wh = new Webhook(STANDARD_SECRET);
    const payload = '{"type":"user.created"}';
    const at = new Date(Date.now() - 3600_000);
    const signature = wh.sign('msg_1', at, payload);
    const seconds = String(Math.floor(at.getTime() / 1000));
    const eventId = await captureInto(
      inboxId,
      [
        'Content-Type',
        'application/json',
        'webhook-id',
        'msg_1',
        'webhook-timestamp',
        seconds,
        'webhook-signature',
        signature,
      ],
      payload,
    );
    const before = receiver.requests.length;
    const res = await replay(eventId, {
      destination: `${receiver.url}/sw`,
      body: '{"type":"user.deleted"}',
      resign: true,
      repeat: 2,
    });
    assert.equal(res.status, 200, res.text);
    const sent = receiver.requests.slice(before);
    assert.equal(sent.length, 2);
    for (const got of sent) {
      const headers = Object.fromEntries(got.headers.map(([n, v]) => [n.toLowerCase(), v]));
      assert.deepEqual(wh.verify(got.body.toString(), headers), { type: 'user.deleted' });
      assert.equal(headers['webhook-id'], 'msg_1');
    }
  });

  it('resign on an inbox without a signature secret answers 409 SIGNATURE_NOT_SET and sends nothing', async () => {
    const inboxId = await signedInbox(null);
    const eventId = await captureInto(inboxId, ['Content-Type', 'text/plain'], 'x');
    const before = receiver.requests.length;
    const res = await replay(eventId, { destination: `${receiver.url}/never`, resign: true });
    assertError(res, 409, 'SIGNATURE_NOT_SET');
    assert.equal(receiver.requests.length, before);
    const listed = await call(rehook.apiUrl, `/api/v1/events/${eventId}/replays`, { token: user.token });
    assert.deepEqual(listed.body.data.replays, []);
  });
});
