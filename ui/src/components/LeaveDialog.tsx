import { useEffect, useRef } from 'preact/hooks';
import { useLeaveQuestion } from '../lib/unsaved.js';
import { Icon } from './Icon.js';
import './LeaveDialog.css';

/**
 * Asks before unsaved settings are dropped by a navigation inside the app (lib/unsaved.ts):
 * discarding is the danger button, as in the app's other confirmations; Esc or "Keep editing"
 * stays, with every field as it was.
 */
export function LeaveDialog() {
  const answer = useLeaveQuestion();
  const dialog = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (answer !== null && !element.open) {
      element.showModal();
      // Staying is the safe default: Enter keeps the changes.
      stay.current?.focus();
    }
    if (answer === null && element.open) element.close();
  }, [answer]);
  return (
    <dialog
      ref={dialog}
      class="card leave-dialog"
      aria-labelledby="leave-dialog-title"
      aria-describedby="leave-dialog-text"
      onCancel={(event) => {
        event.preventDefault();
        answer?.(false);
      }}
    >
      <h2 id="leave-dialog-title">
        <Icon name="alert" /> Discard unsaved changes?
      </h2>
      <p id="leave-dialog-text" class="muted">
        A settings form has changes that are not saved. Leaving now drops them.
      </p>
      <p class="confirm leave-dialog-actions">
        <button ref={stay} type="button" class="btn btn-primary" onClick={() => answer?.(false)}>
          Keep editing
        </button>
        <button type="button" class="btn btn-danger" onClick={() => answer?.(true)}>
          Discard changes
        </button>
      </p>
    </dialog>
  );
}
