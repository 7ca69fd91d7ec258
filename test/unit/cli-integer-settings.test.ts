import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
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

const properties = {
  destination: Type.String(),
  maxAttempts: Type.Optional(Type.Integer()),
  attempts: Type.Optional(Type.Integer({ deprecated: true })),
  timeoutMs: Type.Optional(Type.Integer()),
};

function parsed(values: ParsedInput['values']): ParsedInput {
  return { path: ['thing', 'set'], values, args: [], env: {} };
}

describe('settingFlags', () => {
  it('names a flag after its property, a duration without Ms, with bounds and default from the limits', () => {
    const flags = settingFlags(properties, LIMITS, { destination: {}, attempts: {} });
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

  it("puts the caller's flags where their property stands", () => {
    const to = { type: 'string', value: 'url', description: 'Where.' } as const;
    const old = { type: 'string', value: 'n', description: 'Old name.' } as const;
    const flags = settingFlags(properties, LIMITS, { destination: { to }, attempts: { attempts: old } });
    assert.deepEqual(Object.keys(flags), ['to', 'max-attempts', 'attempts', 'timeout']);
  });

  it('refuses limits for a property that is not an integer', () => {
    assert.throws(
      () => settingFlags({ ...properties, timeoutMs: Type.String() }, LIMITS, { destination: {}, attempts: {} }),
      /timeoutMs has limits but is not an integer property/,
    );
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
