/**
 * Comparing two events in the web app (pure, no DOM): which event is "the previous of the same
 * type", and the rows of a side-by-side view built from a line diff.
 */
import { diffLines } from 'diff';

/** What the previous-of-this-type lookup needs of an event. */
export interface TypedEvent {
  readonly id: string;
  readonly method: string;
  readonly path: string;
}

/**
 * The key events of one "type" share. Until event types exist this is the method and the path;
 * switching to the event type later changes only this function and previousOfSameType's query.
 */
export function eventTypeKey(event: Pick<TypedEvent, 'method' | 'path'>): string {
  return `${event.method} ${event.path}`;
}

/** The newest event older than `event` of its type among `newestFirst` (a page of the list), or null. */
export function previousOfSameType(event: TypedEvent, newestFirst: readonly TypedEvent[]): TypedEvent | null {
  const key = eventTypeKey(event);
  return newestFirst.find((other) => other.id < event.id && eventTypeKey(other) === key) ?? null;
}

/** One row of the side-by-side view: a line of each side (null: nothing there) and how it changed. */
export interface SideBySideRow {
  readonly left: string | null;
  readonly right: string | null;
  readonly kind: 'same' | 'changed' | 'removed' | 'added';
}

function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Pairs a line diff's parts into rows: removed lines face the added lines that replace them. */
export function sideBySide(parts: readonly { type: 'same' | 'added' | 'removed'; text: string }[]): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] as (typeof parts)[number];
    if (part.type === 'same') {
      for (const line of linesOf(part.text)) rows.push({ left: line, right: line, kind: 'same' });
    } else if (part.type === 'removed') {
      const removed = linesOf(part.text);
      const next = parts[i + 1];
      const added = next?.type === 'added' ? linesOf(next.text) : [];
      if (next?.type === 'added') i += 1;
      for (let j = 0; j < Math.max(removed.length, added.length); j += 1) {
        const left = removed[j] ?? null;
        const right = added[j] ?? null;
        rows.push({
          left,
          right,
          kind: left !== null && right !== null ? 'changed' : left !== null ? 'removed' : 'added',
        });
      }
    } else {
      for (const line of linesOf(part.text)) rows.push({ left: null, right: line, kind: 'added' });
    }
  }
  return rows;
}

/** A line diff of two texts (pretty-printed JSON bodies, in the view) as side-by-side rows. */
export function sideBySideTexts(left: string, right: string): SideBySideRow[] {
  const parts = diffLines(left, right, { maxEditLength: 5000 });
  if (parts === undefined) return [{ left, right, kind: left === right ? 'same' : 'changed' }];
  return sideBySide(
    parts.map((part) => ({ type: part.added ? 'added' : part.removed ? 'removed' : 'same', text: part.value })),
  );
}
