import type { CustomFetch } from 'openid-client';
import { Agent, fetch as undiciFetch } from 'undici';
import type { AddressPolicy } from '../egress/address-policy.js';
import { createGuardedConnector } from '../egress/guarded-connector.js';

/** Longest a request to the identity provider may take, dispatch to last byte. */
const PROVIDER_TIMEOUT_MS = 10_000;

/** The fetch openid-client calls (its `customFetch`): a URL and request options, a Response back. */
export type ProviderFetch = CustomFetch;

/**
 * The fetch of every request the server makes to the identity provider (discovery, keys, code
 * exchange), through the SSRF guard of replays (src/egress/guarded-connector.ts). The
 * issuer's own host is the operator's choice, so it may be on a private address (an in-house
 * Keycloak, or the test provider on loopback): for that host alone private addresses are allowed.
 * Cloud metadata addresses and REHOOK_REPLAY_DENY_CIDRS stay refused there too, and any other
 * host the provider's metadata names (a separate key server, say) gets the replay policy as is.
 */
export function createProviderFetch(opts: {
  readonly issuer: URL;
  readonly policy: AddressPolicy;
  readonly connectTimeoutMs: number;
}): ProviderFetch {
  const issuerHost = opts.issuer.hostname.replace(/^\[(.*)\]$/, '$1');
  const trusted = createGuardedConnector({
    policy: { ...opts.policy, allowPrivate: true },
    connectTimeoutMs: opts.connectTimeoutMs,
  });
  const guarded = createGuardedConnector({ policy: opts.policy, connectTimeoutMs: opts.connectTimeoutMs });
  const agent = new Agent({
    connect: (options, callback) => (options.hostname === issuerHost ? trusted : guarded)(options, callback),
  });
  return async (url, options) => {
    const response = await undiciFetch(url, {
      ...(options as unknown as Parameters<typeof undiciFetch>[1]),
      dispatcher: agent,
      // A redirect would lead the request past the host check above; the provider answers directly.
      redirect: 'manual',
      // openid-client passes its own (30 s) signal; the shorter bound applies as well.
      signal: AbortSignal.any([AbortSignal.timeout(PROVIDER_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])]),
    });
    return response as unknown as Response;
  };
}
