import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../app.js';
import { errorBody } from '../errors.js';

export function registerHealthRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get('/healthz', async () => ({ status: 'ok' }));

  /** Ready only while the database answers, so a load balancer can take the instance out. */
  app.get('/readyz', async (request, reply) => {
    try {
      await ctx.deps.store.ping();
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
      return reply.code(503).send(errorBody('STORAGE_UNAVAILABLE', 'Database is unreachable'));
    }
  });
}
