import { useState } from 'preact/hooks';
import {
  removeSignatureSettings,
  type SignatureScheme,
  type SignatureSettings as Stored,
  type SignatureSettingsInput,
  setSignatureSettings,
  signatureSettings,
} from '../../api.js';
import { ConfirmButton } from '../ConfirmButton.js';
import { Time } from '../Time.js';
import { schemeLabel } from '../badges.js';
import { TextField, onText, Labelled } from '../fields.js';
import { SettingsSection } from './SettingsSection.js';
import { useSettingsForm } from '../../hooks/useSettingsForm.js';

const SCHEMES: readonly { id: SignatureScheme; label: string; hint: string }[] = [
  { id: 'stripe', label: 'Stripe', hint: 'Stripe-Signature (t= and v1=). The endpoint’s whsec_… signing secret.' },
  { id: 'github', label: 'GitHub', hint: 'X-Hub-Signature-256. The webhook’s secret.' },
  { id: 'shopify', label: 'Shopify', hint: 'X-Shopify-Hmac-Sha256 (base64). The app’s client secret.' },
  {
    id: 'slack',
    label: 'Slack',
    hint: 'X-Slack-Signature v0 with X-Slack-Request-Timestamp. The app’s signing secret.',
  },
  {
    id: 'standard-webhooks',
    label: 'Standard Webhooks',
    hint: 'webhook-id, webhook-timestamp, webhook-signature. A whsec_… base64 secret.',
  },
  { id: 'svix', label: 'Svix', hint: 'svix-id, svix-timestamp, svix-signature. A whsec_… base64 secret.' },
  {
    id: 'hmac-sha256',
    label: 'Generic HMAC-SHA256',
    hint: 'A hex or base64 HMAC-SHA256 of the body in a header you name.',
  },
];
const TIMESTAMPED = new Set<SignatureScheme>(['stripe', 'slack', 'standard-webhooks', 'svix']);

/** What is stored now: the scheme, the end of the secret, the header and when. */
function StoredSignature(props: { current: Stored | null | undefined }) {
  const { current } = props;
  if (current === undefined) return '';
  if (current === null) return 'Off: requests show as unchecked.';
  const hint =
    current.secretHint === null
      ? '(set)'
      : current.secretHint.includes('…')
        ? current.secretHint
        : `…${current.secretHint}`;
  return (
    <>
      {schemeLabel(current.scheme)} secret {hint}
      {current.header !== null ? ` in ${current.header}` : ''}, set <Time iso={current.updatedAt} />.
    </>
  );
}

/** The secret the inbox's events are checked with (owner of a saved inbox). */
export function SignatureSettings(props: { inboxId: string }) {
  const [scheme, setScheme] = useState<SignatureScheme>('stripe');
  const [secret, setSecret] = useState('');
  const [tolerance, setTolerance] = useState('300');
  const [header, setHeader] = useState('X-Signature');
  const [encoding, setEncoding] = useState<'hex' | 'base64'>('hex');
  const [prefix, setPrefix] = useState('');
  const form = useSettingsForm(props.inboxId, signatureSettings, (loaded) => {
    if (loaded === null) return;
    setScheme(loaded.scheme);
    if (loaded.toleranceSeconds !== null) setTolerance(String(loaded.toleranceSeconds));
    if (loaded.header !== null) setHeader(loaded.header);
    if (loaded.encoding !== null) setEncoding(loaded.encoding);
    if (loaded.prefix !== null) setPrefix(loaded.prefix);
  });
  const { current } = form;
  const stored = current !== null && current !== undefined;

  const save = (event: Event) =>
    form.submit(event, async () => {
      const input: SignatureSettingsInput = {
        scheme,
        secret,
        ...(TIMESTAMPED.has(scheme) && tolerance !== '' ? { toleranceSeconds: Number(tolerance) } : {}),
        ...(scheme === 'hmac-sha256' ? { header: header.trim(), encoding, prefix } : {}),
      };
      form.setCurrent(await setSignatureSettings(props.inboxId, input));
      // The secret leaves the page once stored: it is never shown again.
      setSecret('');
      return 'Saved: requests from now on are checked with it.';
    });

  return (
    <SettingsSection
      id="signature"
      icon="shield"
      title="Signature checking"
      status={<StoredSignature current={current} />}
      statusTestId="signature-current"
      loading={form.loading}
      loadingLabel="Loading the signature settings"
      description="Each request is checked against the secret when it arrives and shows valid or invalid (with the reason). Replays can re-sign with it. The secret is stored encrypted and never shown again."
      error={form.error}
      saved={form.saved}
      saveLabel="Save secret"
      onSubmit={save}
      actions={
        <>
          <span class="spacer" />
          {stored && (
            <ConfirmButton
              label="Remove"
              confirmLabel="Remove the secret"
              icon="trash"
              class="btn-ghost"
              onConfirm={() =>
                form.act(async () => {
                  await removeSignatureSettings(props.inboxId);
                  form.setCurrent(null);
                  return 'Removed: requests from now on are unchecked.';
                })
              }
            />
          )}
        </>
      }
    >
      <div class="edit-grid">
        <Labelled class="edit-field" id="signature-scheme" label="Provider">
          <select
            id="signature-scheme"
            class="input"
            value={scheme}
            aria-describedby="signature-scheme-hint"
            onChange={(change) => setScheme((change.currentTarget as HTMLSelectElement).value as SignatureScheme)}
          >
            {SCHEMES.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
          <span id="signature-scheme-hint" class="muted small">
            {SCHEMES.find((option) => option.id === scheme)?.hint ?? ''}
          </span>
        </Labelled>
        <div class="edit-field">
          <label class="label" for="signature-secret">
            {stored ? 'New secret' : 'Secret'}
          </label>
          <input
            id="signature-secret"
            class="input mono"
            type="password"
            required
            autoComplete="off"
            spellcheck={false}
            value={secret}
            placeholder={stored ? 'The stored one is not shown' : 'whsec_…'}
            onInput={onText(setSecret)}
          />
        </div>
        {TIMESTAMPED.has(scheme) && (
          <TextField
            id="signature-tolerance"
            label="Tolerance (seconds)"
            type="number"
            value={tolerance}
            onChange={setTolerance}
            hint="How far the signed time may be from arrival."
          />
        )}
        {scheme === 'hmac-sha256' && (
          <>
            <TextField
              id="signature-header"
              label="Header"
              value={header}
              onChange={setHeader}
              placeholder="X-Signature"
            />
            <Labelled class="edit-field" id="signature-encoding" label="Digest written as">
              <select
                id="signature-encoding"
                class="input"
                value={encoding}
                onChange={(change) =>
                  setEncoding((change.currentTarget as HTMLSelectElement).value as 'hex' | 'base64')
                }
              >
                <option value="hex">hex</option>
                <option value="base64">base64</option>
              </select>
            </Labelled>
            <TextField
              id="signature-prefix"
              label="Prefix"
              value={prefix}
              onChange={setPrefix}
              placeholder="sha256="
              hint="Text before the digest, if any."
            />
          </>
        )}
      </div>
    </SettingsSection>
  );
}
