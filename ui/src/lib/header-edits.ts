/**
 * Editing a captured request's headers before a replay: which headers are offered for editing,
 * and which changes the API is asked for. Pure (no DOM, no API), so the unit tests import it.
 */

export type HeaderPair = readonly [string, string];

/** What the event page shows in place of a value Rehook redacted before storing it. */
export const REDACTED = '[REDACTED]';

/** Headers the replay computes or refuses to send (docs/replay.md): not offered for editing. */
const FIXED_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'proxy-connection',
]);

/**
 * The captured headers a person may edit, values trimmed: no fixed or proxy header, and no
 * redacted one (its value was never stored, so it cannot be sent).
 */
export function editableHeaders(headers: readonly HeaderPair[]): [string, string][] {
  return headers
    .filter(([name, value]) => {
      const key = name.toLowerCase();
      return !FIXED_HEADERS.has(key) && !key.startsWith('proxy-') && value !== REDACTED;
    })
    .map(([name, value]) => [name, value.trim()]);
}

/** The pairs of each header name (case-insensitive), in their order. */
function byName(pairs: readonly HeaderPair[]): Map<string, [string, string][]> {
  const map = new Map<string, [string, string][]>();
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    map.set(key, [...(map.get(key) ?? []), [name, value]]);
  }
  return map;
}

function samePairs(a: readonly HeaderPair[], b: readonly HeaderPair[]): boolean {
  return a.length === b.length && a.every(([name, value], i) => name === b[i]?.[0] && value === b[i]?.[1]);
}

/**
 * The header edits that turn the event's headers into the edited list: a name whose values
 * changed is set (all its edited values, in order), a name no longer there is removed.
 */
export function headerEdits(
  original: readonly HeaderPair[],
  edited: readonly HeaderPair[],
): { set: [string, string][]; remove: string[] } {
  const before = byName(original);
  const after = byName(edited);
  const set: [string, string][] = [];
  const remove: string[] = [];
  for (const [key, pairs] of after) {
    const old = before.get(key);
    if (old === undefined || !samePairs(old, pairs)) set.push(...pairs);
  }
  for (const [key, pairs] of before) if (!after.has(key)) remove.push(pairs[0]?.[0] ?? key);
  return { set, remove };
}

/**
 * The replay's `headers` option for the edits: only the parts that change something, or
 * undefined when the edited list is the original one.
 */
export function headersOption(
  original: readonly HeaderPair[],
  edited: readonly HeaderPair[],
): { set?: [string, string][]; remove?: string[] } | undefined {
  const { set, remove } = headerEdits(original, edited);
  if (set.length === 0 && remove.length === 0) return undefined;
  return { ...(set.length > 0 ? { set } : {}), ...(remove.length > 0 ? { remove } : {}) };
}
