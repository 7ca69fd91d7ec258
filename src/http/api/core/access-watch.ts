import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../errors.js';
import { watchAccess } from '../../../services/access-watch.js';
import { isAccount, type Principal, type ServiceDeps } from '../../../services/deps.js';
import { getReadableInbox } from '../../../services/inboxes.js';
import { authenticateRequest } from './request.js';

/**
 * For a request held open on an inbox (a live stream, a long-poll) by an account: when its
 * account's team memberships change or its token is revoked, on any instance, authenticates the
 * request again and re-reads the inbox; `onLost` gets the refusal (an AppError) if access is
 * gone. Nothing for other principals (sharing links have their own watch). Returns the function
 * that stops watching.
 */
export function watchRequestAccess(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'bus'>,
  request: FastifyRequest,
  principal: Principal,
  inboxId: string,
  onLost: (refusal: AppError) => void,
): () => void {
  if (!isAccount(principal)) return () => undefined;
  return watchAccess(deps.bus, principal, () => {
    authenticateRequest(deps, request)
      .then((current) => getReadableInbox(deps, current, inboxId))
      .then(
        () => undefined,
        (err: unknown) => {
          if (err instanceof AppError) onLost(err);
        },
      );
  });
}
