/**
 * Labelled form fields: a label, the control and an optional hint that the control names as its
 * description (so a screen reader reads the hint with the field).
 */

interface FieldProps {
  id: string;
  label: string;
  value: string;
  placeholder?: string | undefined;
  hint?: string | undefined;
  /** The wrapper's class: edit-field in forms, filter-field in the filter bar. */
  class?: string;
  onChange: (value: string) => void;
}

function Hint(props: { id: string; hint: string | undefined }) {
  if (props.hint === undefined) return null;
  return (
    <span id={`${props.id}-hint`} class="muted small">
      {props.hint}
    </span>
  );
}

const describedBy = (props: FieldProps) => (props.hint !== undefined ? { 'aria-describedby': `${props.id}-hint` } : {});

/** A one-line text (or number) input in a monospace font. */
export function TextField(props: FieldProps & { type?: 'text' | 'number' }) {
  return (
    <div class={props.class ?? 'edit-field'}>
      <label class="label" for={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        class="input mono"
        type={(props.type ?? 'text') as 'text'}
        value={props.value}
        placeholder={props.placeholder}
        spellcheck={false}
        autoComplete="off"
        {...describedBy(props)}
        onInput={(event) => props.onChange((event.currentTarget as HTMLInputElement).value)}
      />
      <Hint id={props.id} hint={props.hint} />
    </div>
  );
}

/** A few lines of monospace text. */
export function TextAreaField(props: FieldProps & { rows: number }) {
  return (
    <div class={props.class ?? 'edit-field'}>
      <label class="label" for={props.id}>
        {props.label}
      </label>
      <textarea
        id={props.id}
        class="input mono textarea"
        rows={props.rows}
        value={props.value}
        placeholder={props.placeholder}
        spellcheck={false}
        {...describedBy(props)}
        onInput={(event) => props.onChange((event.currentTarget as HTMLTextAreaElement).value)}
      />
      <Hint id={props.id} hint={props.hint} />
    </div>
  );
}

/** A checkbox with its label beside it. */
export function CheckField(props: {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  children: preact.ComponentChildren;
}) {
  return (
    <label class="check">
      <input
        type="checkbox"
        checked={props.checked}
        {...(props.disabled !== undefined ? { disabled: props.disabled } : {})}
        onChange={(change) => props.onChange((change.currentTarget as HTMLInputElement).checked)}
      />
      <span>{props.children}</span>
    </label>
  );
}
