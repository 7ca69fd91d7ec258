import { useState } from 'preact/hooks';
import { type Account, client, errorMessage } from '../../api.js';
import { refreshAccount } from '../../session.js';
import { ErrorNote } from '../notes.js';
import { NameLengthNote, onText, SubmitButton } from '../fields.js';
import { AccountCard } from './AccountCard.js';

/**
 * Settings > Profile: the e-mail address and the display name. A new e-mail address asks for the
 * current password (an account without one needs a recent sign-in; the server says so).
 */
export function ProfileSection(props: { account: Account }) {
  const [email, setEmail] = useState(props.account.email);
  const [displayName, setDisplayName] = useState(props.account.displayName ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const moving = email.trim().toLowerCase() !== props.account.email;
  const asksPassword = moving && props.account.hasPassword;
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setSaved(false);
    try {
      const profile = { email: email.trim(), displayName: displayName.trim() || null };
      refreshAccount(await client.updateAccount(asksPassword ? { ...profile, currentPassword } : profile));
      setCurrentPassword('');
      setError(null);
      setSaved(true);
    } catch (err) {
      setError(errorMessage(err));
    }
    setBusy(false);
  };

  return (
    <AccountCard id="profile" icon="edit" title="Profile">
      <form class="stack" onSubmit={save}>
        <div class="field">
          <label for="profile-name" class="label">
            Display name
          </label>
          <input
            id="profile-name"
            class="input"
            aria-describedby="profile-name-length"
            autoComplete="name"
            placeholder="How Rehook shows you"
            value={displayName}
            onInput={onText(setDisplayName)}
          />
          <NameLengthNote id="profile-name-length" value={displayName} />
        </div>
        <div class="field">
          <label for="profile-email" class="label">
            E-mail address
          </label>
          <input
            id="profile-email"
            class="input"
            type="email"
            required
            autoComplete="email"
            value={email}
            onInput={onText(setEmail)}
          />
        </div>
        {asksPassword && (
          <div class="field">
            <label for="profile-password" class="label">
              Current password (to change the e-mail address)
            </label>
            <input
              id="profile-password"
              class="input"
              type="password"
              required
              autoComplete="current-password"
              value={currentPassword}
              onInput={onText(setCurrentPassword)}
            />
          </div>
        )}
        <ErrorNote error={error} />
        <div class="form-actions">
          {saved && (
            <span class="muted small" role="status">
              Saved.
            </span>
          )}
          <SubmitButton icon="save" label="Save profile" busy={busy} />
        </div>
      </form>
    </AccountCard>
  );
}
