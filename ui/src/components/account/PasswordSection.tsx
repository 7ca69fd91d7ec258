import { useState } from 'preact/hooks';
import { client, errorMessage } from '../../api.js';
import { ErrorNote } from '../notes.js';
import { SubmitButton, InputField } from '../fields.js';
import { AccountCard } from './AccountCard.js';

/**
 * Settings > Password: change it with the current one; every other browser is signed out. An
 * account made by single sign-on has none to change: the section says so.
 */
export function PasswordSection(props: { hasPassword: boolean; onChanged: () => void }) {
  if (!props.hasPassword) {
    return (
      <AccountCard
        id="password"
        icon="lock"
        title="Password"
        description="This account signs in with single sign-on and has no password: your identity provider keeps your password. API tokens work as usual."
      >
        {null}
      </AccountCard>
    );
  }
  return <PasswordForm onChanged={props.onChanged} />;
}

function PasswordForm(props: { onChanged: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const change = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setDone(false);
    try {
      await client.changePassword(current, next);
      setCurrent('');
      setNext('');
      setError(null);
      setDone(true);
      props.onChanged();
    } catch (err) {
      setError(errorMessage(err));
    }
    setBusy(false);
  };

  return (
    <AccountCard
      id="password"
      icon="lock"
      title="Password"
      description="Changing it signs out every other browser; this one stays signed in. API tokens keep working."
    >
      <form class="stack" onSubmit={change}>
        <InputField
          id="password-current"
          label="Current password"
          class="field"
          type="password"
          required
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
        <InputField
          id="password-new"
          label="New password"
          class="field"
          type="password"
          required
          minLength={8}
          autoComplete="new-password"
          value={next}
          onChange={setNext}
        >
          <p class="muted small">At least 8 characters.</p>
        </InputField>
        <ErrorNote error={error} />
        <div class="form-actions">
          {done && (
            <span class="muted small" role="status">
              Password changed; other browsers are signed out.
            </span>
          )}
          <SubmitButton icon="lock" label="Change password" busy={busy} />
        </div>
      </form>
    </AccountCard>
  );
}
