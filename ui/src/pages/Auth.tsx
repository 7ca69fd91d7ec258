import { useState } from 'preact/hooks';
import { errorMessage, isRehookError, signIn, signUp } from '../api.js';
import { Link } from '../components/Link.js';
import { ErrorNote } from '../components/notes.js';
import { navigate, paths } from '../router.js';
import { signedIn } from '../session.js';
import { useSignInMethods } from '../sign-in-methods.js';
import { onText } from '../components/fields.js';
import './Auth.css';

/** What the sign-in page says when single sign-on sent the browser back with an error code. */
const SSO_ERRORS: Readonly<Record<string, string>> = {
  SSO_STATE_MISMATCH: 'That sign-in did not start in this browser, was already used or took too long. Try again.',
  SSO_EMAIL_NOT_VERIFIED:
    'Your identity provider has not verified your e-mail address, so Rehook cannot sign you in with it.',
  SSO_DOMAIN_NOT_ALLOWED: "Your e-mail address's domain may not sign in to this Rehook.",
  SSO_ACCOUNT_EXISTS:
    'An account with your e-mail address exists already. Sign in to it the way you did before, then link single sign-on in Settings.',
  SSO_REFUSED: 'The identity provider did not sign you in.',
  SSO_PROVIDER_ERROR: 'The identity provider could not be reached or its answer did not verify. Try again later.',
  SSO_NOT_CONFIGURED: 'Single sign-on is not set up on this server.',
  RATE_LIMITED: 'Too many sign-in attempts from this address. Wait a minute and try again.',
};

function ssoErrorFromUrl(): string | null {
  const code = new URLSearchParams(window.location.search).get('error');
  if (code === null) return null;
  return SSO_ERRORS[code] ?? 'Signing in with single sign-on failed. Try again.';
}

/** "Sign in with <name>": a plain link, since the browser itself goes to the provider and back. */
function SingleSignOnButton(props: { name: string; startUrl: string; next: string | null }) {
  const href = `${props.startUrl}?next=${encodeURIComponent(props.next ?? paths.dashboard())}`;
  return (
    <a class="btn btn-block btn-sso" href={href}>
      Sign in with {props.name}
    </a>
  );
}

function AuthForm(props: { mode: 'signin' | 'signup'; next: string | null }) {
  const methods = useSignInMethods();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(ssoErrorFromUrl);
  const signup = props.mode === 'signup';
  const sso = methods?.singleSignOn ?? null;
  // Until the methods are known the form is drawn (most servers have it), so nothing jumps.
  const passwordForm = methods === null || (signup ? methods.signup : methods.password);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const session = signup ? await signUp(email.trim(), password) : await signIn(email.trim(), password);
      signedIn(session);
      navigate(props.next ?? paths.dashboard(), { replace: true });
    } catch (err) {
      if (isRehookError(err, 'INVALID_CREDENTIALS')) setError('Wrong e-mail address or password.');
      else setError(errorMessage(err));
      setBusy(false);
    }
  };

  const intro = signup
    ? 'Saved inboxes that never expire, replay, API tokens and sharing links for your team.'
    : 'Welcome back.';
  const title = signup ? 'Create your account' : 'Sign in to Rehook';

  if (!passwordForm) {
    return (
      <div class="page auth">
        <section class="card auth-card" aria-labelledby="auth-title">
          <h1 id="auth-title">{title}</h1>
          <p class="muted small">
            {sso === null
              ? signup
                ? 'Sign-up is closed on this server; ask its operator for an account.'
                : 'Password sign-in is off on this server.'
              : signup
                ? `Your account is made the first time you sign in with ${sso.name}.`
                : intro}
          </p>
          <ErrorNote error={error} />
          {sso !== null && <SingleSignOnButton name={sso.name} startUrl={sso.startUrl} next={props.next} />}
        </section>
      </div>
    );
  }

  return (
    <div class="page auth">
      <form class="card auth-card" onSubmit={submit} aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        <p class="muted small">{intro}</p>
        <ErrorNote error={error} />
        {sso !== null && (
          <>
            <SingleSignOnButton name={sso.name} startUrl={sso.startUrl} next={props.next} />
            <p class="auth-divider muted small">or with your e-mail address</p>
          </>
        )}
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
          ) : methods?.signup === false ? null : (
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
