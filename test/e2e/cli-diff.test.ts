// `rehook diff <a> <b>` run in-process (runCli with a collecting CliIO), RehookClient.diff and
// RehookClient.previousOfType, against a real server.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../../src/cli/cli.js';
import type { CliIO } from '../../src/cli/io.js';
import { RehookApiError, RehookClient } from '../../src/client/index.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';

async function cli(args: readonly string[]): Promise<string> {
  const out: string[] = [];
  const io: CliIO = {
    stdout: (text) => out.push(text),
    stderr: () => {},
    stdin: async () => null,
    env: { HOME: '/nonexistent-home-for-tests', XDG_CONFIG_HOME: '/nonexistent-config-for-tests' },
  };
  await runCli(args, io);
  return out.join('\n');
}

describe('comparing two events from the client and the CLI', () => {
  let rehook: TestRehook;
  let client: RehookClient;
  let a = '';
  let b = '';

  before(async () => {
    rehook = await startTestRehook();
    client = new RehookClient({ baseUrl: rehook.apiUrl });
    const inbox = await client.createInbox();
    const json = { 'content-type': 'application/json' };
    await client.send(inbox.id, {
      path: '/orders',
      query: 'x=1',
      headers: json,
      body: '{"id":12345678901234567890,"status":"draft","gone":1}',
    });
    await client.send(inbox.id, {
      method: 'PUT',
      path: '/orders',
      query: 'x=2&e=%1B%5B31mred',
      headers: { ...json, 'x-new': 'n' },
      body: '{"id":12345678901234567891,"status":"paid","lines":[1]}',
    });
    const { events } = await client.events(inbox.id);
    b = events[0]?.id ?? '';
    a = events[1]?.id ?? '';
  });
  after(() => rehook.stop());

  test('RehookClient.diff answers the typed diff; diffText the exact JSON', async () => {
    const diff = await client.diff(a, b);
    assert.equal(diff.from, a);
    assert.deepEqual(diff.method, { from: 'POST', to: 'PUT' });
    assert.deepEqual(diff.query.changed, [{ name: 'x', from: ['1'], to: ['2'] }]);
    assert.equal(diff.body.kind, 'json');
    assert.match(await client.diffText(a, b), /"from":12345678901234567890,"value":12345678901234567891/);
    await assert.rejects(
      client.diff(a, 'evt_01aaaaaaaaaaaaaaaaaaaaaaaa'),
      (err: unknown) => err instanceof RehookApiError && err.code === 'EVENT_NOT_FOUND',
    );
  });

  test('RehookClient.previousOfType: the previous event of the same type, and how it was matched', async () => {
    const inbox = await client.createInbox();
    const json = { 'content-type': 'application/json' };
    await client.send(inbox.id, { path: '/orders', headers: json, body: '{"n":1}' });
    await client.send(inbox.id, { path: '/refunds', headers: json, body: '{"n":2}' });
    await client.send(inbox.id, { path: '/orders', headers: json, body: '{"n":3}' });
    const { events } = await client.events(inbox.id);
    const [newest, , oldest] = events;
    // Typed or not yet, POST /orders is matched by its type (learned from method and path) or by
    // its method and path: the same event either way.
    const found = await client.previousOfType(newest?.id ?? '');
    assert.equal(found.event?.id, oldest?.id);
    assert.ok(['eventType', 'methodAndPath'].includes(found.matchedBy));
    assert.equal((await client.previousOfType(oldest?.id ?? '')).event, null);
    await assert.rejects(
      client.previousOfType('evt_01aaaaaaaaaaaaaaaaaaaaaaaa'),
      (err: unknown) => err instanceof RehookApiError && err.code === 'EVENT_NOT_FOUND',
    );
  });

  test('rehook diff prints each change, numbers exact and captured text cleaned', async () => {
    const out = await cli(['diff', a, b, '--server', rehook.apiUrl]);
    assert.match(out, new RegExp(`^${a} -> ${b}\n`));
    assert.match(out, /^method +POST -> PUT$/m);
    assert.match(out, /^ +~ x: 1 -> 2$/m);
    assert.match(out, /^query +\+ e=\\x1b\[31mred$/m, 'an escape sequence is shown, not sent');
    assert.match(out, /^headers +\+ x-new: n$/m);
    assert.match(out, /^ {2}~ \/id: 12345678901234567890 -> 12345678901234567891$/m);
    assert.match(out, /^ {2}~ \/status: "draft" -> "paid"$/m);
    assert.match(out, /^ {2}- \/gone: 1$/m);
    assert.match(out, /^ {2}\+ \/lines: \[1\]$/m);
    assert.match(await cli(['diff', a, a, '--server', rehook.apiUrl]), /No differences\.$/);
  });

  test('rehook diff --json prints the diff with exact numbers', async () => {
    const out = await cli(['diff', a, b, '--json', '--server', rehook.apiUrl]);
    assert.match(out, /"value": 12345678901234567891/);
    const parsed = JSON.parse(out) as { diff: { to: string; body: { operations: unknown[] } } };
    assert.equal(parsed.diff.to, b);
    assert.equal(parsed.diff.body.operations.length, 4);
  });
});
