import { useMemo, useState } from 'preact/hooks';
import { findAll, type Match, matchesInContext } from '../lib/find-text.js';
import './FindInBody.css';

/** Matches listed at a time, around the current one. */
const LISTED_MATCHES = 20;

/**
 * Find in the body: the views render a big body a part at a time, so the browser's own find
 * would miss what is not rendered yet. This searches the whole text of the view (the pretty JSON,
 * the text), counts every match and steps through them (Previous, Next), listing the current
 * one and its neighbours with their line. `text` is null while that text is still being made
 * (a big JSON body being formatted): a search asked for then runs when it comes.
 */
export function FindInBody(props: { text: string | null }) {
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [current, setCurrent] = useState(0);
  const { text } = props;
  const lowered = useMemo(
    () => (searched === null || text === null ? '' : text.toLowerCase()),
    [text, searched === null],
  );
  const found = useMemo(
    () => (searched === null || searched === '' || text === null ? null : findAll(lowered, searched)),
    [text, lowered, searched],
  );
  const waiting = text === null && searched !== null && searched !== '';
  const count = found?.length ?? 0;
  const at = count === 0 ? 0 : Math.min(current, count - 1);
  const pageStart = Math.floor(at / LISTED_MATCHES) * LISTED_MATCHES;
  const listed = useMemo(
    () =>
      found === null || text === null
        ? []
        : matchesInContext(text, found.slice(pageStart, pageStart + LISTED_MATCHES), searched?.length ?? 0),
    [text, found, pageStart, searched],
  );
  const move = (by: number) => setCurrent((at + by + count) % count);
  return (
    <div class="body-find">
      <form
        class="body-find-form"
        onSubmit={(event) => {
          event.preventDefault();
          setSearched(query);
          setCurrent(0);
        }}
      >
        <input
          type="search"
          class="input"
          aria-label="Find in the body"
          placeholder="Find in the body"
          value={query}
          onInput={(event) => setQuery((event.currentTarget as HTMLInputElement).value)}
        />
        <button type="submit" class="btn btn-sm">
          Find
        </button>
        {waiting && (
          <span class="muted small" role="status" data-testid="find-count">
            Searching once the body is formatted…
          </span>
        )}
        {found !== null && (
          <span class="muted small" role="status" data-testid="find-count">
            {count === 0
              ? 'No match'
              : `${(at + 1).toLocaleString('en')} of ${count.toLocaleString('en')} ${count === 1 ? 'match' : 'matches'}`}
          </span>
        )}
        {count > 1 && (
          <span class="body-find-moves">
            <button type="button" class="btn btn-sm" onClick={() => move(-1)}>
              Previous
            </button>
            <button type="button" class="btn btn-sm" onClick={() => move(1)}>
              Next
            </button>
          </span>
        )}
      </form>
      {listed.length > 0 && (
        <ol
          class="body-find-matches mono small"
          aria-label="Matches"
          start={pageStart + 1}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls on its own; keyboard users must be able to scroll it
          tabIndex={0}
        >
          {listed.map((match, i) => (
            <MatchItem key={match.at} match={match} current={pageStart + i === at} />
          ))}
        </ol>
      )}
    </div>
  );
}

function MatchItem(props: { match: Match; current: boolean }) {
  const { match } = props;
  return (
    <li
      class={props.current ? 'body-find-current' : undefined}
      aria-current={props.current ? 'true' : undefined}
      ref={(item) => {
        // The current match stays in sight in the list's own scroll box as Next moves it.
        if (props.current) item?.scrollIntoView?.({ block: 'nearest' });
      }}
    >
      <span class="muted">line {match.line.toLocaleString('en')}: </span>
      {match.before}
      <mark>{match.found}</mark>
      {match.after}
    </li>
  );
}
