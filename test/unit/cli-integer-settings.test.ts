import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParsedInput } from '../../src/cli/command.js';
import { UsageError } from '../../src/cli/exit.js';
import { settingFlags, settingLines, settingValues } from '../../src/cli/integer-settings.js';

/**
 * The CLI's flags and `show` lines of integer settings come from a request schema and its limits:
 * these cases add a setting (`timeoutMs`) to a schema like forwarding's and check what the CLI
 * makes of it.
 */

const LIMITS = {
  maxAttempts: { min: 1, max: 30, default: 8, summary: 'Attempts per event before it is failed' },
  timeoutMs: { min: 500, max: 120_000, default: 30_000, summary: 'Longest wait for an answer' },
} as const;

/** A request like forwarding's, with a new setting. */
interface Input {
  destination: string;
  maxAttempts?: number;
  attempts?: number;
  timeoutMs?: number;
}

function parsed(values: ParsedInput['values']): ParsedInput {
  return { path: ['thing', 'set'], values, args: [], env: {} };
}

describe('settingFlags', () => {
  it('names a flag after its property, a duration without Ms, with bounds and default from the limits', () => {
    const flags = settingFlags<Input, typeof LIMITS>(LIMITS, {
      destination: { at: 'start', flags: {} },
      attempts: { at: 'end', flags: {} },
    });
    assert.deepEqual(flags, {
      'max-attempts': {
        type: 'string',
        value: 'n',
        description: 'Attempts per event before it is failed (1 to 30).',
        default: '8',
      },
      timeout: {
        type: 'string',
        value: 'duration',
        description: 'Longest wait for an answer: 500ms to 2m (e.g. 30s, 10m, 1h).',
        default: '30s',
      },
    });
  });

  it("puts the caller's flags where it says: first, after a setting, last", () => {
    const to = { type: 'string', value: 'url', description: 'Where.' } as const;
    const old = { type: 'string', value: 'n', description: 'Old name.' } as const;
    const flags = settingFlags<Input, typeof LIMITS>(LIMITS, {
      destination: { at: 'start', flags: { to } },
      attempts: { at: 'maxAttempts', flags: { attempts: old } },
    });
    assert.deepEqual(Object.keys(flags), ['to', 'max-attempts', 'attempts', 'timeout']);
    const last = settingFlags<Input, typeof LIMITS>(LIMITS, {
      destination: { at: 'end', flags: { to } },
      attempts: { at: 'start', flags: { attempts: old } },
    });
    assert.deepEqual(Object.keys(last), ['attempts', 'max-attempts', 'timeout', 'to']);
  });

  it('makes tsc require flags for every property without limits, and refuse limits of no property', () => {
    // @ts-expect-error: attempts, a property without limits, has no flags
    settingFlags<Input, typeof LIMITS>(LIMITS, { destination: { at: 'start', flags: {} } });
    const stray = { ...LIMITS, retries: { min: 0, max: 3, default: 1, summary: 'Retries' } } as const;
    // @ts-expect-error: retries is not a property of Input
    settingFlags<Input, typeof stray>(stray, {
      destination: { at: 'start', flags: {} },
      attempts: { at: 'end', flags: {} },
    });
  });
});

describe('settingValues', () => {
  it('reads each flag, a duration as people write it, and gives the default for what is left out', () => {
    assert.deepEqual(settingValues(parsed({ timeout: '10s' }), LIMITS), { maxAttempts: 8, timeoutMs: 10_000 });
    assert.deepEqual(settingValues(parsed({ 'max-attempts': '3' }), LIMITS), { maxAttempts: 3, timeoutMs: 30_000 });
  });

  it('lets the caller replace what a flag gave (an old name), the default still filling in', () => {
    const fromOld = settingValues(parsed({}), LIMITS, { maxAttempts: (given) => given ?? 5 });
    assert.equal(fromOld.maxAttempts, 5);
    const none = settingValues(parsed({}), LIMITS, { maxAttempts: () => undefined });
    assert.equal(none.maxAttempts, 8);
  });

  it('refuses what is not a positive integer or a duration, naming the flag', () => {
    assert.throws(() => settingValues(parsed({ 'max-attempts': '0' }), LIMITS), UsageError);
    assert.throws(() => settingValues(parsed({ timeout: 'soon' }), LIMITS), /--timeout must be a duration/);
  });
});

describe('settingLines', () => {
  it('labels each setting with its words and shows a duration as the flag takes it', () => {
    assert.deepEqual(settingLines(LIMITS, { maxAttempts: 12, timeoutMs: 90_000 }), [
      ['max attempts', '12'],
      ['timeout', '90s'],
    ]);
  });
});
