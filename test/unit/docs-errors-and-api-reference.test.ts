// docs/generated/errors.md and docs/generated/api-reference.md, rendered from small OpenAPI
// documents and from the catalogue (the other docs: docs.test.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { renderApiReference, renderApiReferenceDoc } from '../../scripts/docs/api-doc.js';
import { INGEST_ANSWERS } from '../../scripts/docs/error-notes.js';
import { renderErrorsDoc } from '../../scripts/docs/errors-doc.js';
import { ERROR_CODES } from '../../src/errors.js';

const source = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/** A small OpenAPI 3.1 document of the shape openapi.json has (see src/http/api/core/route-schema.ts). */
function errorResponse(codes: string[], extras: Record<string, unknown> = {}) {
  return {
    description: codes.map((code) => `\`${code}\``).join(' '),
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: {
            error: {
              type: 'object',
              properties: { code: { type: 'string', enum: codes }, message: { type: 'string' }, ...extras },
            },
          },
        },
      },
    },
  };
}

function fixture() {
  const common = {
    '401': errorResponse(['UNAUTHORIZED']),
    '429': errorResponse(['RATE_LIMITED']),
    '500': errorResponse(['INTERNAL']),
    '503': errorResponse(['STORAGE_UNAVAILABLE']),
  };
  const replayId = { type: 'string', description: 'Id of the recorded failed replay.' };
  return {
    openapi: '3.1.0',
    info: { title: 'fixture', version: '0' },
    components: { responses: { NotFound: errorResponse(['INBOX_NOT_FOUND', 'NOT_FOUND']) } },
    paths: {
      '/api/v1/inboxes/{inboxId}': {
        get: {
          responses: { '200': { description: 'ok' }, '404': { $ref: '#/components/responses/NotFound' }, ...common },
        },
        delete: { responses: { '204': { description: 'gone' }, '404': errorResponse(['INBOX_NOT_FOUND']), ...common } },
      },
      '/api/v1/events/{eventId}/replay': {
        post: {
          responses: {
            '200': { description: 'ok' },
            '400': errorResponse(['INVALID_DESTINATION', 'VALIDATION_FAILED', 'INVALID_JSON'], { replayId }),
            '403': errorResponse(['DESTINATION_FORBIDDEN'], { replayId }),
            '404': errorResponse(['EVENT_NOT_FOUND', 'INBOX_NOT_FOUND']),
            '409': errorResponse(['SIGNATURE_NOT_SET']),
            '415': errorResponse(['UNSUPPORTED_MEDIA_TYPE']),
            '502': errorResponse(['DESTINATION_UNREACHABLE'], { replayId }),
            '504': errorResponse(['DESTINATION_TIMEOUT'], { replayId }),
            ...common,
          },
        },
      },
      '/api/v1/tokens/{tokenId}': {
        delete: {
          responses: {
            '204': { description: 'gone' },
            ...common,
            '400': errorResponse(['AMBIGUOUS_CREDENTIALS']),
            '401': errorResponse(['UNAUTHORIZED', 'INVALID_CREDENTIALS']),
            '403': errorResponse([
              'CSRF_FAILED',
              'SIGNUP_CLOSED',
              'SHARE_READ_ONLY',
              'INSUFFICIENT_SCOPE',
              'FORBIDDEN',
            ]),
            '404': errorResponse([
              'TOKEN_NOT_FOUND',
              'SHARE_NOT_FOUND',
              'SESSION_NOT_FOUND',
              'TEAM_NOT_FOUND',
              'MEMBER_NOT_FOUND',
              'INVITATION_NOT_FOUND',
            ]),
            '409': errorResponse(['INBOX_NOT_SAVED', 'LAST_OWNER']),
          },
        },
      },
      '/api/v1/auth/oidc/callback': {
        get: {
          responses: {
            '302': { description: 'signed in' },
            '400': errorResponse(['SSO_STATE_MISMATCH']),
            '403': errorResponse([
              'PASSWORD_SIGN_IN_DISABLED',
              'SSO_EMAIL_NOT_VERIFIED',
              'SSO_DOMAIN_NOT_ALLOWED',
              'SSO_REFUSED',
              'EMAIL_DOMAIN_MANAGED',
              'REAUTHENTICATION_REQUIRED',
            ]),
            '404': errorResponse(['SSO_NOT_CONFIGURED']),
            '409': errorResponse(['NO_PASSWORD', 'SSO_ACCOUNT_EXISTS', 'SSO_IDENTITY_TAKEN', 'SSO_ALREADY_LINKED']),
            '502': errorResponse(['SSO_PROVIDER_ERROR']),
            ...common,
          },
        },
      },
      '/api/v1/replay-jobs/{jobId}': {
        get: { responses: { '200': { description: 'ok' }, '404': errorResponse(['REPLAY_JOB_NOT_FOUND']), ...common } },
      },
      '/api/v1/inboxes/{inboxId}/event-types/{eventType}/schema': {
        get: { responses: { '200': { description: 'ok' }, '404': errorResponse(['EVENT_TYPE_NOT_FOUND']), ...common } },
      },
      '/api/v1/inboxes/{inboxId}/events': {
        get: { responses: { '200': { description: 'ok' }, '422': errorResponse(['SEARCH_TOO_BROAD']), ...common } },
      },
      '/api/v1/events/{eventId}/deliveries/retry': {
        post: {
          responses: {
            '202': { description: 'queued' },
            '404': errorResponse(['FORWARDING_NOT_FOUND']),
            '409': errorResponse(['DELIVERY_IN_PROGRESS']),
            ...common,
          },
        },
      },
      '/i/{inboxId}': {
        post: {
          responses: {
            '200': { description: 'stored' },
            '413': errorResponse(['PAYLOAD_TOO_LARGE']),
            '429': errorResponse(['RATE_LIMITED']),
            '503': errorResponse(['STORAGE_UNAVAILABLE']),
          },
        },
      },
    },
  };
}

