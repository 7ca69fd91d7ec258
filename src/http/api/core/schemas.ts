import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { TOKEN_SCOPES, type TokenScope } from '../../../domain/token-scope.js';
import { ERROR_CODES, type ErrorCode } from '../../../errors.js';
import { RoleRef } from '../teams/schemas.js';

/**
 * JSON shapes of the REST API as TypeBox schemas: the one description from which the OpenAPI
 * document (openapi.json), the client's types and the presenters' return types all follow.
 * Response schemas are closed (`additionalProperties: false`): the test harness validates every
 * response the suites receive against the document, so a field the document does not describe
 * fails a test instead of reaching users undocumented.
 *
 * Each named schema carries an `$id`; the OpenAPI document lists it under
 * `components.schemas.<$id>` and routes refer to it with {@link ref}.
 */

const closed = { additionalProperties: false } as const;

/** An ISO 8601 UTC timestamp with milliseconds, as `Date.prototype.toISOString` writes it. */
const Timestamp = (description: string) =>
  Type.String({ format: 'date-time', description, examples: ['2026-11-25T10:00:00.000Z'] });

const Nullable = <T extends TSchema>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

export const HeaderPairSchema = Type.Unsafe<[name: string, value: string]>({
  $id: 'HeaderPair',
  type: 'array',
  description:
    'One header as received: [name, value], the name in its original case, the value as the received ' +
    'bytes read as Latin-1 code points.',
  prefixItems: [{ type: 'string' }, { type: 'string' }],
  items: false,
  minItems: 2,
  maxItems: 2,
});

export const InboxSchema = Type.Object(
  {
    id: Type.String({
      description: 'Inbox id (inb_ + 26 base32 characters).',
      examples: ['inb_6h2m0s7d3k9q1w4e8r5t2y7u0p'],
    }),
    ingestUrl: Type.String({ description: 'Path on the ingest origin, /i/<id>.' }),
    url: Type.String({ description: 'Full URL to send webhooks to (ingest origin + ingestUrl).' }),
    name: Nullable(
      Type.String({ minLength: 1, maxLength: 100 }),
      'A name given by its user (1 to 100 printable characters), or null.',
    ),
    saved: Type.Boolean({ description: 'True for a persistent inbox owned by an account or a team.' }),
    teamId: Nullable(Type.String(), 'The team that owns the inbox (tem_...), or null when it is not a team inbox.'),
    expiresAt: Nullable(
      Timestamp('When the anonymous inbox expires.'),
      'When an anonymous inbox expires; null for saved inboxes.',
    ),
    createdAt: Timestamp('When the inbox was created.'),
    eventCount: Type.Integer({
      minimum: 0,
      description: 'Events the inbox holds now (after evictions and deletions).',
    }),
    lastEventAt: Nullable(
      Timestamp('When its newest event was received.'),
      'When the newest event the inbox holds was received; null when it holds none.',
    ),
    role: Nullable(
      RoleRef,
      "The caller's role: its team role for a team's inbox, owner for the account's own inbox, null for an " +
        'anonymous inbox (whoever holds its id may do everything) or a sharing link.',
    ),
    permissions: Type.Object(
      {
        read: Type.Boolean({ description: 'Read the inbox, its events, replays and settings.' }),
        replay: Type.Boolean({ description: 'Replay (single, bulk, edited) and change response rules.' }),
        manage: Type.Boolean({
          description:
            'Rename, delete, clear, delete events, share, move, and change secrets, forwarding, alerts and rules.',
        }),
      },
      {
        description:
          "What the caller's role allows on this inbox, by the same rule the API enforces (docs/teams.md). An API " +
          "token's scope may narrow it further, route by route.",
        ...closed,
      },
    ),
  },
  { $id: 'Inbox', description: 'A capture inbox.', ...closed },
);

const JsonKindSchema = (options: { description?: string } = {}) =>
  Type.Union(
    [
      Type.Literal('null'),
      Type.Literal('boolean'),
      Type.Literal('integer'),
      Type.Literal('number'),
      Type.Literal('string'),
      Type.Literal('object'),
      Type.Literal('array'),
    ],
    options,
  );

