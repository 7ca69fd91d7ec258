import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import { isId, newId } from '../domain/ids.js';
import type { Inbox } from '../domain/inbox.js';
import type { Share } from '../domain/share.js';
import { AppError } from '../errors.js';
import type { EventBus } from '../ports/event-bus.js';
import { requireAccount } from './auth.js';
import type { Principal, ServiceDeps } from './deps.js';
import { authorizeInbox, findLiveInbox } from './inboxes.js';

/**
 * Read-only sharing links. The owner of a saved inbox creates a link; its
 * token, sent as `X-Rehook-Share` (or `?share=` where headers cannot be set, as with
 * EventSource), is the `share` principal: it reads that inbox, its events and their live stream,
 * and nothing else. Revoking the link stops it at once: the next request gets 404
 * SHARE_NOT_FOUND, and every open stream or waiting long-poll of the link ends, on every
 * instance (a control message on the live bus).
 */

type ShareDeps = Pick<ServiceDeps, 'store' | 'clock'>;

/** Prefix of link tokens: recognisable by secret scanners, distinct from API tokens (rhk_). */
export const SHARE_TOKEN_PREFIX = 'rhl_';
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const SECRET_CHARS = 32;
const CHECKSUM_CHARS = 6;
const TOKEN_PATTERN = new RegExp(`^${SHARE_TOKEN_PREFIX}[${ALPHABET}]{${SECRET_CHARS + CHECKSUM_CHARS}}$`);
/** Characters of the token kept to tell links apart (`rhl_4f9a`). */
const PREFIX_CHARS = 8;

function toBase32(bytes: Buffer, chars: number): string {
  let out = '';
  for (let i = 0; i < chars; i += 1) out += ALPHABET[(bytes[i] ?? 0) & 31];
  return out;
}

function checksum(secret: string): string {
  return toBase32(createHash('sha256').update(`share:${secret}`).digest(), CHECKSUM_CHARS);
}

/**
 * A new link token: `rhl_` + 32 random base32 characters (160 bits) + a 6-character checksum,
 * so typos and garbage are refused without a database lookup.
 */
export function generateShareToken(): string {
  const secret = toBase32(randomBytes(SECRET_CHARS), SECRET_CHARS);
  return SHARE_TOKEN_PREFIX + secret + checksum(secret);
}

/** True when the string has a link token's shape and a correct checksum. */
export function isWellFormedShareToken(token: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const body = token.slice(SHARE_TOKEN_PREFIX.length);
  return checksum(body.slice(0, SECRET_CHARS)) === body.slice(SECRET_CHARS);
}

/** Link tokens are stored only as this hash; the token is shown once, when the link is made. */
export function hashShareToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The path of the web app's page for a link. */
export function sharePath(token: string): string {
  return `/s/${token}`;
}

/**
 * The inbox whose links the caller manages: it must be live and owned by the caller's account.
 * Throws UNAUTHORIZED without an account (SHARE_READ_ONLY for a link), INBOX_NOT_FOUND for an
 * unknown, expired or another account's inbox, INBOX_NOT_SAVED for an anonymous one: it has no
 * owner to manage its links, and its id already gives full access to whoever holds it.
 */
async function ownedInbox(deps: ShareDeps, principal: Principal, inboxId: string): Promise<Inbox> {
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  requireAccount(principal);
  const inbox = await findLiveInbox(deps, inboxId);
  if (inbox.ownerId === null) throw new AppError('INBOX_NOT_SAVED');
  await authorizeInbox(deps, principal, inbox, 'manage');
  return inbox;
}

/** Creates a link to a saved inbox of the caller's; returns it with its token (shown once). */
export async function createShare(
  deps: ShareDeps,
  principal: Principal,
  inboxId: string,
): Promise<{ share: Share; token: string }> {
  const inbox = await ownedInbox(deps, principal, inboxId);
  const token = generateShareToken();
  const share: Share = {
    id: newId('share'),
    inboxId: inbox.id,
    hash: hashShareToken(token),
    prefix: token.slice(0, PREFIX_CHARS),
    createdAt: deps.clock.now(),
  };
  await deps.store.shares.insert(share);
  return { share, token };
}

/** The links of a saved inbox of the caller's, newest first (without their tokens). */
export async function listShares(deps: ShareDeps, principal: Principal, inboxId: string): Promise<Share[]> {
  const inbox = await ownedInbox(deps, principal, inboxId);
  return deps.store.shares.listByInbox(inbox.id);
}

/**
 * Revokes a link of a saved inbox of the caller's: it is deleted, then every instance is told,
 * so the streams and long-polls that use it end at once. Throws SHARE_NOT_FOUND when the inbox
 * has no such link (already revoked, or another inbox's).
 */
export async function revokeShare(
  deps: ShareDeps & Pick<ServiceDeps, 'bus'>,
  principal: Principal,
  input: { inboxId: string; shareId: string },
): Promise<void> {
  const inbox = await ownedInbox(deps, principal, input.inboxId);
  if (!isId('share', input.shareId)) throw new AppError('SHARE_NOT_FOUND');
  if (!(await deps.store.shares.delete(input.shareId, inbox.id))) throw new AppError('SHARE_NOT_FOUND');
  // After the commit: a stream that re-checks the link on this message finds it gone.
  deps.bus.publishControl({ type: 'share.revoked', shareId: input.shareId, inboxId: inbox.id });
}

/**
 * The live link of this token and its inbox. Throws SHARE_NOT_FOUND when the token is
 * malformed, unknown (revoked links are deleted) or its inbox is gone.
 */
export async function resolveShare(deps: ShareDeps, token: string): Promise<{ share: Share; inbox: Inbox }> {
  if (!isWellFormedShareToken(token)) throw new AppError('SHARE_NOT_FOUND');
  const hash = hashShareToken(token);
  const share = await deps.store.shares.findByHash(hash);
  if (share === null || !timingSafeEqual(Buffer.from(share.hash, 'hex'), Buffer.from(hash, 'hex'))) {
    throw new AppError('SHARE_NOT_FOUND');
  }
  const inbox = await deps.store.inboxes.findLive(share.inboxId, deps.clock.now());
  // Only saved inboxes have links; one that is gone (or, defensively, not owned) ends them.
  if (inbox === null || inbox.ownerId === null) throw new AppError('SHARE_NOT_FOUND');
  return { share, inbox };
}

/** The `share` principal of a link token; SHARE_NOT_FOUND as {@link resolveShare}. */
export async function authenticateShare(deps: ShareDeps, token: string): Promise<Principal> {
  const { share } = await resolveShare(deps, token);
  return { kind: 'share', shareId: share.id, inboxId: share.inboxId };
}

/**
 * Calls `onRevoked` once when the link is revoked (on any instance), for streams and
 * long-polls that must end then. Returns the function that stops watching (idempotent).
 */
export function watchShareRevocation(
  bus: Pick<EventBus, 'subscribeControl'>,
  shareId: string,
  onRevoked: () => void,
): () => void {
  let done = false;
  const unsubscribe = bus.subscribeControl((message) => {
    if (done || message.type !== 'share.revoked' || message.shareId !== shareId) return;
    stop();
    onRevoked();
  });
  function stop(): void {
    if (done) return;
    done = true;
    unsubscribe();
  }
  return stop;
}
