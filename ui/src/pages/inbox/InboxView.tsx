import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { InboxView as Inbox } from '../../api.js';
import { ErrorNote } from '../../components/notes.js';
import { type EventFilter, filterQuery, parseFilter } from '../../lib/filter.js';
import { filterRefusal } from './filter-refusal.js';
import { navigate } from '../../router.js';
import { useSession } from '../../session.js';
import { inboxAccess } from '../../lib/inbox-access.js';
import { DetailPane } from './DetailPane.js';
import { InboxBar } from './InboxBar.js';
import { ListPane, type Selection } from './ListPane.js';
import type { Panel } from './panel.js';
import { type Comparison, parseView, viewQuery, type ViewState } from '../../lib/view-state.js';
import { useInboxEvents } from '../../hooks/useInboxEvents.js';
import { useListKeys } from '../../hooks/useListKeys.js';
import './inbox.css';

const NO_SELECTION: Selection = { on: false, ids: new Set() };

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
  const eventHref = (eventId: string) => props.eventHref(eventId, filterKey);
  const listHref = props.listHref(filterKey);
  const { store, status, count } = useInboxEvents(inbox.id, filter, props.onOffline);
  const [cursor, setCursorState] = useState(-1);
  const cursorRef = useRef(-1);
  const setCursor = (index: number) => {
    cursorRef.current = index;
    setCursorState(index);
  };
  const [actionError, setActionError] = useState<string | null>(null);
  // Settings and a comparison live in the address (lib/view-state.ts); a bulk replay, made of
  // the ticked requests, only on this page.
  const view = useMemo(() => parseView(props.search), [props.search]);
  const [bulk, setBulk] = useState(false);
  const panel: Panel = view.panel ?? (bulk ? 'bulk' : null);
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [caption, setCaption] = useState<Comparison | null>(null);
  const compare: Comparison | null =
    view.compare === null
      ? null
      : caption !== null && caption.from === view.compare.from && caption.to === view.compare.to
        ? caption
        : view.compare;
  const selected = props.eventId;
  /** This page (the open event or the list) with the filter and `next` view. */
  const here = (next: ViewState) => {
    const query = viewQuery(filterKey, next);
    return selected !== null ? props.eventHref(selected, query) : props.listHref(query);
  };
  const openCompare = (next: Comparison) => {
    setCaption(next);
    navigate(here({ panel: null, compare: next }));
  };
  const closeCompare = () => navigate(here({ ...view, compare: null }));

  // Opening an event closes a bulk replay.
  useEffect(() => {
    if (selected !== null) setBulk(false);
  }, [selected]);

  // The opened event is the cursor's starting point.
  useEffect(() => {
    if (selected !== null) {
      const index = store.indexOf(selected);
      if (index !== -1) setCursor(index);
    }
  }, [selected, count, store]);

  useListKeys({
    store,
    cursorRef,
    setCursor,
    open: (eventId) => navigate(eventHref(eventId)),
    close: () => {
      if (compare !== null) closeCompare();
      else if (panel !== null) openPanel(null);
      else if (selected !== null) navigate(listHref);
    },
    deps: [selected, store, panel, compare, filterKey],
  });

  const signedIn = session.account !== null && session.account !== undefined;
  const owned = inbox.saved && !props.readOnly && signedIn;
  const access = inboxAccess(inbox, props.readOnly);
  // A panel takes the place of the open event and of a comparison.
  const openPanel = (next: Panel) => {
    if (next === 'settings') navigate(props.listHref(viewQuery(filterKey, { panel: 'settings', compare: null })));
    else navigate(listHref, { afterwards: () => setBulk(next === 'bulk') });
  };
  const applyFilter = async (next: EventFilter) => {
    const refused = await filterRefusal(inbox.id, next);
    if (refused !== null) return refused;
    const query = viewQuery(filterQuery(next), view);
    // A new history entry: Back returns to the list as it was filtered before, not off the page.
    // The settings stay open, forms and all: a change being typed there is not lost.
    navigate(selected !== null ? props.eventHref(selected, query) : props.listHref(query), { keepsForms: true });
    return null;
  };

  return (
    <div class={`inbox ${selected !== null || panel !== null || compare !== null ? 'has-selection' : ''}`}>
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
        <ListPane
          inbox={inbox}
          store={store}
          count={count}
          filter={filter}
          filtered={filterKey !== ''}
          onApplyFilter={applyFilter}
          canSelect={!props.readOnly && signedIn}
          canReplay={access.replay}
          selection={selection}
          onSelection={setSelection}
          onReplaySelected={() => openPanel('bulk')}
          onCompareSelected={() => {
            // Ids sort by time: the older event is the first.
            const [from, to] = [...selection.ids].sort();
            if (from !== undefined && to !== undefined) openCompare({ from, to });
          }}
          selectedId={selected}
          cursor={cursor}
          onCursor={setCursor}
          eventHref={eventHref}
        />
        <DetailPane
          inbox={inbox}
          panel={panel}
          onClosePanel={() => openPanel(null)}
          compare={compare}
          onCompare={(from, to, caption) => openCompare({ from, to, caption })}
          onCloseCompare={closeCompare}
          selectedId={selected}
          readOnly={props.readOnly}
          owned={owned}
          filter={filter}
          selection={selection.ids}
          hasEvents={count > 0}
          listHref={listHref}
          eventHref={eventHref}
          onDeleted={(eventId) => {
            const index = store.indexOf(eventId);
            store.remove([eventId]);
            const next = store.at(Math.min(index, store.length - 1));
            navigate(next ? eventHref(next.id) : listHref, { replace: true });
          }}
        />
      </div>
    </div>
  );
}
