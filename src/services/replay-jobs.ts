import type { InboxAction } from '../domain/team.js';
import { parseDestination } from '../domain/destination.js';
import { isId, newId } from '../domain/ids.js';
import * as jobLimits from '../domain/replay-job.js';
import type { EventSelection, ReplayJob, ReplayJobFilter, ReplayJobItem } from '../domain/replay-job.js';
import { AppError, type ErrorDetail } from '../errors.js';
import { requireAccount } from './auth.js';
import type { Principal, ServiceDeps } from './deps.js';
import { settingsForSigning } from './signatures.js';
import { authorizeInbox, getAuthorizedInbox, getReadableInbox, tokenReaches } from './inboxes.js';

/** `signatureKeys` only for jobs that re-sign (a caller that never re-signs may omit it). */
type JobDeps = Pick<ServiceDeps, 'store' | 'clock' | 'bus'> & Partial<Pick<ServiceDeps, 'signatureKeys'>>;

/** Results a job answer carries when the request does not say; the most it may ask for. */
export const DEFAULT_RESULTS_PAGE = 100;
export const MAX_RESULTS_PAGE = 1000;
/** Jobs an inbox's job list shows at most (newest first). */
export const MAX_LISTED_JOBS = 100;

/** A job creation request, validated. */
export interface ReplayJobRequest {
  readonly destination: string;
  readonly filter: ReplayJobFilter;
  readonly ratePerSecond: number;
  readonly concurrency: number;
  readonly resign: boolean;
}

const FIELDS = new Set([
  'resign',
  'destination',
  'eventIds',
  'since',
  'until',
  'method',
  'pathPrefix',
  'ratePerSecond',
  'concurrency',
]);
const METHOD_PATTERN = /^[A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]{0,31}$/;
const ISO_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const MAX_PATH_PREFIX_LENGTH = 2048;

function invalid(details: ErrorDetail[]): AppError {
  const first = details[0];
  return new AppError('VALIDATION_FAILED', {
    message: first === undefined ? 'Request is invalid' : `${first.path.slice(1)} ${first.message}`,
    details,
  });
}

