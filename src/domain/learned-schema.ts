/**
 * The learned schema of one event type's bodies: a merged summary of every sample folded in so
 * far (how often each property was present, which JSON types each place held, whether all its
 * strings agreed on a format, a small set of its string values). Schemas (JSON Schema,
 * TypeScript, Zod) are rendered from it, and drift is checked against it, so nothing ever has to
 * read the samples again. Captured bodies are hostile: folding one costs at most
 * MAX_VISITS_PER_SAMPLE steps, and the schema never grows past MAX_SCHEMA_NODES places.
 */

export type JsonKind = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'object' | 'array';

export type StringFormat = 'date-time' | 'uuid' | 'email' | 'uri';

/** Deepest place described; anything nested deeper is "any value" (`deep`). */
export const MAX_SCHEMA_DEPTH = 32;
/** Properties recorded per object place; the rest make it `open`. */
export const MAX_PROPERTIES_PER_OBJECT = 200;
/** Array items folded per array (the first ones); a longer array makes its items `partial`. */
export const MAX_ARRAY_ITEMS = 1000;
/** Values (properties and items) one sample may visit in all; past it the sample is folded partly. */
export const MAX_VISITS_PER_SAMPLE = 20_000;
/** Places one type's shape may hold in all. */
export const MAX_SCHEMA_NODES = 5_000;
/** Distinct strings kept per place for enums; one more and the place is not an enum. */
export const MAX_ENUM_VALUES = 10;
/** Longest string kept as an enum value. */
export const MAX_ENUM_VALUE_LENGTH = 100;
/** Longest string checked for a format. */
const MAX_FORMAT_LENGTH = 2048;
/**
 * Samples a place needs before anything is concluded from it (a property required, a closed set
 * of strings, drift): one or two events say nothing of what varies. Settable per inbox
 * (`minSamples`, 1 to MAX_MIN_SAMPLES); docs/insight.md "Drift".
 */
export const DEFAULT_MIN_SAMPLES = 50;
export const MAX_MIN_SAMPLES = 10_000;
/**
 * A closed set is "well supported", so that a value outside it counts as drift, when it has seen
 * at least this many times MIN samples strings and every value of it at least ENUM_SUPPORT_PER_VALUE
 * times: a set that still has rare members is likely not closed yet.
 */
export const ENUM_SUPPORT_FACTOR = 5;
export const ENUM_SUPPORT_PER_VALUE = 5;

/** What is known of the values at one place of the bodies (the root, a property, array items). */
export interface Shape {
  /** Values seen here. */
  n: number;
  /** How many of them had each JSON type (integer: a number without a fraction). */
  kinds: Partial<Record<JsonKind, number>>;
  /** The format every string here had; null when they disagreed; undefined before the first string. */
  format?: StringFormat | null;
  /** The distinct strings seen here (at most MAX_ENUM_VALUES); null when there were more or longer ones. */
  values?: string[] | null;
  /** How many times each of `values` was seen (same order); absent in shapes stored before it was kept. */
  counts?: number[] | undefined;
  /** Some string here looked like an identifier, a hash, a timestamp, an e-mail or a URL: never a closed set. */
  idLike?: boolean;
  /** Objects: each property's shape; its `n` is how many objects here had it. */
  props?: Map<string, Shape>;
  /** Objects: some properties were not recorded (caps, the visit budget), so others may occur. */
  open?: boolean;
  /** Arrays: the shape of their (sampled) items. */
  items?: Shape;
  /** Arrays: some items were not folded (too many, the visit budget). */
  partial?: boolean;
  /** Objects or arrays nested deeper than MAX_SCHEMA_DEPTH were seen here: not described. */
  deep?: boolean;
}

/** The learned schema of one event type. */
export interface LearnedSchema {
  readonly root: Shape;
  /** Places in `root`, bounded by MAX_SCHEMA_NODES. */
  nodes: number;
}

export function emptyShape(): Shape {
  return { n: 0, kinds: {} };
}

export function emptyLearnedSchema(): LearnedSchema {
  return { root: emptyShape(), nodes: 1 };
}

