import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { FastifySchema } from 'fastify';
import type { TokenScope } from '../../../domain/token-scope.js';
import { ERROR_CODES, type ErrorCode } from '../../../errors.js';
import { ErrorMessageSchema } from './schemas.js';

/**
 * Builds the `schema` of a route: what the OpenAPI document says about it. Handlers validate
 * their input themselves (precise messages, 415 before 400; see app.ts), so the request parts
 * here describe what they accept; the response parts describe every status the route can
 * answer, and for each error status the exact list of `error.code` values, which the test
 * harness enforces on every response the suites receive.
 */

/**
 * Who may call: anyone; anyone, with more rights for an account; an account (an API token or a
 * signed-in browser's session cookie); a signed-in browser only.
 */
export type Access = 'public' | 'anonymous-or-token' | 'token' | 'session';

/**
 * The scope an API token needs to call the route (scopes nest: read < replay < manage), or
 * `none` for routes no token right is about (health, sign-in, the document). Every route says
 * one: the onRequest hook of app.ts enforces it from the schema, and refuses to register an API
 * route without one.
 */
export type RouteScope = TokenScope | 'none';

/**
 * Where the route names its inbox, for tokens limited to a list of inboxes: the `:inboxId`
 * parameter, the inbox of the `:eventId` or `:jobId` parameter, or `list` (the route lists
 * inboxes and shows a limited token only its own). A route without one is account-wide: a
 * limited token is refused it.
 */
export type RouteInbox = 'inboxId' | 'eventId' | 'jobId' | 'list';

/**
 * What a route that names no inbox does for a token limited to a team: `teamId`, it acts on the
 * team of its `:teamId` parameter (the service refuses any other team); `list`, it lists teams
 * and shows only the token's own; `create`, it creates an inbox, which goes to the token's team.
 * A route with neither this nor `inbox` is account-wide: a team-limited token is refused it.
 */
export type RouteTeam = 'teamId' | 'list' | 'create';

/** Schema keys (copied into the OpenAPI operation, as `x-` keys are) of the three above. */
export const SCOPE_MARK = 'x-rehook-scope';
export const INBOX_MARK = 'x-rehook-inbox';
export const TEAM_MARK = 'x-rehook-team';

interface SuccessResponse {
  readonly description: string;
  /** JSON body schema; absent = no body (204). */
  readonly schema?: TSchema;
  /** Non-JSON body: its media type (the body is then described as a string). */
  readonly mediaType?: string;
  /** Several media types (chosen by a parameter or Accept): each with its body schema. */
  readonly content?: Readonly<Record<string, TSchema>>;
}

export interface RouteDoc {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tag: 'Inboxes' | 'Events' | 'Replays' | 'Tokens' | 'Shares' | 'Accounts' | 'Teams' | 'Operations';
  readonly access: Access;
  /** What an API token needs (see RouteScope). */
  readonly scope: RouteScope;
  /** Where the route names its inbox, for inbox-limited tokens (see RouteInbox). */
  readonly inbox?: RouteInbox;
  /** What the route does for team-limited tokens when it names no inbox (see RouteTeam). */
  readonly team?: RouteTeam;
  /**
   * The route reads an inbox or its events and also takes a sharing link (X-Rehook-Share or
   * ?share=); the app's onRequest hook reads it from the declaration (core/endpoint.ts). Every
   * other route answers a link 403 SHARE_READ_ONLY.
   */
  readonly share?: boolean;
  readonly params?: TObject;
  readonly querystring?: TObject;
  readonly headers?: TObject;
  /** JSON request body (sent as application/json). */
  readonly body?: TObject;
  /** The body may be left out altogether (the document then says `requestBody.required: false`). */
  readonly bodyOptional?: boolean;
  readonly responses: Readonly<Record<number, SuccessResponse>>;
  /** Error codes this route's own logic answers (the common ones are added below). */
  readonly errors: readonly ErrorCode[];
  /** Extra properties of the error object for some codes (e.g. `replayId` of failed replays). */
  readonly errorExtras?: {
    readonly codes: readonly ErrorCode[];
    readonly properties: Readonly<Record<string, TSchema>>;
  };
}

