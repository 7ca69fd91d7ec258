import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../errors.js';
import {
  OVERRIDE_FIELDS,
  OVERRIDE_LIMITS,
  parseRepeat,
  parseReplayOverrides,
  parseResign,
} from '../../../services/replay-overrides.js';
import { listReplays, replayEvent, replayRepeatedly } from '../../../services/replays.js';
import { rateLimited, REPLAY_RETRY_AFTER_MS } from '../../../abuse/api-limits.js';
import type { ApiContext } from '../core/context.js';
import { replayJson, replayListJson } from '../core/present.js';
import { jsonObjectBody, pathParam, principalOf } from '../core/request.js';
import { dataEnvelope, EventIdParams } from '../core/route-schema.js';
import { ref, ReplaySchema, ReplaySummarySchema } from '../core/schemas.js';
import { addEndpoint } from '../core/endpoint.js';
import { field, param, text } from '../core/audit-trail.js';
import { destinationForAudit } from '../../../domain/audit.js';
import { listed } from '../core/path-id-answers.js';

/** Largest edited body when the server does not say (REHOOK_MAX_BODY's default). */
const DEFAULT_REPLAY_MAX_BODY_BYTES = 10 * 1024 * 1024;

const REPLAY_BODY_FIELDS: ReadonlySet<string> = new Set(['destination', ...OVERRIDE_FIELDS, 'resign', 'repeat']);

const HeaderPairRef = Type.Unsafe<[string, string]>({ $ref: 'HeaderPair#' });

const ReplayRequestBody = Type.Object({
  destination: Type.String({ description: 'Absolute http or https URL.', examples: ['https://example.com/webhooks'] }),
  method: Type.Optional(
    Type.String({
      maxLength: OVERRIDE_LIMITS.methodLength,
      description: "Send this method instead of the event's (an HTTP token; case kept; not CONNECT).",
      examples: ['PUT'],
    }),
  ),
  path: Type.Optional(
    Type.String({
      maxLength: OVERRIDE_LIMITS.pathLength,
      description:
        "Appended to the destination's path (one '/' between them); starts with '/', no '?', '#', spaces or controls.",
      examples: ['/stripe/events'],
    }),
  ),
  query: Type.Optional(
    Type.String({
      maxLength: OVERRIDE_LIMITS.queryLength,
      description: "Replaces the destination's query (a leading '?' is optional; '' removes it).",
      examples: ['attempt=2&debug=1'],
    }),
  ),
  headers: Type.Optional(
    Type.Object(
      {
        set: Type.Optional(
          Type.Union(
            [
              Type.Record(Type.String(), Type.String(), { description: '{"Name": "value"}: one value per name.' }),
              Type.Array(HeaderPairRef, { description: '[[name, value], ...]: a name may repeat (several values).' }),
            ],
            {
              description:
                'Headers to send; each name replaces every header of that name (case-insensitive) at the place of the first one, ' +
                'or is appended. Not Host, Content-Length, hop-by-hop or Proxy-* names. Authorization and Cookie may be set (sent, recorded as [REDACTED]).',
            },
          ),
        ),
        remove: Type.Optional(
          Type.Array(Type.String(), {
            maxItems: OVERRIDE_LIMITS.headerEntries,
            description: 'Names of headers not to send (case-insensitive).',
          }),
        ),
      },
      {
        additionalProperties: false,
        description: `Header edits: remove, then set; at most ${OVERRIDE_LIMITS.headerEntries} entries each; a name may not be both.`,
      },
    ),
  ),
  body: Type.Optional(Type.String({ description: 'Send this text as the body (UTF-8). Not with bodyBase64.' })),
  bodyBase64: Type.Optional(
    Type.String({
      contentEncoding: 'base64',
      description: 'Send these bytes as the body (standard base64). Not with body.',
    }),
  ),
  resign: Type.Optional(
    Type.Boolean({
      description:
        "Recompute the inbox's signature headers (fresh timestamp) over the request as sent, after the edits. The inbox needs a signature secret. " +
        'With an edited `body`/`bodyBase64` or `headers` it needs what setting the secret needs: the admin role or above on a ' +
        'team inbox (403 FORBIDDEN otherwise) and a session or a token of scope manage (403 INSUFFICIENT_SCOPE).',
    }),
  ),
  repeat: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: OVERRIDE_LIMITS.repeat,
      description: 'Send it this many times, one after the other; the answer is then data.replays and data.summary.',
    }),
  ),
});

