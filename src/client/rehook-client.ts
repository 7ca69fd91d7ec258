import { parseDurationMs } from '../domain/duration.js';
import { RehookApiError, RehookConnectionError, RehookTimeoutError } from './errors.js';
import type {
  CreatedShare,
  CreatedToken,
  Credentials,
  Duration,
  EventBody,
  EventDetail,
  EventMatch,
  EventPage,
  CurlCommand,
  EventFilterParams,
  ExportInboxOptions,
  EventSummary,
  Inbox,
  InboxResponse,
  InboxResponseInput,
  NextEventOptions,
  Replay,
  ResignedHeaders,
  SignatureSettings,
  SignatureSettingsInput,
  SendRequest,
  ReplayOptions,
  ReplayRun,
  Share,
  Session,
  Token,
  WaitForEventOptions,
} from './types.js';
import type { Delivery, Forwarding, ForwardingInput } from './types.js';
import type { ReplayJob, ReplayJobInput, ReplayJobPage } from './types.js';

export interface RehookClientOptions {
  /** Origin of the Rehook API, e.g. `http://127.0.0.1:8080` (a trailing slash is ignored). */
  readonly baseUrl: string;
  /** API token (rhk_...); without one the client calls as anonymous. */
  readonly token?: string | undefined;
  /** fetch implementation; defaults to the global one. */
  readonly fetch?: typeof fetch;
  /**
   * Read as a sharing link (rhl_...): every call sends it as X-Rehook-Share. Such a client reads
   * the link's inbox, its events and their bodies (inbox, events, event, eventBody, nextEvent,
   * waitForEvent); anything else answers SHARE_READ_ONLY. Not together with `token` (the server
   * would answer AMBIGUOUS_CREDENTIALS, so the constructor refuses it).
   */
  readonly share?: string | undefined;
  /**
   * Cookie mode, for the web app in a browser: every API call passes this to fetch (use
   * `'same-origin'`), so the browser sends the session cookie that signIn/signUp set. The CSRF
   * token of the session (remembered from signIn, signUp and session) is then sent as
   * X-CSRF-Token with every call other than GET. Without it, fetch's own default applies.
   */
  readonly credentials?: RequestInit['credentials'];
}

export interface ListEventsOptions {
  /** Page size, 1..1000 (server default 50). */
  readonly limit?: number | undefined;
  /** Only events older than this event id: the `nextBefore` of the previous page. */
  readonly before?: string | undefined;
  /**
   * Only matching events (docs/search.md). A filtered page may hold fewer than `limit` events
   * (even none) while `nextBefore` is set: keep paging until it is null.
   */
  readonly filter?: EventFilterParams | undefined;
}

/** Appends the filter's parameters (repeated ones once per value) to a query. */
function appendFilter(query: URLSearchParams, filter: EventFilterParams | undefined): void {
  for (const [name, value] of Object.entries(filter ?? {})) {
    for (const one of typeof value === 'string' ? [value] : ((value as readonly string[] | undefined) ?? []))
      query.append(name, one);
  }
}

