import type { SwaggerOptions } from '@fastify/swagger';
import { ERROR_CODES } from '../../../errors.js';
import { packageVersion } from '../../../version.js';
import { shareErrorResponses } from './error-responses.js';
import { shareSchemas } from './openapi-sharing.js';
import { errorEnvelope, OPTIONAL_BODY_MARK } from './route-schema.js';

/**
 * The ingest endpoint is served by its own listener (src/http/ingest, plain node:http, a
 * separate origin), not by a Fastify route, so its operation is written here, next to the
 * rest of the document, from the same catalogue of error codes.
 */
function ingestOperation(method: string) {
  const ingestErrors = ['PAYLOAD_TOO_LARGE', 'RATE_LIMITED', 'STORAGE_UNAVAILABLE'] as const;
  return {
    operationId: `ingest${method[0]}${method.slice(1).toLowerCase()}`,
    summary: `Capture a ${method} request`,
    description:
      'Records the request (method, headers in order, raw body, query string) as an event of the inbox ' +
      'and answers 200 only once it is committed. Any path below /i/<inboxId> is captured too. Unknown ' +
      'and expired inboxes also get 200 (nothing is stored). Served on the ingest origin.',
    tags: ['Ingest'],
    security: [{}],
    servers: [{ url: '{ingestOrigin}', variables: { ingestOrigin: { default: 'http://127.0.0.1:8081' } } }],
    parameters: [{ name: 'inboxId', in: 'path', required: true, schema: { type: 'string' } }],
    ...(method === 'GET' || method === 'DELETE'
      ? {}
      : { requestBody: { required: false, content: { '*/*': { schema: { type: 'string', format: 'binary' } } } } }),
    responses: {
      '200': {
        description: 'Stored (or the inbox is unknown or expired).',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['ok'],
              properties: { ok: { const: true } },
              additionalProperties: false,
            },
          },
        },
      },
      ...Object.fromEntries(
        ingestErrors.map((code) => [
          String(ERROR_CODES[code].status),
          {
            description: `\`${code}\`: ${ERROR_CODES[code].message}.`,
            content: { 'application/json': { schema: errorEnvelope([code]) } },
          },
        ]),
      ),
    },
  };
}

const INGEST_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Options of @fastify/swagger: document metadata, and schema `$id`s kept as component names. */
export const OPENAPI_BASE: SwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Rehook API',
      version: packageVersion(),
      description:
        'Self-hosted webhook capture and replay. Every error is {"error":{"code","message"}}; `code` is ' +
        'stable (see docs/generated/errors.md), `message` is for humans. Anonymous inboxes are readable by ' +
        "anyone who holds their id; owned inboxes only with their owner's token.",
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: 'http://127.0.0.1:8080', description: 'A local Rehook (REHOOK_PORT)' }],
    tags: [
      { name: 'Inboxes' },
      { name: 'Events' },
      { name: 'Replays' },
      { name: 'Tokens' },
      { name: 'Shares', description: 'Read-only sharing links of saved inboxes.' },
      { name: 'Accounts', description: 'Sign-up, sign-in and browser sessions.' },
      { name: 'Teams', description: 'Teams with roles that own inboxes together, and their invitation links.' },
      { name: 'Operations' },
      { name: 'Ingest', description: 'The capture endpoint, on the ingest origin.' },
    ],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token: rhk_ followed by 38 characters.' },
        shareHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Rehook-Share',
          description:
            'A read-only sharing link (rhl_ followed by 38 characters): reads its inbox, its events and their ' +
            'stream. Not with an Authorization header (400); a session cookie sent with it is ignored.',
        },
        shareQuery: {
          type: 'apiKey',
          in: 'query',
          name: 'share',
          description: 'The sharing link as a query parameter, for clients that cannot set headers (EventSource).',
        },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'rehook_session',
          description:
            'A browser session, set by sign-in or sign-up. Requests other than GET, HEAD and OPTIONS made with it ' +
            'need the X-CSRF-Token header (the csrfToken of the session); an Authorization header wins over it.',
        },
      },
    },
  },
  refResolver: {
    // Named schemas keep their $id as the component name (`#/components/schemas/Inbox`).
    buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json['$id'] === 'string' ? json['$id'] : `def-${i}`),
  },
  transformObject: (documentObject) => {
    if (!('openapiObject' in documentObject)) throw new Error('the API is described as OpenAPI 3.1');
    const document = documentObject.openapiObject as { paths?: Record<string, unknown> };
    const ingest: Record<string, unknown> = {};
    for (const method of INGEST_METHODS) ingest[method.toLowerCase()] = ingestOperation(method);
    document.paths = { ...document.paths, '/i/{inboxId}': ingest };
    for (const operation of Object.values(document.paths).flatMap((item) => Object.values(item as object))) {
      const op = operation as Record<string, unknown> & { requestBody?: { required?: boolean } };
      if (op[OPTIONAL_BODY_MARK] !== true) continue;
      delete op[OPTIONAL_BODY_MARK];
      if (op.requestBody) op.requestBody.required = false;
    }
    shareErrorResponses(document);
    shareSchemas(document);
    return documentObject.openapiObject;
  },
};
