import type { RuleDraft } from '../../lib/response-draft.js';
import { Icon } from '../Icon.js';
import { TextField } from '../fields.js';
import { ResponseAnswerFields } from './ResponseAnswerFields.js';

/** One rule of the response: what it matches, its answer, and moving or removing it. */
export function ResponseRuleFields(props: {
  rule: RuleDraft;
  index: number;
  count: number;
  onChange: (change: Partial<RuleDraft>) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const { rule, index, onChange } = props;
  const id = `rule-${rule.key}`;
  return (
    <fieldset>
      <legend class="rule-title">Rule {index + 1}</legend>
      <div class="rule-tools">
        <button
          type="button"
          class="btn btn-ghost btn-icon btn-sm"
          aria-label={`Move rule ${index + 1} up`}
          disabled={index === 0}
          onClick={() => props.onMove(-1)}
        >
          <Icon name="arrow-up" />
        </button>
        <button
          type="button"
          class="btn btn-ghost btn-icon btn-sm"
          aria-label={`Move rule ${index + 1} down`}
          disabled={index === props.count - 1}
          onClick={() => props.onMove(1)}
        >
          <Icon name="arrow-down" />
        </button>
        <button
          type="button"
          class="btn btn-ghost btn-sm"
          aria-label={`Remove rule ${index + 1}`}
          onClick={props.onRemove}
        >
          <Icon name="trash" />
          <span>Remove</span>
        </button>
      </div>
      <p class="small muted">When the request matches (empty fields match anything):</p>
      <div class="edit-grid">
        <TextField
          id={`${id}-method`}
          label="Method"
          value={rule.method}
          placeholder="POST"
          onChange={(method) => onChange({ method })}
        />
        <TextField
          id={`${id}-path`}
          label="Path starts with"
          value={rule.pathPrefix}
          placeholder="/fail"
          hint="Whole segments below the inbox URL."
          onChange={(pathPrefix) => onChange({ pathPrefix })}
        />
        <TextField
          id={`${id}-hname`}
          label="Header name"
          value={rule.headerName}
          placeholder="x-test-mode"
          onChange={(headerName) => onChange({ headerName })}
        />
        <TextField
          id={`${id}-hvalue`}
          label="Header value"
          value={rule.headerValue}
          placeholder="(any)"
          onChange={(headerValue) => onChange({ headerValue })}
        />
      </div>
      <ResponseAnswerFields
        idPrefix={id}
        legend="it answers"
        draft={rule.answer}
        onChange={(answer) => onChange({ answer })}
      />
    </fieldset>
  );
}
