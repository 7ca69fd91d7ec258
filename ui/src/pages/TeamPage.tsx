import { useEffect, useState } from 'preact/hooks';
import {
  client,
  type CreatedTeamInvitation,
  errorMessage,
  type InboxView,
  type Team,
  type TeamInvitation,
  type TeamMember,
  type TeamRole,
} from '../api.js';
import { ConfirmButton } from '../components/ConfirmButton.js';
import { CopyButton } from '../components/Copy.js';
import { Link } from '../components/Link.js';
import { Breadcrumbs, PageHead } from '../components/PageHead.js';
import { Time } from '../components/Time.js';
import { ErrorNote } from '../components/notes.js';
import { CopyableValue } from '../components/fields.js';
import { Icon } from '../components/Icon.js';
import { ListTable } from '../components/ListTable.js';
import { PageLoading, ProblemPage } from '../components/page-states.js';
import { navigate, paths } from '../router.js';
import { useSession } from '../session.js';
import './Teams.css';

interface TeamData {
  readonly team: Team;
  readonly members: TeamMember[];
  readonly invitations: TeamInvitation[] | null;
  readonly inboxes: InboxView[];
}

async function loadTeam(teamId: string): Promise<TeamData> {
  const team = await client.team(teamId);
  // What the caller may do comes from the API (the team's permissions), never worked out here.
  const manages = team.permissions.invite;
  const [members, invitations, inboxes] = await Promise.all([
    client.teamMembers(teamId),
    manages ? client.teamInvitations(teamId) : Promise.resolve(null),
    client.inboxes(),
  ]);
  return { team, members, invitations, inboxes: inboxes.filter((inbox) => inbox.teamId === teamId) };
}

