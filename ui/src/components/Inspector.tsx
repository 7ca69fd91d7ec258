import { useEffect, useState } from 'preact/hooks';
import { client, deleteEvent, errorMessage, withShare, type EventDetail } from '../api.js';
import { formPairs, rawRequest } from '../lib/body.js';
import { curlCommand } from '../lib/curl.js';
import { formatExact, formatSize, methodClass, pathBelowInbox } from '../lib/format.js';
import { BodyView } from './BodyView.js';
import { ConfirmButton, CopyButton, ErrorNote, Icon, Link, PairsTable, Spinner, Tabs, Time } from './common.js';
import { ReplayPanel } from './ReplayPanel.js';

type Tab = 'request' | 'raw' | 'replay';

const REDACTED = '[REDACTED]';

/**
 * One captured request: what arrived (method, path and query, headers, body in the view that
 * suits it), the raw request, copy as curl, download, delete, and the replay panel. In a
 * shared (read-only) view only the reading parts are there.
 */
export function Inspector(props: {
  inboxId: string;
  eventId: string;
  ingestOrigin: string;
  readOnly: boolean;
  backHref: string;
  onDeleted: (eventId: string) => void;
}) {
  const [event, setEvent] = useState<EventDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('request');
  const [actionError, setActionError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setEvent(null);
    setError(null);
    setActionError(null);
    client.event(props.eventId).then(
      (loaded) => live && setEvent(loaded),
      (err: unknown) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [props.eventId]);

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

  const below = pathBelowInbox(event.path, props.inboxId);
  const tabs = [
    { id: 'request' as const, label: 'Request' },
    { id: 'raw' as const, label: 'Raw' },
    ...(props.readOnly ? [] : [{ id: 'replay' as const, label: 'Replay' }]),
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
          <CopyButton label="Copy as curl" text={() => curlCommand(event, props.ingestOrigin)} title="A curl command that sends this exact request again" />
          {event.size > 0 && (
            <a class="btn" href={bodyHref} download={`${event.id}.bin`}>
              <Icon name="download" />
              <span>Download body</span>
            </a>
          )}
          {!props.readOnly && (
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
                <span class={methodClass(event.method)}>{event.method}</span> {event.path}
                {event.query !== '' && <span class="url-query">?{event.query}</span>}
              </p>
              {event.query !== '' && (
                <>
                  <h4 class="section-subtitle">Query parameters</h4>
                  <PairsTable caption="Query parameters" pairs={formPairs(event.query)} nameLabel="Parameter" />
                </>
              )}
            </section>
            <section aria-labelledby="body-title">
              <h3 id="body-title" class="section-title">
                Body
              </h3>
              <BodyView bodyBase64={event.bodyBase64} bodyText={event.bodyText} contentType={event.contentType} size={event.size} />
            </section>
            <section aria-labelledby="headers-title">
              <h3 id="headers-title" class="section-title">
                Headers <span class="count">{event.headers.length}</span>
              </h3>
              <PairsTable caption="Request headers" pairs={event.headers} nameLabel="Header" redacted={(_name, value) => value === REDACTED} />
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
            <pre class="code code-raw" tabIndex={0} data-testid="raw-request">
              {rawRequest(event)}
            </pre>
          </section>
        )}
        {tab === 'replay' && !props.readOnly && <ReplayPanel inboxId={props.inboxId} eventId={event.id} />}
      </div>
    </article>
  );
}
