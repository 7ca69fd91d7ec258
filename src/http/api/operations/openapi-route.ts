import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../core/route-schema.js';

/** `GET /api/v1/openapi.json`: the OpenAPI 3.1 document of this API, as generated from the routes. */
export function registerOpenApiRoute(app: FastifyInstance): void {
  app.get(
    '/api/v1/openapi.json',
    {
      schema: routeSchema('GET', {
        operationId: 'getOpenApiDocument',
        summary: 'The OpenAPI 3.1 document of this API',
        description: 'The same document as openapi.json in the repository and the package.',
        tag: 'Operations',
        access: 'public',
        scope: 'none',
        responses: { 200: { description: 'The document.', schema: Type.Object({ openapi: Type.String() }) } },
        errors: [],
      }),
    },
    async () => app.swagger(),
  );
}