/** /teams/<id>: members and roles, invitations, and the team's inboxes. */
export function TeamPage(props: { teamId: string }) {
  const session = useSession();
  const [data, setData] = useState<TeamData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  const reload = async () => {
    try {
      setData(await loadTeam(props.teamId));
    } catch (err) {
      if (errorMessage(err).startsWith('Team not found')) setMissing(true);
      else setError(errorMessage(err));
    }
  };
  useEffect(() => {
    if (session.account === null) navigate(paths.signin(paths.team(props.teamId)), { replace: true });
    if (session.account) void reload();
  }, [session.account === null, session.account?.id]);

  const attempt = async (change: () => Promise<void>) => {
    try {
      setError(null);
      await change();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  if (missing) return <ProblemPage title="Team not found" message="It does not exist, or you are not a member." />;
  if (!session.account || data === null) return <PageLoading label="Loading team" />;
  const { team, members, invitations, inboxes } = data;
  const me = session.account.id;
  const can = team.permissions;

  return (
    <div class="page">
      <Breadcrumbs trail={[{ href: paths.teams(), label: 'Teams' }]} current={team.name} />
      <PageHead
        title={team.name}
        note={
          <>
            Your role: <span class="badge">{team.role}</span>
          </>
        }
      >
        {can.readAudit && (
          <Link href={paths.teamAudit(team.id)} class="btn page-head-action">
            <Icon name="shield" /> <span>Audit log</span>
          </Link>
        )}
      </PageHead>
      <ErrorNote error={error} />

      <section class="card table-card" aria-labelledby="members-title">
        <h2 id="members-title" class="card-title">
          Members
        </h2>
        <ListTable caption={`Members of ${team.name}`} columns={['Member', 'Role', 'Joined']} testId="member-table">
          {members.map((member) => {
            const editable =
              can.manageMembers && (can.manageOwners || member.role !== 'owner') && member.accountId !== me;
            return (
              <tr key={member.accountId}>
                <td class="strong">
                  {member.email}
                  {member.accountId === me && <span class="muted"> (you)</span>}
                </td>
                <td>
                  {editable ? (
                    <select
                      class="input input-sm"
                      aria-label={`Role of ${member.email}`}
                      value={member.role}
                      onChange={(event) => {
                        const role = event.currentTarget.value as TeamRole;
                        void attempt(async () => {
                          await client.setTeamMemberRole(team.id, member.accountId, role);
                          await reload();
                        });
                      }}
                    >
                      {can.assignableRoles.map((role) => (
                        <option key={role} value={role}>
                          {role}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <span class="badge">{member.role}</span>
                  )}
                </td>
                <td>
                  <Time iso={member.joinedAt} />
                </td>
                <td class="actions">
                  {(editable || member.accountId === me) && (
                    <ConfirmButton
                      label={member.accountId === me ? 'Leave' : 'Remove'}
                      confirmLabel={member.accountId === me ? 'Leave the team' : 'Remove'}
                      ariaLabel={member.accountId === me ? 'Leave the team' : `Remove ${member.email}`}
                      confirmAriaLabel={member.accountId === me ? 'Leave the team' : `Remove ${member.email}`}
                      class="btn-ghost btn-sm"
                      onConfirm={() =>
                        attempt(async () => {
                          await client.removeTeamMember(team.id, member.accountId);
                          if (member.accountId === me) navigate(paths.teams());
                          else await reload();
                        })
                      }
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </ListTable>
      </section>

      {can.invite && invitations !== null && (
        <Invitations team={team} invitations={invitations} onChange={reload} attempt={attempt} />
      )}

      <section class="card" aria-labelledby="team-inboxes-title">
        <h2 id="team-inboxes-title" class="card-title">
          Inboxes
        </h2>
        {inboxes.length === 0 ? (
          <p class="muted small">
            {can.createInboxes && can.moveInboxesIn
              ? 'No inboxes yet. Create one below, or move one here from its settings.'
              : can.createInboxes
                ? 'No inboxes yet. Create one below.'
                : 'No inboxes yet.'}
          </p>
        ) : (
          <ul class="plain-list" data-testid="team-inboxes">
            {inboxes.map((inbox) => (
              <li key={inbox.id}>
                <Link href={paths.inbox(inbox.id)}>{inbox.name ?? inbox.id}</Link>{' '}
                <span class="muted small">
                  {inbox.eventCount.toLocaleString('en')} {inbox.eventCount === 1 ? 'event' : 'events'}
                </span>
              </li>
            ))}
          </ul>
        )}
        {!can.createInboxes && (
          <p class="muted small" data-testid="team-role-note">
            Your role in this team is {team.role}: a {team.role} reads the team's inboxes. Members, admins and owners
            create and replay them.
          </p>
        )}
        {can.createInboxes && (
          <button
            type="button"
            class="btn btn-sm"
            onClick={() =>
              void attempt(async () => {
                const inbox = await client.createInbox({ teamId: team.id });
                navigate(paths.inbox(inbox.id));
              })
            }
          >
            <Icon name="plus" /> New team inbox
          </button>
        )}
      </section>
    </div>
  );
}

function Invitations(props: {
  team: Team;
  invitations: TeamInvitation[];
  onChange: () => Promise<void>;
  attempt: (change: () => Promise<void>) => Promise<void>;
}) {
  const { team, invitations } = props;
  const [role, setRole] = useState<TeamRole>('member');
  const [created, setCreated] = useState<CreatedTeamInvitation | null>(null);
  const link = created === null ? '' : `${location.origin}${created.path}`;
  const allowed = team.permissions.assignableRoles;

  return (
    <section class="card" aria-labelledby="invitations-title">
      <h2 id="invitations-title" class="card-title">
        Invitations
      </h2>
      <form
        class="input-row invite-form"
        onSubmit={(event) => {
          event.preventDefault();
          void props.attempt(async () => {
            setCreated(await client.createTeamInvitation(team.id, { role }));
            await props.onChange();
          });
        }}
      >
        <label for="invite-role" class="label">
          Invite as
        </label>
        <select
          id="invite-role"
          class="input input-sm"
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as TeamRole)}
        >
          {allowed.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <button type="submit" class="btn btn-primary btn-sm">
          <Icon name="link" /> Create invitation link
        </button>
      </form>
      {created !== null && (
        <div class="token-created" data-testid="created-invitation">
          <p class="note note-warn" role="alert">
            <Icon name="alert" />
            <span>Copy this link now: it will not be shown again. It works once, for 7 days.</span>
          </p>
          <div class="input-row">
            <CopyableValue id="invitation-link" value={link} label="Invitation link" />
            <CopyButton text={link} label="Copy link" class="btn-primary" />
          </div>
        </div>
      )}
      {invitations.length === 0 ? (
        <p class="muted small">No open invitations.</p>
      ) : (
        <ListTable
          caption="Open invitations"
          columns={['Link', 'Role', 'Made by', 'Expires']}
          testId="invitation-table"
        >
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <td class="mono muted">{invitation.prefix}…</td>
              <td>
                <span class="badge">{invitation.role}</span>
              </td>
              <td data-testid="invitation-maker">
                {invitation.createdBy.email ?? <span class="muted">a deleted account</span>}
              </td>
              <td>
                <Time iso={invitation.expiresAt} />
              </td>
              <td class="actions">
                <ConfirmButton
                  label="Revoke"
                  confirmLabel="Revoke"
                  ariaLabel={`Revoke invitation ${invitation.prefix}`}
                  confirmAriaLabel={`Revoke invitation ${invitation.prefix}`}
                  class="btn-ghost btn-sm"
                  onConfirm={() =>
                    props.attempt(async () => {
                      await client.revokeTeamInvitation(team.id, invitation.id);
                      await props.onChange();
                    })
                  }
                />
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </section>
  );
}