/** The section of one code in docs/generated/errors.md. */
function codeSection(doc: string, code: string): string {
  const start = doc.indexOf(`\n### ${code}\n`);
  assert.ok(start >= 0, `no section for ${code}`);
  const end = doc.indexOf('\n### ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

describe('docs/generated/errors.md', () => {
  const doc = renderErrorsDoc(fixture());

  it('lists every code of the catalogue with its status and message', () => {
    for (const [code, { status, message }] of Object.entries(ERROR_CODES)) {
      assert.match(
        doc,
        new RegExp(
          `\\n\\| ${status} \\| \\[\`${code}\`\\]\\(#${code.toLowerCase()}\\) \\| ${message.replace(/[()]/g, '\\$&')} \\|`,
        ),
        code,
      );
      assert.ok(codeSection(doc, code).includes(`**${status}**, default message: ${message}.`), code);
    }
  });

  it('names the operations that declare each code, following $refs', () => {
    assert.match(
      codeSection(doc, 'INBOX_NOT_FOUND'),
      /- `\/api\/v1\/inboxes\/\{inboxId\}`: GET, DELETE\n- `\/api\/v1\/events\/\{eventId\}\/replay`: POST/,
    );
    assert.match(codeSection(doc, 'TOKEN_NOT_FOUND'), /- `\/api\/v1\/tokens\/\{tokenId\}`: DELETE\n/);
    assert.doesNotMatch(codeSection(doc, 'TOKEN_NOT_FOUND'), /inboxes/);
    // Counted from the fixture, which grows as routes with new codes are added.
    assert.match(codeSection(doc, 'RATE_LIMITED'), /Every operation in openapi\.json \(all \d+\)/);
    // Declared by all operations but ingest: listed as the exceptions.
    assert.match(
      codeSection(doc, 'UNAUTHORIZED'),
      /- Every operation \(\d+ of \d+\) except:\n {2}- `\/i\/\{inboxId\}`: POST\n/,
    );
    assert.match(doc, /\| 404 \| \[`EVENT_NOT_FOUND`\]\(#event_not_found\) \| Event not found \| 1 operation \|/);
  });

  it('says where codes come from that no operation declares', () => {
    assert.match(
      codeSection(doc, 'CONFLICT'),
      /No operation in openapi.json declares it\.[\s\S]*rehook accounts create/,
    );
    assert.match(codeSection(doc, 'HEADERS_TOO_LARGE'), /No operation[\s\S]*Ingest listener: Header block over 16 KiB/);
    assert.match(codeSection(doc, 'METHOD_NOT_ALLOWED'), /Ingest listener: `\/readyz` or `\/metrics`/);
    assert.match(codeSection(doc, 'REQUEST_TIMEOUT'), /No operation[\s\S]*Ingest listener: Headers not complete/);
  });

  it('explains the envelope and lists the extra fields the document declares', () => {
    assert.match(doc, /\{"error":\{"code":"INBOX_NOT_FOUND","message":"Inbox not found"\}\}/);
    assert.match(doc, /`code` is the contract: stable/);
    assert.match(doc, /`message` is for humans[\s\S]*may change/);
    assert.match(
      doc,
      /- `replayId`: Id of the recorded failed replay\. On `POST \/api\/v1\/events\/\{eventId\}\/replay` \(400, 403, 502, 504\)\./,
    );
  });

  it('refuses a document that disagrees with the catalogue or lacks the code enum', () => {
    const unknown = fixture();
    unknown.paths['/api/v1/tokens/{tokenId}'].delete.responses['404'] = errorResponse(['NO_SUCH_CODE']);
    assert.throws(
      () => renderErrorsDoc(unknown),
      /DELETE \/api\/v1\/tokens\/\{tokenId\} 404: NO_SUCH_CODE is not in ERROR_CODES/,
    );
    const wrongStatus = fixture();
    wrongStatus.paths['/api/v1/tokens/{tokenId}'].delete.responses['404'] = errorResponse(['RATE_LIMITED']);
    assert.throws(() => renderErrorsDoc(wrongStatus), /RATE_LIMITED has status 429 in ERROR_CODES/);
    const noEnum = fixture();
    (noEnum.paths['/api/v1/tokens/{tokenId}'].delete.responses as Record<string, unknown>)['404'] = {
      description: 'x',
    };
    assert.throws(
      () => renderErrorsDoc(noEnum),
      /DELETE \/api\/v1\/tokens\/\{tokenId\} response 404 has no error\.code enum/,
    );
  });

  it('refuses to leave a code unexplained that nothing answers', () => {
    const without = fixture();
    delete (without.paths['/api/v1/events/{eventId}/replay'].post.responses as Record<string, unknown>)['415'];
    assert.throws(() => renderErrorsDoc(without), /UNSUPPORTED_MEDIA_TYPE: answered by no operation in openapi\.json/);
  });

  it('lists exactly the answers the ingest listener sources write', () => {
    const server = source('src/http/ingest/server.ts');
    const probes = source('src/metrics/ingest.ts');
    const found = new Set<string>();
    // sendError(req, res, 404, 'NOT_FOUND', ...) and [431, 'HEADERS_TOO_LARGE'] in server.ts.
    for (const match of server.matchAll(/\b(\d{3}),\s*'([A-Z][A-Z_]+)'/g)) found.add(`${match[1]} ${match[2]}`);
    // send(res, 405, 'application/json', '{"error":{"code":"METHOD_NOT_ALLOWED",...' in metrics/ingest.ts.
    for (const match of probes.matchAll(/\b(\d{3}),\s*'application\/json',\s*'\{"error":\{"code":"([A-Z_]+)"/g)) {
      found.add(`${match[1]} ${match[2]}`);
    }
    assert.ok(found.size >= 5, `the source patterns no longer match: ${[...found].join(', ')}`);
    assert.deepEqual(
      [...found].sort(),
      INGEST_ANSWERS.map((answer) => `${answer.status} ${answer.code}`).sort(),
      'INGEST_ANSWERS in scripts/docs/error-notes.ts must list what the ingest listener answers',
    );
  });
});

describe('docs/generated/api-reference.md', () => {
  const unauthorized = { $ref: '#/components/responses/Unauthorized' };
  const document = {
    openapi: '3.1.0',
    info: { title: 'fixture', version: '0' },
    tags: [{ name: 'Inboxes' }, { name: 'Tokens' }],
    paths: {
      '/api/v1/tokens': {
        post: {
          tags: ['Tokens'],
          summary: 'Create a token',
          security: [{ bearerAuth: [] }],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['name'],
                  properties: { name: { type: 'string', description: 'A name.' } },
                },
              },
            },
          },
          responses: { '201': { description: 'Created.' }, '401': unauthorized },
        },
      },
      '/api/v1/inboxes/{inboxId}': {
        get: {
          tags: ['Inboxes'],
          summary: 'One inbox',
          description: 'Reads /i/<inboxId>.',
          security: [{}, { bearerAuth: [] }],
          parameters: [{ name: 'inboxId', in: 'path', required: true, schema: { type: 'string' }, description: 'Id.' }],
          responses: {
            '200': {
              description: 'The inbox.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['data'],
                    properties: {
                      data: {
                        type: 'object',
                        required: ['inbox'],
                        properties: { inbox: { $ref: '#/components/schemas/Inbox' } },
                      },
                    },
                  },
                },
              },
            },
            '401': unauthorized,
            '404': { $ref: '#/components/responses/InboxNotFound' },
          },
        },
      },
    },
    components: {
      schemas: {
        Inbox: {
          type: 'object',
          description: 'A capture inbox.',
          required: ['id'],
          properties: { id: { type: 'string', description: 'Inbox id.' }, name: { type: ['string', 'null'] } },
        },
      },
      responses: { Unauthorized: errorResponse(['UNAUTHORIZED']), InboxNotFound: errorResponse(['INBOX_NOT_FOUND']) },
    },
  };
  const doc = renderApiReference(document);

  it('groups the operations by tag, in the order the document declares the tags', () => {
    const inboxes = doc.indexOf('### Endpoints: Inboxes');
    assert.ok(inboxes >= 0 && inboxes < doc.indexOf('### Endpoints: Tokens'), doc);
    assert.ok(doc.includes('#### `GET /api/v1/inboxes/{inboxId}`: One inbox\n\nReads /i/&lt;inboxId>.'), doc);
    assert.ok(doc.includes('#### `POST /api/v1/tokens`: Create a token'), doc);
  });

  it('gives access, parameters, request body and success answers', () => {
    assert.ok(doc.includes('**Access**: anyone, an API token.'), doc);
    assert.ok(doc.includes('| `inboxId` | path | string | yes | Id. |'), doc);
    assert.ok(doc.includes('**Request body** (`application/json`, required):\n\n| Field |'), doc);
    assert.ok(doc.includes('| `name` | string | yes | A name. |'), doc);
    assert.ok(doc.includes('| 200 | { data: { inbox: [Inbox](#inbox-schema) } } | The inbox. |'), doc);
    assert.ok(doc.includes('| 201 | (no body) | Created. |'), doc);
  });

  it('lists the error codes of each operation, following $refs, and the common ones once', () => {
    assert.ok(
      doc.includes('Every operation on the API origin can answer 401 [`UNAUTHORIZED`](errors.md#unauthorized)'),
    );
    assert.ok(
      doc.includes(
        '**Errors** (besides those of every operation): 404 [`INBOX_NOT_FOUND`](errors.md#inbox_not_found).',
      ),
      doc,
    );
    assert.equal(doc.split('**Errors**').length, 2, 'the token operation answers only the common codes');
  });

  it('describes the named schemas', () => {
    assert.ok(doc.includes('### `Inbox` (schema)\n\nA capture inbox.'), doc);
    assert.ok(doc.includes('| `id` | string | yes | Inbox id. |'), doc);
    assert.ok(doc.includes('| `name` | string \\| null | no |  |'), doc);
  });

  it('is a whole file: title, the generated notice, links to the guide and the error codes, then the reference', () => {
    const file = renderApiReferenceDoc(document);
    assert.ok(
      file.startsWith('# API reference: endpoints and schemas\n\n<!-- Generated by `npm run docs:write`'),
      file,
    );
    assert.ok(file.includes('[api.md](../api.md)') && file.includes('[errors.md](errors.md)'), file);
    assert.ok(file.endsWith(`\n\n${doc}\n`), 'the reference follows the introduction');
  });
});
