import {
  DEFAULT_READING,
  ENUM_SUPPORT_FACTOR,
  isRequired,
  isWellSupportedEnum,
  type JsonKind,
  kindOf,
  kindsOf,
  MAX_ARRAY_ITEMS,
  MAX_SCHEMA_DEPTH,
  MAX_VISITS_PER_SAMPLE,
  objectCount,
  onlyNull,
  type Shape,
  type SchemaReading,
  type LearnedSchema,
} from './learned-schema.js';

/**
 * Drift: how a body differs from the schema learned from the earlier events of its type
 * (docs/insight.md "Drift"). Checked before the body is folded in, within the same budgets as
 * folding, so a hostile body costs no more here than there.
 */

export type DriftKind = 'new-property' | 'missing-property' | 'type-changed' | 'new-enum-value';

export interface DriftDifference {
  readonly kind: DriftKind;
  /** JSON pointer of the place in the body (array items by the index where it was seen). */
  readonly path: string;
  /** type-changed: the types seen before. */
  readonly expected?: JsonKind[];
  /** type-changed: the type this body has there. */
  readonly actual?: JsonKind;
  /** new-enum-value: the new value. */
  readonly value?: string;
}

/** Differences reported per event at most; the first ones found. */
export const MAX_DRIFT_DIFFERENCES = 20;

function pointerToken(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

interface DriftState {
  readonly reading: SchemaReading;
  visits: number;
  readonly out: DriftDifference[];
  /** Kind + path with array indexes blanked: one report per place, not one per item. */
  readonly seen: Set<string>;
}

function report(state: DriftState, difference: DriftDifference, place: string): void {
  if (state.out.length >= MAX_DRIFT_DIFFERENCES) return;
  const key = `${difference.kind} ${place}`;
  if (state.seen.has(key)) return;
  state.seen.add(key);
  state.out.push(difference);
}

function kindFits(shape: Shape, kind: JsonKind): boolean {
  if ((shape.kinds[kind] ?? 0) > 0) return true;
  return kind === 'integer' && (shape.kinds.number ?? 0) > 0;
}

function compare(shape: Shape, value: unknown, path: string, place: string, depth: number, state: DriftState): void {
  state.visits += 1;
  // A place is judged once it was seen in enough events; one seen only as null holds "unknown".
  if (shape.n < Math.max(1, state.reading.minSamples) || shape.deep === true || onlyNull(shape)) return;
  const kind = kindOf(value);
  if (!kindFits(shape, kind)) {
    // A first null where values were always given is what optional relations do now and then
    // (a push without a head commit): it counts once the place is as well known as an enum must be.
    const judged = kind !== 'null' || shape.n >= ENUM_SUPPORT_FACTOR * Math.max(1, state.reading.minSamples);
    if (judged) report(state, { kind: 'type-changed', path, expected: kindsOf(shape), actual: kind }, place);
    return;
  }
  if (depth >= MAX_SCHEMA_DEPTH) return;
  if (kind === 'string') {
    if (isWellSupportedEnum(shape, state.reading) && !(shape.values ?? []).includes(value as string)) {
      report(state, { kind: 'new-enum-value', path, value: value as string }, place);
    }
  } else if (kind === 'object') {
    compareObject(shape, value as Record<string, unknown>, path, place, depth, state);
  } else if (kind === 'array' && shape.items !== undefined) {
    const items = value as unknown[];
    const count = Math.min(items.length, MAX_ARRAY_ITEMS);
    for (let i = 0; i < count && state.visits < MAX_VISITS_PER_SAMPLE; i += 1) {
      compare(shape.items, items[i], `${path}/${i}`, `${place}/*`, depth + 1, state);
    }
  }
}

function compareObject(
  shape: Shape,
  value: Record<string, unknown>,
  path: string,
  place: string,
  depth: number,
  state: DriftState,
): void {
  const props = shape.props ?? new Map<string, Shape>();
  // New and missing properties are judged where enough objects were seen to know them.
  const judged = objectCount(shape) >= Math.max(1, state.reading.minSamples);
  let complete = true;
  for (const key of Object.keys(value)) {
    if (state.visits >= MAX_VISITS_PER_SAMPLE) {
      complete = false;
      break;
    }
    const token = pointerToken(key);
    const child = props.get(key);
    if (child === undefined) {
      if (judged && shape.open !== true)
        report(state, { kind: 'new-property', path: `${path}/${token}` }, `${place}/${token}`);
      continue;
    }
    compare(child, value[key], `${path}/${token}`, `${place}/${token}`, depth + 1, state);
  }
  if (!complete || !judged) return;
  for (const [key, child] of props) {
    if (isRequired(shape, child, state.reading) && !Object.hasOwn(value, key)) {
      const token = pointerToken(key);
      report(state, { kind: 'missing-property', path: `${path}/${token}` }, `${place}/${token}`);
    }
  }
}

/**
 * How `value` (a parsed body) differs from the schema learned so far: empty when it fits, and
 * always empty until the type has `minSamples` samples (what varies is not known before).
 */
export function driftOf(
  type: LearnedSchema,
  value: unknown,
  minSamples = DEFAULT_READING.minSamples,
): DriftDifference[] {
  // The root is a place like any other: judged once the type has `minSamples` samples.
  const state: DriftState = { reading: { minSamples }, visits: 0, out: [], seen: new Set() };
  compare(type.root, value, '', '', 0, state);
  return state.out;
}

/** Stored form of an event's differences: JSON text, or null when it did not drift. */
export function encodeDrift(differences: readonly DriftDifference[]): string | null {
  return differences.length === 0 ? null : JSON.stringify(differences);
}

/** A stored column back; anything unreadable counts as no drift rather than failing a read. */
export function decodeDrift(text: string | null): DriftDifference[] | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) && value.length > 0 ? (value as DriftDifference[]) : null;
  } catch {
    return null;
  }
}

/** One line saying what a difference is, for the CLI and the web app. */
export function describeDifference(d: DriftDifference): string {
  const where = d.path === '' ? 'the body' : d.path;
  switch (d.kind) {
    case 'new-property':
      return `new property ${where}`;
    case 'missing-property':
      return `missing property ${where} (present in every earlier event)`;
    case 'type-changed':
      return `${where} is ${d.actual ?? '?'}, was ${(d.expected ?? []).join(' or ')}`;
    case 'new-enum-value':
      return `${where} has a new value ${JSON.stringify(d.value ?? '')}`;
  }
}