/**
 * Codes any API request can get whatever the route: a bad or revoked token (every request is
 * authenticated before routing, `/healthz` included), the failed-authentication budget, storage
 * trouble during that authentication, and the opaque 500 of a bug.
 */
const EVERY_ROUTE: readonly ErrorCode[] = ['UNAUTHORIZED', 'RATE_LIMITED', 'STORAGE_UNAVAILABLE', 'INTERNAL'];

/**
 * Codes of a sharing-link credential, checked on every request like a token: an unknown or
 * revoked link, and a link sent with an Authorization header (or two links). Routes that do
 * not take links also answer a valid one 403 SHARE_READ_ONLY.
 */
const SHARE_CREDENTIAL: readonly ErrorCode[] = ['SHARE_NOT_FOUND', 'AMBIGUOUS_CREDENTIALS'];

/**
 * Codes of the body parser on methods whose body Fastify reads (POST, PUT, PATCH, DELETE): a
 * malformed JSON body, one over the 64 KiB limit, or a broken Content-Length.
 */
const BODY_PARSER: readonly ErrorCode[] = ['INVALID_JSON', 'PAYLOAD_TOO_LARGE', 'VALIDATION_FAILED'];

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Schema key (copied into the operation, as `x-` keys are) of a route whose body is optional. */
export const OPTIONAL_BODY_MARK = 'x-rehook-optional-body';

