import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { RehookClient } from '../../src/client/index.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { FAST_FORWARDING, waitUntil } from '../integration/api/forwarding/support.js';

describe('RehookClient: automatic forwarding', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let owner: RehookClient;

  before(async () => {
    rehook = await startTestRehook({ env: FAST_FORWARDING });
    receiver = await startReceiver();
    owner = new RehookClient({ baseUrl: rehook.apiUrl, token: (await rehook.createUser()).token });
  });
  after(async () => {
    await receiver.close();
    await rehook.stop();
  });

  test('setForwarding, forwarding, deliveries, retryDelivery and removeForwarding', async () => {
    const inbox = await owner.createInbox();
    assert.equal(await owner.forwarding(inbox.id), null);
    const set = await owner.setForwarding(inbox.id, { destination: `${receiver.url}/hooks`, maxAttempts: 3 });
    assert.deepEqual(
      [set.destination, set.enabled, set.maxAttempts, set.maxDelayMs],
      [`${receiver.url}/hooks`, true, 3, 3_600_000],
    );
    assert.deepEqual(await owner.forwarding(inbox.id), set);

    await owner.send(inbox.id, { path: '/orders', json: { paid: true } });
    const [summary] = (await owner.events(inbox.id)).events;
    assert.ok(summary);
    const [delivery] = await waitUntil('the delivery', async () => {
      const found = await owner.deliveries(summary.id);
      return found[0]?.state === 'delivered' ? found : undefined;
    });
    assert.equal(delivery?.attemptLog[0]?.url, `${receiver.url}/hooks/orders`);
    assert.equal(receiver.requests[0]?.body.toString(), '{"paid":true}');

    const again = await owner.retryDelivery(summary.id);
    assert.equal(again.state, 'pending');
    await waitUntil('the second delivery', async () =>
      (await owner.deliveries(summary.id))[0]?.attemptLog.length === 2 ? true : undefined,
    );

    assert.equal(await owner.removeForwarding(inbox.id), 0);
    await assert.rejects(owner.removeForwarding(inbox.id), { status: 404, code: 'FORWARDING_NOT_FOUND' });
    await assert.rejects(owner.setForwarding(inbox.id, { destination: 'ftp://x' }), {
      status: 400,
      code: 'INVALID_DESTINATION',
    });
  });
});
