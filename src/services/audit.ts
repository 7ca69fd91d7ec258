import {
  type AuditActor,
  type AuditDetail,
  type AuditEntry,
  type AuditOutcome,
  type AuditTarget,
  boundedDetail,
  isAuditAction,
  UNKNOWN_ACTOR,
} from '../domain/audit.js';
import { createSortableIdFactory, isId } from '../domain/ids.js';
import { roleNeededForTeam } from '../domain/team.js';
import { AppError } from '../errors.js';
import { requireAccount } from './auth.js';
import type { Principal, ServiceDeps } from './deps.js';
import { getMembership, requireRole } from './teams.js';

/**
 * The audit log (docs/teams.md, "Audit log"). Entries are written right after the change they
 * record has committed, by whoever made it (the API's audit trail for routes; a sign-in method
 * calls recordAudit itself). A failed write is the caller's to log: it never undoes or fails
 * the change it describes.
 */

type AuditDeps = Pick<ServiceDeps, 'store' | 'clock'>;

const nextAuditId = createSortableIdFactory('audit');

/** What a caller knows of an action when it records it; the rest is filled in here. */
export interface AuditRecord {
  readonly action: string;
  readonly actor: AuditActor;
  readonly ip: string;
  readonly outcome?: AuditOutcome;
  /** The account whose own log shows it; default: the actor's account. */
  readonly accountId?: string | null;
  /** The team whose log shows it (the team acted on, or the team owning the inbox). */
  readonly teamId?: string | null;
  readonly target?: AuditTarget | null;
  /** A few short values: never a secret, a token or a body. */
  readonly detail?: AuditDetail;
}

/** Writes one entry and returns it. Rejects (with a StorageError) when it could not be written. */
export async function recordAudit(deps: AuditDeps, record: AuditRecord): Promise<AuditEntry> {
  const now = deps.clock.now();
  const entry: AuditEntry = {
    id: nextAuditId(now.getTime()),
    at: now,
    accountId: record.accountId === undefined ? record.actor.accountId : record.accountId,
    teamId: record.teamId ?? null,
    actor: record.actor,
    ip: record.ip,
    action: record.action,
    target: record.target ?? null,
    outcome: record.outcome ?? 'success',
    detail: boundedDetail(record.detail ?? {}),
  };
  await deps.store.audit.insert(entry);
  return entry;
}

/**
 * True when `actor` may have an entry in the team's log: a member of the team, or a sharing link
 * of one of its inboxes. Refusals are written where their actor belongs, never into the log of a
 * team the actor is no part of: an outsider could otherwise fill any team's log at will.
 */
export async function actorBelongsToTeam(
  deps: Pick<ServiceDeps, 'store' | 'clock'>,
  principal: Principal | null,
  teamId: string,
): Promise<boolean> {
  if (principal === null || principal.kind === 'anonymous') return false;
  if (principal.kind === 'share') {
    const inbox = await deps.store.inboxes.findLive(principal.inboxId, deps.clock.now());
    return inbox !== null && inbox.ownerId === teamId;
  }
  return (await deps.store.teams.findRole(teamId, principal.accountId)) !== null;
}

/** The actor a request's credential stands for. */
export function auditActorOf(principal: Principal | null): AuditActor {
  if (principal === null || principal.kind === 'anonymous') return UNKNOWN_ACTOR;
  if (principal.kind === 'share') return { accountId: null, tokenId: null, shareId: principal.shareId };
  return {
    accountId: principal.accountId,
    tokenId: principal.kind === 'token' ? principal.tokenId : null,
    shareId: null,
  };
}

/** The filters and cursor of a page, as the API received them. */
export interface AuditPageInput {
  readonly limit: number;
  readonly before?: string | undefined;
  readonly action?: string | undefined;
  readonly actor?: string | undefined;
}

export interface AuditPage {
  /** An actor's e-mail is added when the account still exists. */
  readonly entries: (AuditEntry & { readonly actorEmail: string | null })[];
  /** The `before` of the next page, or null when this page reached the oldest entry. */
  readonly nextBefore: string | null;
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message, details: [{ path, message }] });
}

const ACTOR_KINDS = ['account', 'token', 'share'] as const;

/** Checks the filters: an action Rehook records, an account/token/link id, an audit id cursor. */
function checkPageInput(input: AuditPageInput): void {
  if (input.action !== undefined && !isAuditAction(input.action)) {
    throw invalid('/action', 'action must be one of the recorded actions (docs/teams.md)');
  }
  if (input.actor !== undefined && !ACTOR_KINDS.some((kind) => isId(kind, input.actor ?? ''))) {
    throw invalid('/actor', 'actor must be an account, token or sharing-link id (acc_, tok_, shr_)');
  }
  if (input.before !== undefined && !isId('audit', input.before)) {
    throw invalid('/before', 'before must be an audit entry id (aud_...), as the Link header gives it');
  }
}

async function readPage(
  deps: AuditDeps,
  log: { accountId: string } | { teamId: string },
  input: AuditPageInput,
): Promise<AuditPage> {
  checkPageInput(input);
  // One more than asked tells whether an older page exists without a second query.
  const rows = await deps.store.audit.list({
    ...log,
    limit: input.limit + 1,
    ...(input.action === undefined ? {} : { action: input.action }),
    ...(input.actor === undefined ? {} : { actor: input.actor }),
    ...(input.before === undefined ? {} : { before: input.before }),
  });
  const entries = rows.slice(0, input.limit);
  const emails = new Map<string, string | null>();
  for (const entry of entries) {
    const id = entry.actor.accountId;
    if (id !== null && !emails.has(id)) emails.set(id, (await deps.store.accounts.findById(id))?.email ?? null);
  }
  return {
    entries: entries.map((entry) => ({
      ...entry,
      actorEmail: entry.actor.accountId === null ? null : (emails.get(entry.actor.accountId) ?? null),
    })),
    nextBefore: rows.length > input.limit ? (entries.at(-1)?.id ?? null) : null,
  };
}

/** The caller's own log: what its account did, and sign-ins attempted on it. */
export async function listAccountAudit(deps: AuditDeps, principal: Principal, input: AuditPageInput) {
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  const { accountId } = requireAccount(principal);
  return readPage(deps, { accountId }, input);
}

/** A team's log, for its owners and admins: what was done to the team and its inboxes. */
export async function listTeamAudit(deps: AuditDeps, principal: Principal, teamId: string, input: AuditPageInput) {
  const { role } = await getMembership(deps, principal, teamId);
  requireRole(role, roleNeededForTeam('readAudit'), "read the team's audit log");
  return readPage(deps, { teamId }, input);
}

/**
 * Deletes entries older than `retentionMs` in batches of `batchSize` until none is left or
 * `deadline` (epoch ms) passes; returns how many went. The sweeper runs it under its lock.
 */
export async function retireAuditEntries(
  deps: AuditDeps,
  opts: { retentionMs: number; batchSize: number; deadline: number },
): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - opts.retentionMs);
  let deleted = 0;
  for (;;) {
    const count = await deps.store.audit.deleteBefore(cutoff, opts.batchSize);
    deleted += count;
    if (count < opts.batchSize || Date.now() > opts.deadline) return deleted;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
