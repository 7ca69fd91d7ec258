import type { FastifyInstance } from 'fastify';
import { listReplays, replayEvent } from '../../../services/replays.js';
import type { ApiContext } from '../app.js';
import { replayJson } from '../present.js';
import { jsonObjectBody, pathParam, principalOf } from '../request.js';

export function registerReplayRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  app.post('/api/v1/events/:eventId/replay', { config: { requiresAccount: true } }, async (request) => {
    const principal = await principalOf(deps, request);
    const body = jsonObjectBody(request);
    const replay = await replayEvent(deps, principal, {
      eventId: pathParam(request, 'eventId'),
      destination: body['destination'],
    });
    return { data: { replay: replayJson(replay) } };
  });

  app.get('/api/v1/events/:eventId/replays', { config: { requiresAccount: true } }, async (request) => {
    const replays = await listReplays(deps, await principalOf(deps, request), pathParam(request, 'eventId'));
    return { data: { replays: replays.map(replayJson) } };
  });
}
