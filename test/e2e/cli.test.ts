import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SETTINGS } from '../../src/config/schema.js';
import {
  closedPort,
  killAll,
  rehook,
  startReceiver,
  startServe,
  type Receiver,
  type ServeProcess,
  useBuiltCli,
} from './cli-harness.js';

// Runs the BUILT bin (a snapshot of dist/src/cli/index.js). `npm test` builds first; run
// alone, the file builds when dist is missing or older than src/.
const removeBin = await useBuiltCli();

after(async () => {
  killAll();
  await removeBin();
});

/** What each command's --help must mention: its usage line and every flag and argument. */
const HELP_EXPECTATIONS: Readonly<Record<string, readonly string[]>> = {
  serve: SETTINGS.flatMap((spec) => [`--${spec.flag}`, spec.env]),
  migrate: ['--data-dir', '--database-url', '--json'],
  'accounts create': ['--email', '--data-dir', 'REHOOK_DATA_DIR', '--json', 'stdin'],
  'accounts list': ['--data-dir', '--json'],
  'accounts set-password': ['--email', '--data-dir', 'DATABASE_URL', '--json', 'stdin', 'signed out'],
  'tokens create': ['--email', '--name', '--scope', '--inbox', '--expires', '--data-dir'],
  'tokens list': ['--email', '--data-dir', '--json'],
  'tokens revoke': ['<tokenId>', '--email', '--data-dir'],
  'inbox create': ['--name', '--server', 'REHOOK_SERVER', '--token', 'REHOOK_TOKEN', '--json'],
  'inbox list': ['--server', '--token', '--json'],
  'inbox get': ['<inboxId>', '--server', '--token', '--json'],
  'inbox rename': ['<inboxId>', '<name>', '--server', '--token', '--json'],
  'inbox clear': ['<inboxId>', '--server', '--token', '--json'],
  'inbox delete': ['<inboxId>', '--server', '--token', '--json'],
  'inbox save': ['<inboxId>', '--server', '--token', '--json'],
  events: [
    '<inboxId>',
    '--limit',
    '--before',
    '--method',
    '--path',
    '--header',
    '--q',
    '--json-field',
    '--search',
    '--since',
    '--until',
    '--server',
    '--token',
    '--json',
  ],
  event: ['<eventId>', '--server', '--token', '--json', '--body'],
  'event delete': ['<eventId>', '--server', '--token', '--json'],
  replay: [
    '<eventId>',
    '--to',
    '--method',
    '--path',
    '--query',
    '--set-header',
    '--remove-header',
    '--body',
    '--body-base64',
    '--repeat',
    '--resign',
    '--server',
    '--token',
    '--json',
  ],
};