/** A bound (`since`/`until`): an event id, or an ISO 8601 time (epoch ms). */
function parseBound(value: string): { id: string } | { ms: number } | null {
  if (isId('event', value)) return { id: value };
  if (!ISO_TIME_PATTERN.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? { ms } : null;
}

/**
 * Validates the body of `POST /api/v1/inboxes/<id>/replays`. Unknown fields are refused (a typo
 * in a filter must not silently replay every event). Throws VALIDATION_FAILED with one detail
 * per problem, or INVALID_DESTINATION.
 */
export function parseReplayJobRequest(body: Readonly<Record<string, unknown>>): ReplayJobRequest {
  const details: ErrorDetail[] = [];
  for (const key of Object.keys(body)) {
    if (!FIELDS.has(key)) details.push({ path: `/${key}`, message: 'is not a field of a replay job' });
  }
  const filter: { -readonly [K in keyof ReplayJobFilter]: ReplayJobFilter[K] } = {};
  const { eventIds, since, until, method, pathPrefix } = body;
  if (eventIds !== undefined) {
    if (!Array.isArray(eventIds) || eventIds.length === 0 || eventIds.length > jobLimits.MAX_JOB_EVENT_IDS) {
      details.push({ path: '/eventIds', message: `must be a list of 1 to ${jobLimits.MAX_JOB_EVENT_IDS} event ids` });
    } else {
      eventIds.forEach((value: unknown, index) => {
        if (typeof value !== 'string' || !isId('event', value)) {
          details.push({ path: `/eventIds/${index}`, message: 'must be an event id (evt_...)' });
        }
      });
      filter.eventIds = [...new Set(eventIds as string[])];
    }
    for (const key of ['since', 'until', 'method', 'pathPrefix'] as const) {
      if (body[key] !== undefined) details.push({ path: `/${key}`, message: 'cannot be combined with eventIds' });
    }
  }
  const bounds: Record<'since' | 'until', ReturnType<typeof parseBound>> = { since: null, until: null };
  for (const [key, value] of [
    ['since', since],
    ['until', until],
  ] as const) {
    if (value === undefined) continue;
    const bound = typeof value === 'string' ? parseBound(value) : null;
    if (bound === null) details.push({ path: `/${key}`, message: 'must be an ISO 8601 time or an event id' });
    else {
      bounds[key] = bound;
      filter[key] = value as string;
    }
  }
  if (method !== undefined) {
    if (typeof method !== 'string' || !METHOD_PATTERN.test(method)) {
      details.push({ path: '/method', message: 'must be an HTTP method name, e.g. POST' });
    } else filter.method = method.toUpperCase();
  }
  if (pathPrefix !== undefined) {
    if (
      typeof pathPrefix !== 'string' ||
      !pathPrefix.startsWith('/') ||
      pathPrefix.length > MAX_PATH_PREFIX_LENGTH ||
      /[\u0000-\u0020\u007f?#]/.test(pathPrefix)
    ) {
      details.push({
        path: '/pathPrefix',
        message: `must start with / and be at most ${MAX_PATH_PREFIX_LENGTH} characters without spaces, ? or #`,
      });
    } else filter.pathPrefix = pathPrefix;
  }
  const ratePerSecond = body['ratePerSecond'] ?? jobLimits.DEFAULT_JOB_RATE;
  if (
    typeof ratePerSecond !== 'number' ||
    !Number.isFinite(ratePerSecond) ||
    ratePerSecond < jobLimits.MIN_JOB_RATE ||
    ratePerSecond > jobLimits.MAX_JOB_RATE
  ) {
    details.push({
      path: '/ratePerSecond',
      message: `must be a number from ${jobLimits.MIN_JOB_RATE} to ${jobLimits.MAX_JOB_RATE}`,
    });
  }
  const concurrency = body['concurrency'] ?? jobLimits.DEFAULT_JOB_CONCURRENCY;
  if (
    typeof concurrency !== 'number' ||
    !Number.isInteger(concurrency) ||
    concurrency < 1 ||
    concurrency > jobLimits.MAX_JOB_CONCURRENCY
  ) {
    details.push({
      path: '/concurrency',
      message: `must be a whole number from 1 to ${jobLimits.MAX_JOB_CONCURRENCY}`,
    });
  }
  const resign = body['resign'] ?? false;
  if (typeof resign !== 'boolean') details.push({ path: '/resign', message: 'must be true or false' });
  if (body['destination'] === undefined) details.push({ path: '/destination', message: 'is required' });
  if (details.length > 0) throw invalid(details);
  const target = parseDestination(body['destination']);
  if (!target.ok) throw new AppError('INVALID_DESTINATION', { message: `Invalid destination: ${target.reason}` });
  return {
    destination: body['destination'] as string,
    filter,
    ratePerSecond: ratePerSecond as number,
    concurrency: concurrency as number,
    resign: resign === true,
  };
}

/** The filter as the store applies it: bounds as ids or milliseconds, the full path prefix. */
export function toSelection(inboxId: string, filter: ReplayJobFilter): EventSelection {
  const selection: { -readonly [K in keyof EventSelection]: EventSelection[K] } = {};
  for (const key of ['since', 'until'] as const) {
    const value = filter[key];
    if (value === undefined) continue;
    const bound = parseBound(value);
    if (bound === null) continue;
    if ('id' in bound) selection[key === 'since' ? 'fromId' : 'throughId'] = bound.id;
    else selection[key === 'since' ? 'sinceMs' : 'untilMs'] = bound.ms;
  }
  if (filter.method !== undefined) selection.method = filter.method;
  if (filter.pathPrefix !== undefined) selection.pathPrefix = `/i/${inboxId}${filter.pathPrefix}`;
  return selection;
}

/** Tells every instance's runner to look now (a created or cancelled job); best effort. */
function announce(deps: Pick<ServiceDeps, 'bus'>, jobId: string): void {
  try {
    deps.bus.publishControl({ type: 'replay-job.changed', jobId });
  } catch {
    // The runners' poll finds it anyway.
  }
}

/**
 * Starts a bulk replay job over the inbox's events. Who may: the same as replaying one of its
 * events (an account; the owner for an owned inbox, any account for an anonymous one). The set
 * of events is fixed here: explicit `eventIds` (every one must be an event of the inbox), or
 * the events matching the range and filters, at most MAX_JOB_EVENTS. Throws UNAUTHORIZED,
 * INBOX_NOT_FOUND, VALIDATION_FAILED, INVALID_DESTINATION.
 */
export async function createReplayJob(
  deps: JobDeps,
  principal: Principal,
  inboxId: string,
  body: Readonly<Record<string, unknown>>,
): Promise<ReplayJob> {
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  const { accountId } = requireAccount(principal);
  const inbox = await getAuthorizedInbox(deps, principal, inboxId, 'replay');
  const request = parseReplayJobRequest(body);
  // Re-signing needs the inbox's secret: without one every send would fail, so say it now.
  if (request.resign) {
    if (deps.signatureKeys === undefined) throw new Error('createReplayJob: resign needs deps.signatureKeys');
    await settingsForSigning({ store: deps.store, signatureKeys: deps.signatureKeys }, inbox.id);
  }
  let eventIds: string[];
  if (request.filter.eventIds !== undefined) {
    eventIds = await deps.store.replayJobs.existingEventIds(inbox.id, request.filter.eventIds);
    if (eventIds.length < request.filter.eventIds.length) {
      const found = new Set(eventIds);
      const details: ErrorDetail[] = [];
      request.filter.eventIds.forEach((id, index) => {
        if (!found.has(id))
          details.push({ path: `/eventIds/${index}`, message: `${id} is not an event of this inbox` });
      });
      throw invalid(details);
    }
  } else {
    const selection = toSelection(inbox.id, request.filter);
    if (selection.sinceMs !== undefined && selection.untilMs !== undefined && selection.sinceMs >= selection.untilMs) {
      throw invalid([{ path: '/until', message: 'must be later than since' }]);
    }
    eventIds = await deps.store.replayJobs.selectEventIds(inbox.id, selection, jobLimits.MAX_JOB_EVENTS + 1);
    if (eventIds.length > jobLimits.MAX_JOB_EVENTS) {
      throw invalid([
        {
          path: '',
          message: `matches more than ${jobLimits.MAX_JOB_EVENTS} events: narrow the range or the filters, or split the job`,
        },
      ]);
    }
  }
  const job: ReplayJob = {
    id: newId('replayJob'),
    inboxId: inbox.id,
    accountId,
    destination: request.destination,
    filter: request.filter,
    ratePerSecond: request.ratePerSecond,
    concurrency: request.concurrency,
    resign: request.resign,
    state: 'queued',
    counts: jobLimits.emptyJobCounts(eventIds.length),
    createdAt: deps.clock.now(),
    startedAt: null,
    finishedAt: null,
    errorCode: null,
    errorMessage: null,
  };
  await deps.store.replayJobs.insert(job, eventIds);
  announce(deps, job.id);
  return job;
}

/**
 * The job if the caller may see it (and, for `replay`, cancel it): the account that made it, or
 * whoever may read its (owned, live) inbox, a team's members included; a team member's role
 * must allow `action` (FORBIDDEN). Everyone else gets REPLAY_JOB_NOT_FOUND, as for a job that
 * does not exist; a maker who has left the team no longer sees the team's jobs.
 */
async function findVisibleJob(
  deps: JobDeps,
  principal: Principal,
  jobId: string,
  action: InboxAction = 'read',
): Promise<ReplayJob> {
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  const { accountId } = requireAccount(principal);
  if (!isId('replayJob', jobId)) throw new AppError('REPLAY_JOB_NOT_FOUND');
  const job = await deps.store.replayJobs.findById(jobId);
  if (job === null) throw new AppError('REPLAY_JOB_NOT_FOUND');
  const inbox = await deps.store.inboxes.findLive(job.inboxId, deps.clock.now());
  if (inbox === null || inbox.ownerId === null) {
    // Its maker's, unless the token asking is limited away from the job's inbox.
    if (job.accountId === accountId && tokenReaches(principal, { id: job.inboxId, ownerId: null })) return job;
    throw new AppError('REPLAY_JOB_NOT_FOUND');
  }
  try {
    await authorizeInbox(deps, principal, inbox, action);
  } catch (err) {
    if (err instanceof AppError && err.code === 'INBOX_NOT_FOUND') throw new AppError('REPLAY_JOB_NOT_FOUND');
    throw err;
  }
  return job;
}

/** A job with one page of its results (items in replay order). */
export interface ReplayJobView {
  readonly job: ReplayJob;
  readonly results: readonly ReplayJobItem[];
  /** Pass as `resultsAfter` for the next page; null on the last one. */
  readonly nextResultsAfter: number | null;
}

async function withResults(
  deps: JobDeps,
  job: ReplayJob,
  page: { readonly after?: number; readonly limit?: number },
): Promise<ReplayJobView> {
  const limit = Math.min(Math.max(page.limit ?? DEFAULT_RESULTS_PAGE, 1), MAX_RESULTS_PAGE);
  const rows = await deps.store.replayJobs.listItems(job.id, {
    limit: limit + 1,
    ...(page.after === undefined ? {} : { after: page.after }),
  });
  const results = rows.slice(0, limit);
  const last = results.at(-1);
  return { job, results, nextResultsAfter: rows.length > limit && last !== undefined ? last.position : null };
}

/** Parses the results page parameters of `GET /api/v1/replay-jobs/<id>` (strings from the query). */
export function parseResultsPage(query: { after?: string | undefined; limit?: string | undefined }): {
  after?: number;
  limit: number;
} {
  const details: ErrorDetail[] = [];
  let after: number | undefined;
  let limit = DEFAULT_RESULTS_PAGE;
  if (query.after !== undefined) {
    if (!/^\d{1,9}$/.test(query.after))
      details.push({ path: '/resultsAfter', message: 'must be a result position (0 or more)' });
    else after = Number(query.after);
  }
  if (query.limit !== undefined) {
    const value = /^\d{1,4}$/.test(query.limit) ? Number(query.limit) : 0;
    if (value < 1 || value > MAX_RESULTS_PAGE)
      details.push({ path: '/resultsLimit', message: `must be 1 to ${MAX_RESULTS_PAGE}` });
    else limit = value;
  }
  if (details.length > 0) throw invalid(details);
  return { ...(after === undefined ? {} : { after }), limit };
}

/** The job with one page of its results. Throws UNAUTHORIZED, REPLAY_JOB_NOT_FOUND. */
export async function getReplayJob(
  deps: JobDeps,
  principal: Principal,
  jobId: string,
  page: { readonly after?: number; readonly limit?: number } = {},
): Promise<ReplayJobView> {
  return withResults(deps, await findVisibleJob(deps, principal, jobId), page);
}

/**
 * Cancels the job: nothing more is sent once the runner sees it (at once on the instance that
 * runs it; a send already in flight finishes and is recorded). Idempotent: a finished job stays
 * as it is. Same visibility as getReplayJob.
 */
export async function cancelReplayJob(deps: JobDeps, principal: Principal, jobId: string): Promise<ReplayJob> {
  const job = await findVisibleJob(deps, principal, jobId, 'replay');
  const after = await deps.store.replayJobs.cancel(job.id, deps.clock.now());
  if (after === null) throw new AppError('REPLAY_JOB_NOT_FOUND');
  if (job.state !== after.state) announce(deps, job.id);
  return after;
}

/**
 * Jobs of an inbox, newest first: all of them for the owner of an owned inbox, only the caller's
 * own for an anonymous inbox (as for replay history, decision 8).
 */
export async function listReplayJobs(
  deps: JobDeps,
  principal: Principal,
  inboxId: string,
  limit = MAX_LISTED_JOBS,
): Promise<ReplayJob[]> {
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  const { accountId } = requireAccount(principal);
  const inbox = await getReadableInbox(deps, principal, inboxId);
  return deps.store.replayJobs.listByInbox(inbox.id, {
    limit: Math.min(Math.max(limit, 1), MAX_LISTED_JOBS),
    ...(inbox.ownerId === null ? { accountId } : {}),
  });
}
