import { useState } from 'preact/hooks';
import { client, type EventTypeSettings, isRehookError } from '../../api.js';
import { ConfirmButton } from '../ConfirmButton.js';
import { TextField } from '../fields.js';
import { SettingsSection } from './SettingsSection.js';
import { useSettingsForm } from '../../hooks/useSettingsForm.js';

function Stored(props: { current: EventTypeSettings | null | undefined }) {
  const { current } = props;
  if (current === undefined || current === null) return '';
  return `Judged once a type has ${current.minSamples} events${current.isDefault ? ' (the default)' : ''}.`;
}

/**
 * The saved inbox's minimum of samples (docs/insight.md "Drift"): how many events a type, and
 * each place in its bodies, needs before properties are required, closed sets of values offered
 * and drift judged. Saving or resetting it has every type learned again in the background.
 */
export function DriftSettings(props: { inboxId: string }) {
  const [minSamples, setMinSamples] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useSettingsForm(
    props.inboxId,
    (inboxId) => client.eventTypeSettings(inboxId),
    (loaded) => setMinSamples(loaded === null ? '' : String(loaded.minSamples)),
  );
  const { current } = form;

  const save = (event: Event) =>
    form.submit(event, async () => {
      setRefusal(null);
      const text = minSamples.trim();
      try {
        // Sent as typed when it is not a whole number, so that the API's own words explain why.
        const value = /^\d+$/.test(text) ? Number(text) : text;
        form.setCurrent(await client.setEventTypeSettings(props.inboxId, value as number));
      } catch (err) {
        if (!isRehookError(err, 'VALIDATION_FAILED')) throw err;
        setRefusal(err.message);
        throw new Error('The minimum was not saved: see the field above.');
      }
      return 'Saved: the inbox’s types are learned again with this minimum, in the background.';
    });

  return (
    <SettingsSection
      id="drift"
      icon="filter"
      title="Drift"
      status={<Stored current={current} />}
      statusTestId="drift-settings-current"
      loading={form.loading}
      loadingLabel="Loading the drift settings"
      description="An event drifts when it does not fit what the earlier events of its type taught. Until a type (or a place in its bodies) has this many events, nothing is required and nothing drifts: a larger number flags fewer rare but ordinary variations, a smaller one flags changes sooner."
      error={form.error}
      saved={form.saved}
      saveLabel="Save minimum"
      onSubmit={save}
      actions={
        <>
          <span class="spacer" />
          {current !== null && current !== undefined && !current.isDefault && (
            <ConfirmButton
              label="Use the default"
              confirmLabel="Reset the minimum"
              icon="trash"
              class="btn-ghost"
              onConfirm={() =>
                form.act(async () => {
                  setRefusal(null);
                  const settings = await client.resetEventTypeSettings(props.inboxId);
                  form.setCurrent(settings);
                  setMinSamples(String(settings.minSamples));
                  return 'Reset: the default minimum applies; types are learned again in the background.';
                })
              }
            />
          )}
        </>
      }
    >
      <div class="edit-grid">
        <TextField
          id="drift-min-samples"
          label="Events before drift is judged"
          type="number"
          value={minSamples}
          onChange={setMinSamples}
          hint="1 to 10,000 (default 50)."
          error={refusal}
        />
      </div>
    </SettingsSection>
  );
}
