/**
 * An OpenID Connect provider, as single sign-on uses it (src/oidc/ is the adapter, on
 * openid-client). The authorization code flow with PKCE: `begin` makes the random checks and the
 * URL to send the browser to; `finish` takes the URL the provider sent the browser back to,
 * exchanges its code and verifies the ID token against those same checks.
 */
export interface IdentityProvider {
  /** The issuer identifier as configured (REHOOK_OIDC_ISSUER). */
  readonly issuer: string;
  begin(): Promise<{ readonly url: URL; readonly checks: SignInChecks }>;
  /**
   * The verified ID token's claims. Throws IdentityProviderError: `refused` when the provider
   * answered with an error (the person cancelled, say), `unavailable` when it could not be
   * reached or its answer (the code exchange, the ID token's signature, issuer, audience, expiry
   * or nonce) did not verify.
   */
  finish(callbackUrl: URL, checks: SignInChecks): Promise<VerifiedIdToken>;
}

/** What one sign-in is checked against; kept by the browser (sealed) between begin and finish. */
export interface SignInChecks {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

/** The claims of an ID token whose signature (with the provider's keys) and claims were checked. */
export interface VerifiedIdToken {
  readonly issuer: string;
  readonly subject: string;
  readonly claims: Readonly<Record<string, unknown>>;
}

export class IdentityProviderError extends Error {
  readonly kind: 'refused' | 'unavailable';
  constructor(kind: 'refused' | 'unavailable', message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'IdentityProviderError';
    this.kind = kind;
  }
}