/** One difference of a drifted event (src/domain/drift.ts). */
export const DriftDifferenceSchema = Type.Object(
  {
    kind: Type.Union(
      [
        Type.Literal('new-property'),
        Type.Literal('missing-property'),
        Type.Literal('type-changed'),
        Type.Literal('new-enum-value'),
      ],
      { description: 'What differs.' },
    ),
    path: Type.String({ description: "JSON pointer of the place in the body ('' = the body itself)." }),
    expected: Type.Optional(
      Type.Array(JsonKindSchema(), { description: 'type-changed: the JSON types seen there before.' }),
    ),
    actual: Type.Optional(JsonKindSchema({ description: 'type-changed: the JSON type this body has there.' })),
    value: Type.Optional(Type.String({ description: 'new-enum-value: the new value.' })),
  },
  { $id: 'DriftDifference', ...closed },
);

export const EventSignatureSchema = Type.Object(
  {
    scheme: Nullable(
      Type.String(),
      "The inbox's signature scheme when the event arrived (stripe, github, ...); null when no secret was set.",
    ),
    status: Type.Union([Type.Literal('valid'), Type.Literal('invalid'), Type.Literal('unchecked')], {
      description:
        '`valid`: the signature matched the stored secret; `invalid`: it did not (see reason); `unchecked`: nothing to check against.',
    }),
    reason: Nullable(
      Type.String(),
      'Why the status is not `valid` (missing or malformed header, mismatch, timestamp outside tolerance, no secret set); null when valid.',
    ),
  },
  { $id: 'EventSignature', description: "The sender's signature as checked when the event was captured.", ...closed },
);

export const EventAnswerSchema = Type.Object(
  {
    rule: Nullable(
      Type.Integer({ minimum: 0 }),
      "Index (from 0) of the inbox's response rule that chose the answer; null for the default answer.",
    ),
    status: Type.Integer({ minimum: 100, maximum: 599, description: 'HTTP status the ingest listener answered.' }),
    error: Type.Optional(
      Type.String({
        description:
          "Only when a templated answer failed to render: which one and why. The inbox's default answer was sent " +
          "instead (the contract's 200 when the default itself failed); `rule` and `status` say what was sent.",
      }),
    ),
  },
  {
    $id: 'EventAnswer',
    description: "Which answer the sender got (the contract's 200 unless the inbox has a response of its own).",
    ...closed,
  },
);

const eventSummaryFields = {
  id: Type.String({ description: 'Event id (evt_ + 26 characters, time-sortable).' }),
  inboxId: Type.String({ description: 'Id of the inbox that captured it.' }),
  receivedAt: Timestamp('When the request was captured.'),
  method: Type.String({ description: 'HTTP method as received.' }),
  path: Type.String({ description: 'Path as received, without the query string (/i/<inboxId>/...).' }),
  query: Type.String({ description: "Raw query string without the leading '?'; '' when there was none." }),
  contentType: Nullable(Type.String(), 'The first Content-Type header, or null.'),
  size: Type.Integer({ minimum: 0, description: 'Body size in bytes.' }),
  signature: ref(EventSignatureSchema),
  answer: ref(EventAnswerSchema),
  eventType: Nullable(
    Type.String(),
    'The event type (docs/insight.md), set by the background worker shortly after capture; null until then, and ' +
      'for bodies that are not JSON.',
  ),
  drift: Nullable(
    Type.Array(ref(DriftDifferenceSchema)),
    'How the body differs from the schema learned from the earlier events of its type; null when it fits, for ' +
      'the first event of a type, and until the worker has read it.',
  ),
};

export const EventSummarySchema = Type.Object(eventSummaryFields, {
  $id: 'EventSummary',
  description: 'A captured request without headers and body, as lists and the live stream carry it.',
  ...closed,
});

const eventMetaFields = {
  ...eventSummaryFields,
  sourceIp: Type.String({ description: 'Address of the sender.' }),
  headers: Type.Array(Type.Unsafe<[string, string]>({ $ref: 'HeaderPair#' }), {
    description: 'Every header in arrival order, duplicates kept; Authorization and Cookie values read [REDACTED].',
  }),
};

