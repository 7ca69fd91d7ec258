import { useEffect, useRef, useState } from 'preact/hooks';
import { Icon, type IconName } from './Icon.js';

/** A button that asks once more before a destructive action. */
export function ConfirmButton(props: {
  label: string;
  confirmLabel: string;
  /** Accessible names of the two buttons when their short labels need their object (a row's name). */
  ariaLabel?: string;
  confirmAriaLabel?: string;
  /** Said beside the confirming button, naming what it acts on (it may be long: it wraps). */
  question?: string;
  onConfirm: () => void | Promise<void>;
  class?: string;
  icon?: IconName;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button
        type="button"
        class={`btn ${props.class ?? ''}`}
        disabled={props.disabled}
        aria-label={props.ariaLabel}
        onClick={() => setAsking(true)}
      >
        {props.icon && <Icon name={props.icon} />}
        <span>{props.label}</span>
      </button>
    );
  }
  return (
    <span class={props.question === undefined ? 'confirm' : 'confirm confirm-asking'}>
      {props.question !== undefined && (
        <span class="confirm-question" data-testid="confirm-question">
          {props.question}
        </span>
      )}
      <button
        ref={confirmRef}
        type="button"
        class="btn btn-danger"
        disabled={busy}
        aria-label={props.confirmAriaLabel}
        onClick={async () => {
          setBusy(true);
          try {
            await props.onConfirm();
          } finally {
            setBusy(false);
            setAsking(false);
          }
        }}
      >
        {props.confirmLabel}
      </button>
      <button type="button" class="btn btn-ghost" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