export function kindOf(value: unknown): JsonKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'string':
      return 'string';
    default:
      return 'object';
  }
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|[+-](\d{2}):(\d{2}))$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Deliberately narrower than the validators' own rules (Ajv's formats), so that a string called
// an email or a URI here is one for them too.
const EMAIL =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const URI =
  /^https?:\/\/[A-Za-z0-9](?:[A-Za-z0-9.-]{0,253})(?::\d{1,5})?(?:\/[A-Za-z0-9\-._~%!$&'()*+,;=:@/]*)?(?:\?[A-Za-z0-9\-._~%!$&'()*+,;=:@/?]*)?$/;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isDateTime(text: string): boolean {
  const m = DATE_TIME.exec(text);
  if (m === null) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 0);
  const offsetOk = m[7] === undefined || (Number(m[7]) < 24 && Number(m[8]) < 60);
  return month >= 1 && day >= 1 && day <= days && hour < 24 && minute < 60 && second < 60 && offsetOk;
}

/** The format of a string, when it has one of the few recognised ones. */
export function stringFormat(text: string): StringFormat | null {
  if (text.length > MAX_FORMAT_LENGTH) return null;
  if (isDateTime(text)) return 'date-time';
  if (UUID.test(text)) return 'uuid';
  if (EMAIL.test(text)) return 'email';
  if (URI.test(text)) return 'uri';
  return null;
}

// Strings that name one thing rather than one of a few kinds: `evt_1Pq...`, `cus_Q1w2e3r4t5`,
// `PR_kwDOAbc123` (a prefix and a token with a digit or a capital), hex of 16+ digits (hashes,
// commit ids), 10+ characters of base62/base64 mixing letters and digits (`MDQ6VXNlcjE=`),
// 6+ digits (numeric ids and epochs as strings), dates and times, anything with an `@` before a
// dot (e-mails) and anything with a scheme (`https://`, `gid://`).
const PREFIXED_ID = /^[A-Za-z][A-Za-z0-9]{0,15}_(?:[A-Za-z0-9]+_)?(?=[A-Za-z0-9]*[0-9A-Z])[A-Za-z0-9]{4,}$/;
const HEX = /^(?:[a-z0-9]+[=:])?[0-9a-f]{16,}$/i;
const TOKEN = /^(?=.*[0-9])(?=.*[A-Za-z])[A-Za-z0-9+/_=-]{10,}$/;
const DIGITS = /^[0-9]{6,}$/;
const DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}|^\d{1,2}:\d{2}(:\d{2})?\b/;
const MAIL_OR_SCHEME = /^[^@\s]+@[^@\s]+\.[^@\s]+$|^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** True when a string looks like an identifier, a hash, a timestamp, an e-mail or a URL. */
export function looksLikeIdentifier(text: string): boolean {
  return (
    PREFIXED_ID.test(text) ||
    HEX.test(text) ||
    TOKEN.test(text) ||
    DIGITS.test(text) ||
    DATE_OR_TIME.test(text) ||
    MAIL_OR_SCHEME.test(text) ||
    stringFormat(text) !== null
  );
}

/** Kinds seen at a place, in a fixed order; integer is left out when number is there (it includes it). */
export function kindsOf(shape: Shape): JsonKind[] {
  const order: JsonKind[] = ['object', 'array', 'string', 'integer', 'number', 'boolean', 'null'];
  const seen = order.filter((kind) => (shape.kinds[kind] ?? 0) > 0);
  return seen.includes('number') ? seen.filter((kind) => kind !== 'integer') : seen;
}

/** How a schema is read: the samples needed before concluding, and the event type it describes. */
export interface SchemaReading {
  readonly minSamples: number;
  /** The event type: a place holding only it (Stripe's `type`) is its discriminator. */
  readonly eventType?: string;
}

export const DEFAULT_READING: SchemaReading = { minSamples: DEFAULT_MIN_SAMPLES };

/**
 * How many times each value was seen. A shape stored before counts were kept has none: its
 * values count as unseen, so it offers no closed set until they repeat again (or a rebuild).
 */
function valueCounts(shape: Shape, values: readonly string[]): number[] {
  if (shape.counts !== undefined && shape.counts.length === values.length) return shape.counts;
  return values.map(() => 0);
}

/**
 * True when the place's strings form a closed set the evidence supports: enough strings
 * (`minSamples`), few distinct values (at most MAX_ENUM_VALUES), each seen at least twice, and
 * none looking like an identifier, a hash, a timestamp, an e-mail or a URL.
 */
export function isEnumPlace(shape: Shape, reading: SchemaReading = DEFAULT_READING): boolean {
  const values = shape.values;
  if (values === undefined || values === null || values.length === 0) return false;
  if (shape.idLike === true || typeof shape.format === 'string') return false;
  if ((shape.kinds.string ?? 0) < Math.max(1, reading.minSamples)) return false;
  return valueCounts(shape, values).every((count) => count >= 2);
}