export const EventMetaSchema = Type.Object(
  {
    ...eventMetaFields,
    bodyUrl: Type.String({ description: 'API path that serves the raw body bytes.' }),
  },
  {
    $id: 'EventMeta',
    description: 'A captured request with everything that was stored except its body, which bodyUrl serves as bytes.',
    ...closed,
  },
);

export const EventDetailSchema = Type.Object(
  {
    ...eventMetaFields,
    bodyBase64: Type.String({ description: 'The exact body bytes, base64.' }),
    bodyText: Nullable(Type.String(), 'The body as UTF-8 text when (and only when) it is valid UTF-8, else null.'),
    bodyUrl: Type.String({ description: 'API path that serves the raw body bytes.' }),
  },
  { $id: 'EventDetail', description: 'A captured request with everything that was stored.', ...closed },
);

export const ReplayRequestSchema = Type.Object(
  {
    method: Type.String({ description: 'The method sent.' }),
    url: Type.String({ description: 'The URL dialled: the destination with the path and query overrides applied.' }),
    headers: Type.Array(Type.Unsafe<[string, string]>({ $ref: 'HeaderPair#' }), {
      description:
        'The headers sent, in order (Host and Content-Length are added by the connection); Authorization and Cookie values read [REDACTED].',
    }),
    body: Nullable(
      Type.String(),
      "The body sent when it was edited (UTF-8 text or base64, as bodyEncoding says); null when the event's own body was sent unchanged (see the event's bodyUrl).",
    ),
    bodyEncoding: Nullable(
      Type.Union([Type.Literal('utf8'), Type.Literal('base64')]),
      'How `body` is written; null when `body` is null.',
    ),
    bodySize: Type.Integer({ minimum: 0, description: 'Size of the body sent, in bytes.' }),
    bodyOmitted: Type.Boolean({
      description:
        'True when an edited body was left out of this list to keep the answer bounded (at most 32 MiB of edited bodies per list, newest first); `body` is then null.',
    }),
    edited: Type.Boolean({ description: 'True when anything differed from the event (an override was given).' }),
    overrides: Nullable(
      Type.Object(
        {
          method: Type.Optional(Type.String()),
          path: Type.Optional(Type.String({ description: "Appended to the destination's path." })),
          query: Type.Optional(Type.String({ description: "Replaced the destination's query." })),
          setHeaders: Type.Optional(Type.Array(Type.Unsafe<[string, string]>({ $ref: 'HeaderPair#' }))),
          removeHeaders: Type.Optional(Type.Array(Type.String())),
          body: Type.Optional(
            Type.Boolean({ description: 'True when the body was replaced (the bytes are in `body`).' }),
          ),
        },
        { description: 'What the caller asked to change (Authorization and Cookie values redacted).', ...closed },
      ),
      'What the caller asked to change; null for a verbatim replay.',
    ),
    resigned: Type.Boolean({
      description: "True when the signature headers were recomputed with the inbox's secret (`resign`).",
    }),
  },
  { $id: 'ReplayRequest', description: 'The request a replay sent, to compare with the original event.', ...closed },
);

