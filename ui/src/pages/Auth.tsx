import { useState } from 'preact/hooks';
import { errorMessage, isRehookError, signIn, signUp } from '../api.js';
import { ErrorNote, Link } from '../components/common.js';
import { navigate, paths } from '../router.js';
import { signedIn } from '../session.js';
import { onText } from '../components/fields.js';

function AuthForm(props: { mode: 'signin' | 'signup'; next: string | null }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signup = props.mode === 'signup';

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const session = signup ? await signUp(email.trim(), password) : await signIn(email.trim(), password);
      signedIn(session);
      navigate(props.next ?? paths.dashboard(), { replace: true });
    } catch (err) {
      if (isRehookError(err, 'INVALID_CREDENTIALS' as never)) setError('Wrong e-mail address or password.');
      else setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <div class="page auth">
      <form class="card auth-card" onSubmit={submit} aria-labelledby="auth-title">
        <h1 id="auth-title">{signup ? 'Create your account' : 'Sign in to Rehook'}</h1>
        <p class="muted small">
          {signup
            ? 'Saved inboxes that never expire, replay, API tokens and read-only links for your team.'
            : 'Welcome back.'}
        </p>
        <ErrorNote error={error} />
        <label class="label" for="auth-email">
          E-mail address
        </label>
        <input
          id="auth-email"
          class="input"
          type="email"
          autoComplete="email"
          required
          value={email}
          onInput={onText(setEmail)}
        />
        <label class="label" for="auth-password">
          Password
        </label>
        <input
          id="auth-password"
          class="input"
          type="password"
          autoComplete={signup ? 'new-password' : 'current-password'}
          required
          minLength={signup ? 8 : undefined}
          value={password}
          onInput={onText(setPassword)}
          aria-describedby={signup ? 'auth-password-help' : undefined}
        />
        {signup && (
          <p id="auth-password-help" class="muted small">
            At least 8 characters.
          </p>
        )}
        <button type="submit" class="btn btn-primary btn-block" disabled={busy}>
          {busy ? (signup ? 'Creating the account…' : 'Signing in…') : signup ? 'Create account' : 'Sign in'}
        </button>
        <p class="muted small auth-switch">
          {signup ? (
            <>
              Already have an account? <Link href={paths.signin(props.next ?? undefined)}>Sign in</Link>
            </>
          ) : (
            <>
              New to Rehook? <Link href={paths.signup(props.next ?? undefined)}>Create an account</Link>
            </>
          )}
        </p>
      </form>
    </div>
  );
}

export function SignIn(props: { next: string | null }) {
  return <AuthForm mode="signin" next={props.next} />;
}

export function SignUp(props: { next: string | null }) {
  return <AuthForm mode="signup" next={props.next} />;
}
