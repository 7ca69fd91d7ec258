import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { builtCliPath, killAll, rehook, startServe, type ServeProcess, useBuiltCli } from './cli-harness.js';

// `rehook event` on hostile bodies: the built bin against a spawned `rehook serve`. The human
// form shows a bounded view (cut with a note); --body writes every byte.
const removeBin = await useBuiltCli();

after(async () => {
  killAll();
  await removeBin();
});

const TEN_MB = 10_000_000;

/** Runs the bin and keeps stdout as bytes (the harness decodes it as UTF-8). */
function rehookBytes(args: readonly string[]): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtCliPath(), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout: Buffer.concat(chunks), stderr }));
  });
}

describe('rehook event on large and hostile bodies (built bin)', { concurrency: 1 }, () => {
  let dataDir: string;
  let serve: ServeProcess;
  let inboxId = '';
  const client = () => ['--server', serve.apiUrl];

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rehook-cli-event-body-'));
    serve = await startServe(['--port', '0', '--ingest-port', '0', '--data-dir', dataDir]);
    const inbox = await rehook(['inbox', 'create', '--json', ...client()]);
    assert.equal(inbox.code, 0, inbox.stderr);
    inboxId = (JSON.parse(inbox.stdout) as { inbox: { id: string } }).inbox.id;
  });
  after(async () => {
    killAll();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Sends a body to the inbox and returns the captured event's id. */
  async function capture(path: string, type: string, body: string | Uint8Array): Promise<string> {
    const res = await fetch(`${serve.ingestUrl}/i/${inboxId}${path}`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    await res.arrayBuffer();
    assert.equal(res.status, 200);
    const listed = await rehook(['events', inboxId, '--limit', '1', '--json', ...client()]);
    assert.equal(listed.code, 0, listed.stderr);
    const [event] = (JSON.parse(listed.stdout) as { events: { id: string; path: string }[] }).events;
    assert.equal(event?.path, `/i/${inboxId}${path}`);
    return event.id;
  }

  /** The text after the `Body` heading of the human form. */
  const bodyOf = (stdout: string) => stdout.slice(stdout.indexOf('\nBody\n') + '\nBody\n'.length);

  test('a 10 MB body of one line is cut with a note; --body writes all of it, byte for byte', async () => {
    const body = Buffer.alloc(TEN_MB, 'x');
    body.write('START', 0);
    body.write('END', TEN_MB - 3);
    const id = await capture('/one-line', 'text/plain', body);
    const shown = await rehook(['event', id, ...client()]);
    assert.equal(shown.code, 0, shown.stderr);
    const view = bodyOf(shown.stdout);
    assert.ok(view.startsWith('START'), view.slice(0, 50));
    assert.ok(!view.includes('END'), 'the end of the body is left out');
    assert.ok(view.length < 70 * 1024, `the view is ${view.length} characters`);
    const left = TEN_MB - 64 * 1024;
    assert.match(view, new RegExp(`… 9\\.5 MiB \\(${left} bytes\\) of 9\\.5 MiB not shown`));
    assert.ok(view.includes(`rehook event ${id} --body > body.bin`), view.slice(-200));

    const raw = await rehookBytes(['event', id, '--body', ...client()]);
    assert.equal(raw.code, 0, raw.stderr);
    assert.ok(raw.stdout.equals(body), `--body wrote ${raw.stdout.length} bytes`);
  });

  test('JSON nested 100,000 deep prints a bounded, indented view (no stack overflow)', async () => {
    const body = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const id = await capture('/deep', 'application/json', body);
    const shown = await rehook(['event', id, ...client()]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.doesNotMatch(shown.stderr, /RangeError|stack|Invalid string length/);
    const lines = bodyOf(shown.stdout).replace(/\n$/, '').split('\n');
    assert.equal(lines.length, 1_000 + 1, 'a thousand lines and the note');
    assert.equal(lines[1], '  [');
    // Indentation stops growing at 32 levels.
    assert.equal(lines[500], `${'  '.repeat(32)}[`);
    assert.match(lines[1_000] ?? '', /… 194\.3 KiB \(199000 bytes\) of 195\.3 KiB not shown/);
  });

  test('a small JSON body is pretty-printed whole, numbers as sent', async () => {
    const id = await capture('/small', 'application/json', '{"id":12345678901234567890,"tags":[],"a":{"b":"c, d"}}');
    const shown = await rehook(['event', id, ...client()]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.equal(
      bodyOf(shown.stdout),
      '{\n  "id": 12345678901234567890,\n  "tags": [],\n  "a": {\n    "b": "c, d"\n  }\n}\n',
    );
  });

  test('a 1 MB string in JSON is cut inside the string', async () => {
    const body = JSON.stringify({ note: 'y'.repeat(1024 * 1024), after: true });
    const id = await capture('/long-string', 'application/json', body);
    const shown = await rehook(['event', id, ...client()]);
    assert.equal(shown.code, 0, shown.stderr);
    const view = bodyOf(shown.stdout);
    assert.ok(view.startsWith('{\n  "note": "yyy'), view.slice(0, 40));
    assert.ok(!view.includes('after'));
    assert.ok(view.length < 70 * 1024, `the view is ${view.length} characters`);
    assert.match(view, /not shown/);
  });

  test('binary labelled as JSON and invalid UTF-8 are described, and --body writes their bytes', async () => {
    const bytes = new Uint8Array([0x7b, 0x00, 0xff, 0xfe, 0x80, 0x22, 0x01, 0x61, 0xc3, 0x28]);
    const id = await capture('/binary', 'application/json', bytes);
    const shown = await rehook(['event', id, ...client()]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.equal(
      bodyOf(shown.stdout),
      `(binary body, 10 B: \`rehook event ${id} --body > body.bin\` writes its bytes)\n`,
    );
    const raw = await rehookBytes(['event', id, '--body', ...client()]);
    assert.equal(raw.code, 0, raw.stderr);
    assert.deepEqual([...raw.stdout], [...bytes]);
  });

  test('--body and --json together are a usage error', async () => {
    const result = await rehook(['event', 'evt_00000000000000000000000000', '--body', '--json', ...client()]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /give --body or --json, not both/);
  });
});
