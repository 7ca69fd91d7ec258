import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  closedPort,
  killAll,
  rehook,
  startReceiver,
  startServe,
  useBuiltCli,
  type Receiver,
  type ServeProcess,
} from './cli-harness.js';

// The built bin against a running server: rehook replay with edits, --repeat and --json.
const removeBin = await useBuiltCli();

after(async () => {
  killAll();
  await removeBin();
});

describe('rehook replay with edits and --repeat (built bin)', { concurrency: 1 }, () => {
  let dataDir: string;
  let serve: ServeProcess;
  let receiver: Receiver;
  let token = '';
  let eventId = '';
  const withToken = () => ['--token', token, '--server', serve.apiUrl];

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rehook-cli-replay-edit-'));
    serve = await startServe(['--port', '0', '--ingest-port', '0', '--data-dir', dataDir], {
      REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1',
      // A set key: the server then logs nothing before its listening line.
      REHOOK_SECRET_KEY: 'ab'.repeat(32),
    });
    receiver = await startReceiver();
    const account = await rehook(['accounts', 'create', '--email', 'replays@example.test', '--data-dir', dataDir], {
      input: '',
    });
    assert.equal(account.code, 0, account.stderr);
    const created = await rehook([
      'tokens',
      'create',
      '--email',
      'replays@example.test',
      '--name',
      'cli',
      '--data-dir',
      dataDir,
    ]);
    assert.equal(created.code, 0, created.stderr);
    token = created.stdout.trim();
    const inbox = await rehook(['inbox', 'create', '--json', ...withToken()]);
    assert.equal(inbox.code, 0, inbox.stderr);
    const { url } = (JSON.parse(inbox.stdout) as { inbox: { url: string } }).inbox;
    const response = await fetch(`${url}/orig`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-remove-me': 'yes', 'x-keep': 'k' },
      body: '{"original":true}',
    });
    assert.equal(response.status, 200);
    const events = await rehook([
      'events',
      (JSON.parse(inbox.stdout) as { inbox: { id: string } }).inbox.id,
      '--json',
      ...withToken(),
    ]);
    eventId = (JSON.parse(events.stdout) as { events: { id: string }[] }).events[0]?.id ?? '';
    assert.match(eventId, /^evt_/);
  });

  after(async () => {
    killAll();
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('--method --path --query --set-header --remove-header --body @file send the edited request and print what was sent', async () => {
    const file = join(dataDir, 'body.json');
    await writeFile(file, '{"edited":true}');
    const result = await rehook([
      'replay',
      eventId,
      '--to',
      `${receiver.url}/base`,
      '--method',
      'PUT',
      '--path',
      '/v2',
      '--query',
      'a=1',
      '--set-header',
      'X-Keep: changed',
      '--set-header',
      'X-New:new',
      '--remove-header',
      'x-remove-me',
      '--body',
      `@${file}`,
      ...withToken(),
    ]);
    assert.equal(result.code, 0, result.stderr);
    const got = receiver.requests.at(-1);
    assert.equal(got?.method, 'PUT');
    assert.equal(got?.url, '/base/v2?a=1');
    assert.equal(got?.headers['x-keep'], 'changed');
    assert.equal(got?.headers['x-new'], 'new');
    assert.equal(got?.headers['x-remove-me'], undefined);
    assert.equal(got?.body, '{"edited":true}');
    assert.match(result.stdout, /status\s+201/);
    assert.match(result.stdout, new RegExp(`sent\\s+PUT ${receiver.url}/base/v2\\?a=1`));
    assert.match(result.stdout, /request\s+edited: method, path, query, headers, body/);
  });

  test('--body text and --json print the replay with its request', async () => {
    const result = await rehook([
      'replay',
      eventId,
      '--to',
      `${receiver.url}/t`,
      '--body',
      'plain text',
      '--json',
      ...withToken(),
    ]);
    assert.equal(result.code, 0, result.stderr);
    const { replay } = JSON.parse(result.stdout) as {
      replay: { statusCode: number; request: { body: string; edited: boolean } };
    };
    assert.equal(replay.statusCode, 201);
    assert.deepEqual([replay.request.body, replay.request.edited], ['plain text', true]);
    assert.equal(receiver.requests.at(-1)?.body, 'plain text');
  });

  test('--repeat 3 prints one line per attempt and the totals; --json gives replays and summary', async () => {
    const before = receiver.requests.length;
    const result = await rehook(['replay', eventId, '--to', `${receiver.url}/r`, '--repeat', '3', ...withToken()]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(receiver.requests.length - before, 3);
    assert.match(result.stdout, /#1\s+201\s+[\d.]+ ms\s+rpl_/);
    assert.match(result.stdout, /#3\s+201/);
    assert.match(result.stdout, /3 of 3 sent: 3 answered \(201 x3\), 0 failed/);
    const json = await rehook([
      'replay',
      eventId,
      '--to',
      `${receiver.url}/r`,
      '--repeat',
      '2',
      '--json',
      ...withToken(),
    ]);
    assert.equal(json.code, 0, json.stderr);
    const run = JSON.parse(json.stdout) as { replays: unknown[]; summary: { attempts: number } };
    assert.deepEqual([run.replays.length, run.summary.attempts], [2, 2]);
  });

  test('--repeat to a closed port prints each failure and exits 1', async () => {
    const port = await closedPort();
    const result = await rehook([
      'replay',
      eventId,
      '--to',
      `http://127.0.0.1:${port}/`,
      '--repeat',
      '2',
      ...withToken(),
    ]);
    assert.equal(result.code, 1);
    assert.match(result.stdout, /#1\s+DESTINATION_UNREACHABLE/);
    assert.match(result.stdout, /2 of 2 sent: 0 answered, 2 failed \(DESTINATION_UNREACHABLE x2\)/);
  });

  test('malformed flags are usage errors (exit 2); bad edits are the API error (exit 1)', async () => {
    const repeat = await rehook(['replay', eventId, '--to', receiver.url, '--repeat', '0', ...withToken()]);
    assert.equal(repeat.code, 2);
    assert.match(repeat.stderr, /--repeat must be an integer from 1 to 100/);
    const header = await rehook(['replay', eventId, '--to', receiver.url, '--set-header', 'NoColon', ...withToken()]);
    assert.equal(header.code, 2);
    assert.match(header.stderr, /--set-header must be name:value/);
    const both = await rehook([
      'replay',
      eventId,
      '--to',
      receiver.url,
      '--body',
      'a',
      '--body-base64',
      'YQ==',
      ...withToken(),
    ]);
    assert.equal(both.code, 2);
    const file = await rehook([
      'replay',
      eventId,
      '--to',
      receiver.url,
      '--body',
      '@/nonexistent/file',
      ...withToken(),
    ]);
    assert.equal(file.code, 2);
    assert.match(file.stderr, /cannot read the file \(ENOENT\)/);
    const host = await rehook(['replay', eventId, '--to', receiver.url, '--set-header', 'Host: evil', ...withToken()]);
    assert.equal(host.code, 1);
    assert.match(host.stderr, /^rehook: VALIDATION_FAILED: .*Host cannot be set/);
    const resign = await rehook(['replay', eventId, '--to', receiver.url, '--resign', ...withToken()]);
    assert.equal(resign.code, 1);
    assert.match(resign.stderr, /^rehook: SIGNATURE_NOT_SET: /);
  });
});
