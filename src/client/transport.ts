import { RehookApiError, RehookConnectionError } from './errors.js';
import type { EventFilterParams } from './types.js';

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

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a client talks to one server: its credentials and the calls every resource module makes.
 * The resource modules (inboxes.ts, events.ts, ...) are functions over it, and RehookClient
 * holds one; it is not part of the public API.
 */
export class ApiTransport {
  readonly baseUrl: string;
  /** The sharing link the client reads as, if any (streamUrl puts it in the query). */
  readonly share: string | undefined;
  /** The session's CSRF token (cookie mode), from the last signIn, signUp or session. */
  csrfToken: string | undefined;
  /** Full ingest URLs of inboxes already looked up, for send(). */
  readonly ingestUrls = new Map<string, string>();
  readonly #token: string | undefined;
  readonly #fetch: typeof fetch;
  readonly #credentials: RequestInit['credentials'];

  constructor(options: RehookClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#token = options.token === '' ? undefined : options.token;
    // Called as a plain function: browsers refuse a fetch invoked as a method of another object.
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.share = options.share === '' ? undefined : options.share;
    if (this.share !== undefined && this.#token !== undefined) {
      throw new TypeError('RehookClient: give either a token or a share, not both');
    }
    this.#credentials = options.credentials;
  }

  /** A request to any URL (the ingest listener) with the client's fetch; error answers throw. */
  async fetchUrl(url: URL, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await this.#fetch(url, init);
    } catch (err) {
      throw new RehookConnectionError(url.origin, err);
    }
    if (!response.ok) throw await toApiError(response);
    return response;
  }

  /** An API call with the client's credentials; error answers throw RehookApiError. */
  async send(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.#token !== undefined) headers['authorization'] = `Bearer ${this.#token}`;
    if (this.share !== undefined) headers['x-rehook-share'] = this.share;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && this.csrfToken !== undefined) headers['x-csrf-token'] = this.csrfToken;
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

  /** A call answered with `{"data":{<key>: value}}`: the value, which must not be null. */
  async data(method: Method, path: string, key: string, body?: unknown): Promise<unknown> {
    const response = await this.send(method, path, body);
    const parsed = await readJson(response);
    const envelope = isObject(parsed) ? parsed['data'] : undefined;
    const value = isObject(envelope) ? envelope[key] : undefined;
    if (value === undefined || value === null) throw invalidResponse(response.status);
    return value;
  }
}

/** An id or token as one path segment. */
export const id = encodeURIComponent;

/** `?` and the query, or '' when it is empty. */
export function searchOf(query: URLSearchParams): string {
  return query.size === 0 ? '' : `?${query.toString()}`;
}

/** Appends the filter's parameters (repeated ones once per value) to a query. */
export function appendFilter(query: URLSearchParams, filter: EventFilterParams | undefined): void {
  for (const [name, value] of Object.entries(filter ?? {})) {
    for (const one of typeof value === 'string' ? [value] : ((value as readonly string[] | undefined) ?? []))
      query.append(name, one);
  }
}

/** The `data` object of an answer, checked by `valid`; INVALID_RESPONSE when it fails. */
export async function dataOf(
  response: Response,
  valid: (data: Record<string, unknown>) => boolean,
  status = response.status,
): Promise<Record<string, unknown>> {
  const parsed = await readJson(response);
  const data = isObject(parsed) ? parsed['data'] : undefined;
  if (!isObject(data) || !valid(data)) throw invalidResponse(status);
  return data;
}

export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    throw invalidResponse(response.status);
  }
}

/** A 2xx answer that is not Rehook's JSON: usually a URL that points at some other server. */
export function invalidResponse(status: number): RehookApiError {
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

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
