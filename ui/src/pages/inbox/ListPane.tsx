import type { EventSummary, InboxView as Inbox } from '../../api.js';
import { Icon } from '../../components/Icon.js';
import { EventList } from '../../components/EventList.js';
import { ExportMenu, FilterBar } from '../../components/FilterBar.js';
import type { EventFilter, FilterProblem } from '../../lib/filter.js';
import type { InboxEvents } from '../../lib/live.js';
import '../../components/FilterBar.css';

/** Ticking requests to replay them together: on or off, and which are ticked. */
export interface Selection {
  readonly on: boolean;
  readonly ids: ReadonlySet<string>;
}

function countLabel(count: number, hasOlder: boolean, filtered: boolean): string {
  if (count === 0) return filtered ? 'No matching requests' : 'No requests';
  const noun = filtered ? 'matching' : count === 1 ? 'request' : 'requests';
  return `${count.toLocaleString()}${hasOlder ? '+' : ''} ${noun}`;
}

/** The list side of the inbox: the filter, the count, export, selecting, and the requests. */
export function ListPane(props: {
  inbox: Inbox;
  store: InboxEvents;
  count: number;
  filter: EventFilter;
  filtered: boolean;
  onApplyFilter: (filter: EventFilter) => Promise<FilterProblem | null>;
  /** Selecting is offered (a signed-in person, not a shared view). */
  canSelect: boolean;
  selection: Selection;
  onSelection: (selection: Selection) => void;
  /** Replay is offered for the selected requests (the caller's role allows replaying). */
  canReplay: boolean;
  onReplaySelected: () => void;
  /** Exactly two requests are ticked: compare them. */
  onCompareSelected: () => void;
  selectedId: string | null;
  cursor: number;
  onCursor: (index: number) => void;
  eventHref: (eventId: string) => string;
}) {
  const { store, filtered, selection } = props;
  const check = (id: string, on: boolean) => {
    const next = new Set(selection.ids);
    if (on) next.add(id);
    else next.delete(id);
    props.onSelection({ on: true, ids: next });
  };
  return (
    <section class="list-pane" aria-label="Requests">
      <FilterBar filter={props.filter} onApply={props.onApplyFilter} />
      <div class="list-head">
        <span class="list-count" aria-live="polite">
          {countLabel(props.count, store.hasOlder, filtered)}
        </span>
        <span class="spacer" />
        <ExportMenu inboxId={props.inbox.id} filter={props.filter} empty={props.count === 0 && !store.hasOlder} />
        {props.canSelect && (
          <button
            type="button"
            class="btn btn-ghost btn-sm"
            aria-pressed={selection.on}
            onClick={() => props.onSelection({ on: !selection.on, ids: selection.on ? new Set() : selection.ids })}
          >
            {selection.on ? 'Done selecting' : 'Select'}
          </button>
        )}
      </div>
      {filtered && (
        <p class="filter-live muted small" data-testid="filter-live">
          Filtered: new requests that match appear live.
        </p>
      )}
      {selection.on && (
        <div class="selection-bar">
          <span class="small" aria-live="polite">
            {selection.ids.size === 0
              ? `Tick requests to ${props.canReplay ? 'replay or ' : ''}compare them`
              : `${selection.ids.size} selected`}
          </span>
          <span class="spacer" />
          <button
            type="button"
            class="btn btn-sm"
            disabled={selection.ids.size !== 2}
            title="Tick exactly two requests to compare them"
            onClick={props.onCompareSelected}
          >
            <span>Compare</span>
          </button>
          {props.canReplay && (
            <button
              type="button"
              class="btn btn-sm btn-primary"
              disabled={selection.ids.size === 0}
              onClick={props.onReplaySelected}
            >
              <Icon name="send" />
              <span>Replay selected</span>
            </button>
          )}
        </div>
      )}
      <EventList
        store={store}
        inboxId={props.inbox.id}
        selectedId={props.selectedId}
        cursor={props.cursor}
        onCursor={props.onCursor}
        hrefOf={(event: EventSummary) => props.eventHref(event.id)}
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
        {...(selection.on ? { checked: selection.ids, onCheck: check } : {})}
      />
    </section>
  );
}
