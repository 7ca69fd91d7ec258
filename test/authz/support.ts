// Shared helpers of the authorization and isolation suites.
// Only loopback: the Rehook under test, its ingest listener and the replay receiver all bind
// 127.0.0.1.
import { createAccount } from '../../src/services/accounts.js';
import { startSession } from '../../src/services/sessions.js';
import { createToken } from '../../src/services/tokens.js';
import type { TestRehook } from '../helpers/rehook.js';

/**
 * Settings of every Rehook started by these suites. Abuse limits are switched off: the suites
 * send hundreds of 401s and anonymous creations from one IP on purpose, and a 429 there would be
 * a limiter answering, not the access rules. Replays may reach the loopback receiver. The
 * sweeper is parked so that expiry is observed as enforced on read, not by the sweeper.
 */
export const AUTHZ_ENV: Record<string, string> = {
  REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1',
  REHOOK_RATE_ANON_INBOXES: '0',
  REHOOK_RATE_AUTH_FAILURES: '0',
  REHOOK_RATE_INGEST_PER_INBOX: '0',
  REHOOK_RATE_DIFF: '0',
  REHOOK_ANON_MAX_EVENTS: '0',
  REHOOK_SWEEP_INTERVAL: '24h',
  REHOOK_ANON_TTL: '1h',
};

export const ANON_TTL_MS = 60 * 60 * 1000;

/** Well-formed ids that no Rehook ever hands out (all-`a` random part). */
export const UNKNOWN_INBOX_ID = 'inb_aaaaaaaaaaaaaaaaaaaaaaaaaa';
export const UNKNOWN_EVENT_ID = 'evt_01aaaaaaaaaaaaaaaaaaaaaaaa';
export const UNKNOWN_TOKEN_ID = 'tok_aaaaaaaaaaaaaaaaaaaaaaaaaa';

export interface Reply {
  readonly status: number;
  /** `error.code` of an error body, else ''. */
  readonly code: string;
  readonly body: any;
  readonly text: string;
  readonly headers: Headers;
}

/**
 * What a caller presents: the whole Authorization header value, other headers (a session cookie
 * with its X-CSRF-Token, say), or undefined for nothing.
 */
export type Credential =
  | string
  | {
      readonly label: string;
      readonly headers: Readonly<Record<string, string>>;
      /** Query parameters it adds to the request's URL (a sharing link's `share=`). */
      readonly query?: Readonly<Record<string, string>>;
    }
  | undefined;

/** `path` with the credential's query parameters, if it has any. */
export function credentialPath(path: string, credential: Credential): string {
  if (credential === undefined || typeof credential === 'string' || credential.query === undefined) return path;
  const query = new URLSearchParams(credential.query).toString();
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** A sharing link's token as the credential of a request: its header, or its query parameter. */
export function shareCredential(token: string, via: 'header' | 'query'): Credential {
  return via === 'header'
    ? { label: 'X-Rehook-Share', headers: { 'x-rehook-share': token } }
    : { label: '?share=', headers: {}, query: { share: token } };
}

/** The request headers of a credential. */
export function credentialHeaders(credential: Credential): Record<string, string> {
  if (credential === undefined) return {};
  return typeof credential === 'string' ? { authorization: credential } : { ...credential.headers };
}

export interface CallInit {
  readonly method?: string;
  readonly authorization?: Credential;
  readonly json?: unknown;
}

/** One API call; never throws for an HTTP status. */
export async function call(base: string, path: string, init: CallInit = {}): Promise<Reply> {
  const headers: Record<string, string> = credentialHeaders(init.authorization);
  let body: string | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const res = await fetch(base + credentialPath(path, init.authorization), {
    method: init.method ?? 'GET',
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, ...parsed(text) };
}

/**
 * Opens the SSE stream and reports only how it was answered: a 200 stream is aborted as soon as
 * its headers arrive, an error answer is read whole.
 */
export async function streamStatus(base: string, path: string, authorization: Credential): Promise<Reply> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', ...credentialHeaders(authorization) };
  // Only catches a stream that never answers (a loaded machine can take seconds).
  const timer = setTimeout(() => controller.abort(), 15_000);
  try {
    const res = await fetch(base + credentialPath(path, authorization), { headers, signal: controller.signal });
    if (res.status === 200) {
      controller.abort();
      await res.body?.cancel().catch(() => undefined);
      return { status: 200, code: '', body: undefined, text: '', headers: res.headers };
    }
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, ...parsed(text) };
  } finally {
    clearTimeout(timer);
  }
}

function parsed(text: string): { body: any; code: string } {
  try {
    const body: any = text === '' ? undefined : JSON.parse(text);
    const code =
      body && typeof body === 'object' && body.error && typeof body.error.code === 'string' ? body.error.code : '';
    return { body, code };
  } catch {
    return { body: undefined, code: '' };
  }
}

export const bearer = (token: string): string => `Bearer ${token}`;

/** Sends one request to an inbox's ingest URL; ingest always answers 200 (the contract). */
export async function ingest(rehook: TestRehook, inboxId: string, suffix: string, body = 'x'): Promise<number> {
  const res = await fetch(`${rehook.ingestUrl}/i/${inboxId}${suffix}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body,
  });
  await res.arrayBuffer();
  return res.status;
}

let accountCounter = 0;

/** An account with one token, through the services (as the CLI does); the token id is known. */
export async function newAccount(
  rehook: TestRehook,
  label: string,
): Promise<{ accountId: string; token: string; tokenId: string }> {
  accountCounter += 1;
  const account = await createAccount(rehook.deps, {
    email: `authz-${label}-${accountCounter}-${process.pid}-${Date.now()}@example.test`,
  });
  const { token, plaintext } = await createToken(rehook.deps, { accountId: account.id, name: `${label}-1` });
  return { accountId: account.id, token: plaintext, tokenId: token.id };
}

/**
 * A browser session of the account, started through the services (as sign-in does): the
 * credential a signed-in web app presents, the cookie and, unless `csrf` is false, X-CSRF-Token.
 */
export async function newSession(
  rehook: TestRehook,
  accountId: string,
  opts: { ttlMs?: number; csrf?: boolean } = {},
): Promise<{ cookie: string; csrfToken: string; sessionId: string; credential: Credential }> {
  const { session, secret } = await startSession(rehook.deps, { accountId, ttlMs: opts.ttlMs ?? 24 * 60 * 60 * 1000 });
  const cookie = `rehook_session=${secret}`;
  const headers = opts.csrf === false ? { cookie } : { cookie, 'x-csrf-token': session.csrfToken };
  return {
    cookie,
    csrfToken: session.csrfToken,
    sessionId: session.id,
    credential: { label: 'session cookie', headers },
  };
}

/**
 * A sharing link of a saved inbox, created through the API with the owner's token: its id and
 * its token.
 */
export async function newShareLink(
  rehook: TestRehook,
  inboxId: string,
  ownerToken: string,
): Promise<{ id: string; token: string }> {
  const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/shares`, {
    method: 'POST',
    authorization: bearer(ownerToken),
  });
  if (res.status !== 201) throw new Error(`setup: create a sharing link: ${res.status} ${res.text}`);
  return { id: res.body.data.share.id, token: res.body.data.share.token };
}

/** One more token of an account, id and plaintext. */
export async function extraToken(
  rehook: TestRehook,
  accountId: string,
  name: string,
): Promise<{ token: string; tokenId: string }> {
  const { token, plaintext } = await createToken(rehook.deps, { accountId, name });
  return { token: plaintext, tokenId: token.id };
}
