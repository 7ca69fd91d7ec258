// Which test files run a second time with every test server on PostgreSQL
// (REHOOK_TEST_STORE=postgres), in npm test's PostgreSQL pass (scripts/run-tests.mjs):
// every file with a PostgreSQL mode, so a new one joins without a list to update.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Files with a PostgreSQL mode that are not run again on PostgreSQL: the PostgreSQL suites choose
 * their database themselves, and the OpenAPI document's test reads no stored data.
 */
export const POSTGRES_PASS_EXEMPT = ['test/integration/postgres/', 'test/unit/openapi.test.ts'];

/**
 * Files and folders whose PostgreSQL mode takes longest: npm test's PostgreSQL pass starts them
 * first, and `node scripts/run-tests.mjs --postgres-long` runs only them.
 * Measured on the busy shared machine: this pass 4.3 minutes on its own (the authorization matrix
 * alone 2.3-3.3, the browser files 3.3 when run by themselves), against 46 s that the other new
 * suites added to npm test's pass.
 */
export const POSTGRES_LONG_PASS = [
  'test/authz/matrix.test.ts',
  'test/e2e/',
  'test/browser/',
  'test/property/fidelity.test.ts',
];

const posix = (file) => file.split('\\').join('/');

/**
 * Whether a test file (a path relative to `root`) has a PostgreSQL mode: it starts its servers
 * with startTestRehook, itself or through a helper module of its own folder, and that follows
 * REHOOK_TEST_STORE. Files that spawn `rehook serve` on SQLite would only repeat their main pass.
 */
export function hasPostgresMode(root, file) {
  const text = readFileSync(join(root, file), 'utf8');
  if (text.includes('startTestRehook(')) return true;
  for (const [, name] of text.matchAll(/from '\.\/([\w-]+)\.js'/g)) {
    const helper = join(root, dirname(file), `${name}.ts`);
    if (existsSync(helper) && readFileSync(helper, 'utf8').includes('startTestRehook(')) return true;
  }
  return false;
}

/**
 * The files of `files` (relative to `root`) with a PostgreSQL mode, but the exempt ones: those
 * npm test runs again on PostgreSQL: the long ones apart, as the pass starts them first.
 */
export function postgresPasses(root, files) {
  const listed = (list) => (file) => list.some((entry) => posix(file).startsWith(entry));
  const chosen = files.filter((file) => !listed(POSTGRES_PASS_EXEMPT)(file) && hasPostgresMode(root, file));
  const long = listed(POSTGRES_LONG_PASS);
  return { npmTest: chosen.filter((file) => !long(file)), long: chosen.filter(long) };
}
