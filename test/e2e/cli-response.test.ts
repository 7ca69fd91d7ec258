// `rehook response show|set|clear` and the answer line of `rehook event`, run in-process
// (runCli with a collecting CliIO) against a real server.
//
//   node --import tsx --test test/e2e/cli-response.test.ts
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../../src/cli/cli.js';
import { UsageError } from '../../src/cli/exit.js';
import type { CliIO } from '../../src/cli/io.js';
import { RehookApiError } from '../../src/client/errors.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';

interface Run {
  readonly stdout: string;
  readonly stderr: string;
}

async function cli(args: readonly string[], stdin: string | null = null): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    stdin: async () => stdin,
    env: { HOME: '/nonexistent-home-for-tests', XDG_CONFIG_HOME: '/nonexistent-config-for-tests' },
  };
  await runCli(args, io);
  return { stdout: out.join('\n'), stderr: err.join('\n') };
}

describe('rehook response', () => {
  let rehook: TestRehook;
  let dir: string;
  let inboxId: string;
  const server = () => ['--server', rehook.apiUrl];

  before(async () => {
    rehook = await startTestRehook();
    dir = await mkdtemp(join(tmpdir(), 'rehook-cli-response-'));
    inboxId = JSON.parse((await cli(['inbox', 'create', '--json', ...server()])).stdout).inbox.id;
  });
  after(async () => {
    await rehook.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('show says the inbox answers the default when nothing is set', async () => {
    const shown = await cli(['response', 'show', inboxId, ...server()]);
    assert.match(shown.stdout, /200 \{"ok":true\}/);
    assert.deepEqual(JSON.parse((await cli(['response', 'show', inboxId, '--json', ...server()])).stdout), {
      response: null,
    });
  });

  test('set from flags: status, headers in order, body from a file (exact bytes), delay, rules from a file', async () => {
    const bodyFile = join(dir, 'body.bin');
    await writeFile(bodyFile, Buffer.from([0xff, 0, 1]));
    const rulesFile = join(dir, 'rules.json');
    await writeFile(
      rulesFile,
      JSON.stringify([{ match: { method: 'GET', pathPrefix: '/health' }, response: { status: 204 } }]),
    );
    const set = await cli([
      'response',
      'set',
      inboxId,
      '--status',
      '503',
      '--header',
      'Retry-After: 30',
      '--header',
      'X-A:b',
      '--body',
      `@${bodyFile}`,
      '--delay',
      '250ms',
      '--rule-file',
      rulesFile,
      '--json',
      ...server(),
    ]);
    const { response } = JSON.parse(set.stdout);
    assert.equal(response.status, 503);
    assert.deepEqual(response.headers, [
      ['Retry-After', '30'],
      ['X-A', 'b'],
    ]);
    assert.equal(response.bodyBase64, Buffer.from([0xff, 0, 1]).toString('base64'));
    assert.equal(response.delayMs, 250);
    assert.deepEqual(response.rules[0].match, { method: 'GET', pathPrefix: '/health' });

    const human = (await cli(['response', 'show', inboxId, ...server()])).stdout;
    assert.match(human, /Default answer:\n {2}503 after 250 ms\n {4}Retry-After: 30\n {4}X-A: b\n {4}binary body, 3 B/);
    assert.match(human, /0\. when method GET, path \/health:\n {5}204\n/);

    // The sender gets it, and `rehook event` says which answer it got.
    const sent = await fetch(`${rehook.ingestUrl}/i/${inboxId}/health`);
    assert.equal(sent.status, 204);
    const [event] = JSON.parse((await cli(['events', inboxId, '--json', ...server()])).stdout).events;
    const detail = await cli(['event', event.id, ...server()]);
    assert.match(detail.stdout, /\nanswer +204 \(rule 0\)\n/);
  });

  test('set from --file (what show --json prints) and from stdin; text bodies stay text', async () => {
    const file = join(dir, 'response.json');
    await writeFile(
      file,
      JSON.stringify({ status: 418, body: "I'm a teapot", headers: [['Content-Type', 'text/plain']] }),
    );
    const set = JSON.parse(
      (await cli(['response', 'set', inboxId, '--file', file, '--json', ...server()])).stdout,
    ).response;
    assert.equal(set.status, 418);
    assert.equal(set.body, "I'm a teapot");
    assert.deepEqual(set.rules, []);
    const again = await cli(['response', 'set', inboxId, '--file', '-', '--json', ...server()], JSON.stringify(set));
    const { updatedAt: _a, ...before } = set;
    const { updatedAt: _b, ...after } = JSON.parse(again.stdout).response;
    assert.deepEqual(after, before);
    const sent = await fetch(`${rehook.ingestUrl}/i/${inboxId}`, { method: 'POST', body: 'x' });
    assert.equal(sent.status, 418);
    assert.equal(await sent.text(), "I'm a teapot");
  });

  test('clear restores the default answer', async () => {
    await cli(['response', 'set', inboxId, '--status', '500', ...server()]);
    const cleared = await cli(['response', 'clear', inboxId, ...server()]);
    assert.match(cleared.stdout, /200 \{"ok":true\} again/);
    const sent = await fetch(`${rehook.ingestUrl}/i/${inboxId}`, { method: 'POST', body: 'x' });
    assert.equal(sent.status, 200);
    assert.equal(await sent.text(), '{"ok":true}');
    const event = JSON.parse((await cli(['events', inboxId, '--json', ...server()])).stdout).events[0];
    assert.match((await cli(['event', event.id, ...server()])).stdout, /\nanswer +200\n/);
  });

  test('usage errors: --file with other options, a header without a colon, a bad status or delay', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--file', 'x.json', '--status', '500'], /--file gives the whole response: not with --status/],
      [['--header', 'NoColon'], /--header must be "Name: value"/],
      [['--status', 'five'], /--status must be a status code/],
      [['--delay', 'soon'], /--delay must be a duration/],
      [['--rule-file', join(dir, 'missing.json')], /--rule-file .*cannot read the file \(ENOENT\)/],
    ];
    for (const [args, message] of cases) {
      await assert.rejects(cli(['response', 'set', inboxId, ...args, ...server()]), (err: unknown) => {
        assert.ok(err instanceof UsageError, String(err));
        assert.match(err.message, message);
        return true;
      });
    }
  });

  test('what the server refuses comes back as its error (a refused header, a 1xx status)', async () => {
    await assert.rejects(
      cli(['response', 'set', inboxId, '--header', 'Connection: close', ...server()]),
      (err: unknown) =>
        err instanceof RehookApiError && err.code === 'VALIDATION_FAILED' && /Connection/.test(err.message),
    );
    await assert.rejects(
      cli(['response', 'set', inboxId, '--status', '101', ...server()]),
      (err: unknown) => err instanceof RehookApiError && /informational/.test(err.message),
    );
  });
});
