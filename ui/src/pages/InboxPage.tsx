import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  clearInbox,
  client,
  createShare,
  errorMessage,
  isRehookError,
  listShares,
  renameInbox,
  revokeShare,
  withShare,
  type EventSummary,
  type InboxView as Inbox,
  type CreatedShare,
  type Share,
} from '../api.js';
import { BulkReplay } from '../components/BulkReplay.js';
import { ConfirmButton, CopyButton, ErrorNote, Icon, Link, Spinner, Time, useTick } from '../components/common.js';
import { EventList } from '../components/EventList.js';
import { ExportMenu, FilterBar } from '../components/FilterBar.js';
import { InboxSettings } from '../components/InboxSettings.js';
import { Inspector } from '../components/Inspector.js';
import {
  decidedBySummary,
  filterParams,
  filterQuery,
  parseFilter,
  summaryMatches,
  type EventFilter,
} from '../lib/filter.js';
import { formatExact, formatUntil } from '../lib/format.js';
import { InboxEvents, type LiveStatus } from '../lib/live.js';
import { rememberInbox } from '../lib/storage.js';
import { navigate, paths } from '../router.js';
import { useSession } from '../session.js';

export function InboxPage(props: { inboxId: string; eventId: string | null; search: string }) {
  const [inbox, setInbox] = useState<Inbox | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const session = useSession();

  useEffect(() => {
    let live = true;
    client.inbox(props.inboxId).then(
      (loaded) => {
        if (!live) return;
        setInbox(loaded);
        rememberInbox(loaded);
      },
      (err: unknown) => live && setError({ code: isRehookError(err) ? err.code : 'ERROR', message: errorMessage(err) }),
    );
    return () => {
      live = false;
    };
    // An inbox that another session saved answers 404 until signed in: try again after sign-in.
  }, [props.inboxId, session.account?.id]);

  if (error !== null) {
    return (
      <div class="page narrow">
        <h1>{error.code === 'INBOX_NOT_FOUND' ? 'Inbox not found' : 'Cannot open this inbox'}</h1>
        <p class="muted">
          {error.code === 'INBOX_NOT_FOUND'
            ? 'It may have expired (anonymous inboxes live 48 hours), been deleted, or belong to another account.'
            : error.message}
        </p>
        <p class="row">
          <Link href={paths.home()} class="btn btn-primary">
            Create a new inbox
          </Link>
          {session.account === null && (
            <Link href={paths.signin(location.pathname)} class="btn">
              Sign in
            </Link>
          )}
        </p>
      </div>
    );
  }
  if (inbox === null) {
    return (
      <div class="page-loading">
        <Spinner label="Loading the inbox" />
      </div>
    );
  }
  return (
    <InboxView
      inbox={inbox}
      eventId={props.eventId}
      search={props.search}
      readOnly={false}
      eventHref={(eventId, filter) => paths.event(inbox.id, eventId, filter)}
      listHref={(filter) => paths.inbox(inbox.id, filter)}
      onInboxChange={setInbox}
    />
  );
}

/** What the detail pane shows instead of an event: the inbox's settings or a bulk replay. */
type Panel = 'settings' | 'bulk' | null;

