import type { FastifyInstance } from 'fastify';
import { PROMETHEUS_CONTENT_TYPE } from '../../../metrics/registry.js';
import { addEndpoint } from '../core/endpoint.js';

/**
 * `GET /metrics`: Prometheus text exposition of this instance's metrics. Not authenticated, like
 * /healthz and /readyz: keep it on the internal network (the nginx config in docs/deployment.md
 * does not route it).
 */
export function registerMetricsRoutes(app: FastifyInstance, render: () => string): void {
  addEndpoint(app, {
    method: 'GET',
    url: '/metrics',
    operationId: 'metrics',
    summary: 'Prometheus metrics of this instance',
    description: 'No authentication: keep it off the public network.',
    tag: 'Operations',
    access: 'public',
    scope: 'none',
    responses: { 200: { description: 'Prometheus text exposition.', mediaType: 'text/plain' } },
    errors: [],
    audit: 'none',
    handler: async (_request, reply) => reply.type(PROMETHEUS_CONTENT_TYPE).send(render()),
  });
}
