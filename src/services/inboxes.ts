import { isId, newId } from '../domain/ids.js';
import type { Inbox } from '../domain/inbox.js';
import { AppError } from '../errors.js';
import type { Store } from '../ports/store.js';
import type { Clock } from '../ports/clock.js';
import { requireAccount } from './auth.js';
import type { Principal, ServiceDeps } from './deps.js';

type InboxDeps = Pick<ServiceDeps, 'store' | 'clock'>;

/**
 * Creates an inbox: anonymous (expires after the anonymous TTL) without a token, persistent and
 * owned by the account with one.
 */
export async function createInbox(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'anonTtlMs'>,
  principal: Principal,
): Promise<Inbox> {
  const now = deps.clock.now();
  const owned = principal.kind === 'account';
  const inbox: Inbox = {
    id: newId('inbox'),
    ownerId: owned ? principal.accountId : null,
    createdAt: now,
    expiresAt: owned ? null : new Date(now.getTime() + deps.anonTtlMs),
  };
  await deps.store.inboxes.insert(inbox);
  return inbox;
}

/**
 * The live inbox if the caller may read it. Anonymous inboxes are open to anyone who knows the
 * id (the id is the key: 130 random bits). Owned inboxes: 401 UNAUTHORIZED without a token,
 * 404 INBOX_NOT_FOUND with another account's token, so their existence is never revealed.
 * Unknown and expired inboxes are 404 INBOX_NOT_FOUND.
 */
export async function getReadableInbox(
  deps: InboxDeps,
  principal: Principal,
  inboxId: string,
): Promise<Inbox> {
  const inbox = await findLiveInbox(deps, inboxId);
  assertCanAccess(principal, inbox);
  return inbox;
}

/** Inboxes owned by the caller's account, newest first. Throws UNAUTHORIZED when anonymous. */
export async function listInboxes(deps: InboxDeps, principal: Principal): Promise<Inbox[]> {
  const { accountId } = requireAccount(principal);
  return deps.store.inboxes.listByOwner(accountId, deps.clock.now());
}

/**
 * Deletes an inbox with its events and replays. Owned inboxes: only the owner. Anonymous ones:
 * whoever holds the id, the same principal that can already read all of their data.
 */
export async function deleteInbox(deps: InboxDeps, principal: Principal, inboxId: string): Promise<void> {
  // The API refuses links on every route but the reading ones (app.ts); this keeps it so here.
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  const inbox = await getReadableInbox(deps, principal, inboxId);
  // Conditional on the owner seen above: a save by another account in between wins, not both.
  if (!(await deps.store.inboxes.delete(inbox.id, inbox.ownerId))) throw new AppError('INBOX_NOT_FOUND');
}

/**
 * Turns an anonymous inbox into a persistent one owned by the caller (idempotent for the
 * owner). Throws UNAUTHORIZED when anonymous, INBOX_NOT_FOUND when unknown, expired or owned
 * by another account.
 */
export async function saveInbox(deps: InboxDeps, principal: Principal, inboxId: string): Promise<Inbox> {
  const { accountId } = requireAccount(principal);
  const inbox = await findLiveInbox(deps, inboxId);
  if (inbox.ownerId === accountId) return inbox;
  if (inbox.ownerId !== null) throw new AppError('INBOX_NOT_FOUND');
  const saved = await deps.store.inboxes.save(inbox.id, accountId, deps.clock.now());
  if (!saved) throw new AppError('INBOX_NOT_FOUND');
  return saved;
}

/** Throws INBOX_NOT_FOUND unless the inbox exists and is live now. */
export async function findLiveInbox(deps: { store: Store; clock: Clock }, inboxId: string): Promise<Inbox> {
  if (!isId('inbox', inboxId)) throw new AppError('INBOX_NOT_FOUND');
  const inbox = await deps.store.inboxes.findLive(inboxId, deps.clock.now());
  if (!inbox) throw new AppError('INBOX_NOT_FOUND');
  return inbox;
}

/** Access rule shared by everything that reads an inbox or its events. */
export function assertCanAccess(principal: Principal, inbox: Inbox): void {
  // A sharing link reads its own inbox only; any other one, anonymous ones included, is unknown.
  if (principal.kind === 'share') {
    if (principal.inboxId !== inbox.id) throw new AppError('INBOX_NOT_FOUND');
    return;
  }
  if (inbox.ownerId === null) return;
  if (principal.kind !== 'account') throw new AppError('UNAUTHORIZED');
  if (principal.accountId !== inbox.ownerId) throw new AppError('INBOX_NOT_FOUND');
}