export const ReplaySchema = Type.Object(
  {
    id: Type.String({ description: 'Replay id (rpl_...).' }),
    eventId: Type.String(),
    accountId: Type.String({
      description: "The account that replayed (acc_...): on a team's inbox, the member (see the team's members).",
    }),
    destination: Type.String({ description: 'The URL the event was sent to.' }),
    createdAt: Timestamp('When the replay was made.'),
    outcome: Type.Union(
      [
        Type.Literal('response'),
        Type.Literal('invalid'),
        Type.Literal('forbidden'),
        Type.Literal('unreachable'),
        Type.Literal('timeout'),
      ],
      { description: 'How the replay ended; only `response` means the destination answered.' },
    ),
    statusCode: Nullable(Type.Integer(), 'HTTP status the destination answered; null when it never answered.'),
    latencyMs: Nullable(
      Type.Number({ minimum: 0 }),
      'Dispatch to the last response byte (or the failure), in ms; null when nothing was sent.',
    ),
    responseHeaders: Type.Array(Type.Unsafe<[string, string]>({ $ref: 'HeaderPair#' })),
    responseBody: Type.String({
      description: "The destination's body: UTF-8 text or base64, as responseBodyEncoding says.",
    }),
    responseBodyEncoding: Type.Union([Type.Literal('utf8'), Type.Literal('base64')]),
    truncated: Type.Boolean({ description: "True when the body was cut at the server's response size limit." }),
    error: Nullable(
      Type.Object({ code: Type.String(), message: Type.String() }, closed),
      'Why the replay failed (an error code of the catalogue and a message); null when the destination answered.',
    ),
    request: Nullable(
      Type.Unsafe<Static<typeof ReplayRequestSchema>>({ $ref: 'ReplayRequest#' }),
      'What was sent; null for replays made before this was recorded and when the destination was invalid (nothing was sent).',
    ),
    jobId: Nullable(Type.String(), 'The bulk replay job that made this replay; null for a replay of its own.'),
  },
  { $id: 'Replay', description: 'One replay attempt and what the destination answered.', ...closed },
);

export const ReplaySummarySchema = Type.Object(
  {
    requested: Type.Integer({ minimum: 1, description: 'Replays asked for (repeat).' }),
    attempts: Type.Integer({
      minimum: 1,
      description: 'Attempts made: requested, or fewer when the run stopped early (see stopped).',
    }),
    responses: Type.Integer({ minimum: 0, description: 'Attempts the destination answered (any status).' }),
    failures: Type.Integer({ minimum: 0, description: 'Attempts that got no answer (unreachable, timeout, refused).' }),
    statusCodes: Type.Record(Type.String(), Type.Integer({ minimum: 1 }), {
      description: 'Answers by status code, e.g. {"200": 9, "503": 1}.',
    }),
    errors: Type.Record(Type.String(), Type.Integer({ minimum: 1 }), {
      description: 'Failures by error code, e.g. {"DESTINATION_TIMEOUT": 1}.',
    }),
    stopped: Nullable(
      Type.Union([Type.Literal('forbidden'), Type.Literal('time-limit')]),
      'Why fewer than `requested` attempts were made: the replay policy refused the destination on a later attempt (`forbidden`), or no attempt starts after 240 s (`time-limit`); null when all were made.',
    ),
  },
  { $id: 'ReplaySummary', description: 'Totals of a repeated replay (`repeat`).', ...closed },
);

const tokenFields = {
  id: Type.String({ description: 'Token id (tok_...), used to revoke it.' }),
  name: Type.String({ description: 'The name given at creation.' }),
  prefix: Type.String({ description: 'First characters of the token, safe to show.' }),
  createdAt: Timestamp('When the token was created.'),
  lastUsedAt: Nullable(
    Timestamp('Last use.'),
    'When the token was last used (updated at most once a minute), or null.',
  ),
  revokedAt: Nullable(Timestamp('Revocation time.'), 'When the token was revoked, or null.'),
  scopes: Type.Array(Type.Unsafe<TokenScope>({ type: 'string', enum: [...TOKEN_SCOPES] }), {
    description:
      'Everything the token may do, narrowest first: `read`; `read`, `replay`; or `read`, `replay`, `manage` ' +
      '(settings, secrets, forwarding, shares, tokens, the account). Tokens made before scopes have all three.',
  }),
  inboxIds: Nullable(
    Type.Array(Type.String()),
    'The only inboxes the token reaches, or null for every inbox of the account.',
  ),
  teamId: Nullable(Type.String(), 'The team the token acts in, or null for the account itself.'),
  expiresAt: Nullable(
    Timestamp('Expiry.'),
    'When the token stops working (it is then refused like a revoked one), or null for never.',
  ),
};

export const TokenSchema = Type.Object(tokenFields, {
  $id: 'Token',
  description: 'An API token without its secret.',
  ...closed,
});

