/**
 * The app's API access: one RehookClient (src/client, bundled) for the same origin. The browser
 * authenticates with the session cookie (sent by fetch with `credentials: 'same-origin'`); writes
 * carry the session's CSRF token; a shared view sends its share token instead.
 *
 * Endpoints the client does not have a method for yet go through `call`, with the same error
 * type (RehookApiError), so screens handle every failure alike.
 */
import { isRehookError, RehookApiError, RehookClient } from '../../src/client/index.js';
import type { EventDetail, EventSummary, Inbox, Replay, Token, CreatedToken } from '../../src/client/index.js';

export { isRehookError, RehookApiError };
export type { EventDetail, EventSummary, Replay, Token, CreatedToken };

/** An inbox with the dashboard's fields (name, event count, last activity). */
export type InboxView = Inbox & {
  readonly name?: string | null;
  readonly eventCount?: number;
  readonly lastEventAt?: string | null;
};

export interface Account {
  readonly id: string;
  readonly email: string;
  readonly createdAt: string;
}

/** A sharing link as listed: only a hash of its token is stored, so the link itself is shown once. */
export interface Share {
  readonly id: string;
  readonly inboxId: string;
  readonly prefix: string;
  readonly createdAt: string;
}

/** A new sharing link: the only answer that carries its token. */
export interface CreatedShare extends Share {
  readonly token: string;
  readonly path: string;
}

const credentials = { csrf: null as string | null, share: null as string | null };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** fetch for the client: same-origin cookies, the CSRF header on writes, the share header in shared views. */
const browserFetch: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  const method = (init.method ?? 'GET').toUpperCase();
  if (credentials.csrf !== null && !SAFE_METHODS.has(method) && !headers.has('x-csrf-token')) headers.set('x-csrf-token', credentials.csrf);
  if (credentials.share !== null) headers.set('x-rehook-share', credentials.share);
  return fetch(input, { ...init, headers, credentials: 'same-origin' });
};

// Cookie mode: the client sends the session cookie and the CSRF token of the session it signed in
// with. Its fetch is ours (an arrow function: a bare `fetch` called as a method of another object
// throws "Illegal invocation" in browsers), adding the share token in shared views.
export const client = new RehookClient({ baseUrl: location.origin, fetch: browserFetch, credentials: 'same-origin' });

export function setCsrfToken(token: string | null): void {
  credentials.csrf = token;
}

/** Shared views read with the share token (header; query for EventSource and downloads). */
export function setShareToken(token: string | null): void {
  credentials.share = token;
}

export function shareToken(): string | null {
  return credentials.share;
}

/** One API call for endpoints without a client method: JSON in, JSON out, RehookApiError on failure. */
async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await browserFetch(path, {
      method,
      headers: { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new RehookApiError(0, 'HTTP_0', 'Cannot reach the Rehook server. Check your connection.');
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const error = (parsed as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    if (error && typeof error.code === 'string') {
      return Promise.reject(
        new RehookApiError(response.status, error.code as RehookApiError['code'], typeof error.message === 'string' ? error.message : error.code),
      );
    }
    throw new RehookApiError(response.status, `HTTP_${response.status}`, response.statusText || `HTTP ${response.status}`);
  }
  return parsed;
}

function data<T>(value: unknown, key: string): T {
  const inner = (value as { data?: Record<string, unknown> } | undefined)?.data?.[key];
  if (inner === undefined) throw new RehookApiError(200, 'INVALID_RESPONSE', 'Unexpected answer from the server');
  return inner as T;
}

// --- Accounts and sessions ---------------------------------------------------------------

export interface SessionInfo {
  readonly account: Account;
  readonly csrfToken: string;
}

/** The signed-in account, or null. */
export async function fetchSession(): Promise<SessionInfo | null> {
  const session = await client.session();
  return session === null ? null : { account: session.account, csrfToken: session.csrfToken };
}

export async function signUp(email: string, password: string): Promise<SessionInfo> {
  const session = await client.signUp({ email, password });
  return { account: session.account, csrfToken: session.csrfToken };
}

export async function signIn(email: string, password: string): Promise<SessionInfo> {
  const session = await client.signIn({ email, password });
  return { account: session.account, csrfToken: session.csrfToken };
}

export async function signOut(everywhere = false): Promise<void> {
  if (everywhere) await client.signOutEverywhere();
  else await client.signOut();
}

// --- Inboxes ------------------------------------------------------------------------------

export async function createInbox(name?: string): Promise<InboxView> {
  if (name === undefined || name === '') return (await client.createInbox()) as InboxView;
  return data<InboxView>(await call('POST', '/api/v1/inboxes', { name }), 'inbox');
}

export async function renameInbox(inboxId: string, name: string | null): Promise<InboxView> {
  return data<InboxView>(await call('PATCH', `/api/v1/inboxes/${encodeURIComponent(inboxId)}`, { name }), 'inbox');
}

export async function deleteEvent(eventId: string): Promise<void> {
  await call('DELETE', `/api/v1/events/${encodeURIComponent(eventId)}`);
}

export async function clearInbox(inboxId: string): Promise<void> {
  await call('DELETE', `/api/v1/inboxes/${encodeURIComponent(inboxId)}/events`);
}

// --- Sharing ------------------------------------------------------------------------------

export async function listShares(inboxId: string): Promise<Share[]> {
  return data<Share[]>(await call('GET', `/api/v1/inboxes/${encodeURIComponent(inboxId)}/shares`), 'shares');
}

export async function createShare(inboxId: string): Promise<CreatedShare> {
  return data<CreatedShare>(await call('POST', `/api/v1/inboxes/${encodeURIComponent(inboxId)}/shares`), 'share');
}

export async function revokeShare(inboxId: string, shareId: string): Promise<void> {
  await call('DELETE', `/api/v1/inboxes/${encodeURIComponent(inboxId)}/shares/${encodeURIComponent(shareId)}`);
}

/** The inbox a share link opens (no other credential needed). */
export async function openShare(token: string): Promise<InboxView> {
  return data<InboxView>(await call('GET', `/api/v1/shares/${encodeURIComponent(token)}`), 'inbox');
}

/** A URL of the API with the share token in the query when in a shared view (EventSource, downloads). */
export function withShare(path: string): string {
  if (credentials.share === null) return path;
  return `${path}${path.includes('?') ? '&' : '?'}share=${encodeURIComponent(credentials.share)}`;
}

/** A human message for any failure. */
export function errorMessage(err: unknown): string {
  if (isRehookError(err)) return err.message;
  if (err instanceof Error) return err.message;
  return String(err);
}
