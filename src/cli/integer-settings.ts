import type { IntegerSetting } from '../domain/outbound-delivery.js';
import type { OptionDef, ParsedInput } from './command.js';
import { durationMs, positiveInt, str } from './normalise.js';

/**
 * A resource's integer settings as flags, values and `show` lines, made from its limits
 * (domain/forwarding-limits.ts FORWARDING_LIMITS), so a setting added there reaches the CLI
 * without a line here or in the command. The rule: property `maxAttempts` is
 * `--max-attempts <n>` and `max attempts`; a name ending in `Ms` is a duration without the
 * suffix (`maxDelayMs`: `--max-delay <duration>`, `max delay`, values such as 30s or 10m).
 */

type Limits = Readonly<Record<string, IntegerSetting>>;
type Flags = Readonly<Record<string, OptionDef>>;

const isDuration = (key: string): boolean => key.endsWith('Ms');

const words = (key: string): string[] =>
  (isDuration(key) ? key.slice(0, -2) : key).split(/(?=[A-Z])/).map((word) => word.toLowerCase());

/** `maxDelayMs` → `max-delay`. */
export function flagName(key: string): string {
  return words(key).join('-');
}

/** `120000` → `2m`, `3600000` → `1h`, `1500` → `1500ms`: a duration as a flag takes it. */
export function formatMs(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}

function shown(key: string, value: number): string {
  return isDuration(key) ? formatMs(value) : String(value);
}

function flagFor(key: string, setting: IntegerSetting): OptionDef {
  const range = `${shown(key, setting.min)} to ${shown(key, setting.max)}`;
  const duration = isDuration(key);
  return {
    type: 'string',
    value: duration ? 'duration' : 'n',
    description: duration ? `${setting.summary}: ${range} (e.g. 30s, 10m, 1h).` : `${setting.summary} (${range}).`,
    default: shown(key, setting.default),
  };
}

/** Where a hand-declared flag goes: before the settings, after them, or after one of them. */
type Place<L> = 'start' | 'end' | keyof L;

/**
 * A flag for each setting of `limits`, in their order, by the rule; with the flags of the other
 * properties of the request (`Input`) declared by hand, each where `at` puts it. The type requires
 * an entry for every property of `Input` without limits, and refuses limits for a property
 * `Input` does not have, so a setting added to the request schema fails `tsc` until the CLI has
 * its flag.
 */
export function settingFlags<Input extends object, L extends Limits>(
  limits: L & { readonly [K in Exclude<keyof L, keyof Input>]: never },
  handDeclared: { readonly [K in Exclude<keyof Input, keyof L>]: { readonly at: Place<L>; readonly flags: Flags } },
): Record<string, OptionDef> {
  const declared: ReadonlyArray<{ readonly at: Place<L>; readonly flags: Flags }> = Object.values(handDeclared);
  const placedAt = (place: Place<L>): Flags[] => declared.filter((d) => d.at === place).map((d) => d.flags);
  const flags: Record<string, OptionDef> = {};
  for (const placed of placedAt('start')) Object.assign(flags, placed);
  for (const [key, setting] of Object.entries(limits)) {
    flags[flagName(key)] = flagFor(key, setting);
    for (const placed of placedAt(key)) Object.assign(flags, placed);
  }
  for (const placed of placedAt('end')) Object.assign(flags, placed);
  return flags;
}

/**
 * Each setting's value from its flag, in the order of `limits`: `adjust` may replace what the flag
 * gave (undefined when absent; an old name's flag, say); the default when it is still undefined.
 * A count must be a positive integer and a duration read as `--max-delay 10m`; the server checks
 * the bounds.
 */
export function settingValues<L extends Limits>(
  input: ParsedInput,
  limits: L,
  adjust: { readonly [K in keyof L]?: (given: number | undefined) => number | undefined } = {},
): { [K in keyof L]: number } {
  const adjustments: Readonly<Record<string, ((given: number | undefined) => number | undefined) | undefined>> = adjust;
  const values: Record<string, number> = {};
  for (const [key, setting] of Object.entries(limits)) {
    const name = flagName(key);
    let given: number | undefined;
    if (!isDuration(key)) given = positiveInt(input, name);
    else if (str(input, name) !== undefined) given = durationMs(input, name, setting.default);
    values[key] = adjustments[key]?.(given) ?? given ?? setting.default;
  }
  return values as { [K in keyof L]: number };
}

/** A `show` line for each setting of `limits`, in their order: `['max delay', '10m']`. */
export function settingLines<L extends Limits>(
  limits: L,
  values: { readonly [K in keyof L]: number },
): [string, string][] {
  return Object.keys(limits).map((key) => [words(key).join(' '), shown(key, values[key] as number)]);
}
