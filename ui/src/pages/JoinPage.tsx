import { useEffect, useState } from 'preact/hooks';
import { client, errorMessage, RehookApiError, type TeamInvitationPreview } from '../api.js';
import { Link } from '../components/Link.js';
import { ErrorNote } from '../components/notes.js';
import { PageLoading } from '../components/page-states.js';
import { formatUntil } from '../lib/format.js';
import { navigate, paths } from '../router.js';
import { useSession } from '../session.js';

const UNUSABLE =
  'This invitation link cannot be used: it was used already, has expired or was revoked. Ask the team for a new one.';

function linkError(err: unknown): string {
  return err instanceof RehookApiError && err.code === 'INVITATION_NOT_FOUND' ? UNUSABLE : errorMessage(err);
}

/**
 * /join/<token>: an invitation link. Signed out, it offers sign-in and sign-up, both coming back
 * here (the server names the team to signed-in accounts only); signed in, it shows the team, the
 * role and who invited, asks to confirm, then joins and opens the team.
 */
export function JoinPage(props: { token: string }) {
  const session = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [offer, setOffer] = useState<TeamInvitationPreview | null>(null);
  const signedIn = session.account !== undefined && session.account !== null;
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    client.getTeamInvitation(props.token).then(
      (found) => live && setOffer(found),
      (err: unknown) => live && setError(linkError(err)),
    );
    return () => {
      live = false;
    };
  }, [signedIn, props.token]);
  const here = paths.join(props.token);
  if (session.account === undefined) return <PageLoading />;
  if (session.account !== null && offer === null && error === null) return <PageLoading />;

  const join = async () => {
    setBusy(true);
    try {
      const team = await client.acceptTeamInvitation(props.token);
      // The used link leaves the history: Back must not offer to join with it again.
      navigate(paths.team(team.id), { replace: true });
    } catch (err) {
      setError(linkError(err));
      setBusy(false);
    }
  };

  return (
    <div class="page auth-page">
      <section class="card auth-card" aria-labelledby="join-title">
        <h1 id="join-title">Join a team</h1>
        <p class="muted">You were invited to a team on this Rehook. The link works once.</p>
        <ErrorNote error={error} />
        {session.account === null ? (
          <div class="input-row">
            <Link class="btn btn-primary" href={paths.signin(here)}>
              Sign in to join
            </Link>
            <Link class="btn" href={paths.signup(here)}>
              Create an account
            </Link>
          </div>
        ) : offer === null ? null : (
          <>
            <dl class="facts join-offer" data-testid="join-offer">
              <div>
                <dt>Team</dt>
                <dd data-testid="join-team">{offer.team.name}</dd>
              </div>
              <div>
                <dt>Role</dt>
                <dd data-testid="join-role">{offer.role}</dd>
              </div>
              <div>
                <dt>Invited by</dt>
                <dd data-testid="join-inviter">{offer.createdBy.email ?? 'an account since deleted'}</dd>
              </div>
              <div>
                <dt>Link expires</dt>
                <dd>{formatUntil(offer.expiresAt)}</dd>
              </div>
            </dl>
            <p>
              You will join as <strong>{session.account.email}</strong>.
            </p>
            <button type="button" class="btn btn-primary" disabled={busy} onClick={() => void join()}>
              Join the team
            </button>
          </>
        )}
      </section>
    </div>
  );
}
