import type { EventBus } from '../ports/event-bus.js';
import type { AccountPrincipal } from './deps.js';

/**
 * Calls `onChange` when something that decides what an account principal may reach changed, on
 * any instance: one of its account's team memberships (removed, role changed, team deleted), or
 * the revocation of its API token. Open streams and long-polls then check access again at once
 * instead of at their next event. Returns the function that stops watching (idempotent).
 */
export function watchAccess(
  bus: Pick<EventBus, 'subscribeControl'>,
  principal: AccountPrincipal,
  onChange: () => void,
): () => void {
  const tokenId = principal.kind === 'token' ? principal.tokenId : null;
  let done = false;
  const unsubscribe = bus.subscribeControl((message) => {
    if (done) return;
    const concerned =
      (message.type === 'team.membership-changed' && message.accountId === principal.accountId) ||
      (message.type === 'token.revoked' && message.tokenId === tokenId);
    if (concerned) onChange();
  });
  return () => {
    if (done) return;
    done = true;
    unsubscribe();
  };
}
