import { useEffect, useState } from 'preact/hooks';
import { client, errorMessage, type InboxView as Inbox, type Team } from '../../api.js';
import { ErrorNote } from '../notes.js';
import { Icon } from '../Icon.js';

/**
 * "Move to team": gives a saved inbox to one of the caller's teams where it is admin or owner,
 * or back to the caller's account. Its events, replays and settings go with it.
 */
export function MoveToTeam(props: { inbox: Inbox }) {
  const [teams, setTeams] = useState<Team[] | null>(null);
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    client.teams().then(
      (all) => setTeams(all.filter((team) => team.permissions.moveInboxesIn)),
      (err: unknown) => setError(errorMessage(err)),
    );
  }, []);
  if (teams === null || (teams.length === 0 && props.inbox.teamId === null)) return null;
  const choices = [
    ...(props.inbox.teamId === null ? [] : [{ value: 'me', label: 'My account' }]),
    ...teams.filter((team) => team.id !== props.inbox.teamId).map((team) => ({ value: team.id, label: team.name })),
  ];
  if (choices.length === 0) return null;
  const chosen = target === '' ? (choices[0]?.value ?? '') : target;

  return (
    <section class="card settings-section" aria-labelledby="move-title" data-testid="move-settings">
      <header class="card-head">
        <h3 id="move-title">
          <Icon name="arrow-up" /> Move to team
        </h3>
      </header>
      <form
        class="input-row"
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          client.moveInbox(props.inbox.id, chosen === 'me' ? 'me' : { teamId: chosen }).then(
            () => location.reload(),
            (err: unknown) => {
              setError(errorMessage(err));
              setBusy(false);
            },
          );
        }}
      >
        <label for="move-target" class="label">
          Owner
        </label>
        <select
          id="move-target"
          class="input input-sm"
          value={chosen}
          onChange={(event) => setTarget(event.currentTarget.value)}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <button type="submit" class="btn btn-sm" disabled={busy}>
          Move
        </button>
      </form>
      <p class="muted small">Events, replays and settings go with the inbox.</p>
      <ErrorNote error={error} />
    </section>
  );
}
