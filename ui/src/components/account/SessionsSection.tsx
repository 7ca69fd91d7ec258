import { useEffect, useState } from 'preact/hooks';
import { type AccountSession, client, errorMessage } from '../../api.js';
import { browserName } from '../../lib/user-agent.js';
import { ConfirmButton } from '../ConfirmButton.js';
import { Time } from '../Time.js';
import { ErrorNote, Spinner } from '../notes.js';
import { AccountCard } from './AccountCard.js';

/** Settings > Sessions: every signed-in browser with its last use; sign one out, or all others. */
export function SessionsSection(props: { version: number }) {
  const [sessions, setSessions] = useState<AccountSession[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = async () => {
    try {
      setSessions(await client.accountSessions());
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  useEffect(() => void reload(), [props.version]);

  const run = async (change: () => Promise<unknown>) => {
    try {
      await change();
      setError(null);
    } catch (err) {
      setError(errorMessage(err));
    }
    await reload();
  };
  const others = (sessions ?? []).filter((session) => !session.current);

  return (
    <AccountCard id="sessions" icon="monitor" title="Sessions" description="Browsers signed in to your account.">
      <ErrorNote error={error} />
      {sessions === null ? (
        <Spinner label="Loading sessions" />
      ) : (
        <ul class="session-list" data-testid="session-list">
          {sessions.map((session) => (
            <li key={session.id} class="session-row" data-testid="session-row">
              <div>
                <span class="strong">{browserName(session.userAgent)}</span>
                {session.current && <span class="badge badge-ok">This browser</span>}
                <div class="muted small">
                  Last used <Time iso={session.lastSeenAt} /> · signed in <Time iso={session.createdAt} />
                </div>
              </div>
              {!session.current && (
                <ConfirmButton
                  label="Sign out"
                  confirmLabel="Sign out"
                  ariaLabel={`Sign out ${browserName(session.userAgent)}, last used ${session.lastSeenAt}`}
                  confirmAriaLabel="Confirm sign out"
                  class="btn-ghost btn-sm"
                  onConfirm={() => run(() => client.endAccountSession(session.id))}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <ConfirmButton
          label="Sign out all other browsers"
          confirmLabel="Sign them out"
          class="btn-ghost"
          icon="logout"
          onConfirm={() => run(() => client.endOtherAccountSessions())}
        />
      )}
    </AccountCard>
  );
}
