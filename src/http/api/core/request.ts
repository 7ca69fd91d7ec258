import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../errors.js';
import { authenticate } from '../../../services/auth.js';
import type { Principal, ServiceDeps } from '../../../services/deps.js';
import { authenticateShare } from '../../../services/shares.js';
import { shareCredential } from './share-credential.js';
import { authenticateSessionCookie } from './session-cookie.js';

/** Every Authorization header as sent (Node keeps only the first in `headers`). */
function authorizationValues(request: FastifyRequest): string[] {
  const raw = request.raw.rawHeaders;
  const values: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if ((raw[i] as string).toLowerCase() === 'authorization') values.push(raw[i + 1] as string);
  }
  return values;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the onRequest hook of app.ts before the body is read. */
    principal: Principal | null;
  }
}

/**
 * Authenticates a request from its Authorization headers: anonymous without one, the token's
 * account with a valid token, else 401 UNAUTHORIZED. Without an Authorization header, an API
 * call's session cookie counts (the header wins when both are sent; see session-cookie.ts).
 */
export async function authenticateRequest(
  deps: Pick<ServiceDeps, 'store' | 'clock'>,
  request: FastifyRequest,
): Promise<Principal> {
  const authorization = authorizationValues(request);
  // A sharing link (X-Rehook-Share or ?share=) reads as itself only: with an Authorization
  // header too the caller asked for two things (400); a session cookie is ignored, as browsers
  // send it by themselves (EventSource included) when a signed-in person opens a link.
  const share = shareCredential(request);
  if (share !== undefined) {
    if (authorization.length > 0) throw new AppError('AMBIGUOUS_CREDENTIALS');
    return authenticateShare(deps, share);
  }
  if (authorization.length === 0) {
    const signedIn = await authenticateSessionCookie(deps, request);
    if (signedIn !== null) return signedIn;
  }
  return authenticate(deps, authorization);
}

/** The caller, as resolved before the route ran (authenticates now if that did not happen). */
export async function principalOf(
  deps: Pick<ServiceDeps, 'store' | 'clock'>,
  request: FastifyRequest,
): Promise<Principal> {
  return request.principal ?? authenticateRequest(deps, request);
}

/**
 * The names a handler may read of a request part: those its route's schema declares (a request
 * typed by core/endpoint.ts), or any name for a request typed by nothing.
 */
type Names<T> = unknown extends T ? string : keyof T & string;

/** The body's fields, named by the route's body schema, values unchecked. */
type BodyOf<B> = unknown extends B ? Record<string, unknown> : { [K in keyof B]?: unknown };

/**
 * The parsed JSON object body. An empty body counts as `{}`; a non-empty body that was not
 * sent as JSON is 415; JSON that is not an object (an array, a string) is 400.
 */
export function jsonObjectBody<B>(request: { readonly body: B }): BodyOf<B> {
  const body: unknown = request.body;
  if (body === undefined || body === null) return {};
  if (Buffer.isBuffer(body)) {
    if (body.length === 0) return {};
    throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('VALIDATION_FAILED', { message: 'Request body must be a JSON object' });
  }
  return body as BodyOf<B>;
}

/** A single-valued query parameter, or undefined; repeated parameters are a 400. */
export function queryParam<Q>(request: { readonly query: Q }, name: Names<Q>): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw new AppError('VALIDATION_FAILED', { message: `Query parameter ${name} must be given once` });
  }
  return value;
}

export function pathParam<P>(request: { readonly params: P }, name: Names<P>): string {
  const value = (request.params as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

/** A page's `limit` parameter: `fallback` when absent, else an integer from 1 to `max` (400 otherwise). */
export function pageLimit(raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  const limit = /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(limit >= 1 && limit <= max)) {
    throw new AppError('VALIDATION_FAILED', {
      message: `limit must be an integer from 1 to ${max}`,
      details: [{ path: '/limit', message: `must be an integer from 1 to ${max}` }],
    });
  }
  return limit;
}
