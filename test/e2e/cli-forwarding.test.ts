import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../../src/cli/cli.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api, startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { FAST_FORWARDING, waitUntil } from '../integration/api/forwarding/support.js';

/** Runs the CLI in this process; resolves with what it printed, or rejects with its error. */
async function cli(args: readonly string[]): Promise<{ stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  await runCli(args, { stdout: (t) => out.push(t), stderr: (t) => err.push(t), stdin: async () => null, env: {} });
  return { stdout: out.join('\n'), stderr: err.join('\n') };
}

describe('rehook forwarding set|show|remove and rehook deliveries', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let token: string;

  before(async () => {
    rehook = await startTestRehook({ env: FAST_FORWARDING });
    receiver = await startReceiver();
    token = (await rehook.createUser()).token;
  });
  after(async () => {
    await receiver.close();
    await rehook.stop();
  });

  test('sets, shows, follows a delivery, retries it and removes the forwarding', async () => {
    const client = ['--server', rehook.apiUrl, '--token', token];
    const inbox = (await api(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', token })).body.data.inbox;
    const set = await cli([
      'forwarding',
      'set',
      inbox.id,
      '--to',
      `${receiver.url}/in`,
      '--max-attempts',
      '4',
      '--max-delay',
      '10m',
      '--json',
      ...client,
    ]);
    assert.deepEqual(
      (({ destination, enabled, maxAttempts, maxDelayMs }) => ({ destination, enabled, maxAttempts, maxDelayMs }))(
        JSON.parse(set.stdout).forwarding,
      ),
      { destination: `${receiver.url}/in`, enabled: true, maxAttempts: 4, maxDelayMs: 600_000 },
    );
    const shown = await cli(['forwarding', 'show', inbox.id, ...client]);
    assert.match(shown.stdout, /destination\s+http:\/\/127\.0\.0\.1:\d+\/in/);
    assert.match(shown.stdout, /max delay\s+10m/);

    await fetch(`${rehook.ingestUrl}/i/${inbox.id}/a?b=1`, { method: 'POST', body: 'hello' }).then((r) =>
      r.arrayBuffer(),
    );
    const eventId: string = (await api(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events`, { token })).body[0].id;
    await waitUntil('delivered', async () =>
      (await cli(['deliveries', eventId, ...client])).stdout.includes('delivered') ? true : undefined,
    );
    const human = (await cli(['deliveries', eventId, ...client])).stdout;
    assert.match(human, /state\s+delivered/);
    assert.match(human, /1\s+\S+\s+delivered\s+200/);
    assert.equal(receiver.requests[0]?.url, '/in/a?b=1');

    const retried = await cli(['deliveries', eventId, '--retry', ...client]);
    assert.match(retried.stdout, /queued again/);
    await waitUntil('a second attempt', async () => {
      const { deliveries } = JSON.parse((await cli(['deliveries', eventId, '--json', ...client])).stdout);
      return deliveries[0].attemptLog.length === 2 && deliveries[0].state === 'delivered' ? true : undefined;
    });

    const paused = await cli(['forwarding', 'set', inbox.id, '--to', receiver.url, '--disable', '--json', ...client]);
    assert.equal(JSON.parse(paused.stdout).forwarding.enabled, false);
    const removed = await cli(['forwarding', 'remove', inbox.id, ...client]);
    assert.match(removed.stdout, /Forwarding removed; 0 unfinished deliveries cancelled/);
    assert.match((await cli(['forwarding', 'show', inbox.id, ...client])).stdout, /No forwarding is set/);
    await assert.rejects(
      cli(['forwarding', 'set', inbox.id, '--to', 'x', '--max-delay', 'soon', ...client]),
      /--max-delay must be a duration/,
    );
  });
});
