import type { Clock } from '../ports/clock.js';
import type { EventBus } from '../ports/event-bus.js';
import type { ReplayClient } from '../ports/replay-client.js';
import type { Store } from '../ports/store.js';

/** What the use cases need; built once by compose.ts (tests build their own). */
export interface ServiceDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly bus: EventBus;
  readonly replayClient: ReplayClient;
  readonly anonTtlMs: number;
}

/**
 * Who is calling. API tokens identify an account; no token means anonymous. A token that is
 * present but invalid never becomes anonymous: it is rejected with 401 (services/auth.ts).
 */
export type Principal =
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'account'; readonly accountId: string; readonly tokenId: string };

export const ANONYMOUS: Principal = { kind: 'anonymous' };
