import { useEffect, useState } from 'preact/hooks';
import { withShare } from '../api.js';
import {
  describeFilter,
  EMPTY_FILTER,
  type EventFilter,
  type FilterProblem,
  filterProblem,
  filterQuery,
  isEmptyFilter,
} from '../lib/filter.js';
import { Icon } from './Icon.js';
import { onText, TextAreaField, TextField } from './fields.js';
import './FilterBar.css';

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

type FormField = 'method' | 'path' | 'header' | 'json' | 'since' | 'until';

/** The fields behind "Filters", in order; a field with rows is a textarea (one entry per line). */
const FIELDS: readonly {
  name: FormField;
  id: string;
  label: string;
  placeholder: string;
  hint: string;
  rows?: number;
}[] = [
  {
    name: 'method',
    id: 'filter-method',
    label: 'Method',
    placeholder: 'POST, PUT',
    hint: 'Any of these; separate with commas.',
  },
  { name: 'path', id: 'filter-path', label: 'Path starts with', placeholder: '/stripe', hint: 'Below the inbox URL.' },
  {
    name: 'header',
    id: 'filter-header',
    label: 'Header',
    placeholder: 'stripe-signature\nx-github-event:push',
    hint: 'One per line: a name, or name:value (exact value).',
    rows: 2,
  },
  {
    name: 'json',
    id: 'filter-json',
    label: 'JSON field',
    placeholder: 'data.object.status=paid',
    hint: 'One per line: field.path=value, or field.path to exist.',
    rows: 2,
  },
  {
    name: 'since',
    id: 'filter-since',
    label: 'Since',
    placeholder: '2026-05-01T12:00:00Z',
    hint: 'An ISO time or an event id (included).',
  },
  {
    name: 'until',
    id: 'filter-until',
    label: 'Until',
    placeholder: '2026-05-02',
    hint: 'An ISO time or an event id (left out).',
  },
];

/**
 * The filter bar over the event list: a text search always in view, the other filters (method,
 * path prefix, header, JSON field, since, until) behind "Filters". Applying writes the filter to
 * the page's URL; the list reloads from the API with it (docs/search.md).
 */
