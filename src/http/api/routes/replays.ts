import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { listReplays, replayEvent } from '../../../services/replays.js';
import { rateLimited, REPLAY_RETRY_AFTER_MS } from '../../../abuse/api-limits.js';
import type { ApiContext } from '../app.js';
import { replayJson } from '../present.js';
import { jsonObjectBody, pathParam, principalOf } from '../request.js';
import { dataEnvelope, EventIdParams, routeSchema } from '../route-schema.js';
import { ref, ReplaySchema } from '../schemas.js';

export function registerReplayRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  app.post('/api/v1/events/:eventId/replay', {
    config: { requiresAccount: true },
    schema: routeSchema('POST', {
      operationId: 'replayEvent',
      summary: 'Re-send an event to a destination',
      description:
        'The server sends the stored method, headers (without hop-by-hop and redacted ones) and exact ' +
        'body bytes to `destination` and answers what it replied. A 4xx or 5xx of the destination is a ' +
        'normal result. Redirects are not followed. Loopback, private and reserved addresses are refused ' +
        'unless the server allows them. Failed attempts are recorded too; their error carries `replayId`.',
      tag: 'Replays',
      access: 'token',
      params: EventIdParams,
      body: Type.Object({
        destination: Type.String({ description: 'Absolute http or https URL.', examples: ['https://example.com/webhooks'] }),
      }),
      responses: {
        200: {
          description: 'The destination answered (any status).',
          schema: dataEnvelope('replay', ref(ReplaySchema)),
        },
      },
      errors: [
        'VALIDATION_FAILED',
        'INVALID_DESTINATION',
        'DESTINATION_FORBIDDEN',
        'EVENT_NOT_FOUND',
        'INBOX_NOT_FOUND',
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
    }),
  }, async (request, reply) => {
    const principal = await principalOf(deps, request);
    const body = jsonObjectBody(request);
    // Replays in flight are capped per instance (REHOOK_REPLAY_MAX_CONCURRENT): 429 beyond.
    const release = ctx.abuse ? ctx.abuse.replays.tryAcquire() : () => undefined;
    if (release === null) throw rateLimited(reply, REPLAY_RETRY_AFTER_MS, 'Too many replays in flight; retry shortly');
    try {
      const replay = await replayEvent(deps, principal, {
        eventId: pathParam(request, 'eventId'),
        destination: body['destination'],
      });
      return { data: { replay: replayJson(replay) } };
    } finally {
      release();
    }
  });

  app.get('/api/v1/events/:eventId/replays', {
    config: { requiresAccount: true },
    schema: routeSchema('GET', {
      operationId: 'listReplays',
      summary: 'Replay history of an event, newest first (at most 100)',
      description: "Of an anonymous inbox's event: only the caller's own replays.",
      tag: 'Replays',
      access: 'token',
      params: EventIdParams,
      responses: {
        200: {
          description: 'The replays.',
          schema: dataEnvelope('replays', Type.Array(ref(ReplaySchema))),
        },
      },
      errors: ['EVENT_NOT_FOUND', 'INBOX_NOT_FOUND'],
    }),
  }, async (request) => {
    const replays = await listReplays(deps, await principalOf(deps, request), pathParam(request, 'eventId'));
    return { data: { replays: replays.map(replayJson) } };
  });
}