/** The inbox screen, also the shared view (readOnly: no replay, delete, clear, rename, save, share or settings). */
export function InboxView(props: {
  inbox: Inbox;
  eventId: string | null;
  /** The page's query string: the list's filter lives there (lib/filter.ts). */
  search: string;
  readOnly: boolean;
  eventHref: (eventId: string, filterQuery: string) => string;
  listHref: (filterQuery: string) => string;
  onInboxChange?: (inbox: Inbox) => void;
  banner?: preact.ComponentChildren;
  /** The live stream could not be opened (shared views check their link). */
  onOffline?: () => void;
}) {
  const { inbox } = props;
  const session = useSession();
  const filter = useMemo(() => parseFilter(props.search), [props.search]);
  const filterKey = filterQuery(filter);
  const filtered = filterKey !== '';
  const eventHref = (eventId: string) => props.eventHref(eventId, filterKey);
  const listHref = props.listHref(filterKey);
  const store = useMemo(
    () =>
      new InboxEvents({
        page: (before) =>
          client.events(inbox.id, {
            limit: 100,
            ...(before !== undefined ? { before } : {}),
            ...(filtered ? { filter: filterParams(filter) } : {}),
          }),
        streamUrl: (lastEventId) =>
          withShare(
            `/api/v1/inboxes/${encodeURIComponent(inbox.id)}/stream${lastEventId !== null ? `?lastEventId=${encodeURIComponent(lastEventId)}` : ''}`,
          ),
        offline: () => props.onOffline?.(),
        // A filtered list: the stream carries every event; the summary decides method, path and
        // times, and the list API (the same search, from the oldest new event on) the rest.
        ...(filtered ? { accept: (events: EventSummary[]) => liveMatches(inbox.id, filter, events) } : {}),
      }),
    [inbox.id, filterKey],
  );
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [count, setCount] = useState(0);
  const [cursor, setCursorState] = useState(-1);
  const cursorRef = useRef(-1);
  const setCursor = (index: number) => {
    cursorRef.current = index;
    setCursorState(index);
  };
  const [actionError, setActionError] = useState<string | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [selecting, setSelecting] = useState(false);
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    const unsubscribe = store.subscribe(() => {
      setStatus(store.status);
      setCount(store.length);
    });
    store.start();
    setCount(store.length);
    return () => {
      unsubscribe();
      store.close();
    };
  }, [store]);

  // Opening an event closes a panel.
  useEffect(() => {
    if (props.eventId !== null) setPanel(null);
  }, [props.eventId]);

  // The opened event is the cursor's starting point.
  useEffect(() => {
    if (props.eventId !== null) {
      const index = store.indexOf(props.eventId);
      if (index !== -1) setCursor(index);
    }
  }, [props.eventId, count, store]);

  // j/k move through the list, Enter opens, Escape goes back to the list.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        // Keys can come faster than renders: the ref holds the cursor as of the last key.
        const next = Math.max(0, Math.min(store.length - 1, cursorRef.current + (event.key === 'j' ? 1 : -1)));
        cursorRef.current = next;
        setCursor(next);
        const row = store.at(next);
        if (row)
          requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-event-id="${row.id}"]`)?.focus());
      } else if (event.key === 'Enter' && target?.tagName !== 'A' && target?.tagName !== 'BUTTON') {
        const row = store.at(cursorRef.current);
        if (row) navigate(eventHref(row.id));
      } else if (event.key === 'Escape' && (props.eventId !== null || panel !== null)) {
        if (panel !== null) setPanel(null);
        else navigate(listHref);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [props.eventId, store, panel, filterKey]);

  const example = exampleCurl(inbox.url);
  const selected = props.eventId;
  const signedIn = session.account !== null && session.account !== undefined;
  const owned = inbox.saved && !props.readOnly && signedIn;
  const openPanel = (next: Panel) => {
    setPanel(next);
    if (next !== null && selected !== null) navigate(listHref);
  };
  const applyFilter = (next: EventFilter) => {
    const query = filterQuery(next);
    navigate(selected !== null ? props.eventHref(selected, query) : props.listHref(query), { replace: true });
  };

  return (
    <div class={`inbox ${selected !== null || panel !== null ? 'has-selection' : ''}`}>
      {props.banner}
      <InboxBar
        inbox={inbox}
        status={status}
        count={count}
        readOnly={props.readOnly}
        panel={panel}
        onPanel={openPanel}
        onInboxChange={props.onInboxChange}
        onCleared={() => {
          store.remove('all');
          if (selected !== null) navigate(listHref);
        }}
        onError={setActionError}
      />
      <ErrorNote error={actionError ?? store.error} class="inbox-error" />
      <div class="split">
        <section class="list-pane" aria-label="Requests">
          <FilterBar filter={filter} onApply={applyFilter} />
          <div class="list-head">
            <span class="list-count" aria-live="polite">
              {count === 0
                ? filtered
                  ? 'No matching requests'
                  : 'No requests'
                : `${count.toLocaleString()}${store.hasOlder ? '+' : ''} ${filtered ? 'matching' : count === 1 ? 'request' : 'requests'}`}
            </span>
            <span class="spacer" />
            <ExportMenu inboxId={inbox.id} filter={filter} />
            {!props.readOnly && signedIn && (
              <button
                type="button"
                class="btn btn-ghost btn-sm"
                aria-pressed={selecting}
                onClick={() => {
                  setSelecting(!selecting);
                  if (selecting) setSelection(new Set());
                }}
              >
                {selecting ? 'Done selecting' : 'Select'}
              </button>
            )}
          </div>
          {filtered && (
            <p class="filter-live muted small" data-testid="filter-live">
              Filtered: new requests that match appear live.
            </p>
          )}
          {selecting && (
            <div class="selection-bar">
              <span class="small" aria-live="polite">
                {selection.size === 0 ? 'Tick requests to replay them together' : `${selection.size} selected`}
              </span>
              <span class="spacer" />
              <button
                type="button"
                class="btn btn-sm btn-primary"
                disabled={selection.size === 0}
                onClick={() => openPanel('bulk')}
              >
                <Icon name="send" />
                <span>Replay selected</span>
              </button>
            </div>
          )}
          <EventList
            store={store}
            inboxId={inbox.id}
            selectedId={selected}
            cursor={cursor}
            onCursor={setCursor}
            hrefOf={(event: EventSummary) => eventHref(event.id)}
            emptyTitle={filtered ? 'No request matches the filter' : 'Waiting for the first request…'}
            emptyHint={
              filtered ? (
                <p class="muted small">
                  {store.hasOlder ? 'Searching older requests…' : 'New requests that match will show up here.'}
                </p>
              ) : (
                <p class="muted small">Send a request to the URL above; it shows up here at once.</p>
              )
            }
            {...(selecting
              ? {
                  checked: selection,
                  onCheck: (id: string, on: boolean) => {
                    const next = new Set(selection);
                    if (on) next.add(id);
                    else next.delete(id);
                    setSelection(next);
                  },
                }
              : {})}
          />
        </section>
        <section
          class="detail-pane"
          aria-label={panel === 'settings' ? 'Inbox settings' : panel === 'bulk' ? 'Replay many' : 'Request details'}
        >
          {panel === 'settings' ? (
            <InboxSettings inbox={inbox} owned={owned} onClose={() => setPanel(null)} />
          ) : panel === 'bulk' ? (
            <BulkReplay
              inbox={inbox}
              filter={filter}
              selection={[...selection]}
              onClose={() => setPanel(null)}
              eventHref={eventHref}
            />
          ) : selected !== null ? (
            <Inspector
              key={selected}
              inbox={inbox}
              eventId={selected}
              readOnly={props.readOnly}
              owned={owned}
              backHref={listHref}
              onDeleted={(eventId) => {
                const index = store.indexOf(eventId);
                store.remove([eventId]);
                const next = store.at(Math.min(index, store.length - 1));
                navigate(next ? eventHref(next.id) : listHref, { replace: true });
              }}
            />
          ) : (
            <Setup inbox={inbox} example={example} readOnly={props.readOnly} hasEvents={count > 0} />
          )}
        </section>
      </div>
    </div>
  );
}

/** Which live events belong in a filtered list. */
async function liveMatches(inboxId: string, filter: EventFilter, events: EventSummary[]): Promise<EventSummary[]> {
  const candidates = events.filter((event) => summaryMatches(event, filter));
  if (candidates.length === 0 || decidedBySummary(filter)) return candidates;
  // The server decides headers, text and JSON: the same search, limited to the new events.
  const oldest = candidates[0] as EventSummary;
  const wanted = new Set(candidates.map((event) => event.id));
  const found: EventSummary[] = [];
  let before: string | undefined;
  for (let pages = 0; pages < 20; pages += 1) {
    const page = await client.events(inboxId, {
      limit: Math.min(1000, Math.max(candidates.length, 10)),
      ...(before !== undefined ? { before } : {}),
      // Newest first down to the oldest new event (events stored meanwhile come on their own).
      filter: { ...filterParams(filter), since: oldest.id },
    });
    for (const event of page.events) if (wanted.has(event.id)) found.push(event);
    if (page.nextBefore === null || page.events.some((event) => event.id <= oldest.id)) break;
    before = page.nextBefore;
  }
  return found.reverse();
}

function exampleCurl(url: string): string {
  return `curl -X POST '${url}/hooks/test?source=curl' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"event":"order.paid","amount":4200}'`;
}

