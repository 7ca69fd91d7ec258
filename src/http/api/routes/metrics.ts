import type { FastifyInstance } from 'fastify';

import { PROMETHEUS_CONTENT_TYPE } from '../../../metrics/registry.js';

/**
 * `GET /metrics`: Prometheus text exposition of this instance's metrics. Not authenticated, like
 * /healthz and /readyz: keep it on the internal network (the nginx config in docs/deployment.md
 * does not route it).
 */
export function registerMetricsRoutes(app: FastifyInstance, render: () => string): void {
  app.get('/metrics', async (_request, reply) => reply.type(PROMETHEUS_CONTENT_TYPE).send(render()));
}
