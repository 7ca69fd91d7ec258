import { ApiConnectionError, ApiError } from './errors.js';
import type {
  CreatedToken,
  EventBody,
  EventDetail,
  EventPage,
  EventSummary,
  Inbox,
  Replay,
  Token,
} from './types.js';

export interface ApiClientOptions {
  /** Origin of the Rehook API, e.g. `http://127.0.0.1:8080` (a trailing slash is ignored). */
  readonly baseUrl: string;
  /** API token; without one the client calls as anonymous. */
  readonly token?: string | undefined;
  /** fetch implementation; defaults to the global one. */
  readonly fetch?: typeof fetch;
}

export interface ListEventsInput {
  readonly inboxId: string;
  /** Page size, 1..1000 (server default 50). */
  readonly limit?: number | undefined;
  /** Only events older than this event id: the `nextBefore` of the previous page. */
  readonly before?: string | undefined;
}

/**
 * Typed client for the Rehook REST API. Every method throws ApiError for a non-2xx answer and
 * ApiConnectionError when the server cannot be reached.
 */
export interface ApiClient {
  readonly baseUrl: string;
  /** A new inbox: persistent with a token, anonymous (expiring) without. */
  createInbox(): Promise<Inbox>;
  /** The caller's saved inboxes, newest first (needs a token). */
  listInboxes(): Promise<Inbox[]>;
  getInbox(inboxId: string): Promise<Inbox>;
  deleteInbox(inboxId: string): Promise<void>;
  /** Makes an anonymous inbox persistent and owned by the token's account. */
  saveInbox(inboxId: string): Promise<Inbox>;
  /** One page of events, newest first; `nextBefore` comes from the Link rel="next" header. */
  listEvents(input: ListEventsInput): Promise<EventPage>;
  getEvent(eventId: string): Promise<EventDetail>;
  /** The exact captured body bytes. */
  getEventBody(eventId: string): Promise<EventBody>;
  /** Re-sends the event from the server to `destination` (needs a token). */
  replayEvent(eventId: string, destination: string): Promise<Replay>;
  listReplays(eventId: string): Promise<Replay[]>;
  listTokens(): Promise<Token[]>;
  /** Creates a token for the caller's account; the plaintext is in this answer only. */
  createToken(name: string): Promise<CreatedToken>;
  revokeToken(tokenId: string): Promise<void>;
}

type Method = 'GET' | 'POST' | 'DELETE';

/**
 * Creates an API client.
 *
 * @example
 * const client = createApiClient({ baseUrl: 'http://127.0.0.1:8080', token: process.env.REHOOK_TOKEN });
 * const inbox = await client.createInbox();
 * const { events, nextBefore } = await client.listEvents({ inboxId: inbox.id, limit: 10 });
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const token = options.token === '' ? undefined : options.token;

  async function send(method: Method, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(baseUrl + path, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch (err) {
      throw new ApiConnectionError(baseUrl, err);
    }
    if (!response.ok) throw await toApiError(response);
    return response;
  }

  async function data(method: Method, path: string, key: string, body?: unknown): Promise<unknown> {
    const response = await send(method, path, body);
    const parsed = await readJson(response);
    const envelope = isObject(parsed) ? parsed['data'] : undefined;
    const value = isObject(envelope) ? envelope[key] : undefined;
    if (value === undefined || value === null) throw invalidResponse(response.status);
    return value;
  }

  const id = encodeURIComponent;
  return {
    baseUrl,
    createInbox: async () => (await data('POST', '/api/v1/inboxes', 'inbox')) as Inbox,
    listInboxes: async () => (await data('GET', '/api/v1/inboxes', 'inboxes')) as Inbox[],
    getInbox: async (inboxId) => (await data('GET', `/api/v1/inboxes/${id(inboxId)}`, 'inbox')) as Inbox,
    deleteInbox: async (inboxId) => {
      await send('DELETE', `/api/v1/inboxes/${id(inboxId)}`);
    },
    saveInbox: async (inboxId) =>
      (await data('POST', `/api/v1/inboxes/${id(inboxId)}/save`, 'inbox')) as Inbox,
    listEvents: async (input) => {
      const query = new URLSearchParams();
      if (input.limit !== undefined) query.set('limit', String(input.limit));
      if (input.before !== undefined) query.set('before', input.before);
      const search = query.toString() === '' ? '' : `?${query.toString()}`;
      const response = await send('GET', `/api/v1/inboxes/${id(input.inboxId)}/events${search}`);
      const events = await readJson(response);
      if (!Array.isArray(events)) throw invalidResponse(response.status);
      const nextBefore = nextBeforeFromLink(response.headers.get('link'), baseUrl);
      return { events: events as EventSummary[], nextBefore };
    },
    getEvent: async (eventId) => (await data('GET', `/api/v1/events/${id(eventId)}`, 'event')) as EventDetail,
    getEventBody: async (eventId) => {
      const response = await send('GET', `/api/v1/events/${id(eventId)}/body`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { contentType: response.headers.get('content-type'), bytes };
    },
    replayEvent: async (eventId, destination) =>
      (await data('POST', `/api/v1/events/${id(eventId)}/replay`, 'replay', { destination })) as Replay,
    listReplays: async (eventId) =>
      (await data('GET', `/api/v1/events/${id(eventId)}/replays`, 'replays')) as Replay[],
    listTokens: async () => (await data('GET', '/api/v1/tokens', 'tokens')) as Token[],
    createToken: async (name) => (await data('POST', '/api/v1/tokens', 'token', { name })) as CreatedToken,
    revokeToken: async (tokenId) => {
      await send('DELETE', `/api/v1/tokens/${id(tokenId)}`);
    },
  };
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
function invalidResponse(status: number): ApiError {
  const message = 'The server answered with something that is not the Rehook API';
  return new ApiError(status, 'INVALID_RESPONSE', message);
}

async function toApiError(response: Response): Promise<ApiError> {
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
    return new ApiError(response.status, code, typeof message === 'string' ? message : code, extra);
  }
  const reason = response.statusText || 'the server answered with an error that is not the Rehook API';
  return new ApiError(response.status, `HTTP_${response.status}`, reason);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