/** The server's longest long-poll (GET .../events/next?timeout=): longer waits poll again. */
const MAX_POLL_MS = 120_000;
const DEFAULT_WAIT_MS = 30_000;
/** Lower than every event id: "any event of the inbox". */
const FIRST_EVENT_ID = 'evt_00000000000000000000000000';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Typed client of the Rehook REST API, made for tests as much as for tools: create an inbox,
 * send it a request, wait for what your code under test sends, inspect and replay events.
 * Every method throws RehookApiError for an error answer (`err.code` is the API's error code),
 * RehookConnectionError when the server cannot be reached.
 *
 * @example
 * const client = new RehookClient({ baseUrl: 'http://127.0.0.1:8080', token: process.env.REHOOK_TOKEN });
 * const inbox = await client.createInbox();
 * await triggerTheWebhook(inbox.url);
 * const event = await client.waitForEvent(inbox.id, { match: { json: { type: 'invoice.paid' } } });
 */
export class RehookClient {
  readonly baseUrl: string;
  readonly #token: string | undefined;
  readonly #fetch: typeof fetch;
  readonly #share: string | undefined;
  readonly #credentials: RequestInit['credentials'];
  /** The session's CSRF token (cookie mode), from the last signIn, signUp or session. */
  #csrfToken: string | undefined;
  /** Full ingest URLs of inboxes already looked up, for send(). */
  readonly #ingestUrls = new Map<string, string>();

  constructor(options: RehookClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#token = options.token === '' ? undefined : options.token;
    // Called as a plain function: browsers refuse a fetch invoked as a method of another object.
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#share = options.share === '' ? undefined : options.share;
    if (this.#share !== undefined && this.#token !== undefined) {
      throw new TypeError('RehookClient: give either a token or a share, not both');
    }
    this.#credentials = options.credentials;
  }

  // --- Accounts and sessions (cookie mode) --------------------------------------------------

  /**
   * Creates an account and signs in (the server sets the session cookie): needs sign-up to be
   * open on the server (else SIGNUP_CLOSED). Remembers the session's CSRF token.
   */
  async signUp(credentials: Credentials): Promise<Session> {
    return this.#session('POST', '/api/v1/auth/signup', { email: credentials.email, password: credentials.password });
  }

  /** Signs in (the server sets the session cookie; INVALID_CREDENTIALS otherwise). Remembers the CSRF token. */
  async signIn(credentials: Credentials): Promise<Session> {
    return this.#session('POST', '/api/v1/auth/signin', { email: credentials.email, password: credentials.password });
  }

  /** The signed-in account of this browser, or null when it is not signed in. Remembers the CSRF token. */
  async session(): Promise<Session | null> {
    try {
      return await this.#session('GET', '/api/v1/auth/session');
    } catch (err) {
      if (err instanceof RehookApiError && err.code === 'UNAUTHORIZED') {
        this.#csrfToken = undefined;
        return null;
      }
      throw err;
    }
  }

  /** Signs this browser out: the session ends and the server clears the cookie. */
  async signOut(): Promise<void> {
    await this.#send('POST', '/api/v1/auth/signout');
    this.#csrfToken = undefined;
  }

  /** Ends every session of the account, this one included (API tokens keep working). */
  async signOutEverywhere(): Promise<void> {
    await this.#send('POST', '/api/v1/auth/signout-everywhere');
    this.#csrfToken = undefined;
  }

  // --- Inboxes ------------------------------------------------------------------------------

  /**
   * A new inbox: persistent and owned with a token, anonymous (expiring after 48 h) without;
   * with a `name` (1 to 100 printable characters) when one is given.
   */
  async createInbox(options: { readonly name?: string | null } = {}): Promise<Inbox> {
    const body = options.name === undefined ? undefined : { name: options.name };
    const inbox = (await this.#data('POST', '/api/v1/inboxes', 'inbox', body)) as Inbox;
    this.#ingestUrls.set(inbox.id, inbox.url);
    return inbox;
  }

  /** Sets the inbox's name; null removes it. */
  async renameInbox(inboxId: string, name: string | null): Promise<Inbox> {
    return (await this.#data('PATCH', `/api/v1/inboxes/${id(inboxId)}`, 'inbox', { name })) as Inbox;
  }

  /** Deletes every event of the inbox (and their replays); the inbox stays and keeps capturing. */
  async clearInbox(inboxId: string): Promise<void> {
    await this.#send('DELETE', `/api/v1/inboxes/${id(inboxId)}/events`);
  }

  /** The account's inboxes, newest first (needs a token). */
  async inboxes(): Promise<Inbox[]> {
    return (await this.#data('GET', '/api/v1/inboxes', 'inboxes')) as Inbox[];
  }

  async inbox(inboxId: string): Promise<Inbox> {
    return (await this.#data('GET', `/api/v1/inboxes/${id(inboxId)}`, 'inbox')) as Inbox;
  }

  /** Deletes the inbox with its events and replays. */
  async deleteInbox(inboxId: string): Promise<void> {
    await this.#send('DELETE', `/api/v1/inboxes/${id(inboxId)}`);
  }

  /** Makes an anonymous inbox persistent and owned by the token's account. */
  async saveInbox(inboxId: string): Promise<Inbox> {
    return (await this.#data('POST', `/api/v1/inboxes/${id(inboxId)}/save`, 'inbox')) as Inbox;
  }

  // --- Programmed responses ----------------------------------------------------------------

  /** What the inbox answers its senders; null while it answers the contract's `200 {"ok":true}`. */
  async inboxResponse(inboxId: string): Promise<InboxResponse | null> {
    const parsed = await readJson(await this.#send('GET', `/api/v1/inboxes/${id(inboxId)}/response`));
    const data = isObject(parsed) ? parsed['data'] : undefined;
    if (!isObject(data) || !('response' in data)) throw invalidResponse(200);
    return data['response'] as InboxResponse | null;
  }

  /**
   * Programs what the inbox answers (replacing what was set): the default answer and ordered
   * rules, the first match winning. Takes effect at once on the server that stored it, within
   * 1 s on the others.
   */
  async setInboxResponse(inboxId: string, response: InboxResponseInput): Promise<InboxResponse> {
    return (await this.#data('PUT', `/api/v1/inboxes/${id(inboxId)}/response`, 'response', response)) as InboxResponse;
  }

  /** The inbox answers the contract's `200 {"ok":true}` again. */
  async clearInboxResponse(inboxId: string): Promise<void> {
    await this.#send('DELETE', `/api/v1/inboxes/${id(inboxId)}/response`);
  }

  // --- Signatures ---------------------------------------------------------------------------

  /** The inbox's signature settings without the secret; null while none are set (owner of a saved inbox). */
  async signatureSettings(inboxId: string): Promise<SignatureSettings | null> {
    const response = await this.#send('GET', `/api/v1/inboxes/${id(inboxId)}/signature`);
    const parsed = await readJson(response);
    const data = isObject(parsed) ? parsed['data'] : undefined;
    if (!isObject(data) || !('signature' in data)) throw invalidResponse(response.status);
    return data['signature'] as SignatureSettings | null;
  }

  /**
   * Sets the secret the inbox checks its senders' signatures with (replacing earlier settings):
   * every event captured from then on carries `signature: {scheme, status, reason}`. The secret
   * is never returned.
   */
  async setSignatureSettings(inboxId: string, settings: SignatureSettingsInput): Promise<SignatureSettings> {
    return (await this.#data(
      'PUT',
      `/api/v1/inboxes/${id(inboxId)}/signature`,
      'signature',
      settings,
    )) as SignatureSettings;
  }

  /** Removes the inbox's signature secret: new events are `unchecked` again. */
  async removeSignatureSettings(inboxId: string): Promise<void> {
    await this.#send('DELETE', `/api/v1/inboxes/${id(inboxId)}/signature`);
  }

  // --- Sending to an inbox ------------------------------------------------------------------

  /**
   * Sends a request to the inbox's ingest URL, as a webhook provider would, and resolves once
   * Rehook has stored it (ingest answers 200 only after the commit).
   */
  async send(inboxId: string, request: SendRequest = {}): Promise<void> {
    const url = new URL(await this.#ingestUrl(inboxId));
    if (request.path !== undefined && request.path !== '' && request.path !== '/') {
      url.pathname += request.path.startsWith('/') ? request.path : `/${request.path}`;
    }
    if (request.query !== undefined) {
      url.search = typeof request.query === 'string' ? request.query : new URLSearchParams(request.query).toString();
    }
    const headers = new Headers();
    const pairs = Array.isArray(request.headers) ? request.headers : Object.entries(request.headers ?? {});
    for (const [name, value] of pairs) headers.append(name, value);
    // Uint8Array<ArrayBuffer>: what the DOM's BodyInit accepts too (the web app bundles this client).
    let body: string | Uint8Array<ArrayBuffer> | undefined = request.body as
      | string
      | Uint8Array<ArrayBuffer>
      | undefined;
    if (request.json !== undefined) {
      body = JSON.stringify(request.json);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    let response: Response;
    try {
      response = await this.#fetch(url, {
        method: request.method ?? 'POST',
        headers,
        ...(body !== undefined ? { body } : {}),
      });
    } catch (err) {
      throw new RehookConnectionError(url.origin, err);
    }
    if (!response.ok) throw await toApiError(response);
    await response.arrayBuffer();
  }

  // --- Events -------------------------------------------------------------------------------

  /** One page of the inbox's events, newest first; `nextBefore` pages on. */
  async events(inboxId: string, options: ListEventsOptions = {}): Promise<EventPage> {
    const query = new URLSearchParams();
    if (options.limit !== undefined) query.set('limit', String(options.limit));
    if (options.before !== undefined) query.set('before', options.before);
    appendFilter(query, options.filter);
    const search = query.size === 0 ? '' : `?${query.toString()}`;
    const response = await this.#send('GET', `/api/v1/inboxes/${id(inboxId)}/events${search}`);
    const events = await readJson(response);
    if (!Array.isArray(events)) throw invalidResponse(response.status);
    return {
      events: events as EventSummary[],
      nextBefore: nextBeforeFromLink(response.headers.get('link'), this.baseUrl),
    };
  }

  /** One event with headers and body (`bodyText`, and `bodyBase64` for the exact bytes). */
  async event(eventId: string): Promise<EventDetail> {
    return (await this.#data('GET', `/api/v1/events/${id(eventId)}`, 'event')) as EventDetail;
  }

  /** Deletes one event with its replays. */
  async deleteEvent(eventId: string): Promise<void> {
    await this.#send('DELETE', `/api/v1/events/${id(eventId)}`);
  }

  /** The exact captured body bytes. */
  async eventBody(eventId: string): Promise<EventBody> {
    const response = await this.#send('GET', `/api/v1/events/${id(eventId)}/body`);
    return { contentType: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  /**
   * One long-poll (`GET /api/v1/inboxes/<id>/events/next`): the first event newer than `after`
   * (without it, the next one stored after the call) as soon as it is stored, or null when none
   * came within `timeout` (at most 120 s; default 30 s).
   */
  async nextEvent(inboxId: string, options: NextEventOptions = {}): Promise<EventDetail | null> {
    const query = new URLSearchParams();
    if (options.after !== undefined) query.set('after', options.after);
    if (options.timeout !== undefined) query.set('timeout', `${Math.max(0, Math.ceil(toMs(options.timeout)))}ms`);
    const search = query.size === 0 ? '' : `?${query.toString()}`;
    const response = await this.#send(
      'GET',
      `/api/v1/inboxes/${id(inboxId)}/events/next${search}`,
      undefined,
      options.signal,
    );
    if (response.status === 204) {
      await response.arrayBuffer();
      return null;
    }
    const parsed = await readJson(response);
    const event = isObject(parsed) && isObject(parsed['data']) ? parsed['data']['event'] : undefined;
    if (!isObject(event)) throw invalidResponse(response.status);
    return event as unknown as EventDetail;
  }

  /**
   * The first event of the inbox (oldest first) that matches, as soon as there is one: the
   * building block of an end-to-end test that asserts a webhook was sent. Events already in the
   * inbox count, so it does not matter whether the webhook arrived before or after the call
   * (use a fresh inbox per test, or pass `after`: the id of the newest event to skip). Throws
   * RehookTimeoutError when none matched within `timeout` (default 30 s).
   *
   * @example
   * const event = await client.waitForEvent(inbox.id, {
   *   match: { method: 'POST', path: '/orders', json: { status: 'paid' } },
   *   timeout: '10s',
   * });
   */
  async waitForEvent(inboxId: string, options: WaitForEventOptions = {}): Promise<EventDetail> {
    const timeoutMs = toMs(options.timeout ?? DEFAULT_WAIT_MS);
    const deadline = Date.now() + timeoutMs;
    const matches = matcherFor(options.match);
    // Always an explicit cursor, so that an event stored between two polls is never skipped.
    let cursor = options.after ?? FIRST_EVENT_ID;
    let unmatched = 0;
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new RehookTimeoutError(inboxId, timeoutMs, unmatched);
      const event = await this.nextEvent(inboxId, {
        after: cursor,
        timeout: Math.min(remaining, MAX_POLL_MS),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (event === null) continue;
      if (matches(event)) return event;
      unmatched += 1;
      cursor = event.id;
    }
  }

  // --- Export --------------------------------------------------------------------------------

  /**
   * A POSIX shell command (sh, bash, zsh) that sends the captured request again to the inbox's
   * public ingest URL, byte for byte (`command`); `omittedHeaders` names the redacted headers
   * (Authorization, Cookie) it leaves out.
   */
  async curl(eventId: string): Promise<CurlCommand> {
    return (await this.#data('GET', `/api/v1/events/${id(eventId)}/curl`, 'curl')) as CurlCommand;
  }

  /**
   * The inbox's events as a HAR 1.2 document (`format: 'har'`, the default) or NDJSON (one
   * event per line), oldest first, with the event list's filters. Resolves once the server has
   * accepted the request (errors such as INBOX_NOT_FOUND are thrown here), then yields the bytes
   * as they arrive: nothing is buffered, so any size fits. Stopping the iteration early (or
   * aborting `signal`) ends the download.
   */
  async exportInbox(inboxId: string, options: ExportInboxOptions = {}): Promise<AsyncIterable<Uint8Array>> {
    const query = new URLSearchParams();
    if (options.format !== undefined) query.set('format', options.format);
    appendFilter(query, options.filter);
    const search = query.size === 0 ? '' : `?${query.toString()}`;
    const response = await this.#send(
      'GET',
      `/api/v1/inboxes/${id(inboxId)}/export${search}`,
      undefined,
      options.signal,
    );
    const body = response.body;
    if (body === null) throw invalidResponse(response.status);
    return (async function* bytes() {
      const reader = body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          yield value;
        }
      } finally {
        await reader.cancel().catch(() => undefined);
      }
    })();
  }

  // --- Replays ------------------------------------------------------------------------------

  /**
   * Re-sends the event from the server to `destination` (needs a token), as captured or with
   * the edits of `options` (method, path, query, headers, body or bodyBase64; `resign`). With
   * `repeat` it is sent that many times and every result comes back with a summary.
   */
  async replay(eventId: string, options: ReplayOptions & { readonly repeat: number }): Promise<ReplayRun>;
  async replay(eventId: string, options: ReplayOptions & { readonly repeat?: undefined }): Promise<Replay>;
  async replay(
    eventId: string,
    options: ReplayOptions & { readonly repeat?: number | undefined },
  ): Promise<Replay | ReplayRun> {
    const body = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
    const path = `/api/v1/events/${id(eventId)}/replay`;
    if (options.repeat === undefined) return (await this.#data('POST', path, 'replay', body)) as Replay;
    const response = await this.#send('POST', path, body);
    const parsed = await readJson(response);
    const data = isObject(parsed) ? parsed['data'] : undefined;
    if (!isObject(data) || !Array.isArray(data['replays']) || !isObject(data['summary']))
      throw invalidResponse(response.status);
    return data as unknown as ReplayRun;
  }

  /**
   * Fresh signature headers for the event (`POST /api/v1/events/<id>/resign`), computed with the
   * inbox's stored secret and the current time: set them on the request in place of the
   * same-named captured ones (`rehook listen --resign` does). Needs the inbox's owner.
   */
  async resign(eventId: string): Promise<ResignedHeaders> {
    const response = await this.#send('POST', `/api/v1/events/${id(eventId)}/resign`);
    const parsed = await readJson(response);
    const data = isObject(parsed) ? parsed['data'] : undefined;
    if (!isObject(data) || !Array.isArray(data['headers'])) throw invalidResponse(response.status);
    return data as unknown as ResignedHeaders;
  }

  /** Replay history of the event, newest first (needs a token). */
  async replays(eventId: string): Promise<Replay[]> {
    return (await this.#data('GET', `/api/v1/events/${id(eventId)}/replays`, 'replays')) as Replay[];
  }

  // --- Bulk replay jobs ---------------------------------------------------------------------

  /**
   * Starts a bulk replay job (needs a token): the server replays the chosen events of the inbox
   * to `destination`, oldest first, at `ratePerSecond` with `concurrency` sends in flight. It
   * runs in the background; follow it with replayJob or waitForReplayJob.
   *
   * @example
   * const job = await client.createReplayJob(inbox.id, { destination: 'https://staging.example.com/hooks', method: 'POST', since: '2026-11-24T00:00:00Z' });
   * const done = await client.waitForReplayJob(job.id);
   */
  async createReplayJob(inboxId: string, input: ReplayJobInput): Promise<ReplayJob> {
    return (await this.#data('POST', `/api/v1/inboxes/${id(inboxId)}/replays`, 'job', input)) as ReplayJob;
  }

  /** A job with one page of its results (100 by default; page with `resultsAfter`). */
  async replayJob(
    jobId: string,
    options: { readonly resultsAfter?: number; readonly resultsLimit?: number } = {},
  ): Promise<ReplayJobPage> {
    const query = new URLSearchParams();
    if (options.resultsAfter !== undefined) query.set('resultsAfter', String(options.resultsAfter));
    if (options.resultsLimit !== undefined) query.set('resultsLimit', String(options.resultsLimit));
    const suffix = query.size > 0 ? `?${query.toString()}` : '';
    const response = await this.#send('GET', `/api/v1/replay-jobs/${id(jobId)}${suffix}`);
    const parsed = await readJson(response);
    const data = isObject(parsed) ? parsed['data'] : undefined;
    if (!isObject(data) || !isObject(data['job']) || !Array.isArray(data['results']))
      throw invalidResponse(response.status);
    return data as unknown as ReplayJobPage;
  }

  /** The inbox's jobs, newest first (of an anonymous inbox: the caller's own). */
  async replayJobs(inboxId: string): Promise<ReplayJob[]> {
    return (await this.#data('GET', `/api/v1/inboxes/${id(inboxId)}/replay-jobs`, 'jobs')) as ReplayJob[];
  }

  /** Cancels the job (a finished one stays as it is); returns it as it is afterwards. */
  async cancelReplayJob(jobId: string): Promise<ReplayJob> {
    return (await this.#data('DELETE', `/api/v1/replay-jobs/${id(jobId)}`, 'job')) as ReplayJob;
  }

  /**
   * Polls the job (every `interval`, default 500 ms) until it is completed, cancelled or failed
   * and returns it. `onProgress` sees it after every poll. Rejects with an Error when `timeout`
   * (default: none) passes first.
   */
  async waitForReplayJob(
    jobId: string,
    options: {
      readonly timeout?: Duration;
      readonly interval?: Duration;
      readonly onProgress?: (job: ReplayJob) => void;
      readonly signal?: AbortSignal;
    } = {},
  ): Promise<ReplayJob> {
    const deadline = options.timeout === undefined ? Number.POSITIVE_INFINITY : Date.now() + toMs(options.timeout);
    const intervalMs = toMs(options.interval ?? 500);
    for (;;) {
      const { job } = await this.replayJob(jobId, { resultsLimit: 1 });
      options.onProgress?.(job);
      if (job.state === 'completed' || job.state === 'cancelled' || job.state === 'failed') return job;
      if (Date.now() >= deadline) throw new Error(`replay job ${jobId} is still ${job.state} after the timeout`);
      options.signal?.throwIfAborted();
      await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, Math.max(0, deadline - Date.now()))));
    }
  }

  // --- Tokens -------------------------------------------------------------------------------

  async tokens(): Promise<Token[]> {
    return (await this.#data('GET', '/api/v1/tokens', 'tokens')) as Token[];
  }

  /** Creates a token for the caller's account; the secret is in this answer only. */
  async createToken(name: string): Promise<CreatedToken> {
    return (await this.#data('POST', '/api/v1/tokens', 'token', { name })) as CreatedToken;
  }

  async revokeToken(tokenId: string): Promise<void> {
    await this.#send('DELETE', `/api/v1/tokens/${id(tokenId)}`);
  }

  // --- Sharing links -----------------------------------------------------------------------

  /**
   * Creates a read-only sharing link of a saved inbox of the caller's. The answer carries the
   * link's token (shown this once) and `path`, its page in the web app (`/s/<token>`).
   */
  async createShare(inboxId: string): Promise<CreatedShare> {
    return (await this.#data('POST', `/api/v1/inboxes/${id(inboxId)}/shares`, 'share')) as CreatedShare;
  }

  /** The sharing links of a saved inbox of the caller's, newest first (without their tokens). */
  async shares(inboxId: string): Promise<Share[]> {
    return (await this.#data('GET', `/api/v1/inboxes/${id(inboxId)}/shares`, 'shares')) as Share[];
  }

  /** Revokes a sharing link: it stops working at once, its open streams included. */
  async revokeShare(inboxId: string, shareId: string): Promise<void> {
    await this.#send('DELETE', `/api/v1/inboxes/${id(inboxId)}/shares/${id(shareId)}`);
  }

  /** The inbox a sharing link reads (SHARE_NOT_FOUND when it is unknown or revoked). */
  async resolveShare(token: string): Promise<Inbox> {
    return (await this.#data('GET', `/api/v1/shares/${id(token)}`, 'inbox')) as Inbox;
  }

  /**
   * The URL of the inbox's live stream (server-sent events) for an EventSource, which cannot
   * set headers: a sharing-link client puts its link in the query (`share=`). Cookie mode needs
   * nothing more (the browser sends the cookie); a token cannot travel this way.
   */
  streamUrl(inboxId: string, options: { readonly lastEventId?: string } = {}): string {
    const query = new URLSearchParams();
    if (this.#share !== undefined) query.set('share', this.#share);
    if (options.lastEventId !== undefined) query.set('lastEventId', options.lastEventId);
    const search = query.size === 0 ? '' : `?${query.toString()}`;
    return `${this.baseUrl}/api/v1/inboxes/${id(inboxId)}/stream${search}`;
  }

  // --- Automatic forwarding ------------------------------------------------------------------

  /** The inbox's automatic forwarding; null when none is set. Owner of a saved inbox only. */
  async forwarding(inboxId: string): Promise<Forwarding | null> {
    try {
      return (await this.#data('GET', `/api/v1/inboxes/${id(inboxId)}/forwarding`, 'forwarding')) as Forwarding;
    } catch (err) {
      if (err instanceof RehookApiError && err.code === 'FORWARDING_NOT_FOUND') return null;
      throw err;
    }
  }

  /**
   * Sets (replaces) the inbox's automatic forwarding: every event stored from now on is
   * delivered to `destination` in the background, retried until `attempts` run out.
   */
  async setForwarding(inboxId: string, forwarding: ForwardingInput): Promise<Forwarding> {
    return (await this.#data(
      'PUT',
      `/api/v1/inboxes/${id(inboxId)}/forwarding`,
      'forwarding',
      forwarding,
    )) as Forwarding;
  }

  /** Removes the inbox's forwarding; resolves with how many unfinished deliveries were cancelled. */
  async removeForwarding(inboxId: string): Promise<number> {
    return (await this.#data('DELETE', `/api/v1/inboxes/${id(inboxId)}/forwarding`, 'cancelled')) as number;
  }

  /** The event's deliveries (zero or one) with every attempt. */
  async deliveries(eventId: string): Promise<Delivery[]> {
    return (await this.#data('GET', `/api/v1/events/${id(eventId)}/deliveries`, 'deliveries')) as Delivery[];
  }

  /** Queues the event's delivery again (a failed, cancelled or delivered one, or a first one). */
  async retryDelivery(eventId: string): Promise<Delivery> {
    return (await this.#data('POST', `/api/v1/events/${id(eventId)}/deliveries/retry`, 'delivery')) as Delivery;
  }

  // --- Plumbing -----------------------------------------------------------------------------

  async #ingestUrl(inboxId: string): Promise<string> {
    let url = this.#ingestUrls.get(inboxId);
    if (url === undefined) {
      url = (await this.inbox(inboxId)).url;
      this.#ingestUrls.set(inboxId, url);
    }
    return url;
  }

  async #send(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.#token !== undefined) headers['authorization'] = `Bearer ${this.#token}`;
    if (this.#share !== undefined) headers['x-rehook-share'] = this.#share;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && this.#csrfToken !== undefined) headers['x-csrf-token'] = this.#csrfToken;
    let response: Response;
    try {
      response = await this.#fetch(this.baseUrl + path, {
        method,
        headers,
        ...(this.#credentials !== undefined ? { credentials: this.#credentials } : {}),
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      throw new RehookConnectionError(this.baseUrl, err);
    }
    if (!response.ok) throw await toApiError(response);
    return response;
  }

  /** A call answered with `{"data":{account, csrfToken}}`; remembers the CSRF token. */
  async #session(method: Method, path: string, body?: unknown): Promise<Session> {
    const response = await this.#send(method, path, body);
    const parsed = await readJson(response);
    const session = isObject(parsed) ? parsed['data'] : undefined;
    if (!isObject(session) || typeof session['csrfToken'] !== 'string' || !isObject(session['account'])) {
      throw invalidResponse(response.status);
    }
    this.#csrfToken = session['csrfToken'];
    return session as unknown as Session;
  }

  async #data(method: Method, path: string, key: string, body?: unknown): Promise<unknown> {
    const response = await this.#send(method, path, body);
    const parsed = await readJson(response);
    const envelope = isObject(parsed) ? parsed['data'] : undefined;
    const value = isObject(envelope) ? envelope[key] : undefined;
    if (value === undefined || value === null) throw invalidResponse(response.status);
    return value;
  }
}

const id = encodeURIComponent;

/** The parsed JSON body of an event, or undefined when it is not JSON. */
export function eventJson(event: Pick<EventDetail, 'bodyText'>): unknown {
  if (event.bodyText === null) return undefined;
  try {
    return JSON.parse(event.bodyText) as unknown;
  } catch {
    return undefined;
  }
}

/** The value of the first header with this name (case-insensitive), or undefined. */
export function eventHeader(event: Pick<EventDetail, 'headers'>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return event.headers.find(([header]) => header.toLowerCase() === wanted)?.[1];
}

function matcherFor(match: EventMatch | undefined): (event: EventDetail) => boolean {
  if (match === undefined) return () => true;
  if (typeof match === 'function') return match;
  return (event) => {
    if (match.method !== undefined && event.method.toUpperCase() !== match.method.toUpperCase()) return false;
    if (match.path !== undefined) {
      const below = event.path.slice(`/i/${event.inboxId}`.length) || '/';
      if (event.path !== match.path && below !== match.path) return false;
    }
    for (const [name, value] of Object.entries(match.headers ?? {})) {
      if (eventHeader(event, name) !== value) return false;
    }
    if (match.json !== undefined) {
      const body = eventJson(event);
      if (body === undefined || !containsJson(body, match.json)) return false;
    }
    return true;
  };
}

/** True when `value` contains `pattern`: objects by their pattern keys, recursively; the rest equal. */
function containsJson(value: unknown, pattern: unknown): boolean {
  if (isObject(pattern)) {
    if (!isObject(value)) return false;
    return Object.entries(pattern).every(([key, sub]) => Object.hasOwn(value, key) && containsJson(value[key], sub));
  }
  if (Array.isArray(pattern)) {
    return (
      Array.isArray(value) && value.length === pattern.length && pattern.every((sub, i) => containsJson(value[i], sub))
    );
  }
  return Object.is(value, pattern);
}

/**
 * Milliseconds of a duration: a number of milliseconds, or a string as the server and the CLI
 * read it: `500ms`, `30s`, `2m`, `1h`, or a bare number of seconds.
 */
export function toMs(duration: Duration): number {
  const ms = typeof duration === 'number' ? duration : parseDurationMs(duration.trim());
  if (ms === null || !Number.isFinite(ms) || ms < 0)
    throw new TypeError(`invalid duration: ${JSON.stringify(duration)} (use 500ms, 30s, 2m)`);
  return ms;
}

/**
 * The `before` cursor of the `rel="next"` link, or null. The server sends
 * `</api/v1/inboxes/<id>/events?limit=50&before=evt_...>; rel="next"`.
 */
export function nextBeforeFromLink(link: string | null, baseUrl: string): string | null {
  if (link === null) return null;
  for (const part of link.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (!match || !/(^|;)\s*rel\s*=\s*"?next"?\s*(;|$)/i.test(match[2] ?? '')) continue;
    try {
      return new URL(match[1] ?? '', `${baseUrl}/`).searchParams.get('before');
    } catch {
      return null;
    }
  }
  return null;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    throw invalidResponse(response.status);
  }
}

/** A 2xx answer that is not Rehook's JSON: usually a URL that points at some other server. */
function invalidResponse(status: number): RehookApiError {
  return new RehookApiError(
    status,
    'INVALID_RESPONSE',
    'The server answered with something that is not the Rehook API',
  );
}

async function toApiError(response: Response): Promise<RehookApiError> {
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const error = isObject(parsed) ? parsed['error'] : undefined;
  if (isObject(error) && typeof error['code'] === 'string') {
    const { code, message, ...extra } = error;
    return new RehookApiError(
      response.status,
      code as RehookApiError['code'],
      typeof message === 'string' ? message : code,
      extra,
    );
  }
  const reason = response.statusText || 'the server answered with an error that is not the Rehook API';
  return new RehookApiError(response.status, `HTTP_${response.status}`, reason);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
