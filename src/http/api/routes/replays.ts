import type { FastifyInstance } from 'fastify';
import { listReplays, replayEvent } from '../../../services/replays.js';
import { rateLimited, REPLAY_RETRY_AFTER_MS } from '../../../abuse/api-limits.js';
import type { ApiContext } from '../app.js';
import { replayJson } from '../present.js';
import { jsonObjectBody, pathParam, principalOf } from '../request.js';

export function registerReplayRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  app.post('/api/v1/events/:eventId/replay', { config: { requiresAccount: true } }, async (request, reply) => {
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

  app.get('/api/v1/events/:eventId/replays', { config: { requiresAccount: true } }, async (request) => {
    const replays = await listReplays(deps, await principalOf(deps, request), pathParam(request, 'eventId'));
    return { data: { replays: replays.map(replayJson) } };
  });
}
