import { useState } from 'preact/hooks';
import { type Account, client, errorMessage } from '../../api.js';
import { navigate, paths } from '../../router.js';
import { forgetSession } from '../../session.js';
import { ErrorNote } from '../notes.js';
import { Icon } from '../Icon.js';
import { onText } from '../fields.js';
import { AccountCard } from './AccountCard.js';

/**
 * Settings > Delete account: asks for the password (an account made by single sign-on has none:
 * it asks to type the e-mail address instead), then deletes everything the account owns.
 */
export function DeleteAccountSection(props: { account: Account }) {
  const withPassword = props.account.hasPassword;
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      await client.deleteAccount(withPassword ? password : { email: password });
      forgetSession();
      navigate(paths.home());
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <AccountCard
      id="delete-account"
      icon="trash"
      title="Delete account"
      danger
      description="Deletes your inboxes with their events, your API tokens, sessions, sharing links and team memberships. This cannot be undone."
    >
      <form class="stack" onSubmit={remove}>
        <div class="field">
          <label for="delete-password" class="label">
            {withPassword
              ? 'Your password, to confirm'
              : `Type your e-mail address (${props.account.email}) to confirm`}
          </label>
          {withPassword ? (
            <input
              id="delete-password"
              class="input"
              type="password"
              required
              autoComplete="current-password"
              value={password}
              onInput={onText(setPassword)}
            />
          ) : (
            <input
              id="delete-password"
              class="input"
              type="email"
              required
              autoComplete="off"
              value={password}
              onInput={onText(setPassword)}
            />
          )}
        </div>
        <ErrorNote error={error} />
        <div class="form-actions">
          <button type="submit" class="btn btn-danger" disabled={busy}>
            <Icon name="trash" />
            <span>Delete account</span>
          </button>
        </div>
      </form>
    </AccountCard>
  );
}
