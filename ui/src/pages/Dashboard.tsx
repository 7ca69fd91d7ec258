import { useEffect, useState } from 'preact/hooks';
import { client, createInbox, renameInbox, type InboxView as Inbox, type Team } from '../api.js';
import { ConfirmButton } from '../components/ConfirmButton.js';
import { Link } from '../components/Link.js';
import { Time } from '../components/Time.js';
import { Empty, ErrorNote, Spinner } from '../components/notes.js';
import { Icon } from '../components/Icon.js';
import { ListTable } from '../components/ListTable.js';
import { PageLoading } from '../components/page-states.js';
import { PageHead } from '../components/PageHead.js';
import { formatUntil } from '../lib/format.js';
import { rememberInbox, forgetInbox } from '../lib/storage.js';
import { paths } from '../router.js';
import { useAccountList } from '../hooks/useAccountList.js';
import { useAnonymousInboxes } from '../hooks/useAnonymousInboxes.js';
import { NameLengthNote, onText, SubmitButton } from '../components/fields.js';
import './Teams.css';

/** The account's inboxes: event counts, last activity, create, rename, delete, save anonymous ones. */
export function Dashboard() {
  const list = useAccountList(async () => (await client.inboxes()) as Inbox[], paths.signin(paths.dashboard()));
  const { items: all, error, busy, attempt } = list;
  // The account's own inboxes here; its teams' inboxes are grouped by team below.
  const inboxes = all === null ? null : all.filter((inbox) => inbox.teamId === null);
  const load = list.reload;
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const anonymous = useAnonymousInboxes(all === null ? null : new Set(all.map((inbox) => inbox.id))) ?? [];

  /** Leaves the inline rename unchanged; focus goes back to the row's Rename button. */
  const stopEditing = (inboxId: string) => {
    setEditing(null);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-rename="${inboxId}"]`)?.focus());
  };

  if (!list.account) return <PageLoading />;

  const create = (event: Event) =>
    list.create(event, async () => {
      const inbox = await createInbox(name.trim() === '' ? undefined : name.trim());
      rememberInbox(inbox);
      setName('');
      await load();
      list.setError(null);
    });

  return (
    <div class="page">
      <PageHead title="Inboxes" note="Saved inboxes never expire and keep their replay history.">
        <span class="spacer" />
        <form class="create-form" onSubmit={create}>
          <label for="new-inbox-name" class="visually-hidden">
            Name of the new inbox
          </label>
          <input
            id="new-inbox-name"
            class="input"
            placeholder="Name (optional), e.g. Stripe staging"
            aria-describedby="new-inbox-name-length"
            value={name}
            onInput={onText(setName)}
          />
          <SubmitButton icon="plus" label="New inbox" busy={busy} />
        </form>
      </PageHead>
      <NameLengthNote id="new-inbox-name-length" value={name} />
      <ErrorNote error={error} />
      {inboxes === null ? (
        <Spinner label="Loading inboxes" />
      ) : inboxes.length === 0 ? (
        <div class="card">
          <Empty title="No saved inboxes yet" icon="inbox">
            <p class="muted small">Create one above, or save an anonymous inbox you opened.</p>
          </Empty>
        </div>
      ) : (
        <div class="card table-card">
          <ListTable
            caption="Your inboxes"
            columns={['Inbox', { label: 'Requests', class: 'num' }, 'Last request', 'Created']}
            testId="inbox-table"
            class="inbox-table"
          >
            {inboxes.map((inbox) => (
              <tr key={inbox.id}>
                <td>
                  {editing === inbox.id ? (
                    <form
                      class="rename-form"
                      onSubmit={(event) => {
                        event.preventDefault();
                        return attempt(async () => {
                          await renameInbox(inbox.id, draft.trim() === '' ? null : draft.trim());
                          setEditing(null);
                          await load();
                        });
                      }}
                    >
                      <label class="visually-hidden" for={`rename-${inbox.id}`}>
                        New name
                      </label>
                      <input
                        id={`rename-${inbox.id}`}
                        class="input"
                        value={draft}
                        aria-describedby={`rename-${inbox.id}-length`}
                        onInput={onText(setDraft)}
                        onKeyDown={(event) => {
                          if (event.key === 'Escape') stopEditing(inbox.id);
                        }}
                        ref={(element) => element?.focus()}
                      />
                      <button type="submit" class="btn btn-primary btn-sm">
                        Save
                      </button>
                      <button type="button" class="btn btn-ghost btn-sm" onClick={() => stopEditing(inbox.id)}>
                        Cancel
                      </button>
                      <NameLengthNote id={`rename-${inbox.id}-length`} value={draft} />
                    </form>
                  ) : (
                    <Link href={paths.inbox(inbox.id)} class="inbox-cell">
                      <span class="inbox-name">{inbox.name ?? 'Untitled inbox'}</span>
                      <span class="mono muted small">{inbox.id}</span>
                    </Link>
                  )}
                </td>
                <td class="num" data-label="Requests">
                  {inbox.eventCount === undefined ? '—' : inbox.eventCount.toLocaleString()}
                </td>
                <td data-label="Last request">
                  {inbox.lastEventAt ? <Time iso={inbox.lastEventAt} /> : <span class="muted">never</span>}
                </td>
                <td data-label="Created">
                  <Time iso={inbox.createdAt} />
                </td>
                <td class="actions">
                  {inbox.permissions.manage && (
                    <button
                      type="button"
                      class="btn btn-ghost btn-sm"
                      onClick={() => {
                        setDraft(inbox.name ?? '');
                        setEditing(inbox.id);
                      }}
                      aria-label={`Rename ${inbox.name ?? inbox.id}`}
                      data-rename={inbox.id}
                    >
                      <Icon name="edit" />
                      <span>Rename</span>
                    </button>
                  )}
                  {inbox.permissions.manage && (
                    <ConfirmButton
                      label="Delete"
                      confirmLabel="Delete inbox"
                      question={`Delete “${inbox.name ?? inbox.id}” and all its requests?`}
                      confirmAriaLabel={`Delete inbox ${inbox.name ?? inbox.id}`}
                      icon="trash"
                      class="btn-ghost btn-sm"
                      onConfirm={() =>
                        attempt(async () => {
                          await client.deleteInbox(inbox.id);
                          forgetInbox(inbox.id);
                          await load();
                        })
                      }
                    />
                  )}
                </td>
              </tr>
            ))}
          </ListTable>
        </div>
      )}

      {all !== null && <TeamInboxGroups inboxes={all.filter((inbox) => inbox.teamId !== null)} />}

      {anonymous.length > 0 && (
        <section class="card" aria-labelledby="anon-title">
          <header class="card-head">
            <h2 id="anon-title">Anonymous inboxes you opened</h2>
            <span class="muted small">They expire; save one to keep it.</span>
          </header>
          <ul class="recent-list">
            {anonymous.map((item) => (
              <li key={item.id} class="recent-item">
                <Link href={paths.inbox(item.id)} class="recent-link">
                  <span class="recent-name">{item.name ?? item.id}</span>
                  {item.name !== null && <span class="mono muted small">{item.id}</span>}
                </Link>
                <span class="muted small">
                  {item.eventCount === 1 ? '1 request' : `${item.eventCount.toLocaleString()} requests`}
                </span>
                {item.expiresAt !== null && <span class="badge">expires {formatUntil(item.expiresAt)}</span>}
                <span class="spacer" />
                <button
                  type="button"
                  class="btn btn-sm"
                  onClick={() =>
                    attempt(async () => {
                      const saved = await client.saveInbox(item.id);
                      rememberInbox(saved);
                      await load();
                    })
                  }
                >
                  <Icon name="save" />
                  <span>Save to my account</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** Inboxes of the account's teams, one card per team (by name), each linking to its team page. */
function TeamInboxGroups(props: { inboxes: Inbox[] }) {
  const [teams, setTeams] = useState<Team[]>([]);
  useEffect(() => {
    client.teams().then(setTeams, () => setTeams([]));
  }, []);
  return (
    <>
      {teams.map((team) => {
        const inboxes = props.inboxes.filter((inbox) => inbox.teamId === team.id);
        return (
          <section key={team.id} class="card" aria-labelledby={`team-${team.id}`} data-testid="team-group">
            <header class="card-head">
              <h2 id={`team-${team.id}`}>
                <Link href={paths.team(team.id)}>{team.name}</Link> <span class="badge">{team.role}</span>
              </h2>
            </header>
            {inboxes.length === 0 ? (
              <p class="muted small">No inboxes in this team yet.</p>
            ) : (
              <ul class="plain-list">
                {inboxes.map((inbox) => (
                  <li key={inbox.id}>
                    <Link href={paths.inbox(inbox.id)}>{inbox.name ?? inbox.id}</Link>{' '}
                    <span class="muted small">
                      {inbox.eventCount} requests
                      {inbox.lastEventAt !== null && (
                        <>
                          , last <Time iso={inbox.lastEventAt} />
                        </>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </>
  );
}
