import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createProviderFetch } from '../../src/oidc/provider-fetch.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

/** The cause chain of a failed fetch, down to the connector's refusal. */
function refusalOf(err: unknown): string | null {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === 'REHOOK_FORBIDDEN_DESTINATION')
      return (e as { reason?: string }).reason ?? '';
  }
  return null;
}

async function refusal(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
  } catch (err) {
    return refusalOf(err);
  }
  return 'answered';
}

// The requests to the identity provider go through the replay egress guard: the issuer's own host
// may be private (the operator chose it), every other host gets the replay policy unchanged.
describe('the identity provider fetch', () => {
  let receiver: Receiver;
  before(async () => {
    receiver = await startReceiver((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  after(() => receiver.close());

  it("reaches the issuer's host on loopback, and refuses another loopback host name", async () => {
    const fetch = createProviderFetch({
      issuer: new URL(receiver.url),
      policy: { allowPrivate: false },
      connectTimeoutMs: 2000,
    });
    const answer = await fetch(`${receiver.url}/.well-known/openid-configuration`, {
      method: 'GET',
      headers: {},
      redirect: 'manual',
    } as never);
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { ok: true });
    // `localhost` is the same machine under another name: not the issuer, so the replay policy says no.
    const other = receiver.url.replace('127.0.0.1', 'localhost');
    assert.equal(await refusal(fetch(`${other}/jwks`, { method: 'GET', headers: {} } as never)), 'loopback');
  });

  it('keeps the deny list and cloud metadata refused even for the issuer', async () => {
    const denied = createProviderFetch({
      issuer: new URL(receiver.url),
      policy: { allowPrivate: false, denyCidrs: ['127.0.0.0/8'] },
      connectTimeoutMs: 2000,
    });
    assert.equal(
      await refusal(denied(`${receiver.url}/x`, { method: 'GET', headers: {} } as never)),
      'denied-by-policy',
    );
    assert.equal(receiver.requests.length, 1);
    const metadata = createProviderFetch({
      issuer: new URL('http://169.254.169.254/'),
      policy: { allowPrivate: true },
      connectTimeoutMs: 2000,
    });
    assert.equal(
      await refusal(metadata('http://169.254.169.254/latest/meta-data/', { method: 'GET', headers: {} } as never)),
      'metadata',
    );
  });
});
