import { ALERT_KINDS, type AlertDraft, type AlertKind, alertSummary } from '../../lib/alert-draft.js';
import { Icon } from '../Icon.js';
import { CheckField, TextField } from '../fields.js';

/** One alert rule: when it fires, where it sends, and its quiet hours and rate limit. */
export function AlertRuleFields(props: {
  rule: AlertDraft;
  index: number;
  onChange: (change: Partial<AlertDraft>) => void;
  onRemove: () => void;
}) {
  const { rule, index, onChange } = props;
  const id = `alert-${rule.key}`;
  return (
    <fieldset>
      <legend class="rule-title">
        Alert {index + 1}: <span class="muted">{alertSummary(rule)}</span>
      </legend>
      <div class="rule-tools">
        <button
          type="button"
          class="btn btn-ghost btn-sm"
          aria-label={`Remove alert ${index + 1}`}
          onClick={props.onRemove}
        >
          <Icon name="trash" />
          <span>Remove</span>
        </button>
      </div>
      <div class="edit-grid">
        <TextField
          id={`${id}-name`}
          label="Name"
          value={rule.name}
          placeholder="Payments"
          onChange={(name) => onChange({ name })}
        />
        <div class="edit-field">
          <label class="label" for={`${id}-kind`}>
            When
          </label>
          <select
            id={`${id}-kind`}
            class="input"
            value={rule.kind}
            onChange={(change) => onChange({ kind: (change.currentTarget as HTMLSelectElement).value as AlertKind })}
          >
            {ALERT_KINDS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {rule.kind === 'event' && (
          <TextField
            id={`${id}-filter`}
            label="Filter"
            value={rule.filter}
            placeholder="method=POST&json=type=invoice.paid"
            hint="The search filter of the request list, as a query string; empty matches every request."
            onChange={(filter) => onChange({ filter })}
          />
        )}
        {rule.kind === 'forwarding' && (
          <TextField
            id={`${id}-failures`}
            label="Failures in a row"
            type="number"
            value={rule.failures}
            hint="1 to 100; alerts once per streak."
            onChange={(failures) => onChange({ failures })}
          />
        )}
        <TextField
          id={`${id}-url`}
          label="Notify URL"
          value={rule.url}
          placeholder="https://hooks.slack.com/services/..."
          onChange={(url) => onChange({ url })}
        />
        <div class="edit-field">
          <label class="label" for={`${id}-format`}>
            Format
          </label>
          <select
            id={`${id}-format`}
            class="input"
            value={rule.format}
            onChange={(change) =>
              onChange({ format: (change.currentTarget as HTMLSelectElement).value === 'slack' ? 'slack' : 'json' })
            }
          >
            <option value="json">JSON</option>
            <option value="slack">Slack incoming webhook</option>
          </select>
        </div>
      </div>
      <CheckField checked={rule.quiet} onChange={(quiet) => onChange({ quiet })}>
        Quiet hours (nothing is sent in this daily window)
      </CheckField>
      {rule.quiet && (
        <div class="edit-grid">
          <TextField
            id={`${id}-quiet-start`}
            label="From (HH:MM)"
            value={rule.quietStart}
            onChange={(quietStart) => onChange({ quietStart })}
          />
          <TextField
            id={`${id}-quiet-end`}
            label="Until (HH:MM)"
            value={rule.quietEnd}
            onChange={(quietEnd) => onChange({ quietEnd })}
          />
          <TextField
            id={`${id}-quiet-zone`}
            label="Time zone"
            value={rule.timeZone}
            placeholder="Europe/Paris"
            onChange={(timeZone) => onChange({ timeZone })}
          />
        </div>
      )}
      <CheckField checked={rule.limited} onChange={(limited) => onChange({ limited })}>
        Rate limit (a burst sends one summary)
      </CheckField>
      {rule.limited && (
        <div class="edit-grid">
          <TextField
            id={`${id}-rate-max`}
            label="At most"
            type="number"
            value={rule.rateMax}
            onChange={(rateMax) => onChange({ rateMax })}
          />
          <TextField
            id={`${id}-rate-window`}
            label="Per window (seconds)"
            type="number"
            value={rule.rateWindow}
            onChange={(rateWindow) => onChange({ rateWindow })}
          />
        </div>
      )}
      <CheckField checked={rule.enabled} onChange={(enabled) => onChange({ enabled })}>
        Enabled
      </CheckField>
    </fieldset>
  );
}
