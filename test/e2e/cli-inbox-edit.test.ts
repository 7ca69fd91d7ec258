import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { killAll, rehook, startServe, useBuiltCli, type ServeProcess } from './cli-harness.js';

// The built bin against a running server: naming, renaming and clearing inboxes, deleting events.
const removeBin = await useBuiltCli();

after(async () => {
  killAll();
  await removeBin();
});

describe('rehook inbox create --name, inbox rename, inbox clear, event delete (built bin)', { concurrency: 1 }, () => {
  let dataDir: string;
  let serve: ServeProcess;
  let token = '';
  let inboxId = '';
  const eventIds: string[] = [];
  const client = () => ['--server', serve.apiUrl];
  const withToken = () => ['--token', token, ...client()];

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rehook-cli-inbox-edit-'));
    serve = await startServe(['--port', '0', '--ingest-port', '0', '--data-dir', dataDir]);
    const account = await rehook(['accounts', 'create', '--email', 'names@example.test', '--data-dir', dataDir], {
      input: '',
    });
    assert.equal(account.code, 0, account.stderr);
    const created = await rehook([
      'tokens',
      'create',
      '--email',
      'names@example.test',
      '--name',
      'cli',
      '--data-dir',
      dataDir,
    ]);
    assert.equal(created.code, 0, created.stderr);
    token = created.stdout.trim();
  });

  after(async () => {
    killAll();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('inbox create --name names the inbox; get and list show the name and the event count', async () => {
    const created = await rehook(['inbox', 'create', '--name', '  Stripe test ', '--json', ...withToken()]);
    assert.equal(created.code, 0, created.stderr);
    const { inbox } = JSON.parse(created.stdout) as {
      inbox: { id: string; name: string; eventCount: number; url: string };
    };
    assert.deepEqual([inbox.name, inbox.eventCount], ['Stripe test', 0]);
    inboxId = inbox.id;
    for (const n of [1, 2, 3]) {
      const response = await fetch(`${inbox.url}/hook?n=${n}`, { method: 'POST', body: `event ${n}` });
      assert.equal(response.status, 200);
    }
    const shown = await rehook(['inbox', 'get', inboxId, ...withToken()]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, /name\s+Stripe test\n/);
    assert.match(shown.stdout, /events\s+3\n/);
    assert.match(shown.stdout, /last event\s+\d{4}-\d{2}-\d{2}T/);
    const listed = await rehook(['inbox', 'list', ...withToken()]);
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /ID\s+NAME\s+EVENTS\s+LAST EVENT\s+URL/);
    assert.match(listed.stdout, new RegExp(`${inboxId}\\s+Stripe test\\s+3\\s+\\d{4}-`));
    const events = await rehook(['events', inboxId, '--json', ...withToken()]);
    eventIds.push(...(JSON.parse(events.stdout) as { events: { id: string }[] }).events.map((event) => event.id));
    assert.equal(eventIds.length, 3);
  });

  test('inbox rename sets the name, "" removes it; a bad name is the API error, exit 1', async () => {
    const renamed = await rehook(['inbox', 'rename', inboxId, 'GitHub hooks', ...withToken()]);
    assert.equal(renamed.code, 0, renamed.stderr);
    assert.match(renamed.stdout, /name\s+GitHub hooks\n/);
    const removed = await rehook(['inbox', 'rename', inboxId, '', '--json', ...withToken()]);
    assert.equal(removed.code, 0, removed.stderr);
    assert.equal((JSON.parse(removed.stdout) as { inbox: { name: string | null } }).inbox.name, null);
    const bad = await rehook(['inbox', 'rename', inboxId, 'x'.repeat(101), ...withToken()]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /^rehook: VALIDATION_FAILED: .*name/);
    const missing = await rehook(['inbox', 'rename', inboxId, ...withToken()]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /missing argument <name>/);
  });

  test('event delete deletes one event (owner only), and `rehook event <id>` still shows events', async () => {
    const [newest, middle] = eventIds as [string, string, string];
    const refused = await rehook(['event', 'delete', middle, ...client()]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /^rehook: UNAUTHORIZED: /);
    const deleted = await rehook(['event', 'delete', middle, ...withToken()]);
    assert.equal(deleted.code, 0, deleted.stderr);
    assert.equal(deleted.stdout, `Deleted event ${middle}.\n`);
    const gone = await rehook(['event', middle, ...withToken()]);
    assert.equal(gone.code, 1);
    assert.equal(gone.stderr, 'rehook: EVENT_NOT_FOUND: Event not found\n');
    const shown = await rehook(['event', newest, ...withToken()]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, /event 3/);
    const again = await rehook(['event', 'delete', middle, '--json', ...withToken()]);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /^rehook: EVENT_NOT_FOUND: /);
    const count = await rehook(['inbox', 'get', inboxId, '--json', ...withToken()]);
    assert.equal((JSON.parse(count.stdout) as { inbox: { eventCount: number } }).inbox.eventCount, 2);
  });

  test('inbox clear deletes every event; the inbox stays and keeps capturing', async () => {
    const cleared = await rehook(['inbox', 'clear', inboxId, '--json', ...withToken()]);
    assert.equal(cleared.code, 0, cleared.stderr);
    assert.deepEqual(JSON.parse(cleared.stdout), { cleared: { inboxId } });
    const events = await rehook(['events', inboxId, '--json', ...withToken()]);
    assert.deepEqual((JSON.parse(events.stdout) as { events: unknown[] }).events, []);
    const shown = await rehook(['inbox', 'get', inboxId, ...withToken()]);
    assert.match(shown.stdout, /events\s+0\n/);
    assert.match(shown.stdout, /last event\s+-\n/);
    const response = await fetch(`${serve.ingestUrl}/i/${inboxId}/after`, { method: 'POST', body: 'after the clear' });
    assert.equal(response.status, 200);
    const human = await rehook(['inbox', 'clear', inboxId, ...withToken()]);
    assert.equal(human.code, 0, human.stderr);
    assert.equal(human.stdout, `Cleared inbox ${inboxId}: its events are deleted.\n`);
  });

  test('the new commands answer --help; `event --help` is still the show command', async () => {
    for (const [command, usage] of [
      [['inbox', 'rename'], /^Usage: rehook inbox rename <inboxId> <name>/],
      [['inbox', 'clear'], /^Usage: rehook inbox clear <inboxId>/],
      [['event', 'delete'], /^Usage: rehook event delete <eventId>/],
      [['event'], /^Usage: rehook event <eventId>/],
      [['inbox', 'create'], /--name <name>/],
    ] as const) {
      const result = await rehook([...command, '--help']);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, usage);
    }
  });
});
