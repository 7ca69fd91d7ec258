import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { RehookApiError } from '../../src/client/errors.js';
import { RehookClient } from '../../src/client/rehook-client.js';
import { runCli } from '../../src/cli/cli.js';
import { EXIT, ExitError, UsageError } from '../../src/cli/exit.js';
import type { CliIO } from '../../src/cli/io.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { killChildren, spawnRehook, startTarget, waitFor, type Target } from './listen-harness.js';

// `rehook login`/`logout` and the command line of `rehook listen`: runCli in-process against a
// real server (the stored file, its mode, which server gets the token), usage errors, and one
// spawned listener stopped with SIGINT (the summary, exit 0).

let rehook: TestRehook;
let token: string;
let dir: string;
let target: Target;

before(async () => {
  rehook = await startTestRehook();
  token = (await rehook.createUser()).token;
  dir = await mkdtemp(join(tmpdir(), 'rehook-listen-cli-'));
  target = await startTarget();
});
after(async () => {
  killChildren();
  await target.close();
  await rehook.stop();
  await rm(dir, { recursive: true, force: true });
});

async function cli(
  args: string[],
  env: Record<string, string>,
  stdin: string | null = null,
): Promise<{ out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), stdin: async () => stdin, env };
  await runCli(args, io);
  return { out, err };
}

describe('rehook login', { concurrency: 1 }, () => {
  test('stores server and token in a file only its owner can read; client commands then use them', async () => {
    const env = { REHOOK_CONFIG_DIR: join(dir, 'config-a') };
    const { out, err } = await cli(['login', '--server', `${rehook.apiUrl}/`, '--token', token], env);
    assert.match(out.join('\n'), new RegExp(`Logged in to ${rehook.apiUrl} \\(token "test", scope manage\\)`));
    assert.match(err.join('\n'), /readable only by you/);
    const path = join(dir, 'config-a', 'config.json');
    assert.equal((await stat(path)).mode & 0o777, 0o600);
    assert.equal((await stat(join(dir, 'config-a'))).mode & 0o777, 0o700);
    assert.deepEqual(JSON.parse(await readFile(path, 'utf8')), { server: rehook.apiUrl, token });

    // No --server, no --token: the stored ones. `inbox create` makes an owned (saved) inbox.
    const created = await cli(['inbox', 'create', '--json'], env);
    const inbox = (JSON.parse(created.out.join('\n')) as { inbox: { saved: boolean; id: string } }).inbox;
    assert.equal(inbox.saved, true);
    // An empty --token still means anonymous.
    const anonymous = await cli(['inbox', 'create', '--json', '--token', ''], env);
    assert.equal((JSON.parse(anonymous.out.join('\n')) as { inbox: { saved: boolean } }).inbox.saved, false);
  });

  test('--scope and --expires store a narrower token made with the given one', async () => {
    const env = { REHOOK_CONFIG_DIR: join(dir, 'config-scoped') };
    const { out } = await cli(
      ['login', '--server', rehook.apiUrl, '--token', token, '--scope', 'read', '--expires', '7d'],
      env,
    );
    assert.match(out.join('\n'), /scope read\)/);
    const stored = JSON.parse(await readFile(join(dir, 'config-scoped', 'config.json'), 'utf8')) as { token: string };
    assert.notEqual(stored.token, token);
    const me = await fetch(`${rehook.apiUrl}/api/v1/account`, { headers: { authorization: `Bearer ${stored.token}` } });
    const body = (await me.json()) as { data: { token: { scopes: string[]; expiresAt: string | null } } };
    assert.deepEqual(body.data.token.scopes, ['read']);
    assert.ok(body.data.token.expiresAt !== null);
    // A read token logs in as it is (nothing to create).
    const again = await cli(['login', '--server', rehook.apiUrl, '--token', stored.token], env);
    assert.match(again.out.join('\n'), /scope read\)/);
    await assert.rejects(
      cli(['login', '--server', rehook.apiUrl, '--token', token, '--scope', 'admin'], env),
      (err: unknown) => err instanceof ExitError && err.code === EXIT.USAGE,
    );
  });

  test('the stored token never goes to another server', async () => {
    const env = { REHOOK_CONFIG_DIR: join(dir, 'config-b') };
    await cli(['login', '--server', rehook.apiUrl, '--token', token], env);
    const before = target.deliveries.length;
    await assert.rejects(cli(['inbox', 'list', '--server', target.url], env), RehookApiError);
    const sent = target.deliveries.slice(before);
    assert.equal(sent.length, 1);
    assert.ok(!sent[0]?.headers.some(([name]) => name.toLowerCase() === 'authorization'));
    // REHOOK_SERVER pointing elsewhere: same.
    await assert.rejects(cli(['inbox', 'list'], { ...env, REHOOK_SERVER: target.url }), RehookApiError);
    assert.ok(!target.deliveries.at(-1)?.headers.some(([name]) => name.toLowerCase() === 'authorization'));
  });

  test('the token from stdin; a refused token stores nothing; logout removes the file', async () => {
    const env = { REHOOK_CONFIG_DIR: join(dir, 'config-c') };
    await assert.rejects(
      cli(['login', '--server', rehook.apiUrl], env, 'rhk_not_a_real_token\n'),
      (err: unknown) => err instanceof RehookApiError && err.code === 'UNAUTHORIZED',
    );
    await assert.rejects(stat(join(dir, 'config-c', 'config.json')), /ENOENT/);
    await assert.rejects(
      cli(['login', '--server', rehook.apiUrl], env, '\n'),
      (err: unknown) => err instanceof ExitError && err.code === EXIT.USAGE,
    );
    await cli(['login', '--server', rehook.apiUrl], env, `${token}\n`);
    assert.equal(
      (JSON.parse(await readFile(join(dir, 'config-c', 'config.json'), 'utf8')) as { token: string }).token,
      token,
    );
    const out = await cli(['logout'], env);
    assert.match(out.out.join('\n'), /Logged out/);
    await assert.rejects(stat(join(dir, 'config-c', 'config.json')), /ENOENT/);
    assert.match((await cli(['logout'], env)).out.join('\n'), /Not logged in/);
  });

  test('an existing config file with a wider mode is replaced by a 0600 one', async () => {
    const env = { REHOOK_CONFIG_DIR: join(dir, 'config-d') };
    await cli(['logout'], env);
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(dir, 'config-d'), { recursive: true });
    await writeFile(join(dir, 'config-d', 'config.json'), '{}', { mode: 0o644 });
    await cli(['login', '--server', rehook.apiUrl, '--token', token], env);
    assert.equal((await stat(join(dir, 'config-d', 'config.json'))).mode & 0o777, 0o600);
  });
});

