import { useEffect, useState } from 'preact/hooks';
import { Labelled, SelectField } from '../fields.js';
import { type Account, client, type InboxView, type Team, type Token, type TokenLimits } from '../../api.js';
import '../../pages/Settings.css';

export type ScopeChoice = 'read' | 'replay' | 'manage';
export type ExpiryChoice = 'never' | '7' | '30' | '90';

/** What the create form asks beyond the name. */
export interface TokenLimitChoice {
  readonly scope: ScopeChoice;
  /** The team the token is limited to; '' for the whole account. */
  readonly teamId: string;
  readonly inboxIds: readonly string[];
  readonly expiry: ExpiryChoice;
}

// The least power by default: a new token reads, unless more is chosen (and the form comes back to this).
export const NO_LIMITS: TokenLimitChoice = { scope: 'read', teamId: '', inboxIds: [], expiry: 'never' };

const SCOPE_CHOICES: ReadonlyArray<readonly [ScopeChoice, string]> = [
  ['read', 'Read: inboxes, events and history'],
  ['replay', 'Replay: read, and replay events'],
  ['manage', 'Manage: everything (settings, secrets, forwarding, shares, tokens)'],
];

const EXPIRY_CHOICES: ReadonlyArray<readonly [ExpiryChoice, string]> = [
  ['never', 'Never'],
  ['7', 'In 7 days'],
  ['30', 'In 30 days'],
  ['90', 'In 90 days'],
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The API's limits for the form's choice (nothing for the defaults). */
export function tokenLimits(choice: TokenLimitChoice, now = Date.now()): TokenLimits {
  return {
    ...(choice.scope === 'manage' ? {} : { scopes: [choice.scope] }),
    ...(choice.teamId === '' ? {} : { teamId: choice.teamId }),
    ...(choice.inboxIds.length === 0 ? {} : { inboxIds: [...choice.inboxIds] }),
    ...(choice.expiry === 'never' ? {} : { expiresAt: new Date(now + Number(choice.expiry) * DAY_MS).toISOString() }),
  };
}

/** The account's saved inboxes (its teams' included) and its teams, for limiting a token. */
export function useTokenTargets(account: Account | null | undefined): { inboxes: InboxView[]; teams: Team[] } {
  const [inboxes, setInboxes] = useState<InboxView[]>([]);
  const [teams, setTeams] = useState<Team[]>([]);
  useEffect(() => {
    if (!account) return;
    client.inboxes().then(setInboxes, () => setInboxes([]));
    client.teams().then(setTeams, () => setTeams([]));
  }, [account?.id]);
  return { inboxes, teams };
}

/** The token's limits in words, for the table: its team (by name, with the role it acts with) and inboxes. */
export function limitText(token: Token, targets: { inboxes: readonly InboxView[]; teams: readonly Team[] }): string {
  const team = token.teamId === null ? null : targets.teams.find((t) => t.id === token.teamId);
  const teamText =
    token.teamId === null ? null : team ? `Team ${team.name} (as ${team.role})` : `Team ${token.teamId} (not a member)`;
  if (token.inboxIds === null) return teamText ?? 'All inboxes';
  const names = token.inboxIds.map((id) => targets.inboxes.find((inbox) => inbox.id === id)?.name ?? id);
  return [...(teamText === null ? [] : [teamText]), names.join(', ')].join(': ');
}

/** Scope, team, inbox limit and expiry of a new token. */
export function TokenLimitFields(props: {
  value: TokenLimitChoice;
  onChange: (value: TokenLimitChoice) => void;
  inboxes: readonly InboxView[];
  teams: readonly Team[];
}) {
  const { value, onChange } = props;
  const toggle = (id: string, on: boolean) =>
    onChange({ ...value, inboxIds: on ? [...value.inboxIds, id] : value.inboxIds.filter((x) => x !== id) });
  // The inboxes a token can be limited to: the account's own, or the chosen team's.
  const choosable = props.inboxes.filter((inbox) => (inbox.teamId ?? '') === value.teamId);
  return (
    <div class="token-limits">
      <SelectField
        class="field"
        id="token-scope"
        label="Scope"
        value={value.scope}
        choices={SCOPE_CHOICES}
        onChange={(scope) => onChange({ ...value, scope })}
      />
      <SelectField
        class="field"
        id="token-expiry"
        label="Expires"
        value={value.expiry}
        choices={EXPIRY_CHOICES}
        onChange={(expiry) => onChange({ ...value, expiry })}
      />
      {props.teams.length > 0 && (
        <Labelled class="field" id="token-team" label="Team">
          <select
            id="token-team"
            class="input"
            aria-describedby="token-team-help"
            value={value.teamId}
            // Inboxes chosen for the account or another team would not be the new team's.
            onChange={(event) => onChange({ ...value, teamId: event.currentTarget.value, inboxIds: [] })}
          >
            <option value="">None: the whole account</option>
            {props.teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name} (as {team.role})
              </option>
            ))}
          </select>
          <p id="token-team-help" class="muted small">
            A team token reaches only that team's inboxes, and acts with your role in the team at each request, never
            above it.
          </p>
        </Labelled>
      )}
      {choosable.length > 0 && (
        <fieldset class="field token-inboxes">
          <legend class="label">Inboxes (none checked: all of them)</legend>
          {choosable.map((inbox) => (
            <label key={inbox.id} class="check">
              <input
                type="checkbox"
                checked={value.inboxIds.includes(inbox.id)}
                onChange={(event) => toggle(inbox.id, event.currentTarget.checked)}
              />{' '}
              {inbox.name ?? inbox.id}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
