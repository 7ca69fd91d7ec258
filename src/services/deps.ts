import type { TokenScope } from '../domain/token-scope.js';
import type { Clock } from '../ports/clock.js';
import type { EventBus } from '../ports/event-bus.js';
import type { EgressClient } from '../ports/egress-client.js';
import type { SignatureKeys } from '../ports/signature-keys.js';
import type { Store } from '../ports/store.js';
import type { TemplateRenderer } from './template-renderer.js';

/** What the use cases need; built once by compose.ts (tests build their own). */
export interface ServiceDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly bus: EventBus;
  readonly egressClient: EgressClient;
  readonly anonTtlMs: number;
  /** REHOOK_SEARCH_TIME_BUDGET; absent = SEARCH_TIME_BUDGET_MS. */
  readonly searchTimeBudgetMs?: number;
  /** The server key's box for signature secrets, and where unopenable ones are reported. */
  readonly signatureKeys: SignatureKeys;
  /** Render threads of templated answers (REHOOK_TEMPLATE_*); absent = the process's shared one. */
  readonly templates?: TemplateRenderer;
}

/**
 * Who is calling. An API token and a browser session (the session cookie) each identify an
 * account; no credential means anonymous. A token or session cookie that is present but invalid
 * never becomes anonymous: it is rejected with 401 (services/auth.ts, http/api/core/session-cookie.ts).
 */
export type Principal =
  | { readonly kind: 'anonymous' }
  /** An API token (Authorization: Bearer rhk_...). */
  | {
      readonly kind: 'token';
      readonly accountId: string;
      readonly tokenId: string;
      /** What the token may do (read < replay < manage); enforced per route by the API. */
      readonly scope: TokenScope;
      /** The only inboxes the token reaches, or null for all the account's. */
      readonly inboxIds: readonly string[] | null;
      readonly teamId: string | null;
    }
  /** Signed in with the session cookie: writes must repeat `csrfToken` (X-CSRF-Token). */
  | { readonly kind: 'session'; readonly accountId: string; readonly sessionId: string; readonly csrfToken: string }
  /** A read-only sharing link (X-Rehook-Share or ?share=): reads its one inbox, nothing else. */
  | { readonly kind: 'share'; readonly shareId: string; readonly inboxId: string };

/** A caller signed in to an account, with an API token or a browser session. */
export type AccountPrincipal = Extract<Principal, { kind: 'token' | 'session' }>;

/** Whether the caller is signed in to an account (with a token or a session). */
export function isAccount(principal: Principal): principal is AccountPrincipal {
  return principal.kind === 'token' || principal.kind === 'session';
}

export const ANONYMOUS: Principal = { kind: 'anonymous' };
