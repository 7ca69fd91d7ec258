/**
 * A destination that is saved to be sent to later (forwarding, alert rules) is checked when it
 * is saved by the same rule the egress guard applies when it dials: a setting that can never be
 * delivered is refused with the reason, the setting that opens it and the `rehook listen` hint,
 * instead of "Saved" followed by failing deliveries. Default configuration: loopback refused.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { assertError, call, createInbox, ingestEvent } from '../support.js';

/** Literal addresses and special names the guard refuses without a connection, in many spellings. */
const REFUSED = [
  'http://169.254.169.254/latest',
  'http://127.0.0.1:19090/hooks',
  'http://localhost:19090/hooks',
  'http://LOCALHOST:19090/hooks',
  'http://localhost.:19090/hooks',
  'http://api.localhost./hooks',
  'http://api.localhost/hooks',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://0177.0.0.1/',
  'http://127.1/',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:a9fe:a9fe]/latest',
  'http://0.0.0.0/',
  'http://10.0.0.1/',
  'http://[fe80::1]/',
];

describe('destinations saved for later are checked at save like at delivery', () => {
  let rehook: TestRehook;
  let user: { accountId: string; token: string };
  let inboxId: string;
  let eventId: string;

  before(async () => {
    rehook = await startTestRehook();
    user = await rehook.createUser();
    inboxId = (await createInbox(rehook, user.token)).id;
    eventId = await ingestEvent(rehook, inboxId, { body: 'x', token: user.token });
  });
  after(async () => {
    await rehook.stop();
  });

  const putForwarding = (destination: string) =>
    call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/forwarding`, {
      method: 'PUT',
      token: user.token,
      json: { destination },
    });
  const putAlert = (url: string) =>
    call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/alerts`, {
      method: 'PUT',
      token: user.token,
      json: { rules: [{ name: 'failures', kind: 'forwarding', url }] },
    });

  for (const destination of REFUSED) {
    it(`forwarding and alerts refuse ${destination} at save (400 INVALID_DESTINATION)`, async () => {
      const forwarding = await putForwarding(destination);
      assertError(forwarding, 400, 'INVALID_DESTINATION');
      assert.match(forwarding.body.error.message, /egress policy refuses/);
      const alert = await putAlert(destination);
      assertError(alert, 400, 'INVALID_DESTINATION');
      assert.match(alert.body.error.message, /^Invalid url: the egress policy refuses/);
    });
  }

  it('nothing refused was saved', async () => {
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/forwarding`, { token: user.token });
    assert.equal(res.body.data?.forwarding ?? null, null, res.text);
  });

  it('a loopback refusal names the setting and suggests rehook listen, at save and at replay', async () => {
    const saved = await putForwarding('http://localhost:19090/hooks');
    assert.match(saved.body.error.message, /REHOOK_ALLOW_PRIVATE_DESTINATIONS=1/);
    assert.match(saved.body.error.message, /--allow-private-destinations/);
    assert.match(saved.body.error.message, /rehook listen/);
    const replay = await call(rehook.apiUrl, `/api/v1/events/${eventId}/replay`, {
      method: 'POST',
      token: user.token,
      json: { destination: 'http://127.0.0.1:19090/hooks' },
    });
    assertError(replay, 403, 'DESTINATION_FORBIDDEN');
    assert.match(replay.body.error.message, /^Destination forbidden: loopback: /);
    assert.match(replay.body.error.message, /REHOOK_ALLOW_PRIVATE_DESTINATIONS=1/);
    assert.match(replay.body.error.message, /rehook listen/);
  });

  it('the metadata refusal says no broad setting opens it', async () => {
    const res = await putForwarding('http://169.254.169.254/latest');
    assert.match(res.body.error.message, /metadata: a cloud metadata address, never allowed/);
    assert.doesNotMatch(res.body.error.message, /rehook listen/);
  });

  it('a public name is saved (the guard decides again at every delivery)', async () => {
    const res = await putForwarding('https://hooks.example.com/in');
    assert.equal(res.status, 200, res.text);
  });
});

describe('with REHOOK_ALLOW_PRIVATE_DESTINATIONS=1', () => {
  let rehook: TestRehook;
  let user: { accountId: string; token: string };
  let inboxId: string;

  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1' } });
    user = await rehook.createUser();
    inboxId = (await createInbox(rehook, user.token)).id;
  });
  after(async () => {
    await rehook.stop();
  });

  it('loopback is saved, the metadata address still refused', async () => {
    const put = (destination: string) =>
      call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/forwarding`, {
        method: 'PUT',
        token: user.token,
        json: { destination },
      });
    assert.equal((await put('http://localhost.:19090/hooks')).status, 200);
    assertError(await put('http://169.254.169.254/latest'), 400, 'INVALID_DESTINATION');
  });
});
