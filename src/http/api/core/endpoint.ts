import type { Static, TObject } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { RouteAudit } from './audit-trail.js';
import { type RouteDoc, routeSchema } from './route-schema.js';

/**
 * One declaration per API route: its documentation (what the OpenAPI document says), who may
 * call it, the token scope and inbox/team marks, whether sharing links may read it, its audit
 * decision and its handler. Fastify's route, its config, the audit trail's entry and the
 * authorization matrix's list of endpoints all come from it, so none of them can drift from the
 * others.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a handler may read of a request part described by `schema`: the schema's field names,
 * with values still unknown. Route schemas document and do not validate (decision 31): the
 * handler validates the values itself, but it can only name fields the schema declares.
 */
export type Unchecked<S> = S extends TObject ? { readonly [K in keyof Static<S>]?: unknown } : Record<never, never>;

/** The request a handler gets: params, query, body and headers named by the route's schemas. */
export type EndpointRequest<P, Q, B, H> = FastifyRequest<{
  Params: Unchecked<P>;
  Querystring: Unchecked<Q>;
  Body: Unchecked<B>;
  Headers: Unchecked<H>;
}>;

/**
 * Whether the route is recorded in the audit log, and as what (core/audit-trail.ts), or `'none'`
 * for a route that changes nothing worth recording. Every route says one or the other.
 */
export type AuditDecision = RouteAudit | 'none';

type Doc = Omit<RouteDoc, 'params' | 'querystring' | 'body' | 'headers'>;

export interface EndpointSpec<P, Q, B, H> extends Doc {
  readonly method: Method;
  readonly url: string;
  readonly params?: P;
  readonly querystring?: Q;
  readonly headers?: H;
  /** JSON request body (sent as application/json). */
  readonly body?: B;
  readonly audit: AuditDecision;
  /**
   * How the route treats a session cookie that no longer signs in (core/session-cookie.ts):
   * `optional`, as anonymous; `ignored`, not read at all (sign-in and sign-up routes).
   */
  readonly sessionCookie?: 'optional' | 'ignored';
  /**
   * A `session` route that answers a caller without a session too (`account: null`) instead of
   * 401 before its handler runs.
   */
  readonly answersSignedOut?: true;
  /** A larger body limit than the API's 64 KiB, for routes that take big documents. */
  readonly bodyLimit?: number;
  readonly handler: (request: EndpointRequest<P, Q, B, H>, reply: FastifyReply) => unknown;
}

/** A declaration with its types erased: what the app, the audit trail and the tests read. */
export type Endpoint = EndpointSpec<TObject | undefined, TObject | undefined, TObject | undefined, TObject | undefined>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's declaration (every API route has one; core/endpoint.ts). */
    endpoint?: Endpoint;
  }
}

/** Whether only an account (a token or a signed-in browser) may call the route: it answers 401 before its body is read. */
export function requiresAccount(endpoint: Endpoint): boolean {
  return endpoint.access === 'token' || (endpoint.access === 'session' && endpoint.answersSignedOut !== true);
}

/** The declaration's route document, for routeSchema(). */
function docOf(endpoint: Endpoint): RouteDoc {
  const {
    method: _m,
    url: _u,
    audit: _a,
    sessionCookie: _s,
    bodyLimit: _b,
    answersSignedOut: _o,
    handler: _h,
    ...doc
  } = endpoint;
  return doc as RouteDoc;
}

/**
 * Registers one declared route. A declaration without an audit decision is refused here, when
 * the app is built: a route cannot be added that the audit trail silently skips.
 */
export function addEndpoint<
  P extends TObject | undefined = undefined,
  Q extends TObject | undefined = undefined,
  B extends TObject | undefined = undefined,
  H extends TObject | undefined = undefined,
>(app: FastifyInstance, spec: EndpointSpec<P, Q, B, H>): void {
  const endpoint = spec as unknown as Endpoint;
  if (endpoint.audit === undefined || endpoint.audit === null) {
    throw new Error(`${spec.method} ${spec.url} has no audit decision (audit: { action, ... } or audit: 'none')`);
  }
  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.bodyLimit !== undefined ? { bodyLimit: spec.bodyLimit } : {}),
    config: {
      endpoint,
      ...(spec.sessionCookie !== undefined ? { sessionCookie: spec.sessionCookie } : {}),
    },
    schema: routeSchema(spec.method, docOf(endpoint)),
    handler: spec.handler as (request: FastifyRequest, reply: FastifyReply) => unknown,
  });
}

/**
 * Refuses, at start-up, an API route that was not declared with addEndpoint (and so has no
 * scope, audit decision or share rule that the hooks could read).
 */
export function assertRouteDeclared(route: RouteOptions): void {
  if (!route.url.startsWith('/api/')) return;
  if (route.config?.endpoint === undefined) {
    throw new Error(`${String(route.method)} ${route.url} is not declared with addEndpoint (core/endpoint.ts)`);
  }
}

const DECLARED = new WeakMap<FastifyInstance, Endpoint[]>();

/** Collects the declarations of every route `app` and its plugins register (read with declaredEndpoints). */
export function collectEndpoints(app: FastifyInstance): void {
  const endpoints: Endpoint[] = [];
  DECLARED.set(app, endpoints);
  app.addHook('onRoute', (route) => {
    assertRouteDeclared(route);
    const endpoint = route.config?.endpoint;
    // Fastify adds a HEAD route beside every GET, with the same config: counted once.
    if (endpoint !== undefined && route.method === endpoint.method) endpoints.push(endpoint);
  });
}

/** The declared routes of an app built by buildApiApp (after `ready()`), in registration order. */
export function declaredEndpoints(app: FastifyInstance): readonly Endpoint[] {
  return DECLARED.get(app) ?? [];
}
