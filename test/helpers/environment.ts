import type { TestContext } from 'node:test';

/** Lines framed by a bar of `!`, so a skip or a CI failure stands out in a long test log. */
export function loudBanner(lines: readonly string[]): string {
  const bar = '!'.repeat(78);
  return ['', bar, ...lines.map((line) => `!!! ${line}`), bar, ''].join('\n');
}

/**
 * For a test that needs something from the machine (an address on the loopback interface, a
 * tool) and found it missing. With CI set, throws, so the test FAILS with `reason` in a loud
 * banner: a CI run must never pass by leaving out the guard the test proves (`.ci/run` provides
 * what these tests need). Outside CI, prints the same banner and skips the test.
 * Call it as `return missingFromMachine(t, ...)`.
 */
export function missingFromMachine(
  t: Pick<TestContext, 'skip'>,
  reason: string,
  hint: string,
  env: NodeJS.ProcessEnv = process.env,
): void {
  if (env['CI']) {
    throw new Error(loudBanner([`${reason}.`, 'CI is set, so this test FAILS instead of skipping.', hint]));
  }
  console.error(loudBanner([`${reason}.`, 'SKIPPING this test.', hint]));
  t.skip(reason);
}
