import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { clientAddress } from '../../../abuse/api-limits.js';
import type { AuditAction, AuditDetail, AuditOutcome } from '../../../domain/audit.js';
import { normalizeEmail } from '../../../domain/account.js';
import { isId } from '../../../domain/ids.js';
import { actorBelongsToTeam, type AuditRecord, auditActorOf, recordAudit } from '../../../services/audit.js';
import type { ServiceDeps } from '../../../services/deps.js';

/**
 * The audit trail of the API: what a recorded route's declaration says (its `audit`), and the two
 * hooks that record it. an entry is written after the route's change committed and
 * before its answer leaves, so a client that got its answer finds the entry, and a failed write
 * is logged and never fails or undoes the change (docs/decisions.md #49).
 */

/** What a recorded route's answer and request tell about it. */
export interface Seen {
  readonly params: Readonly<Record<string, string>>;
  readonly body: Readonly<Record<string, unknown>>;
  /** `data` of a JSON success answer; {} otherwise. */
  readonly data: Readonly<Record<string, unknown>>;
  /** The caller's account, when it has one. */
  readonly accountId: string | null;
}

/** How a recorded route is written in the log: the `audit` of its declaration (core/endpoint.ts). */
export interface RouteAudit {
  readonly action: AuditAction;
  /** What was acted on; absent = nothing to name. */
  readonly target?: (seen: Seen) => { type: string; id: string | null } | null;
  readonly detail?: (seen: Seen) => AuditDetail;
  /** Where the team of the entry comes from when no `:teamId`/`:inboxId`/`:eventId`/`:jobId` says it. */
  readonly teamFromAnswer?: (seen: Seen) => string | null;
}

export function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
}

export function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function listed(value: unknown): string | null {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string').join(' ') : null;
}

/** The target named by the path parameter `name`. */
export const param = (type: string, name: string) => (seen: Seen) => ({ type, id: seen.params[name] ?? null });
/** The target the answer's `data[key].id` names (what the route created). */
export const answered = (type: string, key: string) => (seen: Seen) => ({
  type,
  id: text(field(seen.data[key], 'id')),
});
/** The inbox of the `:inboxId` parameter. */
export const inboxTarget = param('inbox', 'inboxId');
/** The caller's own account. */
export const ownAccount = (seen: Seen) => ({ type: 'account', id: seen.accountId });

/** The outcome an answer's status stands for, or null when nothing of consequence happened (a 400, a 404, a 409...). */
function outcomeOf(status: number, action: AuditAction): AuditOutcome | null {
  if (status >= 200 && status < 300) return 'success';
  if (status === 401 || status === 403) return 'denied';
  // A replay that reached no answer (502 unreachable, 504 timeout) was tried: it is recorded.
  if ((action === 'replay' || action === 'replay.bulk') && (status === 502 || status === 504)) return 'failed';
  return null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The team owning the route's inbox, and the inbox's owner, read before the route ran. */
    auditOwner: { teamId: string | null; ownerId: string | null } | null;
  }
}

function teamOfOwner(ownerId: string | null): string | null {
  return ownerId !== null && isId('team', ownerId) ? ownerId : null;
}

/** The owner of the inbox the route names (through `:inboxId`, `:eventId` or `:jobId`), or null. */
async function ownerOfNamedInbox(deps: ServiceDeps, params: Readonly<Record<string, string>>) {
  let inboxId = params['inboxId'] ?? null;
  if (inboxId === null && params['eventId'] !== undefined)
    inboxId = (await deps.store.events.findById(params['eventId']))?.inboxId ?? null;
  if (inboxId === null && params['jobId'] !== undefined)
    inboxId = (await deps.store.replayJobs.findById(params['jobId']))?.inboxId ?? null;
  if (inboxId === null) return null;
  const found = await deps.store.inboxes.findLive(inboxId, deps.clock.now());
  return found === null ? null : { teamId: teamOfOwner(found.ownerId), ownerId: found.ownerId };
}

