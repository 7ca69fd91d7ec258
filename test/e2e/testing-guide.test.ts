// docs/testing-with-rehook.md shows a complete test; this runs it, exactly as written, against
// the built package (`rehook` and `rehook/testing` resolved through the package's exports), so
// the guide's example cannot stop working unnoticed.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MARKER = /<!-- example: ([\w.-]+) [^>]*-->\s*```js\n([\s\S]*?)```/g;

/** The examples of the guide: file name and code, as marked in the Markdown. */
async function guideExamples(): Promise<Array<{ file: string; code: string }>> {
  const guide = await readFile(join(ROOT, 'docs/testing-with-rehook.md'), 'utf8');
  return [...guide.matchAll(MARKER)].map((match) => ({ file: match[1] as string, code: match[2] as string }));
}

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // Without NODE_TEST_CONTEXT, which would make the child think it runs inside this test run.
    const { NODE_TEST_CONTEXT: _context, ...env } = process.env;
    const child = spawn(command, args, { cwd, env: { ...env, NODE_OPTIONS: '' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('docs/testing-with-rehook.md', () => {
  let project: string;
  before(async () => {
    // A project with rehook "installed": node_modules/rehook is this package (built by npm test).
    project = await mkdtemp(join(tmpdir(), 'rehook-guide-'));
    await mkdir(join(project, 'node_modules'));
    await symlink(ROOT, join(project, 'node_modules', 'rehook'), 'dir');
    await writeFile(join(project, 'package.json'), '{"type":"module","private":true}\n');
  });
  after(() => rm(project, { recursive: true, force: true }));

  test('has an example test', async () => {
    assert.ok((await guideExamples()).length >= 1, 'no <!-- example: ... --> code block found');
  });

  test('its example test passes against the built package', async () => {
    for (const { file, code } of await guideExamples()) {
      await writeFile(join(project, file), code);
      const { code: exit, output } = await run(process.execPath, ['--test', '--test-reporter=tap', file], project);
      assert.equal(exit, 0, `${file} failed:\n${output}`);
      assert.match(output, /# pass [1-9]/, output);
      assert.match(output, /# fail 0/, output);
    }
  });
});
