import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { hasPostgresMode, POSTGRES_PASS_EXEMPT, postgresPasses } from '../../scripts/postgres-passes.mjs';
import { makeTempDir } from '../helpers/temp-dir.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith('.test.ts') ? [relative(root, path).split('\\').join('/')] : [];
  });
}

describe('the PostgreSQL passes of the test runner', () => {
  it('find a PostgreSQL mode in the file or in a helper of its own folder, and nowhere else', async (t) => {
    const dir = await makeTempDir('rehook-postgres-passes-');
    t.after(() => dir.cleanup());
    await mkdir(join(dir.path, 'test', 'suite'), { recursive: true });
    const write = (name: string, text: string) => writeFile(join(dir.path, 'test', 'suite', name), text);
    // Spelled in two parts, or this file would have a PostgreSQL mode of its own.
    const start = ['startTestRehook', '('].join('');
    await write('support.ts', `export const rig = () => ${start}{});\n`);
    await write('direct.test.ts', `const rehook = await ${start}{ env: { A: '1' } });\n`);
    await write('helped.test.ts', "import { rig } from './support.js';\n");
    await write('spawns.test.ts', "import { spawn } from 'node:child_process';\nspawn('rehook', ['serve']);\n");
    const mode = (name: string) => hasPostgresMode(dir.path, `test/suite/${name}`);
    assert.deepEqual(['direct.test.ts', 'helped.test.ts', 'spawns.test.ts'].map(mode), [true, true, false]);
  });

  const files = testFiles(join(root, 'test'));
  const passes = postgresPasses(root, files);
  const inPass = (pass: readonly string[], prefix: string) => pass.filter((file) => file.startsWith(prefix));

  it('run every file with a PostgreSQL mode once, but the exempt ones', () => {
    assert.ok(!passes.npmTest.includes('test/unit/test-postgres-passes.test.ts'));
    const withMode = files.filter(
      (file) => hasPostgresMode(root, file) && !POSTGRES_PASS_EXEMPT.some((entry) => file.startsWith(entry)),
    );
    assert.deepEqual([...passes.npmTest, ...passes.long].sort(), withMode.sort());
    assert.equal(new Set([...passes.npmTest, ...passes.long]).size, withMode.length);
  });

  it('take the HTTP, abuse, alerts, forwarding, signatures and authorization suites into npm test', () => {
    for (const folder of [
      'test/integration/api/',
      'test/integration/api/stream/',
      'test/integration/ingest/',
      'test/integration/abuse/',
      'test/integration/api/alerts/',
      'test/integration/api/forwarding/',
      'test/authz/',
    ]) {
      assert.ok(inPass(passes.npmTest, folder).length > 0, `${folder} in npm test's PostgreSQL pass`);
    }
    assert.ok(passes.npmTest.includes('test/integration/api/signatures/signatures.test.ts'));
  });

  it('set the authorization matrix, the end-to-end and the browser suites apart as the long ones', () => {
    assert.ok(passes.long.includes('test/authz/matrix.test.ts'));
    assert.ok(inPass(passes.long, 'test/e2e/').length > 0);
    assert.ok(inPass(passes.long, 'test/browser/').length > 0);
    assert.deepEqual(
      passes.npmTest.filter((file) => /^test\/(e2e|browser)\/|matrix/.test(file)),
      [],
      'npm test stays under 20 minutes',
    );
  });
});
