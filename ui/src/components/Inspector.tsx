import { useEffect, useState } from 'preact/hooks';
import {
  client,
  deleteEvent,
  errorMessage,
  withShare,
  type CurlCommand,
  type EventDetail,
  type EventMeta,
  type InboxView as Inbox,
} from '../api.js';
import { decodeUtf8, formPairs, rawRequest } from '../lib/body/parse.js';
import { mark } from '../lib/marks.js';
import { formatExact, formatSize, methodClass, pathBelowInbox } from '../lib/format.js';
import { BodyView } from './BodyView.js';
import { Breakable } from './Breakable.js';
import { ConfirmButton } from './ConfirmButton.js';
import { CopyButton } from './Copy.js';
import { Link } from './Link.js';
import { HeadersTable, PairsTable } from './PairsTable.js';
import { Tabs } from './Tabs.js';
import { Time } from './Time.js';
import { ErrorNote, Spinner } from './notes.js';
import { Icon } from './Icon.js';
import { AnswerBadge, DriftBadge, describeDrift, SignatureBadge } from './badges.js';
import { Deliveries } from './Deliveries.js';
import { ReplayPanel } from './ReplayPanel.js';
import { ClippedText } from './ShowMore.js';
import { CompareWithPrevious } from './CompareWithPrevious.js';
import { ViewBoundary } from './ViewBoundary.js';
import { inboxAccess } from '../lib/inbox-access.js';
import './Inspector.css';

type Tab = 'request' | 'raw' | 'curl' | 'replay' | 'deliveries';

/** Bodies up to this size get their curl command with the event; bigger ones when asked for. */
const EAGER_CURL_BYTES = 256 * 1024;

/** An event as the inspector holds it: the body's bytes as fetched and, when UTF-8, its text. */
type LoadedEvent = EventDetail & { readonly bytes: Uint8Array };

/**
 * The event without its body (GET .../meta) and the body as bytes (GET .../body), side by side:
 * a 10 MiB body then travels once, as bytes, with no base64 or JSON to decode, and its text
 * comes from the browser's own UTF-8 decoder.
 */
async function loadEvent(eventId: string): Promise<LoadedEvent> {
  const [meta, body] = await Promise.all([
    client.eventMeta(eventId),
    client.eventBody(eventId).then((loaded) => {
      mark('body-fetched');
      return loaded.bytes;
    }),
  ]);
  const loaded = withBody(meta, body);
  mark('body-decoded');
  return loaded;
}

function withBody(meta: EventMeta, bytes: Uint8Array): LoadedEvent {
  // bodyBase64 is left empty: the screens read the bytes (or bodyText), never the base64.
  return { ...meta, bytes, bodyText: decodeUtf8(bytes), bodyBase64: '' };
}

/**
 * One captured request: what arrived (method, path and query, headers, body in the view that
 * suits it), its signature check and the answer it got, the raw request, copy as curl,
 * download, delete, the replay panel and its forwarding deliveries. In a shared (read-only)
 * view only the reading parts are there.
 */
