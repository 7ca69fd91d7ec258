import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../core/context.js';
import { errorBody } from '../core/errors.js';
import { addEndpoint } from '../core/endpoint.js';

export function registerHealthRoutes(app: FastifyInstance, ctx: ApiContext): void {
  addEndpoint(app, {
    method: 'GET',
    url: '/healthz',
    operationId: 'health',
    summary: 'The process is up',
    tag: 'Operations',
    access: 'public',
    scope: 'none',
    responses: {
      200: {
        description: 'Up.',
        schema: Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false }),
      },
    },
    errors: [],
    audit: 'none',
    handler: async () => ({ status: 'ok' }),
  });

  /** Ready only while the database answers, so a load balancer can take the instance out. */
  addEndpoint(app, {
    method: 'GET',
    url: '/readyz',
    operationId: 'ready',
    summary: 'The database answers',
    description: 'For load balancers: 503 STORAGE_UNAVAILABLE while the database is unreachable.',
    tag: 'Operations',
    access: 'public',
    scope: 'none',
    responses: {
      200: {
        description: 'Ready.',
        schema: Type.Object({ status: Type.Literal('ready') }, { additionalProperties: false }),
      },
    },
    errors: [],
    audit: 'none',
    handler: async (request, reply) => {
      try {
        await ctx.deps.store.ping();
        return { status: 'ready' };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.code(503).send(errorBody('STORAGE_UNAVAILABLE', 'Database is unreachable'));
      }
    },
  });
}
