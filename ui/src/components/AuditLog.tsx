import { useEffect, useRef, useState } from 'preact/hooks';
import { AUDIT_ACTIONS, type AuditEntry, type AuditPage, errorMessage } from '../api.js';
import { Time } from './Time.js';
import { Empty, ErrorNote, Spinner } from './notes.js';
import { onText, Labelled, SelectField } from './fields.js';
import { Icon } from './Icon.js';
import { navigate } from '../router.js';
import './AuditLog.css';

/** How the log's filters ask for a page. */
export interface AuditFilter {
  readonly action: string;
  readonly actor: string;
}

/** Who acted, as a person reads it: the e-mail, and how (a token, a browser, a sharing link). */
function actorText(entry: AuditEntry): { who: string; via: string } {
  const { actor } = entry;
  if (actor.shareId !== null) return { who: 'A sharing link', via: actor.shareId };
  if (actor.accountId === null) return { who: 'Unknown', via: 'no account signed in' };
  const who = actor.email ?? actor.accountId;
  return { who, via: actor.tokenId !== null ? `token ${actor.tokenId}` : 'browser session' };
}

function detailText(entry: AuditEntry): string {
  return Object.entries(entry.detail)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}

/** The action filter: every action, or one of them. */
const ACTION_CHOICES: ReadonlyArray<readonly [string, string]> = [
  ['', 'Every action'],
  ...AUDIT_ACTIONS.map((action) => [action, action] as const),
];

const OUTCOME_CLASS: Record<AuditEntry['outcome'], string> = {
  success: 'badge badge-ok',
  denied: 'badge badge-warn',
  failed: 'badge badge-error',
};

/** The filter the page's URL holds (`?action=...&actor=...`), so a link or Back keeps it. */
function filterFromUrl(): AuditFilter {
  const query = new URLSearchParams(location.search);
  return { action: query.get('action') ?? '', actor: query.get('actor') ?? '' };
}

function urlOf(filter: AuditFilter): string {
  const query = new URLSearchParams();
  if (filter.action !== '') query.set('action', filter.action);
  if (filter.actor !== '') query.set('actor', filter.actor);
  const search = query.toString();
  return `${location.pathname}${search === '' ? '' : `?${search}`}`;
}

/**
 * An audit log: a filter by action and by actor, the entries newest first, and "Older entries"
 * for the next page (the API's keyset cursor). `load` reads one page of the log. `people` turns
 * an e-mail typed as the actor into the account id the API filters by; `names` shows a target
 * by its name (an inbox's, a member's e-mail) rather than its id alone.
 */
export function AuditLog(props: {
  load: (options: { before: string | null } & AuditFilter) => Promise<AuditPage>;
  label: string;
  people: ReadonlyArray<{ readonly accountId: string; readonly email: string }>;
  names: ReadonlyMap<string, string>;
}) {
  const [filter, setFilterState] = useState<AuditFilter>(filterFromUrl);
  const [actorInput, setActorInput] = useState(() => {
    const actor = filterFromUrl().actor;
    return props.people.find((person) => person.accountId === actor)?.email ?? actor;
  });
  const setFilter = (next: AuditFilter) => {
    setFilterState(next);
    if (urlOf(next) !== `${location.pathname}${location.search}`) navigate(urlOf(next));
  };
  useEffect(() => {
    const back = () => setFilterState(filterFromUrl());
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  // Only the newest request's answer is shown: a slow page of an earlier filter must not land.
  const latest = useRef(0);

  const fetchPage = async (before: string | null, into: AuditEntry[]) => {
    latest.current += 1;
    const mine = latest.current;
    setLoading(true);
    try {
      const page = await props.load({ before, ...filter });
      if (mine !== latest.current) return;
      setEntries([...into, ...page.entries]);
      setNext(page.nextBefore);
      setError(null);
    } catch (err) {
      if (mine !== latest.current) return;
      setError(errorMessage(err));
      if (before === null) setEntries([]);
    } finally {
      if (mine === latest.current) setLoading(false);
    }
  };

  useEffect(() => {
    setEntries(null);
    void fetchPage(null, []);
  }, [filter.action, filter.actor]);

  return (
    <section class="card table-card audit-log" aria-labelledby="audit-title">
      <h2 id="audit-title" class="card-title">
        Entries, newest first
      </h2>
      <form
        class="audit-filters"
        onSubmit={(event) => {
          event.preventDefault();
          const typed = actorInput.trim();
          if (!typed.includes('@')) {
            setFilter({ ...filter, actor: typed });
            return;
          }
          // The API filters by id: an e-mail is looked up among the people this log is about.
          const person = props.people.find((p) => p.email.toLowerCase() === typed.toLowerCase());
          if (person === undefined) {
            latest.current += 1;
            setEntries([]);
            setError(
              `No one with the e-mail ${typed} is in this log's ${props.people.length > 1 ? 'team' : 'account'}.`,
            );
            return;
          }
          setFilter({ ...filter, actor: person.accountId });
        }}
      >
        <SelectField
          class="filter-field"
          inputClass="input input-sm"
          id="audit-action"
          label="Action"
          value={filter.action}
          choices={ACTION_CHOICES}
          onChange={(action) => setFilter({ ...filter, action })}
        />
        <Labelled class="filter-field" id="audit-actor" label="Actor">
          <input
            id="audit-actor"
            class="input input-sm"
            placeholder="e-mail, acc_…, tok_… or shr_…"
            value={actorInput}
            onInput={onText(setActorInput)}
          />
        </Labelled>
        <button type="submit" class="btn btn-sm">
          <Icon name="filter" /> Filter
        </button>
      </form>
      <ErrorNote error={error} />
      {entries === null ? (
        <Spinner label="Loading the audit log" />
      ) : entries.length === 0 ? (
        // After an error the list is not known to be empty: the error alone says what happened.
        error === null && <Empty title="Nothing recorded" icon="shield" />
      ) : (
        <table class="table" data-testid="audit-table">
          <caption class="visually-hidden">{props.label}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Action</th>
              <th scope="col">Outcome</th>
              <th scope="col">Actor</th>
              <th scope="col">Address</th>
              <th scope="col">Target</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => {
              const actor = actorText(entry);
              return (
                <tr key={entry.id} data-action={entry.action}>
                  <td>
                    <Time iso={entry.at} />
                  </td>
                  <td class="mono">{entry.action}</td>
                  <td>
                    <span class={OUTCOME_CLASS[entry.outcome]}>{entry.outcome}</span>
                  </td>
                  <td>
                    <span class="strong">{actor.who}</span>
                    <br />
                    <span class="muted small mono">{actor.via}</span>
                  </td>
                  <td class="mono small">{entry.ip}</td>
                  <td class="small">
                    {entry.target !== null && (
                      <>
                        {entry.target.type} <span class="strong">{props.names.get(entry.target.id) ?? ''}</span>
                        <br />
                        <span class="muted mono">{entry.target.id}</span>
                      </>
                    )}
                  </td>
                  <td class="small audit-detail">{detailText(entry)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {next !== null && entries !== null && (
        <div class="audit-more">
          <button type="button" class="btn btn-sm" disabled={loading} onClick={() => void fetchPage(next, entries)}>
            Older entries
          </button>
        </div>
      )}
    </section>
  );
}
