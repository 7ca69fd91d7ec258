import { useEffect } from 'preact/hooks';
import type { InboxEvents } from '../lib/live.js';

/**
 * The list's keys: j/k move the cursor through the list, Enter opens the request under it,
 * Escape closes the open panel or request. Keys typed into a field are left alone.
 */
export function useListKeys(options: {
  store: InboxEvents;
  cursorRef: { current: number };
  setCursor: (index: number) => void;
  open: (eventId: string) => void;
  /** Closes what the detail pane shows (a panel first), if anything. */
  close: () => void;
  deps: readonly unknown[];
}): void {
  const { store, cursorRef, setCursor } = options;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        // Keys can come faster than renders: the ref holds the cursor as of the last key.
        const next = Math.max(0, Math.min(store.length - 1, cursorRef.current + (event.key === 'j' ? 1 : -1)));
        cursorRef.current = next;
        setCursor(next);
        const row = store.at(next);
        if (row)
          requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-event-id="${row.id}"]`)?.focus());
      } else if (event.key === 'Enter' && target?.tagName !== 'A' && target?.tagName !== 'BUTTON') {
        const row = store.at(cursorRef.current);
        if (row) options.open(row.id);
      } else if (event.key === 'Escape') {
        options.close();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, options.deps);
}
