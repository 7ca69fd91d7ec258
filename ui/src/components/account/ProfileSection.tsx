import { useState } from 'preact/hooks';
import { type Account, client, errorMessage } from '../../api.js';
import { refreshAccount } from '../../session.js';
import { ErrorNote } from '../notes.js';
import { NameLengthNote, SubmitButton, InputField } from '../fields.js';
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
        <InputField
          id="profile-name"
          label="Display name"
          class="field"
          describedBy="profile-name-length"
          autoComplete="name"
          placeholder="How Rehook shows you"
          value={displayName}
          onChange={setDisplayName}
        >
          <NameLengthNote id="profile-name-length" value={displayName} />
        </InputField>
        <InputField
          id="profile-email"
          label="E-mail address"
          class="field"
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        {asksPassword && (
          <InputField
            id="profile-password"
            label="Current password (to change the e-mail address)"
            class="field"
            type="password"
            required
            autoComplete="current-password"
            value={currentPassword}
            onChange={setCurrentPassword}
          />
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
