import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { addEndpoint } from '../core/endpoint.js';

/** `GET /api/v1/openapi.json`: the OpenAPI 3.1 document of this API, as generated from the routes. */
export function registerOpenApiRoute(app: FastifyInstance): void {
  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'The OpenAPI 3.1 document of this API',
    description: 'The same document as openapi.json in the repository and the package.',
    tag: 'Operations',
    access: 'public',
    scope: 'none',
    responses: { 200: { description: 'The document.', schema: Type.Object({ openapi: Type.String() }) } },
    errors: [],
    audit: 'none',
    handler: async () => app.swagger(),
  });
}
