/**
 * The controls the app's forms share. A labelled field is a label, the control and an optional
 * hint that the control names as its description (so a screen reader reads the hint with it).
 */
import type { ComponentChildren } from 'preact';
import { Icon, type IconName } from './Icon.js';
import './forms.css';

interface FieldProps {
  id: string;
  label: string;
  value: string;
  placeholder?: string | undefined;
  hint?: string | undefined;
  /** The wrapper's class: edit-field in forms, filter-field in the filter bar. */
  class?: string;
  /** Why the value was refused, shown under the field and read with it. */
  error?: string | null | undefined;
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

/** The field's refusal, announced when it appears. */
function FieldError(props: { id: string; error: string | null | undefined }) {
  if (props.error === undefined || props.error === null) return null;
  return (
    <span id={`${props.id}-error`} class="field-error small" role="alert">
      <Icon name="alert" /> {props.error}
    </span>
  );
}

function describedBy(props: FieldProps) {
  const invalid = props.error !== undefined && props.error !== null;
  const ids = [...(invalid ? [`${props.id}-error`] : []), ...(props.hint !== undefined ? [`${props.id}-hint`] : [])];
  return {
    ...(ids.length > 0 ? { 'aria-describedby': ids.join(' ') } : {}),
    ...(invalid ? { 'aria-invalid': true } : {}),
  };
}

/** A label above the control it names (the control carries the `id`), with what follows it. */
export function Labelled(props: { id: string; label: string; class: string; children: ComponentChildren }) {
  return (
    <div class={props.class}>
      <label class="label" for={props.id}>
        {props.label}
      </label>
      {props.children}
    </div>
  );
}

/** A labelled drop-down of fixed choices, `[value, label]` pairs in their order. */
export function SelectField<V extends string>(props: {
  id: string;
  label: string;
  class: string;
  /** The control's class: `input`, or `input input-sm` in a filter bar. */
  inputClass?: string;
  value: V;
  choices: ReadonlyArray<readonly [V, string]>;
  onChange: (value: V) => void;
}) {
  return (
    <Labelled id={props.id} label={props.label} class={props.class}>
      <select
        id={props.id}
        class={props.inputClass ?? 'input'}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value as V)}
      >
        {props.choices.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/** A labelled input of the browser's own kind (a name, an e-mail address, a password), with what follows it. */
export function InputField(props: {
  id: string;
  label: string;
  class: string;
  type?: 'password' | 'email';
  autoComplete: string;
  required?: boolean;
  minLength?: number;
  placeholder?: string;
  describedBy?: string;
  value: string;
  onChange: (value: string) => void;
  children?: ComponentChildren;
}) {
  return (
    <Labelled id={props.id} label={props.label} class={props.class}>
      <input
        id={props.id}
        class="input"
        // Preact types an input by the union of its kinds; the kind passes through as given.
        {...(props.type !== undefined ? { type: props.type as 'text' } : {})}
        required={props.required}
        minLength={props.minLength}
        aria-describedby={props.describedBy}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        value={props.value}
        onInput={onText(props.onChange)}
      />
      {props.children}
    </Labelled>
  );
}

/** A one-line text (or number) input in a monospace font. */
export function TextField(props: FieldProps & { type?: 'text' | 'number' }) {
  return (
    <Labelled id={props.id} label={props.label} class={props.class ?? 'edit-field'}>
      <input
        id={props.id}
        class="input mono"
        type={(props.type ?? 'text') as 'text'}
        value={props.value}
        placeholder={props.placeholder}
        spellcheck={false}
        autoComplete="off"
        {...describedBy(props)}
        onInput={onText(props.onChange)}
      />
      <FieldError id={props.id} error={props.error} />
      <Hint id={props.id} hint={props.hint} />
    </Labelled>
  );
}

/** A few lines of monospace text. */
export function TextAreaField(props: FieldProps & { rows: number }) {
  return (
    <Labelled id={props.id} label={props.label} class={props.class ?? 'edit-field'}>
      <textarea
        id={props.id}
        class="input mono textarea"
        rows={props.rows}
        value={props.value}
        placeholder={props.placeholder}
        spellcheck={false}
        {...describedBy(props)}
        onInput={onText(props.onChange)}
      />
      <FieldError id={props.id} error={props.error} />
      <Hint id={props.id} hint={props.hint} />
    </Labelled>
  );
}

/** A checkbox with its label beside it. */
export function CheckField(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: preact.ComponentChildren;
}) {
  return (
    <label class="check">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(change) => props.onChange((change.currentTarget as HTMLInputElement).checked)}
      />
      <span>{props.children}</span>
    </label>
  );
}

