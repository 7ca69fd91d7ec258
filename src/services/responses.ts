import { chooseAnswer, responseWeight, subPathOf, type ChosenAnswer, type InboxResponse } from '../domain/response.js';
import { parseInboxResponseInput } from '../domain/response-input.js';
import { AppError } from '../errors.js';
import { firstTemplateProblem, type ResolvedAnswer } from './response-templates.js';
import { sharedTemplateRenderer } from './template-renderer.js';
import { getEvent } from './events.js';
import type { InboxResponseRepository } from '../ports/inbox-response-repository.js';
import type { Store } from '../ports/store.js';
import type { Principal, ServiceDeps } from './deps.js';
import { getAuthorizedInbox } from './inboxes.js';
import { ShortLivedCache } from './short-lived-cache.js';

type ResponseDeps = Pick<ServiceDeps, 'store' | 'clock' | 'templates'>;

/**
 * Response rules (docs/responses.md). Who may read and change an inbox's response: the
 * rules of renaming or deleting the inbox (its owner; anyone holding an anonymous inbox's id,
 * who can already send it requests). Sharing links are read-only and never see it.
 */
async function writableInbox(
  deps: ResponseDeps,
  principal: Principal,
  inboxId: string,
  action: 'read' | 'replay' = 'replay',
) {
  // The API refuses links on every route but the reading ones (app.ts); this keeps it so here.
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  return getAuthorizedInbox(deps, principal, inboxId, action);
}

/** The inbox's response, or null when it answers the contract's 200. */
export async function getInboxResponse(
  deps: ResponseDeps,
  principal: Principal,
  inboxId: string,
): Promise<InboxResponse | null> {
  const inbox = await writableInbox(deps, principal, inboxId, 'read');
  return deps.store.responses.find(inbox.id);
}

/**
 * Sets the inbox's response from the body of `PUT /api/v1/inboxes/<id>/response`
 * (VALIDATION_FAILED with the first problem found). This process's ingest sees it at once; other
 * instances within RESPONSE_CACHE_MAX_AGE_MS.
 */
export async function setInboxResponse(
  deps: ResponseDeps,
  principal: Principal,
  inboxId: string,
  body: unknown,
): Promise<InboxResponse> {
  const inbox = await writableInbox(deps, principal, inboxId);
  const parsed = parseInboxResponseInput(body);
  if (!parsed.ok) {
    throw new AppError('VALIDATION_FAILED', {
      message: `Invalid response at ${parsed.problem.path}: ${parsed.problem.message}`,
      details: [parsed.problem],
    });
  }
  assertTemplatesParse(parsed.value);
  const now = deps.clock.now();
  const response: InboxResponse = { inboxId: inbox.id, ...parsed.value, updatedAt: now };
  try {
    // Conditional on the owner seen above: a save by another account in between wins.
    if (!(await deps.store.responses.put(response, inbox.ownerId, now))) throw new AppError('INBOX_NOT_FOUND');
  } finally {
    responseCacheFor(deps.store).invalidate(inbox.id);
  }
  return response;
}

/** VALIDATION_FAILED naming the first template that does not parse, with its line and column. */
function assertTemplatesParse(response: Pick<InboxResponse, 'answer' | 'rules'>): void {
  const problem = firstTemplateProblem(response);
  if (problem !== null) {
    throw new AppError('VALIDATION_FAILED', {
      message: `Invalid response at ${problem.path}: ${problem.message}`,
      details: [problem],
    });
  }
}

/**
 * What the inbox would answer a captured event (the settings page's preview): `input` is a
 * response as PUT takes it (saved or not), rendered against event `eventId` of the same inbox as
 * ingest would have: the rule that matches, its templates, the fallback when they fail. Nothing
 * is stored. Same access as reading the response; the event must be readable and of this inbox
 * (EVENT_NOT_FOUND otherwise).
 */
export async function previewInboxResponse(
  deps: ResponseDeps,
  principal: Principal,
  inboxId: string,
  input: { readonly response: unknown; readonly eventId: string },
): Promise<ResolvedAnswer> {
  const inbox = await writableInbox(deps, principal, inboxId);
  const parsed = parseInboxResponseInput(input.response);
  if (!parsed.ok) {
    throw new AppError('VALIDATION_FAILED', {
      message: `Invalid response at /response${parsed.problem.path === '/' ? '' : parsed.problem.path}: ${parsed.problem.message}`,
      details: [{ ...parsed.problem, path: `/response${parsed.problem.path === '/' ? '' : parsed.problem.path}` }],
    });
  }
  assertTemplatesParse(parsed.value);
  const { event } = await getEvent(deps, principal, input.eventId);
  if (event.inboxId !== inbox.id) throw new AppError('EVENT_NOT_FOUND');
  const response: InboxResponse = { inboxId: inbox.id, ...parsed.value, updatedAt: deps.clock.now() };
  const headers = event.headers.flat();
  const chosen = chooseAnswer(response, {
    method: event.method,
    subPath: subPathOf(event.path, inbox.id),
    rawHeaders: headers,
  });
  // On a render thread, as ingest renders: a preview is as untrusted as a sender's request.
  return (deps.templates ?? sharedTemplateRenderer()).resolve(
    chosen,
    {
      eventId: event.id,
      method: event.method,
      subPath: subPathOf(event.path, inbox.id),
      query: event.query,
      headers: event.headers,
      body: event.body,
      receivedAt: event.receivedAt,
    },
    // Its own cooldown: a hostile preview does not stop the inbox's answers, nor the reverse.
    `preview:${inbox.id}`,
  );
}

