import type { IntegerSetting } from './outbound-delivery.js';

// Apart from domain/forwarding.ts, which loads TypeBox for its request schema: the CLI reads
// these limits in every command's definitions, and TypeBox would add a tenth of a second to each
// start.

/**
 * Each retry setting's bounds and default, keyed by its field, with what it is in a few words. The
 * request schema (domain/forwarding.ts), the API's answer and the CLI's flags and `forwarding show` lines are made
 * from these and ForwardingInputSchema (docs/forwarding.md states them for people).
 */
export const FORWARDING_LIMITS = {
  maxAttempts: { min: 1, max: 30, default: 8, summary: 'Attempts per event before it is failed' },
  /** 1 s to 24 h; default 1 h. */
  maxDelayMs: { min: 1_000, max: 86_400_000, default: 3_600_000, summary: 'Longest wait between two attempts' },
} as const satisfies Readonly<Record<string, IntegerSetting>>;
