import { useState } from 'preact/hooks';
import { client, errorMessage, RehookApiError } from '../api.js';
import { ErrorNote, Link } from '../components/common.js';
import { PageLoading } from '../components/page-states.js';
import { navigate, paths } from '../router.js';
import { useSession } from '../session.js';

/**
 * /join/<token>: an invitation link. Signed out, it offers sign-in and sign-up, both coming back
 * here; signed in, it asks to confirm, then joins and opens the team.
 */
export function JoinPage(props: { token: string }) {
  const session = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const here = paths.join(props.token);
  if (session.account === undefined) return <PageLoading />;

  const join = async () => {
    setBusy(true);
    try {
      const team = await client.acceptTeamInvitation(props.token);
      // The used link leaves the history: Back must not offer to join with it again.
      navigate(paths.team(team.id), { replace: true });
    } catch (err) {
      setError(
        err instanceof RehookApiError && err.code === 'INVITATION_NOT_FOUND'
          ? 'This invitation link cannot be used: it was used already, has expired or was revoked. Ask the team for a new one.'
          : errorMessage(err),
      );
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
        ) : (
          <>
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
