import * as oidc from 'openid-client';
import { IdentityProviderError, type IdentityProvider, type SignInChecks } from '../ports/identity-provider.js';
import type { ProviderFetch } from './provider-fetch.js';

export interface OpenIdProviderOptions {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Space-separated, `openid` among them. */
  readonly scopes: string;
  /** Where the provider sends the browser back (known once the API listens, hence a function). */
  readonly redirectUri: () => string;
  readonly fetch: ProviderFetch;
}

/**
 * The identity provider through openid-client 6 (the certified relying party library of the
 * oidc-provider author). Discovery happens on first use and is kept; a failed one is tried again
 * by the next sign-in, so a provider that is down at start delays nothing else. ID token
 * signatures are checked with the provider's published keys (`enableNonRepudiationChecks`), on
 * top of the library's checks of issuer, audience, expiry and nonce.
 */
export function createOpenIdProvider(opts: OpenIdProviderOptions): IdentityProvider {
  let configuration: Promise<oidc.Configuration> | null = null;

  const configured = (): Promise<oidc.Configuration> => {
    if (configuration === null) {
      const pending = discover(opts);
      configuration = pending;
      pending.catch(() => {
        if (configuration === pending) configuration = null;
      });
    }
    return configuration.catch((err: unknown) => {
      throw new IdentityProviderError('unavailable', `discovery of ${opts.issuer} failed: ${describe(err)}`, {
        cause: err,
      });
    });
  };

  return {
    issuer: opts.issuer,
    begin: async () => {
      const config = await configured();
      const checks: SignInChecks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: opts.redirectUri(),
        scope: opts.scopes,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, checks };
    },
    finish: async (callbackUrl, checks) => {
      const config = await configured();
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
      } catch (err) {
        if (err instanceof oidc.AuthorizationResponseError) {
          throw new IdentityProviderError('refused', `the provider answered ${err.error}`, { cause: err });
        }
        throw new IdentityProviderError('unavailable', `signing in failed: ${describe(err)}`, { cause: err });
      }
      const claims = tokens.claims();
      if (claims === undefined) throw new IdentityProviderError('unavailable', 'the provider sent no ID token');
      return { issuer: claims.iss, subject: claims.sub, claims: { ...claims } };
    },
  };
}

async function discover(opts: OpenIdProviderOptions): Promise<oidc.Configuration> {
  const issuer = new URL(opts.issuer);
  const insecure = issuer.protocol === 'http:';
  const config = await oidc.discovery(issuer, opts.clientId, undefined, oidc.ClientSecretBasic(opts.clientSecret), {
    [oidc.customFetch]: opts.fetch,
    // http:// is an operator's choice (a provider on the same host or network); https otherwise.
    ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
  });
  // The secret goes where the provider says it takes it: HTTP Basic unless it only takes the body.
  const methods = config.serverMetadata().token_endpoint_auth_methods_supported;
  const postOnly =
    methods !== undefined && !methods.includes('client_secret_basic') && methods.includes('client_secret_post');
  const chosen = postOnly
    ? new oidc.Configuration(
        config.serverMetadata(),
        opts.clientId,
        undefined,
        oidc.ClientSecretPost(opts.clientSecret),
      )
    : config;
  chosen[oidc.customFetch] = opts.fetch;
  if (insecure) oidc.allowInsecureRequests(chosen);
  oidc.enableNonRepudiationChecks(chosen);
  return chosen;
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = 'code' in err && typeof err.code === 'string' ? ` (${err.code})` : '';
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${code}${cause}`;
}
