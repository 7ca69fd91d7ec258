import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { InspectedResponse } from '../../src/http/api/core/context.js';

/**
 * Holds API responses to the committed OpenAPI document (openapi.json): the test harness passes
 * every answer of every test server through {@link checkResponse}, so a status, a field or an
 * error code that the document does not describe fails the suite: the description cannot lie.
 */

interface Response {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}

interface Operation {
  responses?: Record<string, Response>;
}

const DOCUMENT_PATH = new URL('../../openapi.json', import.meta.url);
const document = JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses?: Record<string, Response> };
};

/** Error responses are shared components (`#/components/responses/<name>`): the one a `$ref` names. */
export function resolveResponse(response: Response): Response | undefined {
  const name = response.$ref?.replace('#/components/responses/', '');
  return name === undefined ? response : document.components.responses?.[name];
}

// strict off: the document carries OpenAPI keywords (examples, description...) Ajv does not
// know; formats are not checked (date-time strings are checked by the suites themselves).
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const compiled = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: unknown): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    // Refs in the document are `#/components/schemas/X`, relative to the document's root: the
    // components travel with each compiled schema so they resolve.
    validate = ajv.compile({
      ...(schema as object),
      $id: `urn:rehook:response:${compiled.size}`,
      components: document.components,
    });
    compiled.set(key, validate);
  }
  return validate;
}

/** `/api/v1/inboxes/:inboxId` → `/api/v1/inboxes/{inboxId}` */
function openApiPath(route: string): string {
  return route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The problem with this response, or null when the document describes it. */
export function checkResponse(response: InspectedResponse): string | null {
  const what = `${response.method} ${response.url} → ${response.status}`;
  // HEAD twins of GET routes are Fastify's own and carry no body.
  if (response.method === 'HEAD') return null;
  if (response.route === null) {
    // No route matched (404 NOT_FOUND, malformed URLs, shutting down): still the error envelope.
    if (response.status < 400) return `${what}: a success without a route`;
    // The web app's not-found page, for browsers on non-API paths (src/http/api/core/static-ui.ts).
    if (
      response.status === 404 &&
      mediaTypeOf(response.contentType) === 'text/html' &&
      !response.url.startsWith('/api/')
    )
      return null;
    return checkErrorEnvelope(what, response);
  }
  const operation = document.paths[openApiPath(response.route)]?.[response.method.toLowerCase()];
  if (!operation) return `${what}: ${response.method} ${response.route} is not in openapi.json`;
  const declared = operation.responses?.[String(response.status)];
  const documented = declared && resolveResponse(declared);
  if (!documented) {
    return `${what}: status ${response.status} is not documented for ${response.method} ${response.route} (body: ${response.body?.slice(0, 300)})`;
  }
  const mediaType = mediaTypeOf(response.contentType);
  const content = documented.content;
  if (content === undefined) {
    if (response.body !== null && response.body !== '') return `${what}: documented without a body, but one was sent`;
    return null;
  }
  const entry = content[mediaType] ?? content['*/*'];
  if (entry === undefined)
    return `${what}: content type ${mediaType || '(none)'} is not documented (${Object.keys(content).join(', ')})`;
  if (mediaType !== 'application/json' || entry.schema === undefined) return null;
  if (response.body === null) return null; // streamed, not a string: nothing to parse here
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `${what}: declared application/json but the body is not JSON: ${response.body.slice(0, 200)}`;
  }
  const validate = validatorFor(`${response.route} ${response.method} ${response.status}`, entry.schema);
  if (validate(body)) return null;
  return `${what}: body does not match openapi.json: ${ajv.errorsText(validate.errors)}; body: ${response.body.slice(0, 500)}`;
}

const genericEnvelope = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string', pattern: '^[A-Z][A-Z_]+$' }, message: { type: 'string', minLength: 1 } },
      additionalProperties: false,
    },
  },
};

function checkErrorEnvelope(what: string, response: InspectedResponse): string | null {
  if (response.body === null) return `${what}: an error without a JSON body`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `${what}: an error whose body is not JSON: ${response.body.slice(0, 200)}`;
  }
  const validate = validatorFor('unrouted error', genericEnvelope);
  return validate(body) ? null : `${what}: not the error envelope: ${response.body.slice(0, 300)}`;
}

/** Collects the violations of one test server. */
export function createContractCheck(): { inspect: (response: InspectedResponse) => void; violations: string[] } {
  const violations: string[] = [];
  return {
    violations,
    inspect: (response) => {
      const problem = checkResponse(response);
      if (problem !== null) {
        violations.push(problem);
        process.stderr.write(`OpenAPI contract violation: ${problem}\n`);
      }
    },
  };
}
