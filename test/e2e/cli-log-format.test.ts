import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, test } from 'node:test';
import { builtCliPath, killAll, startServe, useBuiltCli } from './cli-harness.js';

// `rehook serve` log formats: JSON lines when stdout is a pipe, readable lines with --log-format pretty.
const removeBin = await useBuiltCli();

after(async () => {
  killAll();
  await removeBin();
});

/** Stops a serve process with SIGTERM and resolves once it has exited. */
async function stop(serve: { child: ChildProcess; exited: Promise<{ code: number | null }> }): Promise<void> {
  serve.child.kill('SIGTERM');
  const { code } = await serve.exited;
  assert.equal(code, 0);
}

describe('rehook serve log format (built bin)', { concurrency: 1 }, () => {
  let dataDir: string;
  const serveArgs = () => ['--port', '0', '--ingest-port', '0', '--data-dir', dataDir];

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rehook-cli-log-format-'));
  });

  after(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test('with stdout piped, every log record is one JSON object a line', async () => {
    const serve = await startServe(serveArgs());
    await stop(serve);
    const lines = serve.output().stdout.trimEnd().split('\n');
    assert.ok(lines.length >= 2, serve.output().stdout);
    for (const line of lines) {
      const record = JSON.parse(line) as { level?: unknown; msg?: unknown; service?: unknown };
      assert.equal(typeof record.level, 'number', line);
      assert.equal(record.service, 'rehook', line);
    }
    assert.ok(lines.some((line) => line.includes('"msg":"stopped"')));
  });

  test('--log-format pretty prints one readable line a record, also into a pipe', async () => {
    const child = spawn(process.execPath, [builtCliPath(), 'serve', ...serveArgs(), '--log-format', 'pretty'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env['PATH'] ?? '' },
    });
    const exited = new Promise<{ code: number | null }>((resolve) => child.once('exit', (code) => resolve({ code })));
    const lines: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start line: ${lines.join('\n')}`)), 60_000);
      createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line);
        if (line.includes('Rehook started')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    await stop({ child, exited });
    const started = lines.find((line) => line.includes('Rehook started')) ?? '';
    assert.match(
      started,
      /^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: Rehook started \{.*"apiUrl":"http:\/\/127\.0\.0\.1:\d+"/,
    );
    assert.doesNotMatch(started, /\u001b\[/, 'no colours into a pipe');
    for (const line of lines) {
      assert.match(line, /^\[\d{2}:\d{2}:\d{2}\.\d{3}\] [A-Z]+: /, line);
      assert.throws(() => JSON.parse(line), line);
    }
  });
});
