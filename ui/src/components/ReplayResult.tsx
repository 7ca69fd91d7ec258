import type { EventDetail, Replay, ReplayRun } from '../api.js';
import { parseJson } from '../lib/body/parse.js';
import { formatSize } from '../lib/format.js';
import { JsonView } from './JsonView.js';
import { HeadersTable, PairsTable } from './PairsTable.js';
import { Time } from './Time.js';
import { Icon } from './Icon.js';
import { Breakable } from './Breakable.js';

/** The outcome of a repeated replay: counts, and each attempt to pick for the result below. */
export function RunSummary(props: { run: ReplayRun; shownId: string | null; onShow: (replay: Replay) => void }) {
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

/** A replay's status code, or its error code when nothing answered. */
export function Outcome(props: { replay: Replay }) {
  const { replay } = props;
  if (replay.statusCode !== null) {
    const tone =
      replay.statusCode < 300 ? 'ok' : replay.statusCode < 400 ? 'info' : replay.statusCode < 500 ? 'warn' : 'bad';
    return <span class={`status status-${tone}`}>{replay.statusCode}</span>;
  }
  return <span class="status status-bad">{replay.error?.code ?? replay.outcome}</span>;
}

/** One replay: status, latency, response headers and body, and what was sent. */
export function ReplayResult(props: { replay: Replay; event: EventDetail }) {
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
            <strong>{request.method}</strong> <Breakable text={request.url} />
          </p>
          <HeadersTable caption="Headers sent" pairs={request.headers} />
          <pre class="code compare-body">
            <Breakable text={sentBody} />
          </pre>
        </div>
        <div class="compare-col">
          <h5 class="compare-title">Original</h5>
          <p class="mono url-line">
            <strong>{event.method}</strong>{' '}
            <Breakable text={event.query === '' ? event.path : `${event.path}?${event.query}`} />
          </p>
          <HeadersTable caption="Headers captured" pairs={event.headers} />
          <pre class="code compare-body">
            <Breakable text={originalBody.length > 20000 ? `${originalBody.slice(0, 20000)}…` : originalBody} />
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
