import { useEffect, useState } from 'preact/hooks';
import { type Account, client, type InboxView, type Token, type TokenLimits } from '../../api.js';

export type ScopeChoice = 'read' | 'replay' | 'manage';
export type ExpiryChoice = 'never' | '7' | '30' | '90';

/** What the create form asks beyond the name. */
export interface TokenLimitChoice {
  readonly scope: ScopeChoice;
  readonly inboxIds: readonly string[];
  readonly expiry: ExpiryChoice;
}

export const NO_LIMITS: TokenLimitChoice = { scope: 'manage', inboxIds: [], expiry: 'never' };

const SCOPE_LABELS: Record<ScopeChoice, string> = {
  read: 'Read: inboxes, events and history',
  replay: 'Replay: read, and replay events',
  manage: 'Manage: everything (settings, secrets, forwarding, shares, tokens)',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The API's limits for the form's choice (nothing for the defaults). */
export function tokenLimits(choice: TokenLimitChoice, now = Date.now()): TokenLimits {
  return {
    ...(choice.scope === 'manage' ? {} : { scopes: [choice.scope] }),
    ...(choice.inboxIds.length === 0 ? {} : { inboxIds: [...choice.inboxIds] }),
    ...(choice.expiry === 'never' ? {} : { expiresAt: new Date(now + Number(choice.expiry) * DAY_MS).toISOString() }),
  };
}

/** The account's saved inboxes, for limiting a token to some of them. */
export function useSavedInboxes(account: Account | null | undefined): InboxView[] {
  const [inboxes, setInboxes] = useState<InboxView[]>([]);
  useEffect(() => {
    if (account) client.inboxes().then(setInboxes, () => setInboxes([]));
  }, [account?.id]);
  return inboxes;
}

/** The token's limits in words, for the table. */
export function limitText(token: Token, inboxes: readonly InboxView[]): string {
  if (token.inboxIds === null) return token.teamId === null ? 'All inboxes' : `Team ${token.teamId}`;
  const names = token.inboxIds.map((id) => inboxes.find((inbox) => inbox.id === id)?.name ?? id);
  return names.join(', ');
}

/** Scope, inbox limit and expiry of a new token. */
export function TokenLimitFields(props: {
  value: TokenLimitChoice;
  onChange: (value: TokenLimitChoice) => void;
  inboxes: readonly InboxView[];
}) {
  const { value, onChange } = props;
  const toggle = (id: string, on: boolean) =>
    onChange({ ...value, inboxIds: on ? [...value.inboxIds, id] : value.inboxIds.filter((x) => x !== id) });
  return (
    <div class="token-limits">
      <div class="field">
        <label for="token-scope" class="label">
          Scope
        </label>
        <select
          id="token-scope"
          class="input"
          value={value.scope}
          onChange={(event) => onChange({ ...value, scope: event.currentTarget.value as ScopeChoice })}
        >
          {(Object.keys(SCOPE_LABELS) as ScopeChoice[]).map((scope) => (
            <option key={scope} value={scope}>
              {SCOPE_LABELS[scope]}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="token-expiry" class="label">
          Expires
        </label>
        <select
          id="token-expiry"
          class="input"
          value={value.expiry}
          onChange={(event) => onChange({ ...value, expiry: event.currentTarget.value as ExpiryChoice })}
        >
          <option value="never">Never</option>
          <option value="7">In 7 days</option>
          <option value="30">In 30 days</option>
          <option value="90">In 90 days</option>
        </select>
      </div>
      {props.inboxes.length > 0 && (
        <fieldset class="field token-inboxes">
          <legend class="label">Inboxes (none checked: all of them)</legend>
          {props.inboxes.map((inbox) => (
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
