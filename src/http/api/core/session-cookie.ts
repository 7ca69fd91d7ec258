import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from '../../../domain/session.js';
import { AppError } from '../../../errors.js';
import { ANONYMOUS, type Principal, type ServiceDeps } from '../../../services/deps.js';
import { stringsEqual } from '../../../services/secrets.js';
import { verifySession } from '../../../services/sessions.js';

/**
 * The browser session: a cookie that carries the session secret (services/sessions.ts), and the
 * CSRF check of the requests it authenticates.
 *
 * The cookie is `HttpOnly` (scripts, injected ones included, never see it), `SameSite=Lax`
 * (other sites' subrequests and form POSTs do not carry it), `Path=/`, without `Domain` (this
 * host only), with `Max-Age` equal to the session's lifetime, and `Secure` when the request came
 * over https. SameSite is not the CSRF defence on its own (sibling subdomains are "same site"):
 * every state-changing request made with the cookie must also repeat the session's CSRF token in
 * `X-CSRF-Token`, which another origin can neither read nor send without a CORS preflight that
 * this server never grants.
 */
export const SESSION_COOKIE = 'rehook_session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How the route treats the session cookie. Default: it authenticates, and one that names no
     * live session is 401. `optional` (sign-out): such a cookie makes the caller anonymous
     * instead. `ignored` (sign-in, sign-up): the cookie never authenticates (so no CSRF check);
     * those routes start a new session whatever the browser had.
     */
    sessionCookie?: 'optional' | 'ignored';
  }
}

/** Methods that change nothing: they need no CSRF token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every value of the session cookie the request carries (Node joins Cookie headers with '; '). */
function sessionCookieValues(request: FastifyRequest): string[] {
  const header = request.headers.cookie;
  if (header === undefined) return [];
  const values: string[] = [];
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1 || pair.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    values.push(
      pair
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return values;
}

/** Only API calls are authenticated by the cookie; the web app's pages and files never are. */
function usesSessionCookie(request: FastifyRequest): boolean {
  return (
    request.url.startsWith('/api/') &&
    request.routeOptions.config.sessionCookie !== 'ignored' &&
    sessionCookieValues(request).length > 0
  );
}

/**
 * The caller named by the session cookie, or null when the request has none (then the
 * Authorization rules apply). A cookie naming no live session (expired, signed out, unknown,
 * malformed, or two session cookies at once) is 401 UNAUTHORIZED, like a bad token: a browser
 * whose session ended must learn it, not silently act as anonymous (an inbox it creates would
 * expire). Routes marked `sessionCookie: 'optional'` treat such a caller as anonymous instead.
 */
export async function authenticateSessionCookie(
  deps: Pick<ServiceDeps, 'store' | 'clock'>,
  request: FastifyRequest,
): Promise<Principal | null> {
  if (!usesSessionCookie(request)) return null;
  const session = await cookieSession(deps, request);
  if (session !== null) {
    return { kind: 'session', accountId: session.accountId, sessionId: session.id, csrfToken: session.csrfToken };
  }
  if (request.routeOptions.config.sessionCookie === 'optional') return ANONYMOUS;
  const err = new AppError('UNAUTHORIZED', { message: 'Session has expired or was signed out; sign in again' });
  deadSessionErrors.add(err);
  throw err;
}

/** The 401s thrown for a dead session cookie (and no others): their answer clears the cookie. */
const deadSessionErrors = new WeakSet<Error>();

/** The live session the request's cookie names, or null (none, two cookies, or not live). */
export async function cookieSession(
  deps: Pick<ServiceDeps, 'store' | 'clock'>,
  request: FastifyRequest,
): Promise<Session | null> {
  const values = sessionCookieValues(request);
  // Two cookies of this name (one planted for a parent domain, say): neither is trusted.
  return values.length === 1 ? verifySession(deps, values[0] as string) : null;
}

/**
 * After a failed authentication: when it was the session cookie that failed, the answer also
 * clears the cookie, so the browser's next request is simply anonymous.
 */
export function clearFailedSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  err: unknown,
  trustProxy: boolean,
): void {
  if (err instanceof Error && deadSessionErrors.has(err)) clearSessionCookie(request, reply, trustProxy);
}

/** Makes the browser forget its session cookie (Secure when the request came over https). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, trustProxy: boolean): void {
  void reply.header('set-cookie', clearedSessionCookie(isHttps(request, trustProxy)));
}

/**
 * 403 CSRF_FAILED for a state-changing request authenticated by the session cookie that does
 * not repeat the session's CSRF token in `X-CSRF-Token` (compared in constant time), or that the
 * browser says comes from another site (`Sec-Fetch-Site: cross-site`). Bearer-token requests
 * and GET/HEAD/OPTIONS are never checked.
 */
export function checkCsrf(request: FastifyRequest, principal: Principal | null): void {
  if (principal?.kind !== 'session') return;
  if (SAFE_METHODS.has(request.method)) return;
  const token = request.headers['x-csrf-token'];
  if (isCrossSite(request) || typeof token !== 'string' || !stringsEqual(token, principal.csrfToken)) {
    throw new AppError('CSRF_FAILED');
  }
}

/**
 * 403 CSRF_FAILED for a sign-in or sign-up that the browser says another site sent: that site
 * could otherwise sign the visitor in to an account it controls (login CSRF). JSON bodies already
 * need a CORS preflight cross-site; this also covers browsers that announce the request.
 */
export function refuseCrossSite(request: FastifyRequest): void {
  if (isCrossSite(request)) throw new AppError('CSRF_FAILED');
}

function isCrossSite(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/**
 * Whether the request reached us over https: a TLS socket, or, behind a proxy trusted with
 * REHOOK_TRUST_PROXY, `X-Forwarded-Proto: https` (its last entry: the one our proxy wrote).
 * Without the setting the header is ignored, since any client can send it.
 */
export function isHttps(request: FastifyRequest, trustProxy: boolean): boolean {
  if ((request.raw.socket as { encrypted?: boolean }).encrypted === true) return true;
  if (!trustProxy) return false;
  const header = request.headers['x-forwarded-proto'];
  const value = Array.isArray(header) ? header.join(',') : header;
  return value?.split(',').pop()?.trim().toLowerCase() === 'https';
}

function cookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The Set-Cookie value that hands the browser its session secret, for `ttlMs` (whole seconds,
 * rounded down so the cookie never outlives the session, but at least 1: 0 would delete it).
 */
export function sessionCookie(secret: string, ttlMs: number, secure: boolean): string {
  return cookie(secret, Math.max(1, Math.floor(ttlMs / 1000)), secure);
}

/** The Set-Cookie value that makes the browser forget the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return cookie('', 0, secure);
}
