import type { EventDetail } from '../api.js';
import { formatSize } from '../lib/format.js';
import type { EditBase, EditDraft, ReplayFormState } from '../lib/replay-form.js';
import { CheckField, TextField } from './fields.js';
import './ReplayEditFields.css';

/** The one-line edits; the method's placeholder and hint name the captured one. */
const LINE_FIELDS: readonly {
  name: 'method' | 'path' | 'query';
  label: string;
  placeholder?: string;
  hint?: string;
}[] = [
  { name: 'method', label: 'Method' },
  { name: 'path', label: 'Path to append', placeholder: '/v2/events', hint: "Added to the destination's path." },
  {
    name: 'query',
    label: 'Query',
    placeholder: 'attempt=2',
    hint: "Replaces the destination's query; empty keeps it.",
  },
];

/** The edits to the request before a replay: method, path, query, headers and body. */
export function ReplayEditFields(props: {
  event: EventDetail;
  base: EditBase;
  draft: EditDraft;
  onChange: <K extends keyof EditDraft>(field: K, value: ReplayFormState[K]) => void;
  onReset: () => void;
}) {
  const { event, base, draft, onChange } = props;
  return (
    <fieldset class="replay-edit" data-testid="replay-edit">
      <legend class="visually-hidden">Edits to the request</legend>
      <div class="edit-grid">
        {LINE_FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={`replay-${field.name}`}
            label={field.label}
            value={draft[field.name]}
            placeholder={field.placeholder ?? event.method}
            hint={field.hint ?? `Captured: ${event.method}`}
            onChange={(value) => onChange(field.name, value)}
          />
        ))}
      </div>
      <label class="label" for="replay-headers">
        Headers
      </label>
      <textarea
        id="replay-headers"
        class="input mono textarea"
        rows={Math.min(12, Math.max(3, base.headers.length + 1))}
        value={draft.headers}
        spellcheck={false}
        aria-describedby="replay-headers-hint"
        onInput={(input) => onChange('headers', (input.currentTarget as HTMLTextAreaElement).value)}
      />
      <span id="replay-headers-hint" class="muted small">
        One “Name: value” per line: change a value, add a line, or delete a line to leave the header out. Host,
        Content-Length and redacted headers are not listed (the connection writes the first two; redacted values are
        never sent).
      </span>
      <label class="label" for="replay-body">
        Body
      </label>
      {base.textBody === null && (
        <CheckField checked={draft.replaceBody} onChange={(checked) => onChange('replaceBody', checked)}>
          Replace the body (
          {event.size === 0
            ? 'none was captured'
            : `${formatSize(event.size)} ${event.bodyText === null ? 'binary, ' : ''}sent as captured unless replaced`}
          )
        </CheckField>
      )}
      <textarea
        id="replay-body"
        class="input mono textarea"
        rows={8}
        value={draft.body}
        disabled={base.textBody === null && !draft.replaceBody}
        spellcheck={false}
        onInput={(input) => onChange('body', (input.currentTarget as HTMLTextAreaElement).value)}
      />
      <div class="edit-actions">
        <button type="button" class="btn btn-ghost btn-sm" onClick={props.onReset}>
          Undo all edits
        </button>
      </div>
    </fieldset>
  );
}
