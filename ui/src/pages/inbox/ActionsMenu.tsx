import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Icon } from '../../components/Icon.js';
import './ActionsMenu.css';

/**
 * The inbox's actions folded behind one button on a narrow screen. Esc or a click outside
 * closes it (Esc puts focus back on the button); a choice that opens something closes it
 * through `close`.
 */
export function ActionsMenu(props: { children: (close: () => void) => ComponentChildren }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);

  return (
    <div class="menu actions-menu" ref={root}>
      <button
        ref={button}
        type="button"
        class="btn btn-icon"
        aria-label="Inbox actions"
        title="Actions"
        aria-expanded={open}
        aria-controls="inbox-actions-panel"
        onClick={() => setOpen(!open)}
      >
        <Icon name="more" />
      </button>
      {open && (
        <div id="inbox-actions-panel" class="menu-panel actions-panel">
          {props.children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