/**
 * True when a value outside the set is a change rather than a rarer member turning up: the set
 * is an enum whose strings number ENUM_SUPPORT_FACTOR times the minimum, every value seen at
 * least ENUM_SUPPORT_PER_VALUE times.
 */
export function isWellSupportedEnum(shape: Shape, reading: SchemaReading = DEFAULT_READING): boolean {
  if (!isEnumPlace(shape, reading)) return false;
  if ((shape.kinds.string ?? 0) < ENUM_SUPPORT_FACTOR * Math.max(1, reading.minSamples)) return false;
  return valueCounts(shape, shape.values ?? []).every((count) => count >= ENUM_SUPPORT_PER_VALUE);
}

/**
 * The type's discriminator: a place whose every string is the event type itself (Stripe's and
 * Standard Webhooks' `type`, Slack's `event.type`, an inbox rule's pointer) or, for a property
 * named `action`, the type's last dotted part (GitHub's `pull_request.opened`). It stays a
 * literal from the first sample: the type was read from it.
 */
export function isDiscriminatorPlace(shape: Shape, key: string | null, reading: SchemaReading): boolean {
  const eventType = reading.eventType;
  const values = shape.values;
  if (eventType === undefined || values === undefined || values === null || values.length !== 1) return false;
  if (kindsOf(shape).length !== 1 || (shape.kinds.string ?? 0) === 0) return false;
  const value = values[0] as string;
  return value === eventType || (key === 'action' && eventType.endsWith(`.${value}`));
}

/** The strings a place is limited to in a schema (an enum or its discriminator literal), or null. */
export function closedValues(shape: Shape, key: string | null, reading: SchemaReading): string[] | null {
  if (isDiscriminatorPlace(shape, key, reading) || isEnumPlace(shape, reading)) return [...(shape.values ?? [])];
  return null;
}

/** True when a place saw values and every one was null: what it holds is unknown, not null. */
export function onlyNull(shape: Shape): boolean {
  return shape.n > 0 && (shape.kinds.null ?? 0) === shape.n;
}

/**
 * True when property `child` of object place `parent` is required: present in every one of at
 * least `minSamples` objects.
 */
export function isRequired(parent: Shape, child: Shape, reading: SchemaReading): boolean {
  const objects = objectCount(parent);
  return child.n === objects && objects >= Math.max(1, reading.minSamples);
}

/** How many objects were seen at a place (the count a required property's `n` equals). */
export function objectCount(shape: Shape): number {
  return shape.kinds.object ?? 0;
}

interface FoldState {
  visits: number;
  readonly type: LearnedSchema;
}

function foldString(shape: Shape, text: string): void {
  const format = stringFormat(text);
  if (shape.format === undefined) shape.format = format;
  else if (shape.format !== format) shape.format = null;
  // Once a place holds more values than an enum can, neither its values nor their look matter.
  if (shape.values === null) return;
  if (text.length > MAX_ENUM_VALUE_LENGTH) {
    shape.values = null;
    shape.counts = undefined;
    return;
  }
  const values = shape.values ?? [];
  const counts =
    shape.counts !== undefined && shape.counts.length === values.length ? shape.counts : values.map(() => 0);
  const at = values.indexOf(text);
  if (at >= 0) counts[at] = (counts[at] ?? 0) + 1;
  else {
    // Looked at once, when new: a place keeps at most MAX_ENUM_VALUES values.
    if (shape.idLike !== true && (format !== null || looksLikeIdentifier(text))) shape.idLike = true;
    values.push(text);
    counts.push(1);
  }
  if (values.length > MAX_ENUM_VALUES) {
    shape.values = null;
    shape.counts = undefined;
  } else {
    shape.values = values;
    shape.counts = counts;
  }
}

function foldObject(shape: Shape, value: Record<string, unknown>, depth: number, state: FoldState): void {
  const props = shape.props ?? new Map<string, Shape>();
  shape.props = props;
  let visited = 0;
  for (const key of Object.keys(value)) {
    if (visited >= MAX_PROPERTIES_PER_OBJECT || state.visits >= MAX_VISITS_PER_SAMPLE) {
      shape.open = true;
      break;
    }
    visited += 1;
    let child = props.get(key);
    if (child === undefined) {
      if (props.size >= MAX_PROPERTIES_PER_OBJECT || state.type.nodes >= MAX_SCHEMA_NODES) {
        shape.open = true;
        continue;
      }
      child = emptyShape();
      props.set(key, child);
      state.type.nodes += 1;
    }
    fold(child, value[key], depth + 1, state);
  }
}

