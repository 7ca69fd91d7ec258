import { useState } from 'preact/hooks';
import { client, errorMessage } from '../../api.js';
import { navigate, paths } from '../../router.js';
import { forgetSession } from '../../session.js';
import { ErrorNote } from '../common.js';
import { Icon } from '../Icon.js';
import { onText } from '../fields.js';
import { AccountCard } from './AccountCard.js';

/** Settings > Delete account: asks for the password, then deletes everything the account owns. */
export function DeleteAccountSection() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      await client.deleteAccount(password);
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
            Your password, to confirm
          </label>
          <input
            id="delete-password"
            class="input"
            type="password"
            required
            autoComplete="current-password"
            value={password}
            onInput={onText(setPassword)}
          />
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
