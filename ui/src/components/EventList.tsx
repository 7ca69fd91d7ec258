import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { EventSummary } from '../api.js';
import { formatSize, methodClass, pathBelowInbox, shortType } from '../lib/format.js';
import type { InboxEvents } from '../lib/live.js';
import { linkClick } from '../router.js';
import { Time } from './Time.js';
import { Empty, Spinner } from './notes.js';
import { AnswerBadge, DriftBadge, SignatureBadge } from './badges.js';

/** Height of one row in px (kept in step with .event-row in pages/inbox/inbox.css). */
export const ROW_HEIGHT = 54;
const OVERSCAN = 8;

/**
 * The inbox's events, newest first, as a virtualised list: only the rows in view (and a few
 * around) are in the DOM, so 100,000 events or a burst of thousands cost the same as twenty.
 * Older pages load as the end comes into view. New events arriving while the person has
 * scrolled down keep the view where it is and show a "new events" button instead.
 */
export function EventList(props: {
  store: InboxEvents;
  inboxId: string;
  selectedId: string | null;
  cursor: number;
  hrefOf: (event: EventSummary) => string;
  onCursor: (index: number) => void;
  emptyTitle: string;
  emptyHint: preact.ComponentChildren;
  /** Selection mode: which rows are ticked, and the tick handler. */
  checked?: ReadonlySet<string>;
  onCheck?: (eventId: string, checked: boolean) => void;
}) {
  const { store } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  const [, setVersion] = useState(0);
  const topId = useRef<string | null>(null);
  const frame = useRef<number | null>(null);

  useEffect(() => store.subscribe(() => setVersion(store.version)), [store]);

  useEffect(() => {
    const element = scroller.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => setViewport(element.clientHeight));
    observer.observe(element);
    setViewport(element.clientHeight);
    return () => observer.disconnect();
  }, []);

  // New events on top while scrolled down: keep the rows in view where they are.
  useLayoutEffect(() => {
    const element = scroller.current;
    const previousTop = topId.current;
    const newTop = store.at(0)?.id ?? null;
    topId.current = newTop;
    if (element === null || previousTop === null || newTop === previousTop) return;
    const added = store.indexOf(previousTop);
    if (added > 0 && element.scrollTop > 0) {
      element.scrollTop += added * ROW_HEIGHT;
      setScrollTop(element.scrollTop);
    } else if (element.scrollTop === 0) {
      store.markSeen();
    }
  });

  // The cursor (j/k) stays in view.
  useEffect(() => {
    const element = scroller.current;
    if (element === null || props.cursor < 0) return;
    const top = props.cursor * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight)
      element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
  }, [props.cursor]);

  const total = store.length;
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(total, Math.ceil((scrollTop + viewport) / ROW_HEIGHT) + OVERSCAN);

  useEffect(() => {
    if (store.loadedFirst && store.hasOlder && !store.loadingOlder && last >= total - OVERSCAN) void store.loadOlder();
  });

  const onScroll = () => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const element = scroller.current;
      if (element === null) return;
      setScrollTop(element.scrollTop);
      if (element.scrollTop === 0) store.markSeen();
    });
  };

  const rows = [];
  for (let index = first; index < last; index += 1) {
    const event = store.at(index);
    if (event === undefined) continue;
    rows.push(
      <EventRow
        key={event.id}
        event={event}
        index={index}
        total={total}
        inboxId={props.inboxId}
        href={props.hrefOf(event)}
        selected={event.id === props.selectedId}
        cursor={index === props.cursor}
        onFocus={() => props.onCursor(index)}
        {...(props.checked !== undefined && props.onCheck !== undefined
          ? { checked: props.checked.has(event.id), onCheck: props.onCheck }
          : {})}
      />,
    );
  }

  const showNew = store.newSinceMark > 0 && scrollTop > 0;
  return (
    <div class="event-list-wrap">
      {showNew && (
        <button
          type="button"
          class="new-events"
          onClick={() => {
            if (scroller.current) scroller.current.scrollTop = 0;
            store.markSeen();
          }}
        >
          ↑ {store.newSinceMark} new {store.newSinceMark === 1 ? 'event' : 'events'}
        </button>
      )}
      <div class="event-list-scroll" ref={scroller} onScroll={onScroll} data-testid="event-list">
        {total === 0 ? (
          store.loadedFirst ? (
            <Empty title={props.emptyTitle} icon="inbox">
              {props.emptyHint}
            </Empty>
          ) : (
            <div class="list-loading">
              <Spinner label="Loading events" />
            </div>
          )
        ) : (
          <ul
            class="event-list"
            aria-label="Captured requests, newest first"
            style={{ height: `${total * ROW_HEIGHT + (store.hasOlder ? ROW_HEIGHT : 0)}px` }}
          >
            {rows}
            {store.hasOlder && (
              <li
                class="event-more"
                style={{ transform: `translateY(${total * ROW_HEIGHT}px)` }}
                aria-hidden={!store.loadingOlder}
              >
                {store.loadingOlder ? (
                  <Spinner label="Loading older events" />
                ) : (
                  <span class="muted small">Scroll for older events</span>
                )}
              </li>
            )}
          </ul>
        )}
      </div>
    </div>
  );
}

function EventRow(props: {
  event: EventSummary;
  index: number;
  total: number;
  inboxId: string;
  href: string;
  selected: boolean;
  cursor: boolean;
  onFocus: () => void;
  checked?: boolean;
  onCheck?: (eventId: string, checked: boolean) => void;
}) {
  const { event } = props;
  const path = pathBelowInbox(event.path, props.inboxId);
  const selectable = props.onCheck !== undefined;
  return (
    <li
      class={`event-item ${selectable ? 'is-selectable' : ''}`}
      style={{ transform: `translateY(${props.index * ROW_HEIGHT}px)` }}
      aria-posinset={props.index + 1}
      aria-setsize={props.total}
    >
      {selectable && (
        <input
          type="checkbox"
          class="event-check"
          checked={props.checked === true}
          aria-label={`Select ${event.method} ${path}`}
          data-testid="event-check"
          onChange={(change) => props.onCheck?.(event.id, (change.currentTarget as HTMLInputElement).checked)}
        />
      )}
      <a
        href={props.href}
        onClick={linkClick}
        onFocus={props.onFocus}
        class={`event-row ${props.selected ? 'is-selected' : ''} ${props.cursor ? 'is-cursor' : ''}`}
        aria-current={props.selected ? 'true' : undefined}
        data-event-id={event.id}
      >
        <span class="event-line">
          <span class={methodClass(event.method)}>{event.method}</span>
          <span class="event-path mono" title={`${path}${event.query === '' ? '' : `?${event.query}`}`}>
            {path}
            {event.query !== '' && <span class="muted">?{event.query}</span>}
          </span>
        </span>
        <span class="event-meta">
          <Time iso={event.receivedAt} />
          <span aria-hidden="true">·</span>
          <span>{formatSize(event.size)}</span>
          {event.contentType !== null && event.contentType !== '' && (
            <>
              <span aria-hidden="true">·</span>
              <span class="event-type">{shortType(event.contentType)}</span>
            </>
          )}
          <span class="spacer" />
          <AnswerBadge answer={event.answer} compact />
          <SignatureBadge signature={event.signature} compact />
          <DriftBadge drift={event.drift} compact />
        </span>
      </a>
    </li>
  );
}
