import { useState } from 'preact/hooks';
import { type AlertDelivery, type AlertRule, client } from '../../api.js';
import { type AlertDraft, alertDraftOf, alertInputOf, newAlertDraft } from '../../lib/alert-draft.js';
import { ConfirmButton } from '../ConfirmButton.js';
import { Time } from '../Time.js';
import { Icon } from '../Icon.js';
import { AlertRuleFields } from './AlertRuleFields.js';
import { SettingsSection } from './SettingsSection.js';
import { useSettingsForm } from '../../hooks/useSettingsForm.js';

/** Alert rules of a saved inbox (owner only), and its recent notifications. */
export function AlertSettings(props: { inboxId: string }) {
  const [drafts, setDrafts] = useState<AlertDraft[]>([]);
  const [recent, setRecent] = useState<AlertDelivery[]>([]);
  const showRules = (rules: AlertRule[] | null) => setDrafts((rules ?? []).map(alertDraftOf));
  const form = useSettingsForm(
    props.inboxId,
    async (id) => {
      const [rules, deliveries] = await Promise.all([client.alerts(id), client.alertDeliveries(id)]);
      setRecent(deliveries);
      return rules;
    },
    showRules,
  );
  const { current } = form;
  const count = current?.length ?? 0;

  const change = (key: number, patch: Partial<AlertDraft>) =>
    setDrafts((list) => list.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));

  const save = (event: Event) =>
    form.submit(event, async () => {
      const saved = await client.setAlerts(props.inboxId, drafts.map(alertInputOf));
      form.setCurrent(saved);
      showRules(saved);
      return saved.length === 0
        ? 'Saved: no alerts.'
        : `Saved ${saved.length} ${saved.length === 1 ? 'alert' : 'alerts'}.`;
    });

  return (
    <SettingsSection
      id="alerts"
      icon="alert"
      title="Alerts"
      status={current === undefined ? '' : count === 0 ? 'None.' : `${count} ${count === 1 ? 'rule' : 'rules'}.`}
      statusTestId="alerts-current"
      loading={form.loading}
      loadingLabel="Loading alerts"
      description="Notify a URL (JSON, or a Slack incoming webhook) when a request matches a filter, fails its signature check, drifts from its schema, or when forwarding keeps failing. Notifications are retried like forwarding; quiet hours and a rate limit keep bursts down to one summary."
      error={form.error}
      saved={form.saved}
      saveLabel="Save alerts"
      onSubmit={save}
      actions={
        <>
          <button type="button" class="btn btn-ghost" onClick={() => setDrafts((list) => [...list, newAlertDraft()])}>
            <Icon name="plus" />
            <span>Add alert</span>
          </button>
          <span class="spacer" />
          {count > 0 && (
            <ConfirmButton
              label="Remove all"
              confirmLabel="Remove every alert"
              icon="trash"
              class="btn-ghost"
              onConfirm={() =>
                form.act(async () => {
                  const cancelled = await client.removeAlerts(props.inboxId);
                  form.setCurrent([]);
                  showRules([]);
                  return `Removed${cancelled > 0 ? `; ${cancelled} unsent ${cancelled === 1 ? 'notification' : 'notifications'} cancelled` : ''}.`;
                })
              }
            />
          )}
        </>
      }
    >
      {drafts.length === 0 && <p class="small muted">No alerts yet: add one.</p>}
      <ol class="rule-list">
        {drafts.map((draft, index) => (
          <li key={draft.key} class="rule" data-testid="alert-rule">
            <AlertRuleFields
              rule={draft}
              index={index}
              onChange={(patch) => change(draft.key, patch)}
              onRemove={() => setDrafts((list) => list.filter((d) => d.key !== draft.key))}
            />
          </li>
        ))}
      </ol>
      {recent.length > 0 && <RecentNotifications deliveries={recent} />}
    </SettingsSection>
  );
}

/** The newest notifications: when, which rule, and how the last attempt went. */
function RecentNotifications(props: { deliveries: readonly AlertDelivery[] }) {
  return (
    <div class="table-scroll">
      <p class="label" id="alert-deliveries-title">
        Recent notifications
      </p>
      <table class="history" data-testid="alert-deliveries" aria-labelledby="alert-deliveries-title">
        <thead>
          <tr>
            <th scope="col">Queued</th>
            <th scope="col">Rule</th>
            <th scope="col">State</th>
            <th scope="col">Last attempt</th>
          </tr>
        </thead>
        <tbody>
          {props.deliveries.slice(0, 10).map((d) => {
            const last = d.attemptLog.at(-1);
            return (
              <tr key={d.id}>
                <td>
                  <Time iso={d.createdAt} />
                </td>
                <td>
                  {d.ruleName}
                  {d.type === 'summary' ? ' (summary)' : ''}
                </td>
                <td>{d.state}</td>
                <td class="mono">
                  {last === undefined ? '-' : `${last.outcome}${last.statusCode === null ? '' : ` ${last.statusCode}`}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