const STATUS_LABEL: Record<LiveStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Offline, retrying…',
};

function LiveIndicator(props: { status: LiveStatus }) {
  return (
    <span class={`live live-${props.status}`} role="status" data-testid="live-status" data-status={props.status}>
      <span class="live-dot" aria-hidden="true" />
      {STATUS_LABEL[props.status]}
    </span>
  );
}

function InboxBar(props: {
  inbox: Inbox;
  status: LiveStatus;
  count: number;
  readOnly: boolean;
  panel: Panel;
  onPanel: (panel: Panel) => void;
  onInboxChange: ((inbox: Inbox) => void) | undefined;
  onCleared: () => void;
  onError: (message: string | null) => void;
}) {
  const { inbox } = props;
  const session = useSession();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(inbox.name ?? '');
  const [sharing, setSharing] = useState(false);
  useTick();
  const owned = inbox.saved && !props.readOnly && session.account !== null && session.account !== undefined;

  const save = async () => {
    try {
      const saved = await client.saveInbox(inbox.id);
      props.onInboxChange?.({ ...inbox, ...saved });
      rememberInbox(saved);
      props.onError(null);
    } catch (err) {
      props.onError(errorMessage(err));
    }
  };

  const rename = async (event: Event) => {
    event.preventDefault();
    try {
      const renamed = await renameInbox(inbox.id, name.trim() === '' ? null : name.trim());
      props.onInboxChange?.({ ...inbox, ...renamed });
      rememberInbox(renamed);
      setRenaming(false);
      props.onError(null);
    } catch (err) {
      props.onError(errorMessage(err));
    }
  };

  return (
    <section class="inbox-bar" aria-label="Inbox">
      <div class="inbox-title-row">
        {renaming ? (
          <form class="rename-form" onSubmit={rename}>
            <label for="inbox-name" class="visually-hidden">
              Inbox name
            </label>
            <input
              id="inbox-name"
              class="input"
              value={name}
              maxLength={100}
              placeholder="Name this inbox"
              onInput={(event) => setName((event.currentTarget as HTMLInputElement).value)}
              ref={(element) => element?.focus()}
            />
            <button type="submit" class="btn btn-primary">
              Save name
            </button>
            <button type="button" class="btn btn-ghost" onClick={() => setRenaming(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <h1 class="inbox-title">
            {inbox.name ? <span>{inbox.name}</span> : <span class="mono">{inbox.id}</span>}
            {owned && (
              <button
                type="button"
                class="btn btn-ghost btn-icon"
                aria-label="Rename the inbox"
                title="Rename"
                onClick={() => {
                  setName(inbox.name ?? '');
                  setRenaming(true);
                }}
              >
                <Icon name="edit" />
              </button>
            )}
          </h1>
        )}
        <LiveIndicator status={props.status} />
        {inbox.expiresAt !== null ? (
          <span class="badge badge-warn" title={`Expires ${formatExact(inbox.expiresAt)}`}>
            <Icon name="clock" /> Expires {formatUntil(inbox.expiresAt)}
          </span>
        ) : (
          <span class="badge badge-ok">
            <Icon name="save" /> Saved
          </span>
        )}
        <span class="spacer" />
        {!props.readOnly && (
          <div class="inbox-actions">
            {!inbox.saved && session.account && (
              <button type="button" class="btn" onClick={save}>
                <Icon name="save" />
                <span>Save to my account</span>
              </button>
            )}
            {!inbox.saved && session.account === null && (
              <Link
                class="btn btn-ghost"
                href={paths.signin(location.pathname)}
                title="Sign in to keep this inbox beyond 48 hours"
              >
                <Icon name="save" />
                <span>Sign in to save</span>
              </Link>
            )}
            {owned && (
              <button type="button" class="btn" aria-expanded={sharing} onClick={() => setSharing(!sharing)}>
                <Icon name="share" />
                <span>Share</span>
              </button>
            )}
            {session.account && (
              <button
                type="button"
                class="btn"
                aria-pressed={props.panel === 'bulk'}
                onClick={() => props.onPanel(props.panel === 'bulk' ? null : 'bulk')}
              >
                <Icon name="send" />
                <span>Replay many</span>
              </button>
            )}
            <button
              type="button"
              class="btn"
              aria-pressed={props.panel === 'settings'}
              onClick={() => props.onPanel(props.panel === 'settings' ? null : 'settings')}
            >
              <Icon name="settings" />
              <span>Settings</span>
            </button>
            <ConfirmButton
              label="Clear"
              confirmLabel={`Delete all ${props.count > 0 ? props.count : ''} events`.replace('  ', ' ')}
              icon="trash"
              class="btn-ghost"
              disabled={props.count === 0}
              onConfirm={async () => {
                try {
                  await clearInbox(inbox.id);
                  props.onCleared();
                  props.onError(null);
                } catch (err) {
                  props.onError(errorMessage(err));
                }
              }}
            />
          </div>
        )}
      </div>
      <div class="ingest-row">
        <label class="ingest-label" for="ingest-url">
          Send requests to
        </label>
        <input
          id="ingest-url"
          class="input mono ingest-url"
          readOnly
          value={inbox.url}
          onFocus={(event) => (event.currentTarget as HTMLInputElement).select()}
        />
        <CopyButton text={inbox.url} label="Copy URL" class="btn-primary" />
      </div>
      <p class="muted small ingest-help">Any method, any path below it, any body. Paths and query strings are kept.</p>
      {sharing && owned && <SharePanel inboxId={inbox.id} onClose={() => setSharing(false)} />}
    </section>
  );
}

function SharePanel(props: { inboxId: string; onClose: () => void }) {
  const [shares, setShares] = useState<Share[] | null>(null);
  const [created, setCreated] = useState<CreatedShare | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = async () => {
    try {
      setShares(await listShares(props.inboxId));
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  useEffect(() => {
    void load();
  }, [props.inboxId]);
  const createdLink = created === null ? '' : `${location.origin}${paths.share(created.token)}`;
  return (
    <section class="card share-panel" aria-labelledby="share-title">
      <header class="card-head">
        <h2 id="share-title">
          <Icon name="link" /> Read-only links
        </h2>
        <span class="muted small">
          Whoever has a link sees the requests live and their details; nobody can replay, delete or change anything with
          it.
        </span>
        <span class="spacer" />
        <button type="button" class="btn btn-ghost btn-icon" aria-label="Close sharing" onClick={props.onClose}>
          <Icon name="x" />
        </button>
      </header>
      <ErrorNote error={error} />
      {created !== null && (
        <div class="share-created" data-testid="created-share">
          <p class="note note-warn">
            <Icon name="alert" />
            <span>Copy the link now: only a hash of it is stored, so it cannot be shown again.</span>
          </p>
          <div class="input-row">
            <input
              class="input mono"
              readOnly
              value={createdLink}
              aria-label="New sharing link"
              onFocus={(event) => (event.currentTarget as HTMLInputElement).select()}
            />
            <CopyButton text={createdLink} label="Copy link" class="btn-primary" />
          </div>
        </div>
      )}
      {shares === null ? (
        <Spinner label="Loading links" />
      ) : (
        <>
          {shares.length === 0 ? (
            <p class="muted small">No links yet.</p>
          ) : (
            <ul class="share-list" data-testid="share-list">
              {shares.map((share) => (
                <li key={share.id} class="share-item">
                  <Icon name="link" />
                  <span class="mono">/s/{share.prefix}…</span>
                  <span class="muted small">
                    created <Time iso={share.createdAt} />
                  </span>
                  <span class="spacer" />
                  <ConfirmButton
                    label="Revoke"
                    confirmLabel="Revoke link"
                    class="btn-ghost btn-sm"
                    onConfirm={async () => {
                      try {
                        await revokeShare(props.inboxId, share.id);
                        if (created?.id === share.id) setCreated(null);
                        await load();
                      } catch (err) {
                        setError(errorMessage(err));
                      }
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            class="btn"
            onClick={async () => {
              try {
                setCreated(await createShare(props.inboxId));
                await load();
                setError(null);
              } catch (err) {
                setError(errorMessage(err));
              }
            }}
          >
            <Icon name="plus" />
            <span>Create a link</span>
          </button>
        </>
      )}
    </section>
  );
}

function Setup(props: { inbox: Inbox; example: string; readOnly: boolean; hasEvents: boolean }) {
  return (
    <div class="setup">
      {props.hasEvents ? (
        <div class="setup-hint">
          <Icon name="eye" />
          <p>Select a request to inspect it{props.readOnly ? '' : ', replay it or copy it as curl'}.</p>
        </div>
      ) : null}
      <section class="card" aria-labelledby="try-title">
        <header class="card-head">
          <h2 id="try-title">
            <Icon name="terminal" /> Try it
          </h2>
          <span class="spacer" />
          <CopyButton text={props.example} label="Copy command" />
        </header>
        <pre class="code code-shell" data-testid="example-curl">
          {props.example}
        </pre>
        <p class="muted small">
          Or point your provider's webhook settings (Stripe, GitHub, Shopify…) at the URL above.
        </p>
      </section>
    </div>
  );
}
