/**
 * Comparing two events in the web app (pure, no DOM): how "the previous of the same type" is
 * described, and the rows of a side-by-side view built from a line diff.
 */
import { diffLines } from 'diff';

/**
 * How "Compare with previous" describes the request it compares with. The server picks it
 * (GET /api/v1/events/<id>/previous-of-type): the previous request of the same learned event type;
 * while a request has no type (the background worker learns it a moment after capture, and only
 * for JSON bodies), the previous one with the same method and path, and the wording says so.
 */
export function previousWording(eventType: string | null | undefined): {
  readonly title: string;
  readonly caption: string;
} {
  if (eventType !== null && eventType !== undefined && eventType !== '') {
    return {
      title: `Compare with the previous request of type ${eventType}`,
      caption: `Previous request of type ${eventType}`,
    };
  }
  return {
    title:
      'Compare with the previous request with the same method and path: no event type is learned for this one ' +
      '(yet: types are learned a moment after capture, for JSON bodies)',
    caption: 'Previous request with the same method and path (no event type learned for this one yet)',
  };
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