describe('rehook listen: command line', () => {
  const usage = async (args: string[], pattern: RegExp, env: Record<string, string> = {}): Promise<void> => {
    await assert.rejects(
      cli(['listen', 'inb_x', ...args], env),
      (err: unknown) => err instanceof UsageError && pattern.test(err.message),
    );
  };

  test('usage errors (exit 2) for bad rules, filters, numbers and start positions', async () => {
    await usage([], /missing required option --forward-to/);
    await usage(['--forward-to', 'ftp://x'], /http or https/);
    await usage(['--forward-to', '/a'], /no URL/);
    await usage(['--forward-to', '/a=http://x', '--forward-to', '/a/=http://y'], /two --forward-to rules/);
    await usage(['--forward-to', 'http://x', '--only-method', 'P OST'], /not an HTTP method/);
    await usage(['--forward-to', 'http://x', '--retries', '-1'], /--retries/);
    await usage(['--forward-to', 'http://x', '--retries', '101'], /--retries/);
    await usage(['--forward-to', 'http://x', '--timeout', 'soon'], /--timeout/);
    await usage(['--forward-to', 'http://x', '--from', 'yesterday'], /--from must be/);
    await usage(['--forward-to', 'http://x', '--since', 'last'], /--since must be/);
    await usage(['--forward-to', 'http://x', '--from', 'now', '--since', '2h'], /not both/);
    await usage(['--forward-to', 'http://x'], /REHOOK_LISTEN_WINDOW must be/, { REHOOK_LISTEN_WINDOW: 'soon' });
    await usage(['--forward-to', 'http://x'], /REHOOK_LISTEN_WINDOW must be/, { REHOOK_LISTEN_WINDOW: '11m' });
  });

  test('a spawned listener: one line per event, Ctrl-C prints how far it got and exits 0', async () => {
    const client = new RehookClient({ baseUrl: rehook.apiUrl, token });
    const inbox = await client.createInbox();
    const env = {
      REHOOK_STATE_DIR: join(dir, 'state'),
      REHOOK_CONFIG_DIR: join(dir, 'config-e'),
      REHOOK_LISTEN_WINDOW: '2m',
    };
    const listener = spawnRehook(
      ['listen', inbox.id, '--server', rehook.apiUrl, '--token', token, '--forward-to', `${target.url}/x`],
      env,
    );
    await waitFor(() => listener.stderr().includes('Press Ctrl-C to stop'), 'the listener to start');
    await client.send(inbox.id, { method: 'PUT', path: '/orders/7', query: 'a=1', body: 'hello' });
    await waitFor(() => listener.stdout().includes('\n'), 'a line');
    const [eventLine] = listener.stdout().split('\n');
    const newest = (await client.events(inbox.id, { limit: 1 })).events[0];
    assert.match(
      eventLine ?? '',
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ  PUT /orders/7\\?a=1  → 200  \\d+ ms  ${newest?.id ?? '?'}$`,
      ),
    );
    listener.child.kill('SIGINT');
    const exit = await listener.exited;
    assert.deepEqual(exit, { code: 0, signal: null });
    assert.match(
      listener.stderr(),
      new RegExp(
        `Stopped: delivered 1, failed 0, skipped 0 this run; last event ${newest?.id ?? '?'} \\(captured ${newest?.receivedAt ?? '?'}\\)\\. Run the same command again to resume from there\\.`,
      ),
    );
  });
});