export const CreatedTokenSchema = Type.Object(
  { ...tokenFields, token: Type.String({ description: 'The token itself (rhk_...): shown in this answer only.' }) },
  { $id: 'CreatedToken', description: 'A new API token, with its secret (shown once).', ...closed },
);

const shareFields = {
  id: Type.String({ description: 'Link id (shr_...), used to revoke it.' }),
  inboxId: Type.String({ description: 'The inbox it reads.' }),
  prefix: Type.String({ description: 'First characters of its token (rhl_...), safe to show, to tell links apart.' }),
  createdAt: Timestamp('When the link was created.'),
};

export const ShareSchema = Type.Object(shareFields, {
  $id: 'Share',
  description: 'A read-only sharing link of an inbox, without its token.',
  ...closed,
});

export const CreatedShareSchema = Type.Object(
  {
    ...shareFields,
    token: Type.String({
      description: "The link's token (rhl_...): shown in this answer only. Send it as X-Rehook-Share (or ?share=).",
    }),
    path: Type.String({ description: "Path of the web app's page for the link, /s/<token>, on the API origin." }),
  },
  { $id: 'CreatedShare', description: 'A new sharing link, with its token (shown once).', ...closed },
);

export const AccountSchema = Type.Object(
  {
    id: Type.String({ description: 'Account id (acc_...).' }),
    email: Type.String({ description: 'E-mail address, lower-cased.' }),
    displayName: Nullable(Type.String(), 'The name shown for the person in the web app, or null.'),
    createdAt: Timestamp('When the account was created.'),
    hasPassword: Type.Boolean({
      description:
        'Whether the account has a password. One made by single sign-on has none: it confirms deleting itself ' +
        'with its e-mail address instead.',
    }),
  },
  { $id: 'Account', description: 'A user account.', ...closed },
);

export const SessionSchema = Type.Object(
  {
    account: Type.Unsafe<Static<typeof AccountSchema>>({ $ref: 'Account#' }),
    csrfToken: Type.String({
      description:
        'Send it as X-CSRF-Token with every request made with the session cookie other than GET, HEAD and OPTIONS.',
    }),
  },
  {
    $id: 'Session',
    description:
      'The signed-in account of a browser session (the session itself travels in the HttpOnly rehook_session cookie).',
    ...closed,
  },
);

export const ErrorCodeSchema = Type.Unsafe<ErrorCode>({
  $id: 'ErrorCode',
  type: 'string',
  enum: Object.keys(ERROR_CODES),
  description: 'Every error code of the API (docs/generated/errors.md); each operation lists the ones it can answer.',
});

/** The `message` of every error: stated once, each error answer of the document points at it. */
export const ErrorMessageSchema = Type.String({
  $id: 'ErrorMessage',
  description: 'For humans; may change between versions.',
});

export const ErrorBodySchema = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.Unsafe<ErrorCode>({ $ref: 'ErrorCode#' }),
        message: ref(ErrorMessageSchema),
        replayId: Type.Optional(Type.String({ description: 'On failed replays: the id of the recorded attempt.' })),
      },
      closed,
    ),
  },
  { $id: 'ErrorBody', description: 'The body of every error answer.', ...closed },
);

/** A reference to a named schema (resolved to `#/components/schemas/<id>` in the document). */
export function ref<T extends TSchema>(schema: T): T {
  if (schema.$id === undefined) throw new Error('ref() needs a schema with an $id');
  return Type.Unsafe<Static<T>>({ $ref: `${schema.$id}#` }) as unknown as T;
}

export type InboxJson = Static<typeof InboxSchema>;
export type EventSummaryJson = Static<typeof EventSummarySchema>;
export type EventDetailJson = Static<typeof EventDetailSchema>;
export type EventMetaJson = Static<typeof EventMetaSchema>;
export type ReplayJson = Static<typeof ReplaySchema>;
export type ReplayRequestJson = Static<typeof ReplayRequestSchema>;
export type TokenJson = Static<typeof TokenSchema>;
export type ShareJson = Static<typeof ShareSchema>;
export type CreatedShareJson = Static<typeof CreatedShareSchema>;
export type AccountJson = Static<typeof AccountSchema>;
