import { useState } from 'preact/hooks';
import { client, type EventTypeRule, isRehookError } from '../../api.js';
import { ConfirmButton } from '../ConfirmButton.js';
import { TextField, Labelled } from '../fields.js';
import { SettingsSection } from './SettingsSection.js';
import { useSettingsForm } from '../../hooks/useSettingsForm.js';

type Source = 'header' | 'pointer';

const BUILT_IN =
  'Built-in: Stripe, Standard Webhooks and Slack types, GitHub and Shopify headers, else method and path.';

function StoredRule(props: { current: EventTypeRule | null | undefined }) {
  const { current } = props;
  if (current === undefined) return '';
  if (current === null) return BUILT_IN;
  return current.header !== undefined
    ? `From the header ${current.header}.`
    : `From the JSON pointer ${current.pointer}.`;
}

/**
 * The saved inbox's own event type rule (docs/insight.md "How the type is chosen"): a request
 * header or a JSON pointer into the body, tried before the built-in detection. Saving or
 * removing it has every type of the inbox learned again in the background.
 */
export function EventTypeRuleSettings(props: { inboxId: string }) {
  const [source, setSource] = useState<Source>('header');
  const [header, setHeader] = useState('');
  const [pointer, setPointer] = useState('');
  const [refusal, setRefusal] = useState<{ field: Source; message: string } | null>(null);
  const form = useSettingsForm(
    props.inboxId,
    (inboxId) => client.eventTypeRule(inboxId),
    (loaded) => {
      if (loaded?.header !== undefined) {
        setSource('header');
        setHeader(loaded.header);
      } else if (loaded?.pointer !== undefined) {
        setSource('pointer');
        setPointer(loaded.pointer);
      }
    },
  );
  const { current } = form;

  const save = (event: Event) =>
    form.submit(event, async () => {
      setRefusal(null);
      const rule: EventTypeRule = source === 'header' ? { header: header.trim() } : { pointer: pointer.trim() };
      try {
        form.setCurrent(await client.setEventTypeRule(props.inboxId, rule));
      } catch (err) {
        // The request carries the one field shown, so a refusal is about it: the API's own
        // words go under it (error bodies carry no field path).
        if (!isRehookError(err, 'VALIDATION_FAILED')) throw err;
        setRefusal({ field: source, message: err.message });
        throw new Error('The rule was not saved: see the field above.');
      }
      return 'Saved: the inbox’s types are learned again under this rule, in the background.';
    });

  return (
    <SettingsSection
      id="event-types"
      icon="filter"
      title="Event types"
      status={<StoredRule current={current} />}
      statusTestId="event-type-rule-current"
      loading={form.loading}
      loadingLabel="Loading the event type rule"
      description="How each JSON request gets its event type, which its schema, drift and Compare with previous go by. Where the rule finds no value, the built-in detection applies."
      error={form.error}
      saved={form.saved}
      saveLabel="Save rule"
      onSubmit={save}
      actions={
        <>
          <span class="spacer" />
          {current !== null && current !== undefined && (
            <ConfirmButton
              label="Use built-in detection"
              confirmLabel="Remove the rule"
              icon="trash"
              class="btn-ghost"
              onConfirm={() =>
                form.act(async () => {
                  setRefusal(null);
                  await client.removeEventTypeRule(props.inboxId);
                  form.setCurrent(null);
                  return 'Removed: the built-in detection applies; types are learned again in the background.';
                })
              }
            />
          )}
        </>
      }
    >
      <div class="edit-grid">
        <Labelled class="edit-field" id="event-type-source" label="Type from">
          <select
            id="event-type-source"
            class="input"
            value={source}
            onChange={(change) => {
              setSource((change.currentTarget as HTMLSelectElement).value as Source);
              setRefusal(null);
            }}
          >
            <option value="header">A request header</option>
            <option value="pointer">A JSON pointer into the body</option>
          </select>
        </Labelled>
        {source === 'header' ? (
          <TextField
            id="event-type-header"
            label="Header name"
            value={header}
            onChange={setHeader}
            placeholder="X-Event-Name"
            hint="Its value is the type."
            error={refusal?.field === 'header' ? refusal.message : null}
          />
        ) : (
          <TextField
            id="event-type-pointer"
            label="JSON pointer"
            value={pointer}
            onChange={setPointer}
            placeholder="/meta/kind"
            hint="The value at this place of the body is the type."
            error={refusal?.field === 'pointer' ? refusal.message : null}
          />
        )}
      </div>
    </SettingsSection>
  );
}