/** An input handler that passes the field's text to a setter. */
export function onText(set: (value: string) => void): (event: { currentTarget: { value: string } }) => void {
  return (event) => set(event.currentTarget.value);
}

/** A number typed as text (the form checks it on submit), with its bounds for the browser's spinner. */
export function NumberInput(props: {
  id: string;
  value: string;
  min: number;
  max: number;
  step: number | 'any';
  class?: string;
  onChange: (value: string) => void;
}) {
  return (
    <input
      id={props.id}
      class={props.class ?? 'input'}
      type="number"
      min={props.min}
      max={props.max}
      step={props.step}
      value={props.value}
      onInput={onText(props.onChange)}
    />
  );
}

/** A destination URL the server will send to (the browser checks it is a URL). */
export function UrlInput(props: { id: string; value: string; placeholder: string; onChange: (value: string) => void }) {
  return (
    <input
      id={props.id}
      class="input mono"
      type="url"
      required
      placeholder={props.placeholder}
      value={props.value}
      autoComplete="url"
      onInput={onText(props.onChange)}
    />
  );
}

/** A destination URL with its label above it. */
export function DestinationField(props: Parameters<typeof UrlInput>[0]) {
  return (
    <>
      <label class="label" for={props.id}>
        Destination URL
      </label>
      <UrlInput {...props} />
    </>
  );
}

/** A value to copy (a URL, a new secret): read-only, and all of it selected on focus. */
export function CopyableValue(props: { value: string; id?: string; class?: string; label?: string }) {
  return (
    <input
      {...(props.id !== undefined ? { id: props.id } : {})}
      class={props.class ?? 'input mono'}
      readOnly
      value={props.value}
      {...(props.label !== undefined ? { 'aria-label': props.label } : {})}
      onFocus={(event) => event.currentTarget.select()}
    />
  );
}

/** A form's main button, with its icon; disabled while the form is busy. */
export function SubmitButton(props: { icon: IconName; label: string; busy?: boolean }) {
  return (
    <button type="submit" class="btn btn-primary" {...(props.busy !== undefined ? { disabled: props.busy } : {})}>
      <Icon name={props.icon} />
      <span>{props.label}</span>
    </button>
  );
}

/** The most characters a name of an inbox or a team may have (the API's rule). */
export const NAME_MAX = 100;

/**
 * Said under a name field once what was typed or pasted is longer than a name may be: the field
 * keeps it all (cutting a paste at the limit silently would hide what was lost) and this says
 * how much to shorten.
 */
export function NameLengthNote(props: { id: string; value: string }) {
  const length = [...props.value.trim()].length;
  if (length <= NAME_MAX) return null;
  return (
    <p id={props.id} class="note note-warn small" role="status" data-testid="name-length-note">
      <Icon name="alert" />
      <span>
        {length} characters: a name has at most {NAME_MAX}. Shorten it by {length - NAME_MAX} before saving.
      </span>
    </p>
  );
}

/** A card that creates something by its name: the name, the button, the name's length, then any further fields. */
export function NameForm(props: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: Event) => unknown;
  button: string;
  busy: boolean;
  children?: ComponentChildren;
}) {
  return (
    <form class="card token-form" onSubmit={props.onSubmit}>
      <label for={props.id} class="label">
        {props.label}
      </label>
      <div class="input-row">
        <input
          id={props.id}
          class="input"
          required
          aria-describedby={`${props.id}-length`}
          placeholder={props.placeholder}
          value={props.value}
          onInput={onText(props.onChange)}
        />
        <SubmitButton icon="plus" label={props.button} busy={props.busy} />
      </div>
      <NameLengthNote id={`${props.id}-length`} value={props.value} />
      {props.children}
    </form>
  );
}