export function FilterBar(props: {
  filter: EventFilter;
  /** Applies a filter; resolves with the API's refusal (then nothing changed), or null. */
  onApply: (filter: EventFilter) => Promise<FilterProblem | null>;
}) {
  const { filter } = props;
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<FilterProblem | null>(null);
  const [q, setQ] = useState(filter.q);
  const [method, setMethod] = useState(filter.method.join(', '));
  const [path, setPath] = useState(filter.path);
  const [header, setHeader] = useState(filter.header.join('\n'));
  const [json, setJson] = useState(filter.json.join('\n'));
  const [since, setSince] = useState(filter.since);
  const [until, setUntil] = useState(filter.until);
  const key = filterQuery(filter);

  // The URL changed (back button, a link): the fields follow.
  useEffect(() => {
    setQ(filter.q);
    setMethod(filter.method.join(', '));
    setPath(filter.path);
    setHeader(filter.header.join('\n'));
    setJson(filter.json.join('\n'));
    setSince(filter.since);
    setUntil(filter.until);
    setProblem(null);
  }, [key]);

  const advanced =
    filter.method.length +
    (filter.path !== '' ? 1 : 0) +
    filter.header.length +
    filter.json.length +
    (filter.since !== '' ? 1 : 0) +
    (filter.until !== '' ? 1 : 0);

  const apply = async (event: Event) => {
    event.preventDefault();
    const next: EventFilter = {
      method: method
        .split(/[\s,]+/)
        .map((value) => value.trim().toUpperCase())
        .filter((value) => value !== ''),
      path: path.trim(),
      header: lines(header),
      q,
      json: lines(json),
      since: since.trim(),
      until: until.trim(),
    };
    // A refused filter changes nothing (the list keeps its results, the URL its filter): the
    // message goes next to the field, whose value stays for the person to fix.
    const refused = filterProblem(next) ?? (await props.onApply(next));
    setProblem(refused);
    if (refused !== null) {
      if (refused.field !== 'q') setOpen(true);
      return;
    }
    // The applied filter is summed up below the search box; the form folds away.
    setOpen(false);
  };

  const clear = () => {
    setProblem(null);
    setOpen(false);
    void props.onApply(EMPTY_FILTER);
  };

  const state: Record<FormField, [string, (value: string) => void]> = {
    method: [method, setMethod],
    path: [path, setPath],
    header: [header, setHeader],
    json: [json, setJson],
    since: [since, setSince],
    until: [until, setUntil],
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is missing in Safari before 17 and Firefox before 118; the role gives every browser the landmark
    <form class="filter-bar" role="search" aria-label="Filter requests" onSubmit={apply} data-testid="filter-bar">
      <div class="filter-row">
        <label for="filter-q" class="visually-hidden">
          Search requests
        </label>
        <input
          id="filter-q"
          class="input"
          type="search"
          value={q}
          placeholder="Search path, headers, body…"
          spellcheck={false}
          autoComplete="off"
          onInput={onText(setQ)}
          {...(problem?.field === 'q' ? { 'aria-invalid': true, 'aria-describedby': 'filter-q-error' } : {})}
        />
        <button
          type="button"
          class="btn btn-sm"
          aria-expanded={open}
          aria-controls="filter-more"
          onClick={() => setOpen(!open)}
        >
          <Icon name="filter" />
          <span>Filters{advanced > 0 ? ` (${advanced})` : ''}</span>
        </button>
        <button type="submit" class="btn btn-sm btn-primary">
          <Icon name="search" />
          <span>Search</span>
        </button>
      </div>
      {problem?.field === 'q' && (
        <span id="filter-q-error" class="field-error small" role="alert">
          <Icon name="alert" /> {problem.message}
        </span>
      )}
      {open && (
        <div id="filter-more" class="filter-more">
          {FIELDS.map((field) => {
            const [value, set] = state[field.name];
            const props = {
              id: field.id,
              label: field.label,
              placeholder: field.placeholder,
              hint: field.hint,
              class: 'filter-field',
              error: problem?.field === field.name ? problem.message : null,
              value,
              onChange: set,
            };
            return field.rows === undefined ? (
              <TextField key={field.id} {...props} />
            ) : (
              <TextAreaField key={field.id} {...props} rows={field.rows} />
            );
          })}
          <div class="filter-actions">
            <button type="submit" class="btn btn-primary btn-sm">
              Apply filters
            </button>
            <button type="button" class="btn btn-ghost btn-sm" onClick={clear}>
              Clear all
            </button>
          </div>
        </div>
      )}
      {!isEmptyFilter(filter) && (
        <div class="filter-active">
          <span class="small ellipsis" title={describeFilter(filter)}>
            <Icon name="filter" /> {describeFilter(filter)}
          </span>
          <button type="button" class="btn btn-ghost btn-sm" onClick={clear}>
            <Icon name="x" />
            <span>Clear filter</span>
          </button>
        </div>
      )}
    </form>
  );
}

/** Download the (filtered) inbox as HAR or NDJSON: plain links, so the browser streams the file to disk. */
export function ExportMenu(props: { inboxId: string; filter: EventFilter; empty: boolean }) {
  const query = filterQuery(props.filter);
  if (props.empty) {
    // A download of nothing is no use: say why instead (title for the pointer, description for screen readers).
    const reason =
      query === ''
        ? 'Nothing to export: the inbox has no requests yet.'
        : 'Nothing to export: no request matches the filter.';
    return (
      <span class="export-menu" title={reason}>
        <button type="button" class="btn btn-ghost btn-sm" disabled aria-describedby="export-empty-reason">
          <Icon name="download" />
          <span>Export</span>
        </button>
        <span id="export-empty-reason" class="visually-hidden">
          {reason}
        </span>
      </span>
    );
  }
  const href = (format: 'har' | 'ndjson') =>
    withShare(
      `/api/v1/inboxes/${encodeURIComponent(props.inboxId)}/export?format=${format}${query === '' ? '' : `&${query}`}`,
    );
  const what = query === '' ? 'every request' : 'the matching requests';
  // The menu closes once a format is chosen (after the click's download has started).
  const close = (event: MouseEvent) => {
    const menu = (event.currentTarget as HTMLElement).closest('details');
    setTimeout(() => menu?.removeAttribute('open'), 0);
  };
  return (
    <details class="menu export-menu">
      <summary class="btn btn-ghost btn-sm">
        <Icon name="download" />
        <span>Export</span>
      </summary>
      <div class="menu-panel">
        <p class="menu-head small muted">Download {what}, oldest first</p>
        <a class="menu-item" href={href('har')} download data-testid="export-har" onClick={close}>
          <Icon name="download" /> HAR (browser dev tools, Insomnia)
        </a>
        <a class="menu-item" href={href('ndjson')} download data-testid="export-ndjson" onClick={close}>
          <Icon name="download" /> NDJSON (one event per line)
        </a>
      </div>
    </details>
  );
}