/** Removes the inbox's response: it answers the contract's `200 {"ok":true}` again. */
export async function clearInboxResponse(deps: ResponseDeps, principal: Principal, inboxId: string): Promise<void> {
  const inbox = await writableInbox(deps, principal, inboxId);
  try {
    if (!(await deps.store.responses.delete(inbox.id, inbox.ownerId, deps.clock.now())))
      throw new AppError('INBOX_NOT_FOUND');
  } finally {
    responseCacheFor(deps.store).invalidate(inbox.id);
  }
}

// ---------------------------------------------------------------------------------------------
// The ingest side: the answer is chosen before the event is stored, from a short-lived cache.
// ---------------------------------------------------------------------------------------------

/** How old a cached response may be when ingest uses it: other instances' changes show within this. */
export const RESPONSE_CACHE_MAX_AGE_MS = 1000;

export interface ResponseCacheOptions {
  readonly maxAgeMs?: number;
  /** Inboxes remembered at most (those without a response too). */
  readonly maxEntries?: number;
  /** Approximate bytes of responses held at most. */
  readonly maxWeight?: number;
  /** Monotonic milliseconds. */
  readonly now?: () => number;
}

/**
 * The ingest listener's view of inboxes' responses (a ShortLivedCache): each inbox's (or its
 * absence) is read at most once per `maxAgeMs` per process, so an inbox without one costs a Map
 * lookup per request, not a query; a hit returns synchronously. Writes made through this process
 * invalidate at once (the service functions above call `invalidate`).
 */
export class ResponseCache {
  private readonly cache: ShortLivedCache<InboxResponse | null>;
  private readonly read: (inboxId: string) => Promise<InboxResponse | null>;

  constructor(repository: Pick<InboxResponseRepository, 'find'>, opts: ResponseCacheOptions = {}) {
    this.read = (inboxId) => repository.find(inboxId);
    this.cache = new ShortLivedCache({
      maxAgeMs: opts.maxAgeMs ?? RESPONSE_CACHE_MAX_AGE_MS,
      maxEntries: opts.maxEntries ?? 10_000,
      maxWeight: opts.maxWeight ?? 64 * 1024 * 1024,
      weigh: (response) => (response === null ? 64 : responseWeight(response)),
      ...(opts.now ? { now: opts.now } : {}),
    });
  }

  /** The inbox's response: synchronously when a fresh one is cached, else once it is read. */
  lookup(inboxId: string): InboxResponse | null | Promise<InboxResponse | null> {
    return this.cache.lookup(inboxId, this.read);
  }

  invalidate(inboxId: string): void {
    this.cache.invalidate(inboxId);
  }
}

/** One cache per store: the API's writes and ingest's reads of one process meet here. */
const caches = new WeakMap<Store, ResponseCache>();

export function responseCacheFor(store: Store): ResponseCache {
  let cache = caches.get(store);
  if (cache === undefined) {
    cache = new ResponseCache(store.responses);
    caches.set(store, cache);
  }
  return cache;
}

/** What the ingest listener knows of a request when it picks the answer. */
export interface AnswerableRequest {
  readonly inboxId: string;
  readonly method: string;
  readonly path: string;
  readonly rawHeaders: readonly string[];
}

function choose(response: InboxResponse | null, request: AnswerableRequest): ChosenAnswer | null {
  if (response === null) return null;
  return chooseAnswer(response, {
    method: request.method,
    subPath: subPathOf(request.path, request.inboxId),
    rawHeaders: request.rawHeaders,
  });
}

/**
 * The answer for an ingest request, or null for the contract's 200 (no response set):
 * synchronously when the inbox's response is cached. Rejects with StorageError when it had to be
 * read and could not be (the listener answers 503, as for a failed insert).
 */
export function answerForRequest(
  cache: ResponseCache,
  request: AnswerableRequest,
): ChosenAnswer | null | Promise<ChosenAnswer | null> {
  const response = cache.lookup(request.inboxId);
  return response instanceof Promise ? response.then((loaded) => choose(loaded, request)) : choose(response, request);
}