const RepeatEnvelope = Type.Object(
  {
    data: Type.Object(
      {
        replays: Type.Array(ref(ReplaySchema), { description: 'Every attempt, in the order made.' }),
        summary: ref(ReplaySummarySchema),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export function registerReplayRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  const maxBodyBytes = ctx.replayMaxBodyBytes ?? DEFAULT_REPLAY_MAX_BODY_BYTES;
  addEndpoint(app, {
    method: 'POST',
    url: '/api/v1/events/:eventId/replay',
    // An edited body may be as large as an event's (REHOOK_MAX_BODY), base64 in JSON.
    bodyLimit: Math.ceil(maxBodyBytes / 3) * 4 + 64 * 1024,
    operationId: 'replayEvent',
    summary: 'Re-send an event to a destination, as captured or edited, once or several times',
    description:
      'The server sends the stored method, headers (without hop-by-hop and redacted ones) and exact ' +
      'body bytes to `destination` and answers what it replied. A 4xx or 5xx of the destination is a ' +
      'normal result. Redirects are not followed. Loopback, private and reserved addresses are refused ' +
      'unless the server allows them. Failed attempts are recorded too; their error carries `replayId`.\n\n' +
      "Edit-and-replay (docs/replay.md): `method`, `path` (appended to the destination's path), `query` " +
      "(replaces the destination's query), `headers` (`remove`, then `set`), and `body` or `bodyBase64` " +
      "change what is sent; `resign` recomputes the inbox's signature headers over the edited request " +
      'with a fresh timestamp (over an edited body or headers: admins and owners, with a manage token; ' +
      'decision 59). Every replay records what it sent (`request`).\n\n' +
      '`repeat` (1-100) sends it that many times, one after the other, and answers `data.replays` ' +
      '(each result, unreachable and timed-out attempts included) with `data.summary`; without `repeat` ' +
      'the answer is `data.replay` as always.',
    tag: 'Replays',
    access: 'token',
    scope: 'replay',
    inbox: 'eventId',
    params: EventIdParams,
    body: ReplayRequestBody,
    responses: {
      200: {
        description:
          'Without `repeat`: the destination answered (any status), `data.replay`. With `repeat`: every attempt, `data.replays` and `data.summary`.',
        schema: Type.Union([dataEnvelope('replay', ref(ReplaySchema)), RepeatEnvelope]),
      },
    },
    errors: [
      'VALIDATION_FAILED',
      'INVALID_DESTINATION',
      'DESTINATION_FORBIDDEN',
      'EVENT_NOT_FOUND',
      'INBOX_NOT_FOUND',
      'SIGNATURE_NOT_SET',
      'UNSUPPORTED_MEDIA_TYPE',
      'RATE_LIMITED',
      'DESTINATION_UNREACHABLE',
      'DESTINATION_TIMEOUT',
    ],
    errorExtras: {
      // Failed attempts are recorded; their errors name the record.
      codes: ['INVALID_DESTINATION', 'DESTINATION_FORBIDDEN', 'DESTINATION_UNREACHABLE', 'DESTINATION_TIMEOUT'],
      properties: { replayId: Type.String({ description: 'Id of the recorded failed attempt (rpl_...).' }) },
    },
    audit: {
      action: 'replay',
      target: param('event', 'eventId'),
      detail: (seen) => ({
        destination: destinationForAudit(seen.body['destination']),
        replayId: text(field(seen.data['replay'], 'id')),
        repeat: typeof seen.body['repeat'] === 'number' ? seen.body['repeat'] : null,
      }),
    },
    handler: async (request, reply) => {
      const principal = await principalOf(deps, request);
      const body = jsonObjectBody(request);
      const unknown = Object.keys(body).filter((key) => !REPLAY_BODY_FIELDS.has(key));
      if (unknown.length > 0) {
        throw new AppError('VALIDATION_FAILED', {
          message: `Unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')}; accepted: ${[...REPLAY_BODY_FIELDS].join(', ')}`,
        });
      }
      const overrides = parseReplayOverrides(body, { maxBodyBytes });
      const resign = parseResign(body['resign']);
      const repeat = parseRepeat(body['repeat']);
      const input = {
        eventId: pathParam(request, 'eventId'),
        destination: body['destination'],
        ...(overrides === undefined ? {} : { overrides }),
        resign,
      };
      // Replays in flight are capped per instance (REHOOK_REPLAY_MAX_CONCURRENT): 429 beyond. A
      // repeated replay holds one slot: its attempts go one after the other.
      const release = ctx.abuse ? ctx.abuse.replays.tryAcquire() : () => undefined;
      if (release === null)
        throw rateLimited(reply, REPLAY_RETRY_AFTER_MS, 'Too many replays in flight; retry shortly');
      try {
        if (repeat === undefined) return { data: { replay: replayJson(await replayEvent(deps, principal, input)) } };
        const { replays, summary } = await replayRepeatedly(deps, principal, { ...input, repeat });
        return { data: { replays: replayListJson(replays), summary } };
      } finally {
        release();
      }
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/events/:eventId/replays',
    operationId: 'listReplays',
    summary: 'Replay history of an event, newest first (at most 100)',
    description: "Of an anonymous inbox's event: only the caller's own replays.",
    tag: 'Replays',
    access: 'token',
    scope: 'read',
    inbox: 'eventId',
    params: EventIdParams,
    ...listed(deps, 'eventId', { key: 'replays', description: 'The replays.', item: ref(ReplaySchema) }, listReplays, {
      all: replayListJson,
    }),
    errors: ['EVENT_NOT_FOUND', 'INBOX_NOT_FOUND'],
    audit: 'none',
  });
}
