import { useEffect, useState } from 'preact/hooks';
import { client, errorMessage, type Team } from '../../api.js';
import { paths } from '../../router.js';
import { AccountCard } from '../account/AccountCard.js';
import { Link } from '../Link.js';
import { ErrorNote, Spinner } from '../notes.js';
import { Icon } from '../Icon.js';

/** Settings > Teams: the account's teams as the server lists them, with its role in each. */
export function TeamsSection() {
  const [teams, setTeams] = useState<Team[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    client.teams().then(
      (list) => live && setTeams(list),
      (err: unknown) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <AccountCard
      id="teams"
      icon="grid"
      title="Teams"
      description="Teams let several people share inboxes, each with a role: owners and admins manage, members replay, viewers read."
    >
      <ErrorNote error={error} />
      {teams === null ? (
        error === null && <Spinner label="Loading teams" />
      ) : teams.length === 0 ? (
        <p class="muted small" data-testid="settings-no-teams">
          You are not in any team yet.
        </p>
      ) : (
        <ul class="plain-list settings-teams" data-testid="settings-teams">
          {teams.map((team) => (
            <li key={team.id}>
              <Link href={paths.team(team.id)} class="strong">
                {team.name}
              </Link>{' '}
              <span class="badge">{team.role}</span>
            </li>
          ))}
        </ul>
      )}
      <Link href={paths.teams()} class="btn settings-tokens-link">
        <Icon name="grid" /> <span>{teams !== null && teams.length > 0 ? 'All teams' : 'Create a team'}</span>
      </Link>
    </AccountCard>
  );
}
