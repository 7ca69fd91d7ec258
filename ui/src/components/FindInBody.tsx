import { useMemo, useState } from 'preact/hooks';

/** Matches listed with their line (the count covers them all). */
const LISTED_MATCHES = 20;
/** Characters of context either side of a listed match. */
const CONTEXT = 40;

interface Match {
  readonly line: number;
  readonly before: string;
  readonly found: string;
  readonly after: string;
}

/** Every case-insensitive occurrence of `query` in `text`: the count, and the first ones in context. */
export function findMatches(text: string, lowered: string, query: string): { count: number; listed: Match[] } {
  const needle = query.toLowerCase();
  const listed: Match[] = [];
  let count = 0;
  let line = 1;
  let lineCounted = 0;
  for (let at = lowered.indexOf(needle); at !== -1 && needle !== ''; at = lowered.indexOf(needle, at + needle.length)) {
    count += 1;
    if (listed.length >= LISTED_MATCHES) continue;
    for (let i = lowered.indexOf('\n', lineCounted); i !== -1 && i < at; i = lowered.indexOf('\n', i + 1)) line += 1;
    lineCounted = at;
    listed.push({
      line,
      before: text.slice(Math.max(0, at - CONTEXT), at).replace(/\s+/g, ' '),
      found: text.slice(at, at + needle.length),
      after: text.slice(at + needle.length, at + needle.length + CONTEXT).replace(/\s+/g, ' '),
    });
  }
  return { count, listed };
}

/**
 * Find in the body: the views render a big body a part at a time, so the browser's own find
 * would miss what is not rendered yet. This searches the whole text of the view (the pretty JSON,
 * the text) and lists the first matches with their line.
 */
export function FindInBody(props: { text: string }) {
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const lowered = useMemo(() => (searched === null ? '' : props.text.toLowerCase()), [props.text, searched === null]);
  const result = useMemo(
    () => (searched === null || searched === '' ? null : findMatches(props.text, lowered, searched)),
    [props.text, lowered, searched],
  );
  return (
    <div class="body-find">
      <form
        class="body-find-form"
        onSubmit={(event) => {
          event.preventDefault();
          setSearched(query);
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
        {result !== null && (
          <span class="muted small" role="status" data-testid="find-count">
            {result.count === 0
              ? 'No match'
              : `${result.count.toLocaleString('en')} ${result.count === 1 ? 'match' : 'matches'}`}
          </span>
        )}
      </form>
      {result !== null && result.listed.length > 0 && (
        <ol class="body-find-matches mono small" aria-label="Matches">
          {result.listed.map((match, i) => (
            <li key={i}>
              <span class="muted">line {match.line}: </span>
              {match.before}
              <mark>{match.found}</mark>
              {match.after}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
