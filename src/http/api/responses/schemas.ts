import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { RESPONSE_LIMITS } from '../../../domain/response.js';

/**
 * JSON shapes of response rules (responses/routes.ts). Named schemas: the OpenAPI
 * document lists them under components.schemas (schemas.ts registers them).
 */

const closed = { additionalProperties: false } as const;
const HeaderPair = Type.Unsafe<[string, string]>({ $ref: 'HeaderPair#' });
const L = RESPONSE_LIMITS;

/** The fields of one answer; `optional` for the request body, where every one has a default. */
function answerFields(optional: boolean) {
  const maybe = <T extends TSchema>(schema: T) => (optional ? Type.Optional(schema) : schema);
  return {
    status: maybe(
      Type.Integer({
        minimum: L.minStatus,
        maximum: L.maxStatus,
        description:
          `HTTP status, ${L.minStatus} to ${L.maxStatus} (default 200). A 1xx is refused: it is informational, ` +
          'never the final answer to a request. 204, 205 and 304 take no body.',
      }),
    ),
    headers: maybe(
      Type.Array(HeaderPair, {
        maxItems: L.maxHeaders,
        description:
          `Headers in the order they are sent, duplicates allowed (at most ${L.maxHeaders}; names are tokens of at most ` +
          `${L.maxHeaderNameLength} characters, values at most ${L.maxHeaderValueLength} Latin-1 characters without ` +
          'control characters). Refused: Connection, Keep-Alive, Transfer-Encoding, Content-Length, Upgrade, TE, ' +
          'Trailer, HTTP2-Settings, Proxy-*, Host and Set-Cookie. Rehook adds Content-Length (not for 204 and 304), ' +
          'Date and Content-Security-Policy: sandbox (always), and Access-Control-Allow-Origin: * and ' +
          'X-Content-Type-Options: nosniff unless given here.',
      }),
    ),
    body: Type.Optional(
      Type.String({
        description: `The body as UTF-8 text (at most ${L.maxBodyBytes} bytes encoded). Not with bodyBase64.`,
      }),
    ),
    bodyBase64: Type.Optional(
      Type.String({
        contentEncoding: 'base64',
        description: `The body as base64 bytes (at most ${L.maxBodyBytes} bytes decoded). Not with body. GET shows it only for bodies that are not UTF-8 text.`,
      }),
    ),
    delayMs: maybe(
      Type.Integer({
        minimum: 0,
        maximum: L.maxDelayMs,
        description:
          `Milliseconds to wait before answering (0 to ${L.maxDelayMs}, default 0). The event is stored and listed ` +
          'before the wait starts; a shutdown cuts the wait short.',
      }),
    ),
    template: Type.Optional(
      Type.Boolean({
        description:
          'When true, header values and the body are LiquidJS templates rendered against each request (`method`, ' +
          '`path`, `query`, `headers`, `body`, `rawBody`, `event.id`, `now`, `uuid`; filters such as `default`, ' +
          '`json`, `upcase`, `base64`; docs/insight.md). A template that does not parse is refused with its line ' +
          "and column; one that fails to render answers the inbox's default answer and the event records the error. " +
          'Shown only when true. The body must be text (body, not bodyBase64 bytes).',
      }),
    ),
  };
}

const MatchSchema = Type.Object(
  {
    method: Type.Optional(
      Type.String({
        maxLength: L.maxMethodLength,
        description: 'The request method (case-insensitive, stored in upper case), e.g. POST.',
      }),
    ),
    pathPrefix: Type.Optional(
      Type.String({
        maxLength: L.maxPathPrefixLength,
        description:
          'A path below the inbox, matched by whole segments on the raw (undecoded) path: `/fail` matches ' +
          '/i/<id>/fail and /i/<id>/fail/now but not /i/<id>/failure; `/fail/` only paths below /fail; `/` every path.',
      }),
    ),
    header: Type.Optional(
      Type.Object(
        {
          name: Type.String({ description: 'Header name, case-insensitive.' }),
          value: Type.Optional(
            Type.String({
              description: "When given, one of the header's values must equal it exactly (case-sensitive).",
            }),
          ),
        },
        { description: 'A request header that must be present (with this value, when given).', ...closed },
      ),
    ),
  },
  {
    description:
      'What a request must look like for the rule to apply; every condition given must hold ({} matches every request).',
    ...closed,
  },
);

export const ResponseAnswerSchema = Type.Object(answerFields(false), {
  $id: 'ResponseAnswer',
  description: 'One answer of the ingest listener. Exactly one of body and bodyBase64 is shown.',
  ...closed,
});

export const ResponseRuleSchema = Type.Object(
  { match: MatchSchema, response: Type.Unsafe({ $ref: 'ResponseAnswer#' }) },
  { $id: 'ResponseRule', description: 'A rule: the answer for requests that match.', ...closed },
);

export const InboxResponseSchema = Type.Object(
  {
    ...answerFields(false),
    rules: Type.Array(Type.Unsafe({ $ref: 'ResponseRule#' }), {
      maxItems: L.maxRules,
      description: `Rules in order (at most ${L.maxRules}); the first that matches gives the answer, else the default above.`,
    }),
    updatedAt: Type.String({ format: 'date-time', description: 'When it was set.' }),
  },
  {
    $id: 'InboxResponse',
    description:
      "An inbox's response: the default answer (status, headers, body, delayMs) and ordered rules. " +
      'Exactly one of body and bodyBase64 is shown (body when the bytes are UTF-8 text).',
    ...closed,
  },
);

/** The body of PUT: the same shape, every field optional (`updatedAt` is ignored). */
export const InboxResponseInputSchema = Type.Object(
  {
    ...answerFields(true),
    rules: Type.Optional(
      Type.Array(Type.Object({ match: MatchSchema, response: Type.Object(answerFields(true), closed) }, closed), {
        maxItems: L.maxRules,
        description: `Rules in order (at most ${L.maxRules}); the first that matches wins.`,
      }),
    ),
    updatedAt: Type.Optional(
      Type.String({ description: 'Ignored (GET shows it; its answer can be sent back as it is).' }),
    ),
  },
  closed,
);

/** The body of POST /api/v1/inboxes/<id>/responses/preview. */
export const ResponsePreviewInputSchema = Type.Object(
  {
    response: Type.Unsafe<Record<string, unknown>>({
      type: 'object',
      description: 'A response as PUT /api/v1/inboxes/<id>/response takes it (saved or not).',
    }),
    eventId: Type.String({ description: 'A captured event of this inbox to render the answer against.' }),
  },
  closed,
);

export const ResponsePreviewSchema = Type.Object(
  {
    answer: Type.Unsafe({ $ref: 'ResponseAnswer#' }),
    rule: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: "The rule whose answer was sent (null: the default answer, or the contract's 200).",
    }),
    error: Type.Union([Type.String(), Type.Null()], {
      description: 'Why a templated answer could not be rendered (what the event would record), else null.',
    }),
  },
  {
    $id: 'ResponsePreview',
    description:
      "What the ingest listener would have answered the event: the answer with its templates rendered (the contract's " +
      '`200 {"ok":true}` shown as an answer when nothing else applies). `uuid` and `now` differ per render.',
    ...closed,
  },
);

export const RESPONSE_SCHEMAS: readonly TSchema[] = [
  ResponseAnswerSchema,
  ResponseRuleSchema,
  InboxResponseSchema,
  ResponsePreviewSchema,
];

export type InboxResponseJsonSchema = Static<typeof InboxResponseSchema>;