function dataOf(payload: unknown): Record<string, unknown> {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return {};
  try {
    const data = field(JSON.parse(payload), 'data');
    return data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body: unknown = request.body;
  return body !== null && typeof body === 'object' && !Buffer.isBuffer(body) ? (body as Record<string, unknown>) : {};
}

/** The account a failed sign-in named, so the attempt shows in that account's own log. */
async function accountNamedBy(deps: ServiceDeps, email: unknown): Promise<string | null> {
  if (typeof email !== 'string' || email.length > 320) return null;
  return (await deps.store.accounts.findByEmail(normalizeEmail(email)))?.id ?? null;
}

async function entriesFor(
  deps: ServiceDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  audit: RouteAudit,
  trustProxy: boolean,
): Promise<AuditRecord[]> {
  const outcome = outcomeOf(reply.statusCode, audit.action);
  if (outcome === null) return [];
  let actor = auditActorOf(request.principal);
  const params = (request.params ?? {}) as Record<string, string>;
  const body = bodyOf(request);
  const data = outcome === 'success' ? dataOf(payload) : {};
  let accountId = actor.accountId;
  if (audit.action === 'auth.sign_in') {
    accountId = text(field(data['account'], 'id')) ?? (await accountNamedBy(deps, body['email']));
    // The one who signed in is the actor; a failed attempt has none known.
    if (outcome === 'success') actor = { accountId, tokenId: null, shareId: null };
  } else if (actor.accountId === null && actor.shareId === null) {
    // Without a valid credential nothing happened that an account or team should see (a 401 is
    // counted by the failed-authentication budget instead), and anonymous inboxes have no log.
    return [];
  }
  const seen: Seen = { params, body, data, accountId };
  request.auditOwner ??= await ownerOfNamedInbox(deps, params);
  let teamId = params['teamId'] ?? audit.teamFromAnswer?.(seen) ?? request.auditOwner?.teamId ?? null;
  // A refusal goes to the actor's own log, and to the team's only when the actor belongs to it;
  // one that neither would show (a sharing link outside the team) is not written at all.
  if (outcome !== 'success' && teamId !== null && !(await actorBelongsToTeam(deps, request.principal, teamId))) {
    teamId = null;
    if (accountId === null) return [];
  }
  const target = audit.target?.(seen);
  const record: AuditRecord = {
    action: audit.action,
    actor,
    ip: clientAddress(request, trustProxy),
    outcome,
    accountId,
    teamId,
    target: target?.id == null ? null : { type: target.type, id: target.id },
    detail: {
      ...(audit.detail?.(seen) ?? {}),
      ...(outcome === 'success' ? {} : { status: reply.statusCode }),
    },
  };
  // A move out of a team is also written in that team's log (without the mover's, once is enough).
  const fromTeam = request.auditOwner?.teamId ?? null;
  if (audit.action === 'inbox.moved' && outcome === 'success' && fromTeam !== null && fromTeam !== teamId) {
    return [record, { ...record, accountId: null, teamId: fromTeam }];
  }
  return [record];
}

/**
 * Records one entry for a request no route's declaration covers (an OpenID Connect callback
 * signing someone in, say): the actor is the request's credential unless given, the address is
 * the one the limits use. Never rejects: a failed write is logged, the request goes on.
 */
export async function recordRequestAudit(
  ctx: { readonly deps: ServiceDeps; readonly trustProxy: boolean; readonly logger: Logger },
  request: FastifyRequest,
  record: Omit<AuditRecord, 'ip' | 'actor'> & { readonly actor?: AuditRecord['actor'] },
): Promise<void> {
  await writeLogged(ctx, request, {
    ...record,
    actor: record.actor ?? auditActorOf(request.principal),
    ip: clientAddress(request, ctx.trustProxy),
  });
}

async function writeLogged(
  ctx: { readonly deps: ServiceDeps; readonly logger: Logger },
  request: FastifyRequest,
  ...records: AuditRecord[]
): Promise<void> {
  try {
    for (const record of records) await recordAudit(ctx.deps, record);
  } catch (err) {
    ctx.logger.error(
      { err, action: records[0]?.action, route: request.routeOptions.url },
      'audit: entry not written (the action itself went through)',
    );
  }
}

/**
 * Installs the audit trail on the API app: a preHandler that reads, before a recorded route
 * changes anything, which team owns the inbox it names (a deleted or moved inbox no longer
 * says), and an onSend hook that writes the entries of recorded routes.
 */
export function installAuditTrail(
  app: FastifyInstance,
  deps: ServiceDeps,
  opts: { readonly trustProxy: boolean; readonly logger: Logger },
): void {
  app.decorateRequest('auditOwner', null);
  const auditOf = (request: FastifyRequest): RouteAudit | undefined => {
    const audit = request.routeOptions.config.endpoint?.audit;
    // A HEAD request runs its GET route: reads are never recorded.
    return audit === undefined || audit === 'none' || request.method === 'HEAD' ? undefined : audit;
  };
  app.addHook('preHandler', async (request) => {
    if (auditOf(request) === undefined || request.principal === null || request.principal.kind === 'anonymous') return;
    request.auditOwner = await ownerOfNamedInbox(deps, (request.params ?? {}) as Record<string, string>);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const audit = auditOf(request);
    if (audit === undefined) return payload;
    let records: AuditRecord[] = [];
    try {
      records = await entriesFor(deps, request, reply, payload, audit, opts.trustProxy);
    } catch (err) {
      opts.logger.error({ err, action: audit.action }, 'audit: entry not written (the action itself went through)');
    }
    await writeLogged({ deps, logger: opts.logger }, request, ...records);
    return payload;
  });
}
