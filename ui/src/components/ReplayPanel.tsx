import { useEffect, useMemo, useState } from 'preact/hooks';
import {
  client,
  errorMessage,
  isRehookError,
  type EventDetail,
  type Replay,
  type ReplayOptions,
  type ReplayRun,
} from '../api.js';
import { parseJson } from '../lib/body.js';
import { headerLines, parseHeaderLines } from '../lib/filter.js';
import { formatSize } from '../lib/format.js';
import { rememberReplayDestination, replayDestination } from '../lib/storage.js';
import { paths } from '../router.js';
import { useSession } from '../session.js';
import { JsonView } from './BodyView.js';
import { Icon, Link, PairsTable, Spinner, Time } from './common.js';

interface Failure {
  readonly code: string;
  readonly message: string;
}

/** Headers the replay computes or refuses to send (docs/replay.md): not offered for editing. */
const FIXED_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'proxy-connection',
]);
const REDACTED = '[REDACTED]';
/** Text bodies up to this size are offered for editing as text. */
const EDITABLE_BODY = 256 * 1024;

function editableHeaders(event: EventDetail): [string, string][] {
  return event.headers
    .filter(
      ([name, value]) =>
        !FIXED_HEADERS.has(name.toLowerCase()) && !name.toLowerCase().startsWith('proxy-') && value !== REDACTED,
    )
    .map(([name, value]) => [name, value.trim()]);
}

/**
 * The header edits that turn the event's headers into the edited list: a name whose values
 * changed is set (all its edited values, in order), a name no longer there is removed.
 */
export function headerEdits(
  original: readonly (readonly [string, string])[],
  edited: readonly (readonly [string, string])[],
): { set: [string, string][]; remove: string[] } {
  const group = (pairs: readonly (readonly [string, string])[]) => {
    const map = new Map<string, [string, string][]>();
    for (const [name, value] of pairs) {
      const key = name.toLowerCase();
      map.set(key, [...(map.get(key) ?? []), [name, value]]);
    }
    return map;
  };
  const before = group(original);
  const after = group(edited);
  const set: [string, string][] = [];
  const remove: string[] = [];
  for (const [key, pairs] of after) {
    const old = before.get(key);
    const same =
      old !== undefined &&
      old.length === pairs.length &&
      old.every(([name, value], i) => name === pairs[i]?.[0] && value === pairs[i]?.[1]);
    if (!same) set.push(...pairs);
  }
  for (const [key, pairs] of before) if (!after.has(key)) remove.push(pairs[0]?.[0] ?? key);
  return { set, remove };
}

/**
 * Replay from the event page: a destination (remembered per inbox in this browser), optional
 * edits (method, path, query, headers, body), repeat and re-sign; the result (status, latency,
 * response headers and body), and the event's replay history where each replay shows what was
 * actually sent beside the original. A refused or unreachable destination shows the service's
 * own message.
 */
