import type { FastifyRequest } from 'fastify';
import { scopeCovers } from '../../../domain/token-scope.js';
import { AppError } from '../../../errors.js';
import type { Principal, ServiceDeps } from '../../../services/deps.js';
import { pathParam } from './request.js';
import { INBOX_MARK, type RouteInbox, type RouteScope, type RouteTeam, SCOPE_MARK, TEAM_MARK } from './route-schema.js';

interface ScopedSchema {
  readonly [SCOPE_MARK]?: RouteScope;
  readonly [INBOX_MARK]?: RouteInbox;
  readonly [TEAM_MARK]?: RouteTeam;
}

function marksOf(schema: unknown): ScopedSchema {
  return (schema ?? {}) as ScopedSchema;
}

/** The inbox the route names, or null when the name leads nowhere (the route then answers 404 itself). */
async function namedInbox(deps: Pick<ServiceDeps, 'store'>, request: FastifyRequest, from: RouteInbox) {
  switch (from) {
    case 'inboxId':
      return pathParam(request, 'inboxId');
    case 'eventId':
      return (await deps.store.events.findById(pathParam(request, 'eventId')))?.inboxId ?? null;
    case 'jobId':
      return (await deps.store.replayJobs.findById(pathParam(request, 'jobId')))?.inboxId ?? null;
    case 'list':
      return null;
  }
}

const NOT_FOUND = { inboxId: 'INBOX_NOT_FOUND', eventId: 'EVENT_NOT_FOUND', jobId: 'REPLAY_JOB_NOT_FOUND' } as const;

/**
 * What an API token may call: the route's scope must be covered by the token's (403
 * INSUFFICIENT_SCOPE naming the scope needed), and a token limited to some inboxes reaches only
 * routes that name one of them (others' objects answer 404 as if they did not exist, so a
 * limited token learns nothing about the rest of the account) or list inboxes (the route shows
 * only its own). A token limited to a team reaches only the team's inboxes and the team itself
 * (see checkTeamLimit). Sessions and sharing links are not tokens: they have their own rules.
 * This is the first answer for the id a route names; the services hold every other id of the
 * request to the same limits where they look the object up (authorizeInbox, reachableTeamRole).
 */
export async function checkTokenScope(
  deps: Pick<ServiceDeps, 'store' | 'clock'>,
  request: FastifyRequest,
  principal: Principal,
): Promise<void> {
  if (principal.kind !== 'token') return;
  const marks = marksOf(request.routeOptions.schema);
  const needed = marks[SCOPE_MARK];
  if (needed === undefined || needed === 'none') return;
  if (!scopeCovers(principal.scope, needed)) {
    throw new AppError('INSUFFICIENT_SCOPE', {
      message: `This API token has the ${principal.scope} scope; this request needs ${needed}`,
    });
  }
  if (principal.teamId !== null) await checkTeamLimit(deps, request, principal.teamId, marks);
  if (principal.inboxIds === null) return;
  const from = marks[INBOX_MARK];
  if (from === undefined) {
    throw new AppError('INSUFFICIENT_SCOPE', {
      message: 'This API token is limited to some inboxes; this request is about the whole account',
    });
  }
  if (from === 'list') return;
  const inboxId = await namedInbox(deps, request, from);
  if (inboxId !== null && !principal.inboxIds.includes(inboxId)) throw new AppError(NOT_FOUND[from]);
}

/**
 * A token limited to a team: account-wide routes are refused (INSUFFICIENT_SCOPE), and an inbox
 * the route names must be the team's (others answer 404 as if they did not exist, the account's
 * own included). The services check the member's role on every request (authorizeInbox,
 * getMembership), so the token never acts above it; they also keep the limit on the team
 * routes and on what lists show.
 */
async function checkTeamLimit(
  deps: Pick<ServiceDeps, 'store' | 'clock'>,
  request: FastifyRequest,
  teamId: string,
  marks: ScopedSchema,
): Promise<void> {
  const from = marks[INBOX_MARK];
  if (from === undefined && marks[TEAM_MARK] === undefined) {
    throw new AppError('INSUFFICIENT_SCOPE', {
      message: 'This API token is limited to a team; this request is about the whole account',
    });
  }
  if (from === undefined || from === 'list') return;
  const inboxId = await namedInbox(deps, request, from);
  const inbox = inboxId === null ? null : await deps.store.inboxes.findLive(inboxId, deps.clock.now());
  if (inbox !== null && inbox.ownerId !== teamId) throw new AppError(NOT_FOUND[from]);
}
