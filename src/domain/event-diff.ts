import { diffLines } from 'diff';
import type { CapturedEvent, HeaderPair } from './captured-event.js';
import { subPathOf } from './response.js';
import { isLosslessNumber, parseLosslessJsonBody } from './lossless-json.js';

/**
 * What differs between two captured events (docs/insight.md, "Compare two events"). Pure: the
 * events in, a plain value out. JSON bodies give RFC 6902 operations that turn the first body
 * into the second; other text bodies a line diff; anything else only whether the bytes are equal.
 */

/** `{from, to}` when the two differ, else null. */
export type Changed<T> = { readonly from: T; readonly to: T } | null;

/** One name whose values differ: every value of it on each side, in order. */
export interface ChangedPair {
  readonly name: string;
  readonly from: readonly string[];
  readonly to: readonly string[];
}

export interface PairsDiff {
  /** Pairs whose name only the second event has, in its order. */
  readonly added: readonly HeaderPair[];
  /** Pairs whose name only the first event has, in its order. */
  readonly removed: readonly HeaderPair[];
  /** Names both have with different values (or a different number or order of them). */
  readonly changed: readonly ChangedPair[];
}

/** An RFC 6902 operation; `from` is the value before (ignored by a patch tool, RFC 6902 §4). */
export type JsonPatchOperation =
  | { readonly op: 'add'; readonly path: string; readonly value: unknown }
  | { readonly op: 'remove'; readonly path: string; readonly from: unknown }
  | { readonly op: 'replace'; readonly path: string; readonly from: unknown; readonly value: unknown };

export interface TextChange {
  readonly type: 'same' | 'added' | 'removed';
  /** Whole lines, each with its line break when it had one. */
  readonly text: string;
}

export type BodyDiff =
  | { readonly kind: 'json'; readonly bytesEqual: boolean; readonly operations: readonly JsonPatchOperation[] }
  | { readonly kind: 'text'; readonly bytesEqual: boolean; readonly changes: readonly TextChange[] }
  | {
      readonly kind: 'binary';
      readonly bytesEqual: boolean;
      readonly sizes: { readonly from: number; readonly to: number };
      /** Why no finer diff: a body is not UTF-8 text, or the bodies are too big or differ too much. */
      readonly reason: 'binary' | 'too-large';
    };

export interface EventDiff {
  /** The first event's id. */
  readonly from: string;
  /** The second event's id. */
  readonly to: string;
  readonly method: Changed<string>;
  /** The path below each event's inbox (`/stripe` of `/i/<id>/stripe`): events of two inboxes compare. */
  readonly path: Changed<string>;
  readonly query: PairsDiff;
  /** Names compared case-insensitively; shown as the second event spells them (the first for removed). */
  readonly headers: PairsDiff;
  readonly body: BodyDiff;
}

export const DIFF_LIMITS = {
  /** Bodies above this (either one) are only compared byte for byte. */
  maxBodyBytes: 2 * 1024 * 1024,
  /** A line diff needing more edits than this is given up for the byte comparison (bounds its cost). */
  maxLineEdits: 5000,
  /**
   * Longest a body diff may take (ms): past it the bodies are only compared byte for byte, as
   * `too-large`. The API runs body diffs off the event loop (services/body-diff-runner.ts) and
   * stops the thread at twice this, whatever step it is in.
   */
  timeBudgetMs: 1000,
} as const;

/** Everything but the body: cheap whatever the events (headers and query are capped at capture). */
export type EventHeadDiff = Omit<EventDiff, 'body'>;

export function diffEventHeads(from: CapturedEvent, to: CapturedEvent): EventHeadDiff {
  const fromPath = subPathOf(from.path, from.inboxId);
  const toPath = subPathOf(to.path, to.inboxId);
  return {
    from: from.id,
    to: to.id,
    method: from.method === to.method ? null : { from: from.method, to: to.method },
    path: fromPath === toPath ? null : { from: fromPath, to: toPath },
    query: diffPairs(queryPairs(from.query), queryPairs(to.query), false),
    headers: diffPairs(from.headers, to.headers, true),
  };
}

export function diffEvents(from: CapturedEvent, to: CapturedEvent): EventDiff {
  return { ...diffEventHeads(from, to), body: diffBodies(from.body, to.body) };
}

/** A raw query string as decoded name/value pairs, in order, duplicates kept (URLSearchParams rules). */
export function queryPairs(query: string): HeaderPair[] {
  return [...new URLSearchParams(query)].map(([name, value]): HeaderPair => [name, value]);
}

function groupByName(pairs: readonly HeaderPair[], fold: boolean): Map<string, HeaderPair[]> {
  const groups = new Map<string, HeaderPair[]>();
  for (const pair of pairs) {
    const key = fold ? pair[0].toLowerCase() : pair[0];
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [pair]);
    else group.push(pair);
  }
  return groups;
}

function sameValues(a: readonly HeaderPair[], b: readonly HeaderPair[]): boolean {
  return a.length === b.length && a.every((pair, i) => pair[1] === (b[i] as HeaderPair)[1]);
}

