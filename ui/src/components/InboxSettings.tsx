import { useEffect, useState } from 'preact/hooks';
import {
  client,
  errorMessage,
  removeSignatureSettings,
  setSignatureSettings,
  signatureSettings,
  type Forwarding,
  type InboxResponse,
  type InboxResponseInput,
  type InboxView as Inbox,
  type SignatureScheme,
  type SignatureSettings,
  type SignatureSettingsInput,
} from '../api.js';
import { headerLines, parseHeaderLines } from '../lib/filter.js';
import { ConfirmButton, ErrorNote, Icon, schemeLabel, Spinner, Time } from './common.js';

/**
 * The inbox's settings: what it answers its senders (anyone who may change the inbox), and, for
 * the owner of a saved inbox, the signature secret its events are checked with and automatic
 * forwarding.
 */
export function InboxSettings(props: { inbox: Inbox; owned: boolean; onClose: () => void }) {
  return (
    <div class="panel" data-testid="inbox-settings">
      <header class="panel-head">
        <button
          type="button"
          class="btn btn-ghost btn-icon back-to-list"
          aria-label="Back to the list"
          onClick={props.onClose}
        >
          <Icon name="arrow-left" />
        </button>
        <h2>
          <Icon name="settings" /> Inbox settings
        </h2>
        <span class="spacer" />
        <button type="button" class="btn btn-ghost btn-icon" aria-label="Close settings" onClick={props.onClose}>
          <Icon name="x" />
        </button>
      </header>
      <ResponseSettings inboxId={props.inbox.id} />
      {props.owned ? (
        <>
          <SignatureSection inboxId={props.inbox.id} />
          <ForwardingSection inboxId={props.inbox.id} />
        </>
      ) : (
        <p class="note">
          <Icon name="lock" />
          <span>
            Signature checking and automatic forwarding are for saved inboxes: sign in and save this inbox to your
            account to set them.
          </span>
        </p>
      )}
    </div>
  );
}

// --- Programmable responses ------------------------------------------------------------------

interface AnswerDraft {
  status: string;
  headers: string;
  body: string;
  /** A stored binary body (base64) kept unless the text is changed. */
  bodyBase64: string | null;
  delayMs: string;
}

interface RuleDraft {
  key: number;
  method: string;
  pathPrefix: string;
  headerName: string;
  headerValue: string;
  answer: AnswerDraft;
}

const newAnswer = (): AnswerDraft => ({ status: '200', headers: '', body: '', bodyBase64: null, delayMs: '0' });
let ruleKeys = 0;

function answerDraft(answer: {
  status: number;
  headers: readonly (readonly [string, string])[];
  body?: string;
  bodyBase64?: string;
  delayMs: number;
}): AnswerDraft {
  return {
    status: String(answer.status),
    headers: headerLines(answer.headers),
    body: answer.body ?? '',
    bodyBase64: answer.bodyBase64 ?? null,
    delayMs: String(answer.delayMs),
  };
}

function answerInput(draft: AnswerDraft, where: string) {
  const status = Number(draft.status);
  if (!Number.isInteger(status) || status < 200 || status > 599)
    throw new Error(`${where}: the status is a number from 200 to 599.`);
  const delayMs = Number(draft.delayMs === '' ? '0' : draft.delayMs);
  if (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > 30_000)
    throw new Error(`${where}: the delay is 0 to 30,000 ms.`);
  let headers: [string, string][];
  try {
    headers = parseHeaderLines(draft.headers);
  } catch (err) {
    throw new Error(`${where}, headers: ${errorMessage(err)}`);
  }
  return {
    status,
    headers,
    delayMs,
    ...(draft.bodyBase64 !== null ? { bodyBase64: draft.bodyBase64 } : { body: draft.body }),
  };
}

