import type { Inbox } from '../domain/inbox.js';
import type { InboxAction } from '../domain/team.js';
import { AppError } from '../errors.js';
import { requireAccount } from './auth.js';
import type { Principal, ServiceDeps } from './deps.js';
import { authorizeInbox, findLiveInbox } from './inboxes.js';

/**
 * The caller's saved inbox, for the settings only a saved inbox has (forwarding, alerts, its own
 * event type rule): its owner, or a team member whose role allows `action` (reading: viewer;
 * changing: admin). SHARE_READ_ONLY for a sharing link, UNAUTHORIZED without an account,
 * INBOX_NOT_FOUND for an unknown, expired or another account's inbox, INBOX_NOT_SAVED (with
 * `notSaved` as its message) for an anonymous one, whose id is its only credential.
 */
export async function savedInbox(
  deps: Pick<ServiceDeps, 'store' | 'clock'>,
  principal: Principal,
  inboxId: string,
  opts: { readonly action: InboxAction; readonly notSaved: string },
): Promise<Inbox> {
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  requireAccount(principal);
  const inbox = await findLiveInbox(deps, inboxId);
  if (inbox.ownerId === null) throw new AppError('INBOX_NOT_SAVED', { message: opts.notSaved });
  await authorizeInbox(deps, principal, inbox, opts.action);
  return inbox;
}
