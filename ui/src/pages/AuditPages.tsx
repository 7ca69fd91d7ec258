import { useEffect, useState } from 'preact/hooks';
import { client, errorMessage, type InboxView, type Team, type TeamMember } from '../api.js';
import { AuditLog } from '../components/AuditLog.js';
import { Link } from '../components/Link.js';
import { Breadcrumbs, PageHead } from '../components/PageHead.js';
import { PageLoading, ProblemPage } from '../components/page-states.js';
import { navigate, paths } from '../router.js';
import { useSession } from '../session.js';

const NEVER_SECRET = 'Never a secret, a token or a body: only who, when, from where, what and how it ended.';

/** Sends a signed-out visitor to sign in, coming back to `here`. */
function useSignedIn(here: string) {
  const session = useSession();
  useEffect(() => {
    if (session.account === null) navigate(paths.signin(here), { replace: true });
  }, [session.account === null]);
  return session.account;
}

/**
 * What the log's targets are called: inboxes by name (the account's own, or the team's), a
 * team's members by e-mail and the team by its name. `scope` undefined: not signed in yet; null:
 * the account's log; a team id: that team's log.
 */
function useTargetNames(
  scope: string | null | undefined,
  members: readonly TeamMember[] | null = null,
  team: Team | null = null,
): Map<string, string> | null {
  const [inboxes, setInboxes] = useState<InboxView[] | null>(null);
  useEffect(() => {
    if (scope === undefined) return;
    client.inboxes().then(setInboxes, () => setInboxes([]));
  }, [scope]);
  if (inboxes === null) return null;
  const names = new Map<string, string>();
  for (const inbox of inboxes) {
    if (scope === null ? inbox.teamId === null : inbox.teamId === scope) names.set(inbox.id, inbox.name ?? inbox.id);
  }
  for (const member of members ?? []) names.set(member.accountId, member.email);
  if (team !== null) names.set(team.id, team.name);
  return names;
}

/** Settings > Audit log: what this account did, and sign-ins attempted with its e-mail. */
export function AccountAuditPage() {
  const account = useSignedIn(paths.accountAudit());
  const names = useTargetNames(account ? null : undefined);
  if (!account || names === null) return <PageLoading />;
  return (
    <div class="page">
      <Breadcrumbs trail={[{ href: paths.settings(), label: 'Settings' }]} current="Audit log" />
      <PageHead
        title="Audit log"
        note={
          'What your account did (sign-ins, tokens, secrets, forwarding, links, teams, inboxes, replays) and every ' +
          `sign-in attempted with your e-mail. ${NEVER_SECRET}`
        }
      />
      <AuditLog
        label="Your audit log"
        load={(options) => client.accountAudit({ limit: 50, ...options })}
        people={[{ accountId: account.id, email: account.email }]}
        names={names}
      />
    </div>
  );
}

/** /teams/<id>/audit: what was done to the team and its inboxes (owners and admins). */
export function TeamAuditPage(props: { teamId: string }) {
  const account = useSignedIn(paths.teamAudit(props.teamId));
  const [team, setTeam] = useState<Team | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [members, setMembers] = useState<TeamMember[] | null>(null);
  const names = useTargetNames(account ? props.teamId : undefined, members, team);
  useEffect(() => {
    if (!account) return;
    client.team(props.teamId).then(setTeam, (err: unknown) => setProblem(errorMessage(err)));
    client.teamMembers(props.teamId).then(setMembers, (err: unknown) => setProblem(errorMessage(err)));
  }, [account?.id, props.teamId]);

  if (problem !== null) return <ProblemPage title="Team not found" message={problem} />;
  if (!account || team === null || members === null || names === null) return <PageLoading label="Loading team" />;
  if (!team.permissions.readAudit) {
    return (
      <ProblemPage
        title="Owners and admins only"
        message={`Your role in ${team.name} is ${team.role}: only owners and admins can read its audit log.`}
        actions={<Link href={paths.team(team.id)}>Back to {team.name}</Link>}
      />
    );
  }
  return (
    <div class="page">
      <Breadcrumbs
        trail={[
          { href: paths.teams(), label: 'Teams' },
          { href: paths.team(team.id), label: team.name },
        ]}
        current="Audit log"
      />
      <PageHead
        title={`Audit log of ${team.name}`}
        note={
          'What every member did to the team and its inboxes: members, invitations, settings, secrets, forwarding, ' +
          `links and replays. ${NEVER_SECRET}`
        }
      />
      <AuditLog
        label={`Audit log of ${team.name}`}
        load={(options) => client.teamAudit(team.id, { limit: 50, ...options })}
        people={members}
        names={names}
      />
    </div>
  );
}