// The four suites are independent and run side by side.
describe('rehook CLI (built bin)', { concurrency: true }, () => {
  describe('rehook --help', () => {
    test('every command answers --help with its usage and flags, exit 0', async () => {
      const results = await Promise.all(
        Object.keys(HELP_EXPECTATIONS).map(async (command) => ({
          command,
          result: await rehook([...command.split(' '), '--help']),
        })),
      );
      for (const { command, result } of results) {
        assert.equal(result.code, 0, `rehook ${command} --help: ${result.stderr}`);
        assert.match(result.stdout, new RegExp(`^Usage: rehook ${command}\\b`), command);
        for (const expected of HELP_EXPECTATIONS[command] ?? []) {
          assert.ok(result.stdout.includes(expected), `rehook ${command} --help should mention ${expected}`);
        }
      }
    });

    test('the root and the command groups list their commands, exit 0', async () => {
      const [root, short, accounts, tokens, inbox] = await Promise.all([
        rehook(['--help']),
        rehook(['-h']),
        rehook(['accounts', '--help']),
        rehook(['tokens', '--help']),
        rehook(['inbox', '--help']),
      ]);
      for (const result of [root, short, accounts, tokens, inbox]) {
        assert.equal(result.code, 0, result.stderr);
      }
      assert.equal(short.stdout, root.stdout);
      for (const command of Object.keys(HELP_EXPECTATIONS)) assert.ok(root.stdout.includes(command), command);
      assert.match(accounts.stdout, /accounts create[\s\S]*accounts list/);
      assert.match(tokens.stdout, /tokens create[\s\S]*tokens list[\s\S]*tokens revoke <tokenId>/);
      assert.match(inbox.stdout, /create[\s\S]*list[\s\S]*get <inboxId>[\s\S]*delete <inboxId>[\s\S]*save <inboxId>/);
    });
  });

  describe('rehook migrate', () => {
    test('creates the schema of a new data directory, then finds it up to date', async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'rehook-cli-migrate-'));
      try {
        const first = await rehook(['migrate', '--data-dir', dataDir, '--json']);
        assert.equal(first.code, 0, first.stderr);
        const report = JSON.parse(first.stdout) as { database: string; version: number; applied: string[] };
        assert.equal(report.database, 'sqlite');
        assert.ok(report.version >= 1);
        assert.ok(report.applied.includes('0001_init'), first.stdout);
        const again = await rehook(['migrate', '--data-dir', dataDir]);
        assert.equal(again.code, 0, again.stderr);
        assert.match(again.stdout, /already up to date/);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  });

  describe('usage errors exit 2 with a hint to use --help', { concurrency: true }, () => {
    const cases: readonly [string, readonly string[], RegExp][] = [
      ['no command', [], /missing command/],
      ['an unknown command', ['frobnicate'], /unknown command "frobnicate"/],
      ['an unknown subcommand', ['tokens', 'frobnicate'], /unknown subcommand "frobnicate"/],
      ['an unknown flag', ['inbox', 'list', '--frobnicate'], /--frobnicate/],
      ['a missing argument', ['event'], /missing argument <eventId>/],
      ['a missing option', ['tokens', 'create', '--email', 'a@example.test'], /missing required option --name/],
      ['an extra argument', ['inbox', 'get', 'inb_a', 'inb_b'], /unexpected argument "inb_b"/],
      ['a bad --limit', ['events', 'inb_a', '--limit', 'many'], /--limit must be a positive integer/],
      ['a bad --server', ['inbox', 'list', '--server', 'ftp://x.test'], /--server must be an http or https URL/],
    ];
    for (const [name, args, message] of cases) {
      test(name, async () => {
        const result = await rehook(args);
        assert.equal(result.code, 2, result.stderr);
        assert.match(result.stderr, message);
        assert.match(result.stderr, /--help/);
        assert.equal(result.stdout, '');
      });
    }
  });

  describe('rehook serve with an invalid configuration', { concurrency: true }, () => {
    let dataDir: string;
    before(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'rehook-cli-config-'));
    });
    after(() => rm(dataDir, { recursive: true, force: true }));

    // Each case passes only the flags it is not testing: a flag would override the variable.
    const cases: readonly [string, readonly string[], Record<string, string>, string][] = [
      ['REHOOK_PORT=abc', ['--ingest-port', '0'], { REHOOK_PORT: 'abc' }, 'REHOOK_PORT'],
      ['--ingest-port 70000', ['--port', '0', '--ingest-port', '70000'], {}, '--ingest-port'],
      ['REHOOK_ANON_TTL=forever', ['--port', '0', '--ingest-port', '0'], { REHOOK_ANON_TTL: 'x' }, 'REHOOK_ANON_TTL'],
    ];
    for (const [name, args, env, setting] of cases) {
      test(`${name}: one stderr line naming the setting, exit 2`, async () => {
        const result = await rehook(['serve', '--data-dir', dataDir, ...args], { env });
        assert.equal(result.code, 2, result.stderr);
        const lines = result.stderr.trimEnd().split('\n');
        assert.equal(lines.length, 1, result.stderr);
        assert.match(lines[0] ?? '', /^rehook: invalid configuration: /);
        assert.ok(lines[0]?.includes(setting), `${lines[0]} should name ${setting}`);
        assert.equal(result.stdout, '', 'nothing started, nothing logged');
      });
    }

    test('flags win over environment variables', async () => {
      // The invalid REHOOK_ANON_TTL is overridden by a valid flag, so only --port is reported.
      const result = await rehook(['serve', '--anon-ttl', '1h', '--port', '70000', '--data-dir', dataDir], {
        env: { REHOOK_ANON_TTL: 'forever', REHOOK_PORT: '0' },
      });
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, /--port/);
      assert.doesNotMatch(result.stderr, /ANON_TTL|anon-ttl|REHOOK_PORT/);
    });
  });

  // Ordered steps sharing one server: concurrency 1 (it would otherwise inherit `true`).
  describe('rehook against a running server', { concurrency: 1 }, () => {
    let dataDir: string;
    let serve: ServeProcess;
    let receiver: Receiver;
    let token = '';
    let tokenId = '';
    let inboxId = '';
    let inboxUrl = '';
    const eventIds: string[] = [];
    const email = 'dev@example.test';
    const admin = () => ['--data-dir', dataDir];
    const client = () => ['--server', serve.apiUrl];

    before(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'rehook-cli-e2e-'));
      receiver = await startReceiver();
      // Replays go to a loopback receiver, which the SSRF guard only allows when told to.
      serve = await startServe(['--port', '0', '--ingest-port', '0', '--data-dir', dataDir], {
        REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1',
      });
    });

    after(async () => {
      killAll();
      await receiver.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    test('serve names both bound URLs in its first stdout line and the API answers', async () => {
      assert.match(serve.firstLine, /^\{.*\}$/, 'a JSON log line');
      assert.ok(serve.firstLine.includes(serve.apiUrl), serve.firstLine);
      assert.ok(serve.firstLine.includes(serve.ingestUrl), serve.firstLine);
      assert.notEqual(serve.apiUrl, serve.ingestUrl);
      const health = await fetch(`${serve.apiUrl}/healthz`);
      assert.equal(health.status, 200);
      assert.deepEqual(await health.json(), { status: 'ok' });
    });

    test('accounts create reads the password from stdin and prints the id and e-mail', async () => {
      const result = await rehook(['accounts', 'create', '--email', 'Dev@Example.test', ...admin()], {
        input: 'correct horse battery\n',
      });
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /acc_[0-9a-z]{26}/);
      assert.match(result.stdout, /dev@example\.test/);
      assert.match(result.stdout, /password\s+set/);

      const empty = await rehook(['accounts', 'create', '--email', 'nopass@example.test', ...admin()], {
        input: '',
      });
      assert.equal(empty.code, 0, empty.stderr);
      assert.match(empty.stdout, /password\s+none/);

      const again = await rehook(['accounts', 'create', '--email', email, ...admin()]);
      assert.equal(again.code, 1);
      assert.match(again.stderr, /^rehook: CONFLICT: /);
    });

    test('tokens create prints the token alone on stdout', async () => {
      const result = await rehook(['tokens', 'create', '--email', email, '--name', 'ci laptop', ...admin()]);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /^rhk_[0-9a-z]+\n$/);
      token = result.stdout.trim();
      tokenId = /tok_[0-9a-z]{26}/.exec(result.stderr)?.[0] ?? '';
      assert.notEqual(tokenId, '', `stderr names the token id: ${result.stderr}`);
    });

    test('tokens create takes --scope and --expires', async () => {
      const args = [
        'tokens',
        'create',
        '--email',
        email,
        '--name',
        'replayer',
        '--scope',
        'replay',
        '--expires',
        '30d',
      ];
      const result = await rehook([...args, ...admin()]);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stderr, /scope replay/);
      const bad = await rehook(['tokens', 'create', '--email', email, '--name', 'x', '--expires', 'soon', ...admin()]);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /--expires/);
    });

    test('tokens list shows the token', async () => {
      const result = await rehook(['tokens', 'list', '--email', email, ...admin()]);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /ID\s+NAME\s+PREFIX\s+CREATED\s+LAST USED\s+REVOKED/);
      assert.ok(result.stdout.includes(tokenId), result.stdout);
      assert.ok(result.stdout.includes('ci laptop'));
      assert.ok(result.stdout.includes(token.slice(0, 8)), 'shows the prefix');
      assert.ok(!result.stdout.includes(token), 'never the token itself');
    });

    test('inbox create with a token prints a persistent inbox with its full URL', async () => {
      const result = await rehook(['inbox', 'create', '--token', token, ...client()]);
      assert.equal(result.code, 0, result.stderr);
      inboxId = /inb_[0-9a-z]{26}/.exec(result.stdout)?.[0] ?? '';
      assert.notEqual(inboxId, '', result.stdout);
      inboxUrl = `${serve.ingestUrl}/i/${inboxId}`;
      assert.ok(result.stdout.includes(inboxUrl), result.stdout);
      assert.match(result.stdout, /expires\s+never/);

      const json = await rehook(['inbox', 'get', inboxId, '--json', ...client()], {
        env: { REHOOK_TOKEN: token },
      });
      assert.equal(json.code, 0, json.stderr);
      const data = JSON.parse(json.stdout) as { inbox: { id: string; saved: boolean; url: string } };
      assert.deepEqual([data.inbox.id, data.inbox.saved, data.inbox.url], [inboxId, true, inboxUrl]);
    });

    test('events lists captured requests, newest first, and says how to get the next page', async () => {
      for (const n of [1, 2, 3]) {
        const response = await fetch(`${inboxUrl}/stripe?n=${n}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-test': `event-${n}` },
          body: JSON.stringify({ n, hello: 'world' }),
        });
        assert.equal(response.status, 200);
      }
      const all = await rehook(['events', inboxId, '--json', ...client()], { env: { REHOOK_TOKEN: token } });
      assert.equal(all.code, 0, all.stderr);
      const page = JSON.parse(all.stdout) as {
        events: { id: string; query: string }[];
        nextBefore: string | null;
      };
      assert.deepEqual(
        page.events.map((event) => event.query),
        ['n=3', 'n=2', 'n=1'],
      );
      assert.equal(page.nextBefore, null);
      eventIds.push(...page.events.map((event) => event.id));

      const first = await rehook(['events', inboxId, '--limit', '2', '--token', token, ...client()]);
      assert.equal(first.code, 0, first.stderr);
      assert.match(first.stdout, /ID\s+RECEIVED\s+METHOD\s+PATH\s+SIZE/);
      assert.match(first.stdout, new RegExp(`${eventIds[0]}.*POST\\s+/i/${inboxId}/stripe\\?n=3`));
      assert.ok(first.stdout.includes(eventIds[1] ?? '?'));
      assert.ok(!first.stdout.includes(eventIds[2] ?? '?'), 'the third event is on the next page');
      assert.ok(first.stdout.includes(`rehook events ${inboxId} --before ${eventIds[1]}`), first.stdout);

      const cursor = eventIds[1] ?? '';
      const second = await rehook([
        'events',
        inboxId,
        '--limit',
        '2',
        '--before',
        cursor,
        '--token',
        token,
        ...client(),
      ]);
      assert.equal(second.code, 0, second.stderr);
      assert.ok(second.stdout.includes(eventIds[2] ?? '?'));
      assert.doesNotMatch(second.stdout, /--before/);
    });

    test('event shows the headers and the body', async () => {
      const result = await rehook(['event', eventIds[0] ?? '', '--token', token, ...client()]);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /request\s+POST \/i\/inb_[0-9a-z]+\/stripe\?n=3/);
      assert.match(result.stdout, /x-test: event-3/);
      // JSON is shown re-indented, its values as sent.
      assert.match(result.stdout, /\{\n\s+"n": 3,\n\s+"hello": "world"\n\}/, result.stdout);
    });

    test('replay sends the event to the destination and prints its status code and body', async () => {
      const to = `${receiver.url}/hook`;
      const result = await rehook(['replay', eventIds[0] ?? '', '--to', to, '--token', token, ...client()]);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /status\s+201/);
      assert.match(result.stdout, /latency\s+[\d.]+ ms/);
      assert.match(result.stdout, /truncated\s+no/);
      assert.match(result.stdout, /received 23 bytes/);
      assert.equal(receiver.requests.length, 1);
      assert.equal(receiver.requests[0]?.body, '{"n":3,"hello":"world"}');
      assert.equal(receiver.requests[0]?.url, '/hook');
    });

    test('replay without a token prints UNAUTHORIZED on stderr and exits 1', async () => {
      const result = await rehook(['replay', eventIds[0] ?? '', '--to', `${receiver.url}/hook`, ...client()]);
      assert.equal(result.code, 1);
      assert.match(result.stderr, /^rehook: UNAUTHORIZED: .+/);
      assert.equal(result.stdout, '');
      assert.equal(receiver.requests.length, 1, 'nothing was sent');
    });

    test('an API error prints CODE: message and exits 1', async () => {
      const result = await rehook(['inbox', 'get', 'inb_00000000000000000000000000', ...client()]);
      assert.equal(result.code, 1);
      assert.equal(result.stderr, 'rehook: INBOX_NOT_FOUND: Inbox not found\n');
    });

    test('a server that cannot be reached is named in the message, exit 1', async () => {
      const server = `http://127.0.0.1:${await closedPort()}`;
      const result = await rehook(['inbox', 'create'], { env: { REHOOK_SERVER: server } });
      assert.equal(result.code, 1);
      assert.ok(result.stderr.includes(server), result.stderr);
      assert.match(result.stderr, /ECONNREFUSED/);
    });

    test('tokens revoke makes the token fail with 401 UNAUTHORIZED', async () => {
      const beforeRevoke = await rehook(['inbox', 'list', '--token', token, ...client()]);
      assert.equal(beforeRevoke.code, 0, beforeRevoke.stderr);
      assert.ok(beforeRevoke.stdout.includes(inboxId));

      const revoke = await rehook(['tokens', 'revoke', tokenId, '--email', email, ...admin()]);
      assert.equal(revoke.code, 0, revoke.stderr);
      const listed = await rehook(['tokens', 'list', '--email', email, '--json', ...admin()]);
      const { tokens } = JSON.parse(listed.stdout) as { tokens: { id: string; revokedAt: string | null }[] };
      assert.notEqual(tokens.find((t) => t.id === tokenId)?.revokedAt ?? null, null);

      const rejected = await rehook(['inbox', 'list', '--token', token, ...client()]);
      assert.equal(rejected.code, 1);
      assert.match(rejected.stderr, /^rehook: UNAUTHORIZED: /);
      const raw = await fetch(`${serve.apiUrl}/api/v1/inboxes`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(raw.status, 401);

      const unknown = 'tok_00000000000000000000000000';
      const again = await rehook(['tokens', 'revoke', unknown, '--email', email, ...admin()]);
      assert.equal(again.code, 1);
      assert.match(again.stderr, /^rehook: TOKEN_NOT_FOUND: /);
    });

    test('SIGTERM shuts serve down gracefully with exit 0', async () => {
      serve.child.kill('SIGTERM');
      const { code, signal } = await serve.exited;
      assert.deepEqual({ code, signal }, { code: 0, signal: null }, serve.output().stderr);
      assert.match(serve.output().stdout, /shutting down/);
      await assert.rejects(fetch(`${serve.apiUrl}/healthz`), 'the API no longer listens');
    });
  });
});
