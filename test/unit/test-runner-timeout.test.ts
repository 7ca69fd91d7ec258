import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FILE_TIMEOUT_MS, nodeTestArgs } from '../../scripts/node-test-flags.mjs';
import { makeTempDir } from '../helpers/temp-dir.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs node with `args` from the repository's root; resolves with its exit code and output. The
 * child is killed when `signal` aborts (the test's own, at its time limit).
 */
function runNode(args: readonly string[], signal: AbortSignal): Promise<{ code: number | null; output: string }> {
  // Without the variable node sets for the files it runs, the child is a runner of its own.
  const { NODE_TEST_CONTEXT: _child, ...env } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, signal, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output: Buffer.concat(output).toString() }));
  });
}

describe("the test runner's time limit", () => {
  it('is set, and bounds a file no legitimate one comes near (a file takes minutes at most)', () => {
    assert.ok(FILE_TIMEOUT_MS >= 5 * 60_000 && FILE_TIMEOUT_MS <= 15 * 60_000, `${FILE_TIMEOUT_MS} ms`);
    assert.ok(nodeTestArgs(['a.test.ts']).includes(`--test-timeout=${FILE_TIMEOUT_MS}`));
  });

  // Its own limit: without the runner's, the child would run for ever, and this test with it.
  it("fails a group entry whose test never settles, with run-tests.mjs's flags", { timeout: 120_000 }, async (t) => {
    const dir = await makeTempDir('rehook-runner-timeout-');
    t.after(() => dir.cleanup());
    // A promise that never settles while something keeps the process alive, as a request to a
    // server that never answers does: without a limit, the runner waits for ever.
    await writeFile(
      join(dir.path, 'hangs.test.mjs'),
      "import { test } from 'node:test';\n" +
        "test('never settles', () => new Promise(() => { setInterval(() => undefined, 60_000); }));\n",
    );
    await writeFile(
      join(dir.path, 'passes.test.mjs'),
      "import { test } from 'node:test';\ntest('passes', () => {});\n",
    );
    // A group entry, as run-tests.mjs writes one: it imports its files in order.
    const entry = join(dir.path, 'group-1.test.mjs');
    const imports = ['passes.test.mjs', 'hangs.test.mjs'].map((name) => pathToFileURL(join(dir.path, name)).href);
    await writeFile(entry, imports.map((href) => `import ${JSON.stringify(href)};\n`).join(''));

    // A short limit, so this test takes seconds; the flags are otherwise run-tests.mjs's own.
    const { code, output } = await runNode(nodeTestArgs([entry], { timeoutMs: 10_000 }), t.signal);
    assert.equal(code, 1, output);
    assert.match(output, /test timed out after 10000ms/);
    assert.doesNotMatch(output, /✔ never settles/);
  });
});
