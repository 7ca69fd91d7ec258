import { useEffect, useState } from 'preact/hooks';
import { client, errorMessage, isRehookError, type Replay } from '../api.js';
import { parseJson } from '../lib/body.js';
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

/**
 * Replay from the event page: a destination (remembered per inbox in this browser), the result
 * (status, latency, response headers and body) and the event's replay history. A refused or
 * unreachable destination shows the service's own message.
 */
export function ReplayPanel(props: { inboxId: string; eventId: string }) {
  const session = useSession();
  const [destination, setDestination] = useState(() => replayDestination(props.inboxId));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [shown, setShown] = useState<Replay | null>(null);
  const [history, setHistory] = useState<Replay[] | null>(null);
  const [historyError, setHistoryError] = useState<string | null>(null);

  const loadHistory = async () => {
    try {
      setHistory(await client.replays(props.eventId));
      setHistoryError(null);
    } catch (err) {
      setHistoryError(errorMessage(err));
    }
  };

  useEffect(() => {
    setShown(null);
    setFailure(null);
    setHistory(null);
    if (session.account) void loadHistory();
  }, [props.eventId, session.account?.id]);

  if (session.account === undefined) return <Spinner />;
  if (session.account === null) {
    return (
      <div class="note">
        <Icon name="lock" />
        <span>
          Replaying needs an account.{' '}
          <Link href={paths.signin(location.pathname)}>Sign in</Link> or <Link href={paths.signup(location.pathname)}>create one</Link>.
        </span>
      </div>
    );
  }

  const submit = async (event: Event) => {
    event.preventDefault();
    const target = destination.trim();
    if (target === '') return;
    rememberReplayDestination(props.inboxId, target);
    setBusy(true);
    setFailure(null);
    setShown(null);
    try {
      setShown(await client.replay(props.eventId, { destination: target }));
    } catch (err) {
      setFailure({ code: isRehookError(err) ? err.code : 'ERROR', message: errorMessage(err) });
    } finally {
      setBusy(false);
      void loadHistory();
    }
  };

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
            onInput={(event) => setDestination((event.currentTarget as HTMLInputElement).value)}
            autoComplete="url"
          />
          <button type="submit" class="btn btn-primary" disabled={busy}>
            <Icon name="send" />
            <span>{busy ? 'Replaying…' : 'Replay'}</span>
          </button>
        </div>
        <p class="muted small">
          Rehook sends the captured method, headers and exact body bytes from the server. Remembered for this inbox in this
          browser.
        </p>
      </form>

      {failure !== null && (
        <div class="note note-error" role="alert" data-testid="replay-error">
          <Icon name="alert" />
          <span>
            <strong>{failure.code}</strong> {failure.message}
          </span>
        </div>
      )}
      {shown !== null && <ReplayResult replay={shown} />}

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
                  <td class="mono ellipsis" title={replay.destination}>
                    {replay.destination}
                  </td>
                  <td>
                    <Outcome replay={replay} />
                  </td>
                  <td class="num">{replay.latencyMs === null ? '—' : `${Math.round(replay.latencyMs)} ms`}</td>
                  <td>
                    <button type="button" class="btn btn-ghost btn-sm" onClick={() => setShown(replay)} aria-label={`Show replay ${replay.id}`}>
                      Show
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

function Outcome(props: { replay: Replay }) {
  const { replay } = props;
  if (replay.statusCode !== null) {
    const tone = replay.statusCode < 300 ? 'ok' : replay.statusCode < 400 ? 'info' : replay.statusCode < 500 ? 'warn' : 'bad';
    return <span class={`status status-${tone}`}>{replay.statusCode}</span>;
  }
  return <span class="status status-bad">{replay.error?.code ?? replay.outcome}</span>;
}

function ReplayResult(props: { replay: Replay }) {
  const { replay } = props;
  const body = replay.responseBodyEncoding === 'utf8' ? replay.responseBody : null;
  const isJson =
    body !== null &&
    (replay.responseHeaders.some(([name, value]) => name.toLowerCase() === 'content-type' && /json/i.test(value)) || /^\s*[[{]/.test(body)) &&
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
              {formatSize(replay.responseBodyEncoding === 'utf8' ? new TextEncoder().encode(replay.responseBody).length : Math.floor((replay.responseBody.length * 3) / 4))}
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
    </section>
  );
}