/** Pairs compared by name (`fold`: case-insensitively); each name's values in order. */
export function diffPairs(from: readonly HeaderPair[], to: readonly HeaderPair[], fold: boolean): PairsDiff {
  const before = groupByName(from, fold);
  const after = groupByName(to, fold);
  const removed = from.filter((pair) => !after.has(fold ? pair[0].toLowerCase() : pair[0]));
  const added = to.filter((pair) => !before.has(fold ? pair[0].toLowerCase() : pair[0]));
  const changed: ChangedPair[] = [];
  for (const [key, fromGroup] of before) {
    const toGroup = after.get(key);
    if (toGroup === undefined || sameValues(fromGroup, toGroup)) continue;
    changed.push({
      name: (toGroup[0] as HeaderPair)[0],
      from: fromGroup.map((pair) => pair[1]),
      to: toGroup.map((pair) => pair[1]),
    });
  }
  return { added, removed, changed };
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function utf8Text(body: Buffer): string | null {
  try {
    return UTF8.decode(body);
  } catch {
    return null;
  }
}

/** The answer when the bodies are too big, or differ too much, to diff within the limits. */
export function tooLargeBodyDiff(from: Buffer, to: Buffer): BodyDiff {
  return {
    kind: 'binary',
    bytesEqual: from.equals(to),
    sizes: { from: from.length, to: to.length },
    reason: 'too-large',
  };
}

/**
 * The bodies' diff. `timeoutMs` bounds the line diff, its costly part (the diff package stops
 * and the answer is `too-large`); absent = DIFF_LIMITS.timeBudgetMs.
 */
export function diffBodies(from: Buffer, to: Buffer, timeoutMs: number = DIFF_LIMITS.timeBudgetMs): BodyDiff {
  const bytesEqual = from.equals(to);
  const sizes = { from: from.length, to: to.length };
  if (from.length > DIFF_LIMITS.maxBodyBytes || to.length > DIFF_LIMITS.maxBodyBytes)
    return { kind: 'binary', bytesEqual, sizes, reason: 'too-large' };
  const fromJson = parseLosslessJsonBody(from);
  const toJson = parseLosslessJsonBody(to);
  if (fromJson !== undefined && toJson !== undefined)
    return { kind: 'json', bytesEqual, operations: diffJson(fromJson, toJson) };
  const fromText = utf8Text(from);
  const toText = utf8Text(to);
  if (fromText === null || toText === null) return { kind: 'binary', bytesEqual, sizes, reason: 'binary' };
  const changes = diffLines(fromText, toText, { maxEditLength: DIFF_LIMITS.maxLineEdits, timeout: timeoutMs });
  if (changes === undefined) return { kind: 'binary', bytesEqual, sizes, reason: 'too-large' };
  return {
    kind: 'text',
    bytesEqual,
    changes: changes.map(
      (change): TextChange => ({
        type: change.added ? 'added' : change.removed ? 'removed' : 'same',
        text: change.value,
      }),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// RFC 6902 operations between two JSON values.
// ---------------------------------------------------------------------------------------------

/** One reference token of a JSON Pointer (RFC 6901 §3: `~` as `~0`, `/` as `~1`). */
export function pointerToken(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);
}

function sameScalar(a: unknown, b: unknown): boolean {
  if (isLosslessNumber(a) || isLosslessNumber(b))
    return isLosslessNumber(a) && isLosslessNumber(b) && a.value === b.value;
  return a === b;
}

/**
 * Operations that, applied in order to `from`, give `to`. Objects are compared key by key,
 * arrays index by index (elements past the shorter one are added, or removed from the end
 * backwards so every index stays valid); anything else that differs is replaced whole.
 * Numbers compare by value, lossless ones by their source text.
 */
export function diffJson(from: unknown, to: unknown): JsonPatchOperation[] {
  const operations: JsonPatchOperation[] = [];
  walk(from, to, '', operations);
  return operations;
}

function walk(from: unknown, to: unknown, path: string, out: JsonPatchOperation[]): void {
  if (Array.isArray(from) && Array.isArray(to)) {
    const common = Math.min(from.length, to.length);
    for (let i = 0; i < common; i += 1) walk(from[i], to[i], `${path}/${i}`, out);
    for (let i = common; i < to.length; i += 1) out.push({ op: 'add', path: `${path}/${i}`, value: to[i] });
    for (let i = from.length - 1; i >= common; i -= 1) out.push({ op: 'remove', path: `${path}/${i}`, from: from[i] });
    return;
  }
  if (isObject(from) && isObject(to)) {
    for (const key of Object.keys(from)) {
      const at = `${path}/${pointerToken(key)}`;
      if (Object.hasOwn(to, key)) walk(from[key], to[key], at, out);
      else out.push({ op: 'remove', path: at, from: from[key] });
    }
    for (const key of Object.keys(to)) {
      if (!Object.hasOwn(from, key)) out.push({ op: 'add', path: `${path}/${pointerToken(key)}`, value: to[key] });
    }
    return;
  }
  if (!sameScalar(from, to)) out.push({ op: 'replace', path, from, value: to });
}
