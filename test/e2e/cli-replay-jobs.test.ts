import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../../src/cli/cli.js';
import { ExitError } from '../../src/cli/exit.js';
import { RehookApiError } from '../../src/client/errors.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api, startTestRehook, type TestRehook } from '../helpers/rehook.js';

/** Runs the CLI in this process; resolves with what it printed and its exit code. */
async function cli(args: readonly string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  const out: string[] = [];
  const err: string[] = [];
  let code = 0;
  try {
    await runCli(args, { stdout: (t) => out.push(t), stderr: (t) => err.push(t), stdin: async () => null, env: {} });
  } catch (error) {
    // The bin entry exits 1 for an API error (src/cli/index.ts).
    if (error instanceof RehookApiError) {
      code = 1;
      err.push(error.message);
    } else {
      if (!(error instanceof ExitError)) throw error;
      code = error.code;
      if (error.message !== '') err.push(error.message);
    }
  }
  return { stdout: out.join('\n'), stderr: err.join('\n'), code };
}

describe('rehook replay-all and rehook replay-job', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let token: string;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });

  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1' } });
    receiver = await startReceiver(async (req, res) => {
      if (req.url === '/hold') await held;
      res.end('ok');
    });
    token = (await rehook.createUser()).token;
  });
  after(async () => {
    release();
    await receiver.close();
    await rehook.stop();
  });

  test('replay-all --wait replays the chosen events in order; replay-job shows every result; --cancel stops a job', async () => {
    const client = ['--server', rehook.apiUrl, '--token', token];
    const inbox = (await api(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', token })).body.data.inbox;
    for (const [suffix, body] of [
      ['/stripe/a', 'one'],
      ['/github', 'two'],
      ['/stripe/b', 'three'],
    ] as const) {
      await fetch(`${rehook.ingestUrl}/i/${inbox.id}${suffix}`, { method: 'POST', body }).then((r) => r.arrayBuffer());
    }
    const all = await cli([
      'replay-all',
      inbox.id,
      '--to',
      `${receiver.url}/x`,
      '--path-prefix',
      '/stripe',
      '--rate',
      '50',
      '--wait',
      ...client,
    ]);
    assert.equal(all.code, 0, all.stderr);
    assert.match(all.stdout, /state\s+completed/);
    assert.match(all.stdout, /progress\s+2\/2 \(100%\)/);
    assert.match(all.stderr, /job_[0-9a-z]{26} (queued|running|completed) /);
    assert.deepEqual(
      receiver.requests.map((r) => r.body.toString()),
      ['one', 'three'],
    );
    const jobId = /job\s+(job_[0-9a-z]{26})/.exec(all.stdout)?.[1] ?? '';

    const shown = await cli(['replay-job', jobId, ...client]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, /#\s+REQUEST\s+EVENT\s+STATUS\s+LATENCY\s+ERROR\s+REPLAY/);
    assert.match(shown.stdout, /\n0\s+POST \/i\/inb_\w+\/stripe\S*\s+evt_\S+\s+200\s+[\d.]+ ms\s+-\s+rpl_/);
    assert.match(shown.stdout, /^outcomes\s+2xx 2$/m);
    const asJson = JSON.parse((await cli(['replay-job', jobId, '--json', ...client])).stdout);
    assert.equal(asJson.job.id, jobId);
    assert.equal(asJson.results.length, 2);

    const events = (await api(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events`, { token })).body as Array<{
      id: string;
    }>;
    const started = await cli([
      'replay-all',
      inbox.id,
      '--to',
      `${receiver.url}/hold`,
      '--event',
      events[0]?.id ?? '',
      '--event',
      events[1]?.id ?? '',
      '--json',
      ...client,
    ]);
    assert.equal(started.code, 0, started.stderr);
    const heldJob = JSON.parse(started.stdout).job;
    assert.deepEqual(heldJob.filter.eventIds, [events[0]?.id, events[1]?.id]);
    const cancelled = await cli(['replay-job', heldJob.id, '--cancel', '--wait', ...client]);
    release();
    assert.equal(cancelled.code, 1);
    assert.match(cancelled.stdout, /state\s+cancelled/);
    assert.match(cancelled.stderr, /cancelled/);

    const bad = await cli(['replay-all', inbox.id, '--to', `${receiver.url}/x`, '--rate', 'fast', ...client]);
    assert.equal(bad.code, 2);
    const refused = await cli(['replay-all', inbox.id, '--to', `${receiver.url}/x`, '--concurrency', '50', ...client]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /concurrency/);
  });
});
