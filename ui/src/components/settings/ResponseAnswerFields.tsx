import type { AnswerDraft } from '../../lib/response-draft.js';
import { CheckField, TextField } from '../fields.js';

/** One answer of the response: status, delay, headers and body. */
export function ResponseAnswerFields(props: {
  idPrefix: string;
  legend: string;
  draft: AnswerDraft;
  onChange: (draft: AnswerDraft) => void;
}) {
  const { draft, idPrefix } = props;
  const set = (change: Partial<AnswerDraft>) => props.onChange({ ...draft, ...change });
  return (
    <fieldset class="answer-fields">
      <legend class="answer-legend">{props.legend}</legend>
      <div class="edit-grid">
        <TextField
          id={`${idPrefix}-status`}
          label="Status"
          type="number"
          value={draft.status}
          onChange={(status) => set({ status })}
          hint="200 to 599."
        />
        <TextField
          id={`${idPrefix}-delay`}
          label="Delay (ms)"
          type="number"
          value={draft.delayMs}
          onChange={(delayMs) => set({ delayMs })}
          hint="0 to 30,000; stored first."
        />
      </div>
      <label class="label" for={`${idPrefix}-headers`}>
        Headers
      </label>
      <textarea
        id={`${idPrefix}-headers`}
        class="input mono textarea"
        rows={2}
        value={draft.headers}
        placeholder="Content-Type: application/json"
        spellcheck={false}
        onInput={(event) => set({ headers: (event.currentTarget as HTMLTextAreaElement).value })}
      />
      <label class="label" for={`${idPrefix}-body`}>
        Body
      </label>
      <textarea
        id={`${idPrefix}-body`}
        class="input mono textarea"
        rows={3}
        value={draft.bodyBase64 !== null ? '' : draft.body}
        placeholder={
          // An example body here read as the answer in force; an empty box sends an empty body.
          draft.bodyBase64 !== null ? 'A binary body is set (type to replace it with text)' : 'Empty: no body'
        }
        spellcheck={false}
        onInput={(event) => set({ body: (event.currentTarget as HTMLTextAreaElement).value, bodyBase64: null })}
      />
      <CheckField checked={draft.template} onChange={(template) => set({ template })}>
        Template: rendered per request, e.g. {'{{ query.source | default: "none" }}'}
      </CheckField>
      {/* Beside the checkbox, not in its label: the field names would make it match "Body". */}
      <p class="muted small template-names">
        A template reads method, path, query, headers, body, rawBody, event.id, now and uuid.
      </p>
    </fieldset>
  );
}
