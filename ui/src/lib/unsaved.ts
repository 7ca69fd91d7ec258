/**
 * The one record of settings forms with changes not saved yet, and the question asked before
 * they would be lost. Forms mark themselves with {@link useUnsavedChanges}; the router asks
 * {@link confirmLeave} before any in-app navigation (links, Back and Forward, closing a panel)
 * and the browser's own beforeunload prompt covers a reload or a closed tab, only while at
 * least one form is marked. The question itself is shown by LeaveDialog (components/).
 */
import { useEffect, useState } from 'preact/hooks';

const dirty = new Set<symbol>();

/** The browser shows its own wording; calling preventDefault is what asks for it. */
function onBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Chromium before 119 and some others still ask only when returnValue is set.
  event.returnValue = '';
}

function mark(key: symbol, on: boolean): void {
  const before = dirty.size;
  if (on) dirty.add(key);
  else dirty.delete(key);
  if (before === 0 && dirty.size > 0) addEventListener('beforeunload', onBeforeUnload);
  if (before > 0 && dirty.size === 0) removeEventListener('beforeunload', onBeforeUnload);
}

export function hasUnsavedChanges(): boolean {
  return dirty.size > 0;
}

/** Keeps a form marked while `unsaved` is true and it is on the page. */
export function useUnsavedChanges(unsaved: boolean): void {
  const [key] = useState(() => Symbol('settings form'));
  useEffect(() => {
    mark(key, unsaved);
    return () => mark(key, false);
  }, [unsaved]);
}

type Answer = (leave: boolean) => void;
let pending: Answer | null = null;
const listeners = new Set<() => void>();

function setPending(next: Answer | null): void {
  pending = next;
  for (const listener of listeners) listener();
}

/**
 * Resolves true when nothing is unsaved, or when the person chose to discard their changes
 * (the marks are then dropped, as the forms are about to go); false when they chose to stay.
 */
export function confirmLeave(): Promise<boolean> {
  if (dirty.size === 0) return Promise.resolve(true);
  // A second navigation while the question is open is the same question.
  pending?.(false);
  return new Promise((resolve) => {
    setPending((leave) => {
      setPending(null);
      if (leave) for (const key of [...dirty]) mark(key, false);
      resolve(leave);
    });
  });
}

/** The open question's answer function, or null: for the dialog that asks it. */
export function useLeaveQuestion(): Answer | null {
  const [answer, setAnswer] = useState<Answer | null>(() => pending);
  useEffect(() => {
    const update = () => setAnswer(() => pending);
    listeners.add(update);
    update();
    return () => {
      listeners.delete(update);
    };
  }, []);
  return answer;
}