export function ReplayPanel(props: { inboxId: string; event: EventDetail }) {
  const { event } = props;
  const session = useSession();
  const [destination, setDestination] = useState(() => replayDestination(props.inboxId));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [shown, setShown] = useState<Replay | null>(null);
  const [run, setRun] = useState<ReplayRun | null>(null);
  const [history, setHistory] = useState<Replay[] | null>(null);
  const [historyError, setHistoryError] = useState<string | null>(null);

  const originalHeaders = useMemo(() => editableHeaders(event), [event.id]);
  const textBody = event.bodyText !== null && event.size <= EDITABLE_BODY ? event.bodyText : null;
  const [editing, setEditing] = useState(false);
  const [method, setMethod] = useState(event.method);
  const [path, setPath] = useState('');
  const [query, setQuery] = useState('');
  const [headers, setHeaders] = useState(() => headerLines(originalHeaders));
  const [replaceBody, setReplaceBody] = useState(false);
  const [body, setBody] = useState(textBody ?? '');
  const [repeat, setRepeat] = useState('1');
  const [resign, setResign] = useState(false);

  const resetEdits = () => {
    setMethod(event.method);
    setPath('');
    setQuery('');
    setHeaders(headerLines(originalHeaders));
    setReplaceBody(false);
    setBody(textBody ?? '');
  };

  const loadHistory = async () => {
    try {
      setHistory(await client.replays(event.id));
      setHistoryError(null);
    } catch (err) {
      setHistoryError(errorMessage(err));
    }
  };

  useEffect(() => {
    setShown(null);
    setRun(null);
    setFailure(null);
    setHistory(null);
    if (session.account) void loadHistory();
  }, [event.id, session.account?.id]);

  if (session.account === undefined) return <Spinner />;
  if (session.account === null) {
    return (
      <div class="note">
        <Icon name="lock" />
        <span>
          Replaying needs an account. <Link href={paths.signin(location.pathname)}>Sign in</Link> or{' '}
          <Link href={paths.signup(location.pathname)}>create one</Link>.
        </span>
      </div>
    );
  }

  /** The edits as the API takes them; throws with a message for the person. */
  const edits = (): Omit<ReplayOptions, 'destination'> => {
    const out: { -readonly [K in keyof ReplayOptions]?: ReplayOptions[K] } = {};
    if (!editing) return resign ? { resign: true } : {};
    const m = method.trim();
    if (m === '') throw new Error('The method cannot be empty.');
    if (m !== event.method) out.method = m;
    const p = path.trim();
    if (p !== '') out.path = p.startsWith('/') ? p : `/${p}`;
    const q = query.trim();
    if (q !== '') out.query = q;
    const { set, remove } = headerEdits(originalHeaders, parseHeaderLines(headers));
    if (set.length > 0 || remove.length > 0)
      out.headers = { ...(set.length > 0 ? { set } : {}), ...(remove.length > 0 ? { remove } : {}) };
    if (textBody !== null ? body !== textBody : replaceBody) out.body = body;
    if (resign) out.resign = true;
    return out;
  };

  const submit = async (submitted: Event) => {
    submitted.preventDefault();
    const target = destination.trim();
    if (target === '') return;
    let options: ReplayOptions;
    const times = Number(repeat);
    try {
      if (!Number.isInteger(times) || times < 1 || times > 100)
        throw new Error('Repeat takes a whole number from 1 to 100.');
      options = { destination: target, ...edits() };
    } catch (err) {
      setFailure({ code: 'VALIDATION_FAILED', message: errorMessage(err) });
      return;
    }
    rememberReplayDestination(props.inboxId, target);
    setBusy(true);
    setFailure(null);
    setShown(null);
    setRun(null);
    try {
      if (times > 1) {
        const result = await client.replay(event.id, { ...options, repeat: times });
        setRun(result);
        setShown(result.replays[result.replays.length - 1] ?? null);
      } else {
        setShown(await client.replay(event.id, options as ReplayOptions & { readonly repeat?: undefined }));
      }
    } catch (err) {
      setFailure({ code: isRehookError(err) ? err.code : 'ERROR', message: errorMessage(err) });
    } finally {
      setBusy(false);
      void loadHistory();
    }
  };

  const field = (
    id: string,
    label: string,
    value: string,
    set: (value: string) => void,
    placeholder: string,
    hint: string,
  ) => (
    <div class="edit-field">
      <label class="label" for={id}>
        {label}
      </label>
      <input
        id={id}
        class="input mono"
        value={value}
        placeholder={placeholder}
        spellcheck={false}
        autoComplete="off"
        aria-describedby={`${id}-hint`}
        onInput={(input) => set((input.currentTarget as HTMLInputElement).value)}
      />
      <span id={`${id}-hint`} class="muted small">
        {hint}
      </span>
    </div>
  );

  return (
    <div class="replay">
      <form class="replay-form" onSubmit={submit}>
        <label for="replay-destination" class="label">
          Destination URL
        </label>
        <div class="input-row">
          <input
            id="replay-destination"
            class="input mono"
            type="url"
            inputMode="url"
            required
            placeholder="https://example.com/webhooks"
            value={destination}
            onInput={(input) => setDestination((input.currentTarget as HTMLInputElement).value)}
            autoComplete="url"
          />
          <button type="submit" class="btn btn-primary" disabled={busy}>
            <Icon name="send" />
            <span>{busy ? 'Replaying…' : 'Replay'}</span>
          </button>
        </div>
        <p class="muted small">
          Rehook sends the captured method, headers and exact body bytes from the server, or your edits. The destination
          is remembered for this inbox in this browser.
        </p>
        <div class="replay-options">
          <label class="check">
            <input
              type="checkbox"
              checked={editing}
              onChange={(change) => setEditing((change.currentTarget as HTMLInputElement).checked)}
            />
            <span>Edit the request first</span>
          </label>
          <label class="check">
            <input
              type="checkbox"
              checked={resign}
              onChange={(change) => setResign((change.currentTarget as HTMLInputElement).checked)}
            />
            <span>Re-sign (fresh timestamp, the inbox's signature secret)</span>
          </label>
          <span class="repeat-field">
            <label for="replay-repeat">Times</label>
            <input
              id="replay-repeat"
              class="input num-input"
              type="number"
              min={1}
              max={100}
              step={1}
              value={repeat}
              onInput={(input) => setRepeat((input.currentTarget as HTMLInputElement).value)}
            />
          </span>
        </div>
        {editing && (
          <fieldset class="replay-edit" data-testid="replay-edit">
            <legend class="visually-hidden">Edits to the request</legend>
            <div class="edit-grid">
              {field('replay-method', 'Method', method, setMethod, event.method, `Captured: ${event.method}`)}
              {field('replay-path', 'Path to append', path, setPath, '/v2/events', "Added to the destination's path.")}
              {field(
                'replay-query',
                'Query',
                query,
                setQuery,
                'attempt=2',
                "Replaces the destination's query; empty keeps it.",
              )}
            </div>
            <label class="label" for="replay-headers">
              Headers
            </label>
            <textarea
              id="replay-headers"
              class="input mono textarea"
              rows={Math.min(12, Math.max(3, originalHeaders.length + 1))}
              value={headers}
              spellcheck={false}
              aria-describedby="replay-headers-hint"
              onInput={(input) => setHeaders((input.currentTarget as HTMLTextAreaElement).value)}
            />
            <span id="replay-headers-hint" class="muted small">
              One “Name: value” per line: change a value, add a line, or delete a line to leave the header out. Host,
              Content-Length and redacted headers are not listed (the connection writes the first two; redacted values
              are never sent).
            </span>
            <label class="label" for="replay-body">
              Body
            </label>
            {textBody === null && (
              <label class="check">
                <input
                  type="checkbox"
                  checked={replaceBody}
                  onChange={(change) => setReplaceBody((change.currentTarget as HTMLInputElement).checked)}
                />
                <span>
                  Replace the body (
                  {event.size === 0
                    ? 'none was captured'
                    : `${formatSize(event.size)} ${event.bodyText === null ? 'binary, ' : ''}sent as captured unless replaced`}
                  )
                </span>
              </label>
            )}
            <textarea
              id="replay-body"
              class="input mono textarea"
              rows={8}
              value={body}
              disabled={textBody === null && !replaceBody}
              spellcheck={false}
              onInput={(input) => setBody((input.currentTarget as HTMLTextAreaElement).value)}
            />
            <div class="edit-actions">
              <button type="button" class="btn btn-ghost btn-sm" onClick={resetEdits}>
                Undo all edits
              </button>
            </div>
          </fieldset>
        )}
      </form>

      {failure !== null && (
        <div class="note note-error" role="alert" data-testid="replay-error">
          <Icon name="alert" />
          <span>
            <strong>{failure.code}</strong> {failure.message}
          </span>
        </div>
      )}
      {run !== null && <RunSummary run={run} onShow={setShown} shownId={shown?.id ?? null} />}
      {shown !== null && <ReplayResult replay={shown} event={event} />}

      <section class="replay-history" aria-labelledby="replay-history-title">
        <h3 id="replay-history-title" class="section-title">
          History
        </h3>
        {historyError !== null ? (
          <p class="muted small">{historyError}</p>
        ) : history === null ? (
          <Spinner label="Loading the replay history" />
        ) : history.length === 0 ? (
          <p class="muted small">No replays of this event yet.</p>
        ) : (
          <div class="table-scroll">
            <table class="history" data-testid="replay-history">
              <caption class="visually-hidden">Replays of this event, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Destination</th>
                  <th scope="col">Result</th>
                  <th scope="col" class="num">
                    Latency
                  </th>
                  <th scope="col">
                    <span class="visually-hidden">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.map((replay) => (
                  <tr key={replay.id} class={shown?.id === replay.id ? 'is-selected' : ''}>
                    <td>
                      <Time iso={replay.createdAt} />
                    </td>
                    <td class="mono ellipsis" title={replay.request?.url ?? replay.destination}>
                      {replay.request?.url ?? replay.destination}
                      {(replay.request?.edited || replay.request?.resigned || replay.jobId !== null) && (
                        <span class="replay-tags">
                          {replay.request?.edited && <span class="tag">edited</span>}
                          {replay.request?.resigned && <span class="tag">re-signed</span>}
                          {replay.jobId !== null && <span class="tag">bulk</span>}
                        </span>
                      )}
                    </td>
                    <td>
                      <Outcome replay={replay} />
                    </td>
                    <td class="num">{replay.latencyMs === null ? '—' : `${Math.round(replay.latencyMs)} ms`}</td>
                    <td>
                      <button
                        type="button"
                        class="btn btn-ghost btn-sm"
                        onClick={() => setShown(replay)}
                        aria-label={`Show replay ${replay.id}`}
                      >
                        Show
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function RunSummary(props: { run: ReplayRun; shownId: string | null; onShow: (replay: Replay) => void }) {
  const { summary, replays } = props.run;
  const statuses = Object.entries(summary.statusCodes).map(([code, n]) => `${n}× ${code}`);
  const errors = Object.entries(summary.errors).map(([code, n]) => `${n}× ${code}`);
  return (
    <section class="card run-summary" aria-label="Repeated replay" data-testid="replay-run">
      <p class="small">
        <strong>
          {summary.attempts} of {summary.requested} sent
        </strong>
        {' · '}
        {summary.responses} answered{statuses.length > 0 ? ` (${statuses.join(', ')})` : ''}
        {summary.failures > 0 ? ` · ${summary.failures} failed (${errors.join(', ')})` : ''}
        {summary.stopped !== null
          ? ` · stopped early: ${summary.stopped === 'time-limit' ? 'the 240 s limit' : 'the destination was refused'}`
          : ''}
      </p>
      <ol class="run-list">
        {replays.map((replay, index) => (
          <li key={replay.id}>
            <button
              type="button"
              class="btn btn-ghost btn-sm"
              aria-pressed={props.shownId === replay.id}
              onClick={() => props.onShow(replay)}
            >
              #{index + 1} <Outcome replay={replay} />
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Outcome(props: { replay: Replay }) {
  const { replay } = props;
  if (replay.statusCode !== null) {
    const tone =
      replay.statusCode < 300 ? 'ok' : replay.statusCode < 400 ? 'info' : replay.statusCode < 500 ? 'warn' : 'bad';
    return <span class={`status status-${tone}`}>{replay.statusCode}</span>;
  }
  return <span class="status status-bad">{replay.error?.code ?? replay.outcome}</span>;
}

function ReplayResult(props: { replay: Replay; event: EventDetail }) {
  const { replay } = props;
  const body = replay.responseBodyEncoding === 'utf8' ? replay.responseBody : null;
  const isJson =
    body !== null &&
    (replay.responseHeaders.some(([name, value]) => name.toLowerCase() === 'content-type' && /json/i.test(value)) ||
      /^\s*[[{]/.test(body)) &&
    parseJson(body) !== undefined;
  return (
    <section class="replay-result card" aria-label="Replay result" data-testid="replay-result">
      <header class="replay-summary">
        <Outcome replay={replay} />
        <span class="mono ellipsis" title={replay.destination}>
          {replay.destination}
        </span>
        <span class="spacer" />
        {replay.latencyMs !== null && (
          <span class="muted small">
            <Icon name="clock" /> {Math.round(replay.latencyMs)} ms
          </span>
        )}
        <span class="muted small">
          <Time iso={replay.createdAt} />
        </span>
      </header>
      {replay.error !== null && (
        <p class="note note-error">
          <Icon name="alert" />
          <span>
            <strong>{replay.error.code}</strong> {replay.error.message}
          </span>
        </p>
      )}
      {replay.outcome === 'response' && (
        <>
          <h4 class="section-title">Response headers</h4>
          <PairsTable caption="Response headers" pairs={replay.responseHeaders} nameLabel="Header" />
          <h4 class="section-title">
            Response body{' '}
            <span class="muted small">
              {formatSize(
                replay.responseBodyEncoding === 'utf8'
                  ? new TextEncoder().encode(replay.responseBody).length
                  : Math.floor((replay.responseBody.length * 3) / 4),
              )}
              {replay.truncated ? ' · truncated' : ''}
              {replay.responseBodyEncoding === 'base64' ? ' · binary, base64' : ''}
            </span>
          </h4>
          {replay.responseBody === '' ? (
            <p class="muted small">Empty</p>
          ) : isJson && body !== null ? (
            <JsonView text={body} />
          ) : (
            <pre class="code">{replay.responseBody}</pre>
          )}
        </>
      )}
      {replay.request !== null ? (
        <SentBeside replay={replay} request={replay.request} event={props.event} />
      ) : (
        <p class="muted small">
          What was sent is not recorded for this replay (made before Rehook kept it, or nothing was sent).
        </p>
      )}
    </section>
  );
}

/** What the replay sent beside the captured request: method, URL, headers, body. */
function SentBeside(props: { replay: Replay; request: NonNullable<Replay['request']>; event: EventDetail }) {
  const { request, event } = props;
  const sentBody =
    request.body === null
      ? `The captured body, unchanged (${formatSize(request.bodySize)})`
      : request.bodyEncoding === 'base64'
        ? `${formatSize(request.bodySize)} of binary data (base64): ${request.body.slice(0, 2000)}`
        : request.body;
  const originalBody =
    event.size === 0 ? '(none)' : event.bodyText !== null ? event.bodyText : `${formatSize(event.size)} of binary data`;
  return (
    <section class="sent-beside" aria-label="What was sent, beside the original" data-testid="replay-sent">
      <h4 class="section-title">
        What was sent <span class="tag">{request.edited ? 'edited' : 'as captured'}</span>
        {request.resigned && <span class="tag">re-signed</span>}
      </h4>
      <div class="compare">
        <div class="compare-col">
          <h5 class="compare-title">Sent</h5>
          <p class="mono url-line">
            <strong>{request.method}</strong> {request.url}
          </p>
          <PairsTable
            caption="Headers sent"
            pairs={request.headers}
            nameLabel="Header"
            redacted={(_name, value) => value === REDACTED}
          />
          <pre class="code compare-body">{sentBody}</pre>
        </div>
        <div class="compare-col">
          <h5 class="compare-title">Original</h5>
          <p class="mono url-line">
            <strong>{event.method}</strong> {event.path}
            {event.query === '' ? '' : `?${event.query}`}
          </p>
          <PairsTable
            caption="Headers captured"
            pairs={event.headers}
            nameLabel="Header"
            redacted={(_name, value) => value === REDACTED}
          />
          <pre class="code compare-body">
            {originalBody.length > 20000 ? `${originalBody.slice(0, 20000)}…` : originalBody}
          </pre>
        </div>
      </div>
      {request.overrides !== null && (
        <p class="muted small">
          Asked for:{' '}
          {[
            request.overrides.method !== undefined ? `method ${request.overrides.method}` : null,
            request.overrides.path !== undefined ? `path ${request.overrides.path}` : null,
            request.overrides.query !== undefined
              ? `query ${request.overrides.query === '' ? '(none)' : request.overrides.query}`
              : null,
            request.overrides.setHeaders?.length
              ? `set ${request.overrides.setHeaders.map(([name]) => name).join(', ')}`
              : null,
            request.overrides.removeHeaders?.length ? `remove ${request.overrides.removeHeaders.join(', ')}` : null,
            request.overrides.body ? 'a new body' : null,
          ]
            .filter((part) => part !== null)
            .join(' · ') || 'nothing'}
        </p>
      )}
    </section>
  );
}
