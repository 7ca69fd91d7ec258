import { useEffect, useState } from 'preact/hooks';
import { client, errorMessage, type SingleSignOnLink } from '../../api.js';
import { formatExact } from '../../lib/format.js';
import { useSignInMethods } from '../../sign-in-methods.js';
import { ErrorNote } from '../notes.js';
import { Icon } from '../Icon.js';
import { AccountCard } from './AccountCard.js';

/** What Settings says when a link came back refused (`/settings?error=<code>`). */
const LINK_ERRORS: Readonly<Record<string, string>> = {
  SSO_IDENTITY_TAKEN: 'That identity at the provider is linked to another Rehook account.',
  SSO_ALREADY_LINKED: 'This account is linked to another identity at the provider already.',
  SSO_STATE_MISMATCH: 'That link did not start in this browser session, was already used or took too long. Try again.',
  SSO_EMAIL_NOT_VERIFIED: 'The identity provider has not verified the e-mail address of that identity.',
  SSO_DOMAIN_NOT_ALLOWED: "That identity's e-mail domain may not sign in to this Rehook.",
  SSO_REFUSED: 'The identity provider did not sign you in.',
  SSO_PROVIDER_ERROR: 'The identity provider could not be reached or its answer did not verify. Try again later.',
  RATE_LIMITED: 'Too many sign-in attempts from this address. Wait a minute and try again.',
};

function linkErrorFromUrl(): string | null {
  const code = new URLSearchParams(window.location.search).get('error');
  if (code === null) return null;
  return LINK_ERRORS[code] ?? 'Linking single sign-on failed. Try again.';
}

/**
 * Settings > Single sign-on (only on a server that has it): whether the account is linked to the
 * provider, and "Link <name>", the explicit step by which an account that existed before (with a
 * password) starts signing in with the provider. Rehook never links by e-mail address.
 */
export function SingleSignOnSection() {
  const methods = useSignInMethods();
  const sso = methods?.singleSignOn ?? null;
  const [link, setLink] = useState<SingleSignOnLink | null>(null);
  const [error, setError] = useState<string | null>(linkErrorFromUrl);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (sso === null) return;
    let live = true;
    client.singleSignOnLink().then(
      (answer) => live && setLink(answer),
      (err: unknown) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [sso === null]);

  if (sso === null) return null;

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      // The browser itself goes to the provider and back to the callback, which links and returns here.
      window.location.assign(await client.startSingleSignOnLink());
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <AccountCard
      id="single-sign-on"
      icon="link"
      title="Single sign-on"
      description={`Sign in to this account with ${sso.name}. Rehook links an account only when you ask for it here, signed in.`}
    >
      {link?.linked === true ? (
        <p role="status">
          Linked to {link.name}
          {link.linkedAt !== null && <span class="muted small"> since {formatExact(link.linkedAt)}</span>}.
        </p>
      ) : (
        <div class="form-actions">
          <button type="button" class="btn btn-primary" disabled={busy || link === null} onClick={start}>
            <Icon name="link" /> <span>Link {sso.name}</span>
          </button>
        </div>
      )}
      <ErrorNote error={error} />
    </AccountCard>
  );
}
