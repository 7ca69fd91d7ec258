import { useState } from 'preact/hooks';
import { client, type Forwarding } from '../../api.js';
import { ConfirmButton } from '../ConfirmButton.js';
import { CheckField, DestinationField, TextField } from '../fields.js';
import { SettingsSection } from './SettingsSection.js';
import { useSettingsForm } from '../../hooks/useSettingsForm.js';

/** Automatic forwarding of every request stored from now on (owner of a saved inbox). */
export function ForwardingSettings(props: { inboxId: string }) {
  const [destination, setDestination] = useState('');
  const [enabled, setEnabled] = useState(true);
  const [maxAttempts, setMaxAttempts] = useState('8');
  const [maxDelay, setMaxDelay] = useState('3600');
  const showFields = (forwarding: Forwarding | null) => {
    if (forwarding === null) return;
    setDestination(forwarding.destination);
    setEnabled(forwarding.enabled);
    setMaxAttempts(String(forwarding.maxAttempts));
    setMaxDelay(String(Math.round(forwarding.maxDelayMs / 1000)));
  };
  const form = useSettingsForm(props.inboxId, (id) => client.forwarding(id), showFields);
  const { current } = form;

  const save = (event: Event) =>
    form.submit(event, async () => {
      const saved = await client.setForwarding(props.inboxId, {
        destination: destination.trim(),
        enabled,
        maxAttempts: Number(maxAttempts),
        maxDelayMs: Math.round(Number(maxDelay) * 1000),
      });
      form.setCurrent(saved);
      showFields(saved);
      return enabled ? 'Saved: every request from now on is forwarded.' : 'Saved, paused: queued deliveries wait.';
    });

  return (
    <SettingsSection
      id="forwarding"
      icon="forward"
      title="Automatic forwarding"
      status={current === undefined ? '' : current === null ? 'Off.' : current.enabled ? 'On.' : 'Paused.'}
      statusTestId="forwarding-current"
      loading={form.loading}
      loadingLabel="Loading forwarding"
      description="The server delivers every request stored from now on to the destination (method, headers, exact body), retrying with growing waits until it answers 2xx or the attempts run out. Each request's Forwarding tab shows its attempts."
      error={form.error}
      saved={form.saved}
      saveLabel="Save forwarding"
      onSubmit={save}
      actions={
        <>
          <span class="spacer" />
          {current !== null && current !== undefined && (
            <ConfirmButton
              label="Remove"
              confirmLabel="Remove and cancel queued deliveries"
              icon="trash"
              class="btn-ghost"
              onConfirm={() =>
                form.act(async () => {
                  const cancelled = await client.removeForwarding(props.inboxId);
                  form.setCurrent(null);
                  return `Removed${cancelled > 0 ? `; ${cancelled} queued ${cancelled === 1 ? 'delivery' : 'deliveries'} cancelled` : ''}.`;
                })
              }
            />
          )}
        </>
      }
    >
      <DestinationField
        id="forwarding-destination"
        placeholder="https://example.com/webhooks"
        value={destination}
        onChange={setDestination}
      />
      <div class="edit-grid">
        <TextField
          id="forwarding-attempts"
          label="Attempts"
          type="number"
          value={maxAttempts}
          onChange={setMaxAttempts}
          hint="1 to 30 per delivery."
        />
        <TextField
          id="forwarding-max-delay"
          label="Longest wait (seconds)"
          type="number"
          value={maxDelay}
          onChange={setMaxDelay}
          hint="1 to 86,400 between attempts."
        />
      </div>
      <CheckField checked={enabled} onChange={setEnabled}>
        Enabled (untick to pause: queued deliveries wait, nothing new is queued)
      </CheckField>
    </SettingsSection>
  );
}
