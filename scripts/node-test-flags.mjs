// The flags scripts/run-tests.mjs starts node's test runner with; test/unit/test-runner.test.ts
// runs a file that never settles with the same flags to prove the time limit ends it.

/**
 * The time limit of each file node's test runner starts (node --test-timeout). Node 20 applies
 * it to each file the runner starts as a whole (a group entry of run-tests.mjs is one file), not
 * to each test inside it; a test asks for a tighter limit with its own `timeout` option, and no
 * suite's own limit can be longer. 15 minutes: the longest file, the authorization matrix on
 * PostgreSQL beside three other files of its pass, took 10 minutes on an idle 2-core machine.
 * A test whose promise never settles fails after it instead of holding CI.
 */
export const FILE_TIMEOUT_MS = 15 * 60_000;

/** node's arguments to run `files` (paths or group entries) as run-tests.mjs does. */
export function nodeTestArgs(files, { timeoutMs = FILE_TIMEOUT_MS } = {}) {
  return [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=4',
    `--test-timeout=${timeoutMs}`,
    '--test-reporter=spec',
    ...files,
  ];
}