function ResponseSettings(props: { inboxId: string }) {
  const [loaded, setLoaded] = useState<InboxResponse | null | undefined>(undefined);
  const [answer, setAnswer] = useState<AnswerDraft>(newAnswer);
  const [rules, setRules] = useState<RuleDraft[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const show = (response: InboxResponse | null) => {
    setLoaded(response);
    setAnswer(response === null ? newAnswer() : answerDraft(response));
    setRules(
      (response?.rules ?? []).map((rule) => ({
        key: (ruleKeys += 1),
        method: rule.match.method ?? '',
        pathPrefix: rule.match.pathPrefix ?? '',
        headerName: rule.match.header?.name ?? '',
        headerValue: rule.match.header?.value ?? '',
        answer: answerDraft(rule.response),
      })),
    );
  };

  useEffect(() => {
    client.inboxResponse(props.inboxId).then(show, (err: unknown) => setError(errorMessage(err)));
  }, [props.inboxId]);

  const save = async (event: Event) => {
    event.preventDefault();
    setSaved(null);
    let input: InboxResponseInput;
    try {
      input = {
        ...answerInput(answer, 'Default answer'),
        rules: rules.map((rule, index) => ({
          match: {
            ...(rule.method.trim() !== '' ? { method: rule.method.trim().toUpperCase() } : {}),
            ...(rule.pathPrefix.trim() !== '' ? { pathPrefix: rule.pathPrefix.trim() } : {}),
            ...(rule.headerName.trim() !== ''
              ? {
                  header: {
                    name: rule.headerName.trim(),
                    ...(rule.headerValue !== '' ? { value: rule.headerValue } : {}),
                  },
                }
              : {}),
          },
          response: answerInput(rule.answer, `Rule ${index + 1}`),
        })),
      } as InboxResponseInput;
    } catch (err) {
      setError(errorMessage(err));
      return;
    }
    try {
      show(await client.setInboxResponse(props.inboxId, input));
      setError(null);
      setSaved('Saved: the inbox answers this from now on.');
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const update = (index: number, change: Partial<RuleDraft>) =>
    setRules(rules.map((rule, i) => (i === index ? { ...rule, ...change } : rule)));
  const move = (index: number, by: number) => {
    const next = [...rules];
    const [rule] = next.splice(index, 1);
    if (rule) next.splice(index + by, 0, rule);
    setRules(next);
  };

  return (
    <section class="card settings-section" aria-labelledby="response-title" data-testid="response-settings">
      <header class="card-head">
        <h3 id="response-title">
          <Icon name="bolt" /> Response
        </h3>
        <span class="muted small">
          {loaded === undefined ? (
            ''
          ) : loaded === null ? (
            'The inbox answers 200 {"ok":true} (the default).'
          ) : (
            <>
              Programmed, set <Time iso={loaded.updatedAt} />.
            </>
          )}
        </span>
      </header>
      {loaded === undefined && error === null ? (
        <Spinner label="Loading the response" />
      ) : (
        <form onSubmit={save}>
          <p class="muted small">
            What senders get back. Rules are tried in order; the first that matches gives its answer, else the default.
            Each request records which answer it got.
          </p>
          <AnswerFields idPrefix="answer-default" legend="Default answer" draft={answer} onChange={setAnswer} />
          <ol class="rule-list">
            {rules.map((rule, index) => (
              <li key={rule.key} class="rule" data-testid="response-rule">
                <fieldset>
                  <legend class="rule-title">Rule {index + 1}</legend>
                  <div class="rule-tools">
                    <button
                      type="button"
                      class="btn btn-ghost btn-icon btn-sm"
                      aria-label={`Move rule ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <Icon name="arrow-up" />
                    </button>
                    <button
                      type="button"
                      class="btn btn-ghost btn-icon btn-sm"
                      aria-label={`Move rule ${index + 1} down`}
                      disabled={index === rules.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <Icon name="arrow-down" />
                    </button>
                    <button
                      type="button"
                      class="btn btn-ghost btn-sm"
                      aria-label={`Remove rule ${index + 1}`}
                      onClick={() => setRules(rules.filter((_, i) => i !== index))}
                    >
                      <Icon name="trash" />
                      <span>Remove</span>
                    </button>
                  </div>
                  <p class="small muted">When the request matches (empty fields match anything):</p>
                  <div class="edit-grid">
                    <TextField
                      id={`rule-${rule.key}-method`}
                      label="Method"
                      value={rule.method}
                      placeholder="POST"
                      onChange={(method) => update(index, { method })}
                    />
                    <TextField
                      id={`rule-${rule.key}-path`}
                      label="Path starts with"
                      value={rule.pathPrefix}
                      placeholder="/fail"
                      hint="Whole segments below the inbox URL."
                      onChange={(pathPrefix) => update(index, { pathPrefix })}
                    />
                    <TextField
                      id={`rule-${rule.key}-hname`}
                      label="Header name"
                      value={rule.headerName}
                      placeholder="x-test-mode"
                      onChange={(headerName) => update(index, { headerName })}
                    />
                    <TextField
                      id={`rule-${rule.key}-hvalue`}
                      label="Header value"
                      value={rule.headerValue}
                      placeholder="(any)"
                      onChange={(headerValue) => update(index, { headerValue })}
                    />
                  </div>
                  <AnswerFields
                    idPrefix={`rule-${rule.key}`}
                    legend="it answers"
                    draft={rule.answer}
                    onChange={(next) => update(index, { answer: next })}
                  />
                </fieldset>
              </li>
            ))}
          </ol>
          <ErrorNote error={error} />
          {saved !== null && (
            <p class="note note-ok" role="status">
              <Icon name="check" /> <span>{saved}</span>
            </p>
          )}
          <div class="settings-actions">
            <button
              type="button"
              class="btn"
              onClick={() =>
                setRules([
                  ...rules,
                  {
                    key: (ruleKeys += 1),
                    method: '',
                    pathPrefix: '',
                    headerName: '',
                    headerValue: '',
                    answer: newAnswer(),
                  },
                ])
              }
            >
              <Icon name="plus" />
              <span>Add a rule</span>
            </button>
            <span class="spacer" />
            {loaded !== null && loaded !== undefined && (
              <ConfirmButton
                label="Reset to 200"
                confirmLabel="Answer 200 {ok:true} again"
                class="btn-ghost"
                onConfirm={async () => {
                  try {
                    await client.clearInboxResponse(props.inboxId);
                    show(null);
                    setSaved('Cleared: the inbox answers 200 {"ok":true} again.');
                    setError(null);
                  } catch (err) {
                    setError(errorMessage(err));
                  }
                }}
              />
            )}
            <button type="submit" class="btn btn-primary">
              <Icon name="save" />
              <span>Save response</span>
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function TextField(props: {
  id: string;
  label: string;
  value: string;
  placeholder?: string;
  hint?: string;
  type?: 'text' | 'number';
  onChange: (value: string) => void;
}) {
  return (
    <div class="edit-field">
      <label class="label" for={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        class="input mono"
        type={(props.type ?? 'text') as 'text'}
        value={props.value}
        placeholder={props.placeholder}
        spellcheck={false}
        autoComplete="off"
        {...(props.hint !== undefined ? { 'aria-describedby': `${props.id}-hint` } : {})}
        onInput={(event) => props.onChange((event.currentTarget as HTMLInputElement).value)}
      />
      {props.hint !== undefined && (
        <span id={`${props.id}-hint`} class="muted small">
          {props.hint}
        </span>
      )}
    </div>
  );
}

function AnswerFields(props: {
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
          draft.bodyBase64 !== null ? 'A binary body is set (type to replace it with text)' : '{"received":true}'
        }
        spellcheck={false}
        onInput={(event) => set({ body: (event.currentTarget as HTMLTextAreaElement).value, bodyBase64: null })}
      />
    </fieldset>
  );
}

// --- Signatures --------------------------------------------------------------------------------

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

function SignatureSection(props: { inboxId: string }) {
  const [current, setCurrent] = useState<SignatureSettings | null | undefined>(undefined);
  const [scheme, setScheme] = useState<SignatureScheme>('stripe');
  const [secret, setSecret] = useState('');
  const [tolerance, setTolerance] = useState('300');
  const [header, setHeader] = useState('X-Signature');
  const [encoding, setEncoding] = useState<'hex' | 'base64'>('hex');
  const [prefix, setPrefix] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  useEffect(() => {
    signatureSettings(props.inboxId).then(
      (loaded) => {
        setCurrent(loaded);
        if (loaded !== null) {
          setScheme(loaded.scheme);
          if (loaded.toleranceSeconds !== null) setTolerance(String(loaded.toleranceSeconds));
          if (loaded.header !== null) setHeader(loaded.header);
          if (loaded.encoding !== null) setEncoding(loaded.encoding);
          if (loaded.prefix !== null) setPrefix(loaded.prefix);
        }
      },
      (err: unknown) => setError(errorMessage(err)),
    );
  }, [props.inboxId]);

  const save = async (event: Event) => {
    event.preventDefault();
    setSaved(null);
    const input: SignatureSettingsInput = {
      scheme,
      secret,
      ...(TIMESTAMPED.has(scheme) && tolerance !== '' ? { toleranceSeconds: Number(tolerance) } : {}),
      ...(scheme === 'hmac-sha256' ? { header: header.trim(), encoding, prefix } : {}),
    };
    try {
      setCurrent(await setSignatureSettings(props.inboxId, input));
      // The secret leaves the page once stored: it is never shown again.
      setSecret('');
      setError(null);
      setSaved('Saved: requests from now on are checked with it.');
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const hint = SCHEMES.find((option) => option.id === scheme)?.hint ?? '';
  return (
    <section class="card settings-section" aria-labelledby="signature-title" data-testid="signature-settings">
      <header class="card-head">
        <h3 id="signature-title">
          <Icon name="shield" /> Signature checking
        </h3>
        <span class="muted small" data-testid="signature-current">
          {current === undefined ? (
            ''
          ) : current === null ? (
            'Off: requests show as unchecked.'
          ) : (
            <>
              {schemeLabel(current.scheme)} secret{' '}
              {current.secretHint === null
                ? '(set)'
                : current.secretHint.includes('…')
                  ? current.secretHint
                  : `…${current.secretHint}`}
              {current.header !== null ? ` in ${current.header}` : ''}, set <Time iso={current.updatedAt} />.
            </>
          )}
        </span>
      </header>
      {current === undefined && error === null ? (
        <Spinner label="Loading the signature settings" />
      ) : (
        <form onSubmit={save}>
          <p class="muted small">
            Each request is checked against the secret when it arrives and shows valid or invalid (with the reason).
            Replays can re-sign with it. The secret is stored encrypted and never shown again.
          </p>
          <div class="edit-grid">
            <div class="edit-field">
              <label class="label" for="signature-scheme">
                Provider
              </label>
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
                {hint}
              </span>
            </div>
            <div class="edit-field">
              <label class="label" for="signature-secret">
                {current === null || current === undefined ? 'Secret' : 'New secret'}
              </label>
              <input
                id="signature-secret"
                class="input mono"
                type="password"
                required
                autoComplete="off"
                spellcheck={false}
                value={secret}
                placeholder={current !== null && current !== undefined ? 'The stored one is not shown' : 'whsec_…'}
                onInput={(input) => setSecret((input.currentTarget as HTMLInputElement).value)}
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
                <div class="edit-field">
                  <label class="label" for="signature-encoding">
                    Digest written as
                  </label>
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
                </div>
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
          <ErrorNote error={error} />
          {saved !== null && (
            <p class="note note-ok" role="status">
              <Icon name="check" /> <span>{saved}</span>
            </p>
          )}
          <div class="settings-actions">
            <span class="spacer" />
            {current !== null && current !== undefined && (
              <ConfirmButton
                label="Remove"
                confirmLabel="Remove the secret"
                icon="trash"
                class="btn-ghost"
                onConfirm={async () => {
                  try {
                    await removeSignatureSettings(props.inboxId);
                    setCurrent(null);
                    setSaved('Removed: requests from now on are unchecked.');
                    setError(null);
                  } catch (err) {
                    setError(errorMessage(err));
                  }
                }}
              />
            )}
            <button type="submit" class="btn btn-primary">
              <Icon name="save" />
              <span>Save secret</span>
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

// --- Forwarding --------------------------------------------------------------------------------

function ForwardingSection(props: { inboxId: string }) {
  const [current, setCurrent] = useState<Forwarding | null | undefined>(undefined);
  const [destination, setDestination] = useState('');
  const [enabled, setEnabled] = useState(true);
  const [attempts, setAttempts] = useState('8');
  const [maxDelay, setMaxDelay] = useState('3600');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const show = (forwarding: Forwarding | null) => {
    setCurrent(forwarding);
    if (forwarding !== null) {
      setDestination(forwarding.destination);
      setEnabled(forwarding.enabled);
      setAttempts(String(forwarding.attempts));
      setMaxDelay(String(Math.round(forwarding.maxDelayMs / 1000)));
    }
  };

  useEffect(() => {
    client.forwarding(props.inboxId).then(show, (err: unknown) => setError(errorMessage(err)));
  }, [props.inboxId]);

  const save = async (event: Event) => {
    event.preventDefault();
    setSaved(null);
    try {
      show(
        await client.setForwarding(props.inboxId, {
          destination: destination.trim(),
          enabled,
          attempts: Number(attempts),
          maxDelayMs: Math.round(Number(maxDelay) * 1000),
        }),
      );
      setError(null);
      setSaved(enabled ? 'Saved: every request from now on is forwarded.' : 'Saved, paused: queued deliveries wait.');
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <section class="card settings-section" aria-labelledby="forwarding-title" data-testid="forwarding-settings">
      <header class="card-head">
        <h3 id="forwarding-title">
          <Icon name="forward" /> Automatic forwarding
        </h3>
        <span class="muted small" data-testid="forwarding-current">
          {current === undefined ? '' : current === null ? 'Off.' : current.enabled ? 'On.' : 'Paused.'}
        </span>
      </header>
      {current === undefined && error === null ? (
        <Spinner label="Loading forwarding" />
      ) : (
        <form onSubmit={save}>
          <p class="muted small">
            The server delivers every request stored from now on to the destination (method, headers, exact body),
            retrying with growing waits until it answers 2xx or the attempts run out. Each request's Forwarding tab
            shows its attempts.
          </p>
          <label class="label" for="forwarding-destination">
            Destination URL
          </label>
          <input
            id="forwarding-destination"
            class="input mono"
            type="url"
            required
            placeholder="https://example.com/webhooks"
            value={destination}
            autoComplete="url"
            onInput={(input) => setDestination((input.currentTarget as HTMLInputElement).value)}
          />
          <div class="edit-grid">
            <TextField
              id="forwarding-attempts"
              label="Attempts"
              type="number"
              value={attempts}
              onChange={setAttempts}
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
          <label class="check">
            <input
              type="checkbox"
              checked={enabled}
              onChange={(change) => setEnabled((change.currentTarget as HTMLInputElement).checked)}
            />
            <span>Enabled (untick to pause: queued deliveries wait, nothing new is queued)</span>
          </label>
          <ErrorNote error={error} />
          {saved !== null && (
            <p class="note note-ok" role="status">
              <Icon name="check" /> <span>{saved}</span>
            </p>
          )}
          <div class="settings-actions">
            <span class="spacer" />
            {current !== null && current !== undefined && (
              <ConfirmButton
                label="Remove"
                confirmLabel="Remove and cancel queued deliveries"
                icon="trash"
                class="btn-ghost"
                onConfirm={async () => {
                  try {
                    const cancelled = await client.removeForwarding(props.inboxId);
                    setCurrent(null);
                    setSaved(
                      `Removed${cancelled > 0 ? `; ${cancelled} queued ${cancelled === 1 ? 'delivery' : 'deliveries'} cancelled` : ''}.`,
                    );
                    setError(null);
                  } catch (err) {
                    setError(errorMessage(err));
                  }
                }}
              />
            )}
            <button type="submit" class="btn btn-primary">
              <Icon name="save" />
              <span>Save forwarding</span>
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