export function Inspector(props: {
  inbox: Inbox;
  eventId: string;
  readOnly: boolean;
  /** The signed-in owner of a saved inbox: forwarding deliveries are shown. */
  owned: boolean;
  backHref: string;
  onDeleted: (eventId: string) => void;
  /** Opens the comparison of two events (the older first). */
  onCompare?: (fromId: string, toId: string, caption?: string) => void;
}) {
  const inboxId = props.inbox.id;
  // Replay and Delete are offered only when the caller's role allows them (the API's permissions).
  const access = inboxAccess(props.inbox, props.readOnly);
  const [event, setEvent] = useState<LoadedEvent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('request');
  const [actionError, setActionError] = useState<string | null>(null);
  // "Copy as curl" is the server's command (GET /api/v1/events/<id>/curl, POSIX sh, redacted
  // headers left out), the same as `rehook curl`; fetched with the event so a click copies at once.
  const [curl, setCurl] = useState<CurlCommand | null>(null);
  const [curlError, setCurlError] = useState<string | null>(null);
  // The command of a big body is megabytes of printf escapes, built by the server: fetched only
  // when asked for (the curl tab, or "Copy as curl"), and after the event, never alongside it.
  const [curlWanted, setCurlWanted] = useState(false);

  useEffect(() => {
    let live = true;
    setEvent(null);
    setError(null);
    setActionError(null);
    setCurl(null);
    setCurlError(null);
    setCurlWanted(false);
    loadEvent(props.eventId).then(
      (loaded) => {
        if (!live) return;
        setEvent(loaded);
        // A small body's command is fetched at once, so "Copy as curl" copies on the first click.
        if (loaded.size <= EAGER_CURL_BYTES) setCurlWanted(true);
      },
      (err: unknown) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [props.eventId]);

  const curlNeeded = event !== null && (curlWanted || tab === 'curl');
  useEffect(() => {
    if (!curlNeeded) return;
    let live = true;
    client.curl(props.eventId).then(
      (loaded) => live && setCurl(loaded),
      (err: unknown) => live && setCurlError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [props.eventId, curlNeeded]);

  if (error !== null) {
    return (
      <div class="inspector">
        <ErrorNote error={error} />
      </div>
    );
  }
  if (event === null) {
    return (
      <div class="inspector inspector-loading">
        <Spinner label="Loading the event" />
      </div>
    );
  }

  const below = pathBelowInbox(event.path, inboxId);
  const tabs = [
    { id: 'request' as const, label: 'Request' },
    { id: 'raw' as const, label: 'Raw' },
    { id: 'curl' as const, label: 'curl' },
    ...(access.replay ? [{ id: 'replay' as const, label: 'Replay' }] : []),
    ...(props.owned ? [{ id: 'deliveries' as const, label: 'Forwarding' }] : []),
  ];
  const bodyHref = withShare(`/api/v1/events/${encodeURIComponent(event.id)}/body`);

  return (
    <article class="inspector" aria-labelledby="inspector-title">
      <header class="inspector-head">
        <Link href={props.backHref} class="btn btn-ghost btn-icon back-to-list" aria-label="Back to the list">
          <Icon name="arrow-left" />
        </Link>
        <h2 id="inspector-title" class="inspector-title">
          <span class={methodClass(event.method)}>{event.method}</span>
          <span class="mono inspector-path" title={event.path}>
            {below}
          </span>
        </h2>
        <div class="inspector-actions">
          {curl !== null || event.size <= EAGER_CURL_BYTES ? (
            <CopyButton
              label="Copy as curl"
              text={() => curl?.command ?? ''}
              disabled={curl === null}
              title="A curl command (any POSIX shell) that sends this exact request again; redacted headers are left out"
            />
          ) : (
            <button
              type="button"
              class="btn"
              title="A big body's command is prepared on request: the curl tab shows it, with its Copy button"
              onClick={() => setTab('curl')}
            >
              <Icon name="copy" />
              <span class="btn-label">Copy as curl</span>
            </button>
          )}
          {props.onCompare !== undefined && (
            <CompareWithPrevious event={event} onCompare={props.onCompare} onError={setActionError} />
          )}
          {event.size > 0 && (
            <a class="btn" href={bodyHref} download={`${event.id}.bin`}>
              <Icon name="download" />
              <span>Download body</span>
            </a>
          )}
          {access.manage && (
            <ConfirmButton
              label="Delete"
              confirmLabel="Delete this event"
              icon="trash"
              class="btn-ghost"
              onConfirm={async () => {
                try {
                  await deleteEvent(event.id);
                  props.onDeleted(event.id);
                } catch (err) {
                  setActionError(errorMessage(err));
                }
              }}
            />
          )}
        </div>
      </header>
      <dl class="facts">
        <div>
          <dt>Received</dt>
          <dd>
            <Time iso={event.receivedAt} /> <span class="muted small">{formatExact(event.receivedAt)}</span>
          </dd>
        </div>
        <div>
          <dt>Size</dt>
          <dd>{formatSize(event.size)}</dd>
        </div>
        <div>
          <dt>From</dt>
          <dd class="mono">{event.sourceIp}</dd>
        </div>
        <div>
          <dt>Id</dt>
          <dd class="mono">{event.id}</dd>
        </div>
        <div>
          <dt>Signature</dt>
          <dd data-testid="inspector-signature">
            <SignatureBadge signature={event.signature} />
            {event.signature.reason !== null && <span class="muted small"> {event.signature.reason}</span>}
          </dd>
        </div>
        <div>
          <dt>Answered</dt>
          <dd data-testid="inspector-answer">
            <AnswerBadge answer={event.answer} />
          </dd>
        </div>
        {event.eventType !== null && (
          <div>
            <dt>Type</dt>
            <dd class="mono" data-testid="inspector-event-type">
              <Breakable text={event.eventType} />
            </dd>
          </div>
        )}
        {event.drift !== null && event.drift.length > 0 && (
          <div>
            <dt>Drift</dt>
            <dd data-testid="inspector-drift">
              <DriftBadge drift={event.drift} />
              <ul class="drift-list">
                {event.drift.map((d) => (
                  <li key={`${d.kind} ${d.path}`} class="mono small">
                    <Breakable text={describeDrift(d)} />
                  </li>
                ))}
              </ul>
              <span class="muted small">Compared with the schema learned from the earlier events of this type.</span>
            </dd>
          </div>
        )}
      </dl>
      <ErrorNote error={actionError} />
      <Tabs label="Event views" idPrefix="inspector" tabs={tabs} active={tab} onChange={setTab} />
      <div id="inspector-panel" role="tabpanel" aria-labelledby={`inspector-tab-${tab}`} class="inspector-body">
        {tab === 'request' && (
          <>
            <section aria-labelledby="url-title">
              <h3 id="url-title" class="section-title">
                URL
              </h3>
              <p class="url-line mono">
                <span class={methodClass(event.method)}>{event.method}</span> <Breakable text={event.path} />
                {event.query !== '' && (
                  <span class="url-query">
                    <wbr />
                    <Breakable text={`?${event.query}`} />
                  </span>
                )}
              </p>
              {event.query !== '' && (
                <>
                  <h4 class="section-subtitle">Query parameters</h4>
                  <PairsTable caption="Query parameters" pairs={formPairs(event.query)} nameLabel="Parameter" />
                </>
              )}
            </section>
            {/* Headers first: a long body would otherwise push them out of sight. */}
            <section aria-labelledby="headers-title">
              <h3 id="headers-title" class="section-title">
                Headers <span class="count">{event.headers.length}</span>
              </h3>
              <HeadersTable caption="Request headers" pairs={event.headers} />
            </section>
            <section aria-labelledby="body-title">
              <h3 id="body-title" class="section-title">
                Body
              </h3>
              <ViewBoundary
                key={event.id}
                fallback={(reason) => (
                  <p class="note" data-testid="view-skipped" role="status">
                    The body could not be shown: {reason}. The Raw tab and the download still have it.
                  </p>
                )}
              >
                <BodyView
                  bytes={event.bytes}
                  bodyText={event.bodyText}
                  contentType={event.contentType}
                  bodyHref={bodyHref}
                  onRaw={() => setTab('raw')}
                />
              </ViewBoundary>
            </section>
          </>
        )}
        {tab === 'raw' && (
          <section aria-label="Raw request">
            <div class="body-toolbar">
              <span class="muted small">The request as it arrived (header values as received bytes)</span>
              <span class="spacer" />
              <CopyButton text={() => rawRequest(event)} label="Copy" />
            </div>
            <ClippedText class="code code-raw" label="Raw request" testId="raw-request" text={rawRequest(event)} />
          </section>
        )}
        {tab === 'curl' && (
          <section aria-label="curl command">
            <div class="body-toolbar">
              <span class="muted small">
                Sends this exact request again to the inbox's URL; runs in sh, dash, bash and zsh
              </span>
              <span class="spacer" />
              {curl !== null && <CopyButton text={curl.command} label="Copy" />}
            </div>
            {curlError !== null ? (
              <ErrorNote error={curlError} />
            ) : curl === null ? (
              <Spinner label="Loading the command" />
            ) : (
              <>
                {curl.omittedHeaders.length > 0 && (
                  <p class="note" data-testid="curl-omitted">
                    <Icon name="lock" />
                    <span>
                      Left out: {curl.omittedHeaders.join(', ')} (redacted when captured). Add your own if the receiver
                      needs
                      {curl.omittedHeaders.length === 1 ? ' it' : ' them'}.
                    </span>
                  </p>
                )}
                {/* A big body's command is megabytes of printf lines: shown a part at a time, copied whole. */}
                <ClippedText class="code code-shell" label="curl command" testId="curl-command" text={curl.command} />
              </>
            )}
          </section>
        )}
        {tab === 'replay' && access.replay && <ReplayPanel inboxId={inboxId} event={event} />}
        {tab === 'deliveries' && props.owned && <Deliveries eventId={event.id} />}
      </div>
    </article>
  );
}