function foldArray(shape: Shape, value: unknown[], depth: number, state: FoldState): void {
  if (value.length === 0) return;
  if (shape.items === undefined) {
    if (state.type.nodes >= MAX_SCHEMA_NODES) {
      shape.partial = true;
      return;
    }
    shape.items = emptyShape();
    state.type.nodes += 1;
  }
  const count = Math.min(value.length, MAX_ARRAY_ITEMS);
  for (let i = 0; i < count; i += 1) {
    if (state.visits >= MAX_VISITS_PER_SAMPLE) {
      shape.partial = true;
      return;
    }
    fold(shape.items, value[i], depth + 1, state);
  }
  if (count < value.length) shape.partial = true;
}

function fold(shape: Shape, value: unknown, depth: number, state: FoldState): void {
  state.visits += 1;
  const kind = kindOf(value);
  shape.n += 1;
  shape.kinds[kind] = (shape.kinds[kind] ?? 0) + 1;
  if ((kind === 'object' || kind === 'array') && depth >= MAX_SCHEMA_DEPTH) {
    shape.deep = true;
    return;
  }
  if (kind === 'string') foldString(shape, value as string);
  else if (kind === 'object') foldObject(shape, value as Record<string, unknown>, depth, state);
  else if (kind === 'array') foldArray(shape, value as unknown[], depth, state);
}

/** Folds one parsed body into the type's shape (in place). */
export function foldSample(type: LearnedSchema, value: unknown): void {
  fold(type.root, value, 0, { visits: 0, type });
}

/** Samples folded into the schema. */
export function sampleCount(type: LearnedSchema): number {
  return type.root.n;
}

// The stored form: JSON with short keys, properties as [name, shape] pairs (a name such as
// `__proto__` is data, never an object key of the decoder's).
interface EncodedShape {
  n: number;
  k: Partial<Record<JsonKind, number>>;
  f?: StringFormat | null;
  v?: string[] | null;
  c?: number[];
  x?: true;
  p?: [string, EncodedShape][];
  o?: true;
  i?: EncodedShape;
  pa?: true;
  d?: true;
}

function encodeShape(shape: Shape): EncodedShape {
  const out: EncodedShape = { n: shape.n, k: shape.kinds };
  if (shape.format !== undefined) out.f = shape.format;
  if (shape.values !== undefined) out.v = shape.values;
  if (shape.counts !== undefined) out.c = shape.counts;
  if (shape.idLike === true) out.x = true;
  if (shape.props !== undefined) out.p = [...shape.props].map(([key, child]) => [key, encodeShape(child)]);
  if (shape.open === true) out.o = true;
  if (shape.items !== undefined) out.i = encodeShape(shape.items);
  if (shape.partial === true) out.pa = true;
  if (shape.deep === true) out.d = true;
  return out;
}

function decodeShape(encoded: EncodedShape): Shape {
  const shape: Shape = { n: encoded.n, kinds: { ...encoded.k } };
  if (encoded.f !== undefined) shape.format = encoded.f;
  if (encoded.v !== undefined) shape.values = encoded.v === null ? null : [...encoded.v];
  if (encoded.c !== undefined) shape.counts = [...encoded.c];
  if (encoded.x === true) shape.idLike = true;
  if (encoded.p !== undefined) shape.props = new Map(encoded.p.map(([key, child]) => [key, decodeShape(child)]));
  if (encoded.o === true) shape.open = true;
  if (encoded.i !== undefined) shape.items = decodeShape(encoded.i);
  if (encoded.pa === true) shape.partial = true;
  if (encoded.d === true) shape.deep = true;
  return shape;
}

/** The shape as stored (JSON text). */
export function encodeLearnedSchema(type: LearnedSchema): string {
  return JSON.stringify({ nodes: type.nodes, root: encodeShape(type.root) });
}

/** A stored shape back; an unreadable one counts as empty rather than failing a read. */
export function decodeLearnedSchema(text: string): LearnedSchema {
  try {
    const parsed = JSON.parse(text) as { nodes: number; root: EncodedShape };
    return { nodes: parsed.nodes, root: decodeShape(parsed.root) };
  } catch {
    return emptyLearnedSchema();
  }
}