/** Every method but GET, HEAD and OPTIONS changes something: with the session cookie, it needs X-CSRF-Token. */
const CSRF_CHECKED = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The error envelope with the codes one status of one route can carry. */
export function errorEnvelope(codes: readonly ErrorCode[], extras: Readonly<Record<string, TSchema>> = {}): TSchema {
  return Type.Object(
    {
      error: Type.Object(
        {
          code: Type.Unsafe<string>({ type: 'string', enum: [...codes] }),
          // Inline here (the ingest operation is written without Fastify's resolver); the document
          // points every copy at the named schema (openapi-sharing.ts).
          message: Type.String({ description: String(ErrorMessageSchema.description) }),
          ...Object.fromEntries(Object.entries(extras).map(([name, schema]) => [name, Type.Optional(schema)])),
        },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  );
}

function describeCodes(codes: readonly ErrorCode[]): string {
  return codes.map((code) => `\`${code}\`: ${ERROR_CODES[code].message}.`).join(' ');
}

/** Path parameters naming something a team can own: the route applies the team's roles. */
const TEAM_OWNABLE_PARAMS = ['inboxId', 'eventId', 'jobId', 'teamId'];

/**
 * Whether the route acts on an inbox (or its events, jobs) or a team: a team member whose role
 * does not allow the action gets 403 FORBIDDEN there (src/services/inboxes.ts authorizeInbox).
 */
function onTeamResource(doc: RouteDoc): boolean {
  const names = Object.keys(doc.params?.properties ?? {});
  return names.some((name) => TEAM_OWNABLE_PARAMS.includes(name));
}

/** The error codes a route can answer, all causes included. */
export function routeErrorCodes(method: string, doc: RouteDoc): ErrorCode[] {
  const codes = new Set<ErrorCode>(doc.errors);
  for (const code of EVERY_ROUTE) codes.add(code);
  for (const code of SHARE_CREDENTIAL) codes.add(code);
  if (doc.share !== true) codes.add('SHARE_READ_ONLY');
  if (onTeamResource(doc)) codes.add('FORBIDDEN');
  if (METHODS_WITH_BODY.has(method)) for (const code of BODY_PARSER) codes.add(code);
  if (CSRF_CHECKED.has(method)) codes.add('CSRF_FAILED');
  if (doc.scope !== 'none') codes.add('INSUFFICIENT_SCOPE');
  return [...codes];
}

const SECURITY: Readonly<Record<Access, readonly Record<string, string[]>[]>> = {
  // An empty object means "no credentials needed"; a token is still checked when one is sent.
  public: [{}],
  'anonymous-or-token': [{}, { bearerAuth: [] }, { sessionCookie: [] }],
  token: [{ bearerAuth: [] }, { sessionCookie: [] }],
  session: [{ sessionCookie: [] }],
};

/** The alternatives a route that takes sharing links adds. */
const SHARE_SECURITY: readonly Record<string, string[]>[] = [{ shareHeader: [] }, { shareQuery: [] }];

/** The Fastify route schema (and so the OpenAPI operation) of one route. */
export function routeSchema(method: string, doc: RouteDoc): FastifySchema {
  const response: Record<string, unknown> = {};
  for (const [status, success] of Object.entries(doc.responses)) {
    if (success.content !== undefined) {
      const content = Object.fromEntries(Object.entries(success.content).map(([type, schema]) => [type, { schema }]));
      response[status] = { description: success.description, content };
    } else if (success.schema !== undefined) {
      response[status] = {
        description: success.description,
        content: { 'application/json': { schema: success.schema } },
      };
    } else if (success.mediaType !== undefined) {
      response[status] = {
        description: success.description,
        content: { [success.mediaType]: { schema: { type: 'string' } } },
      };
    } else {
      response[status] = { description: success.description, type: 'null' };
    }
  }
  const byStatus = new Map<number, ErrorCode[]>();
  // In the catalogue's order, so that routes answering the same codes share one response of the
  // document (error-responses.ts), whatever order their causes were added in.
  const catalogue = Object.keys(ERROR_CODES);
  const ordered = routeErrorCodes(method, doc).sort((a, b) => catalogue.indexOf(a) - catalogue.indexOf(b));
  for (const code of ordered) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    response[String(status)] = {
      description: describeCodes(codes),
      content: {
        'application/json': {
          schema: errorEnvelope(
            codes,
            codes.some((code) => doc.errorExtras?.codes.includes(code)) ? doc.errorExtras?.properties : {},
          ),
        },
      },
    };
  }
  return {
    operationId: doc.operationId,
    summary: doc.summary,
    ...(doc.description !== undefined ? { description: doc.description } : {}),
    tags: [doc.tag],
    security: [...SECURITY[doc.access], ...(doc.share === true ? SHARE_SECURITY : [])] as Record<string, string[]>[],
    ...(doc.params ? { params: doc.params } : {}),
    ...(doc.querystring ? { querystring: doc.querystring } : {}),
    ...(doc.headers ? { headers: doc.headers } : {}),
    ...(doc.body ? { body: doc.body } : {}),
    // @fastify/swagger marks every body required; openapi.ts reads this mark and removes itself.
    ...(doc.body && doc.bodyOptional === true ? { [OPTIONAL_BODY_MARK]: true } : {}),
    [SCOPE_MARK]: doc.scope,
    ...(doc.inbox !== undefined ? { [INBOX_MARK]: doc.inbox } : {}),
    ...(doc.team !== undefined ? { [TEAM_MARK]: doc.team } : {}),
    response,
  } as FastifySchema;
}

/** `{"data":{"<key>": <schema>}}`: the envelope of the API's JSON answers, which clients unwrap in one place. */
export function dataEnvelope(key: string, schema: TSchema): TObject {
  return Type.Object(
    { data: Type.Object({ [key]: schema }, { additionalProperties: false }) },
    { additionalProperties: false },
  );
}

export const InboxIdParams = Type.Object({
  inboxId: Type.String({ description: 'Inbox id (inb_...).' }),
});
export const EventIdParams = Type.Object({
  eventId: Type.String({ description: 'Event id (evt_...).' }),
});
export const TokenIdParams = Type.Object({
  tokenId: Type.String({ description: 'Token id (tok_...).' }),
});
