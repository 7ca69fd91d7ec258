import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import Stripe from 'stripe';

import { RehookApiError, RehookClient } from '../../src/client/index.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';

// RehookClient's signature methods against a running Rehook: signatureSettings,
// setSignatureSettings, removeSignatureSettings, and resign (helper 1's listen uses it).
const SECRET = `whsec_${'Y2xpZW50LXRlc3Qtc2VjcmV0'.repeat(2)}`;
const PAYLOAD = '{"id":"evt_client","object":"event"}';

describe('RehookClient signature methods', () => {
  let rehook: TestRehook;
  let client: RehookClient;

  before(async () => {
    rehook = await startTestRehook();
    const user = await rehook.createUser();
    client = new RehookClient({ baseUrl: rehook.apiUrl, token: user.token });
  });
  after(async () => {
    await rehook.stop();
  });

  it('sets, reads and removes the settings; events carry the check; resign gives headers Stripe accepts', async () => {
    const inbox = await client.createInbox();
    assert.equal(await client.signatureSettings(inbox.id), null);
    const set = await client.setSignatureSettings(inbox.id, { scheme: 'stripe', secret: SECRET });
    assert.equal(set.scheme, 'stripe');
    assert.equal(set.toleranceSeconds, 300);
    assert.deepEqual(await client.signatureSettings(inbox.id), set);

    const header = Stripe.webhooks.generateTestHeaderString({
      payload: PAYLOAD,
      secret: SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const sent = await fetch(inbox.url, { method: 'POST', headers: { 'stripe-signature': header }, body: PAYLOAD });
    await sent.arrayBuffer();
    const [event] = (await client.events(inbox.id, { limit: 1 })).events;
    assert.ok(event !== undefined);
    assert.equal(event.signature.status, 'invalid');
    assert.match(event.signature.reason ?? '', /timestamp outside tolerance/);
    const resigned = await client.resign(event.id);
    assert.equal(resigned.scheme, 'stripe');
    assert.equal(Stripe.webhooks.constructEvent(PAYLOAD, resigned.headers[0]?.[1] ?? '', SECRET).id, 'evt_client');

    await client.removeSignatureSettings(inbox.id);
    assert.equal(await client.signatureSettings(inbox.id), null);
    await assert.rejects(
      client.resign(event.id),
      (err: unknown) => err instanceof RehookApiError && err.code === 'SIGNATURE_NOT_SET' && err.status === 409,
    );
    await assert.rejects(
      client.setSignatureSettings(inbox.id, { scheme: 'svix', secret: 'not-whsec' }),
      (err: unknown) => err instanceof RehookApiError && err.code === 'VALIDATION_FAILED' && /whsec_/.test(err.message),
    );
  });
});
