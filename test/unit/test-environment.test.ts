import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { missingFromMachine } from '../helpers/environment.js';

/** A stand-in for the test context: records what the test would have been skipped for. */
function recorder(): { skipped: string[]; skip(message?: string): void } {
  const skipped: string[] = [];
  return { skipped, skip: (message) => skipped.push(message ?? '') };
}

describe('a test that needs something the machine lacks', () => {
  it('fails in CI, naming what is missing and how to provide it, without skipping', (t) => {
    const errors = t.mock.method(console, 'error', () => undefined);
    const context = recorder();
    assert.throws(
      () => missingFromMachine(context, 'cannot listen on ::1', 'ip -6 addr add ::1/128 dev lo', { CI: 'true' }),
      (err: Error) =>
        /!!! cannot listen on ::1\./.test(err.message) &&
        /CI is set, so this test FAILS/.test(err.message) &&
        /ip -6 addr add ::1\/128 dev lo/.test(err.message),
    );
    assert.deepEqual(context.skipped, []);
    assert.equal(errors.mock.callCount(), 0);
  });

  it('outside CI, skips with the reason and prints it loudly', (t) => {
    const errors = t.mock.method(console, 'error', () => undefined);
    const context = recorder();
    missingFromMachine(context, 'openssl is not installed', "Install Debian's openssl", {});
    assert.deepEqual(context.skipped, ['openssl is not installed']);
    assert.equal(errors.mock.callCount(), 1);
    assert.match(String(errors.mock.calls[0]?.arguments[0]), /!{78}\n!!! openssl is not installed\.\n!!! SKIPPING/);
  });
});
