const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * A duration as people write it in a query parameter or a flag: `500ms`, `30s`, `2m`, `1h`, `1.5s`;
 * a bare number means seconds; `0` is zero. Returns whole milliseconds (rounded), or null when
 * `raw` is not such a duration. Ranges are the caller's to check.
 *
 * @example
 * parseDurationMs('30s') // 30000
 * parseDurationMs('2')   // 2000
 * parseDurationMs('soon') // null
 */
export function parseDurationMs(raw: string): number | null {
  // At most 9 digits before the point: every accepted value is a safe integer of milliseconds.
  const match = /^(\d{1,9}(?:\.\d{1,3})?)(ms|s|m|h)?$/.exec(raw);
  if (!match) return null;
  return Math.round(Number(match[1]) * (UNIT_MS[match[2] ?? 's'] ?? 1000));
}

/** `120000` → `2m`, `30000` → `30s`, `1500` → `1500ms`: an exact, short form for messages. */
export function formatDurationMs(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms >= 1000 && ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}
