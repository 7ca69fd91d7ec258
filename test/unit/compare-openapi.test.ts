import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareOpenApi } from '../../scripts/compare-openapi.js';

/** The comparison `npm run openapi:compare` makes: what the documents say, whatever their $refs. */

const inboxId = { name: 'inboxId', in: 'path', required: true, schema: { type: 'string' } };
const inbox = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string' }, name: { type: 'string' } },
};

function inline(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    paths: {
      '/inboxes/{inboxId}': {
        get: {
          operationId: 'getInbox',
          parameters: [inboxId, { name: 'share', in: 'query', schema: { type: 'string' } }],
          responses: { '200': { description: 'The inbox.', content: { 'application/json': { schema: inbox } } } },
        },
      },
    },
  };
}

function withRefs(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    paths: {
      '/inboxes/{inboxId}': {
        get: {
          responses: { '200': { $ref: '#/components/responses/Inbox' } },
          parameters: [
            { name: 'share', in: 'query', schema: { type: 'string' } },
            { $ref: '#/components/parameters/inboxId' },
          ],
          operationId: 'getInbox',
        },
      },
    },
    components: {
      parameters: { inboxId },
      responses: {
        Inbox: {
          description: 'The inbox.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Inbox' } } },
        },
      },
      schemas: { Inbox: { ...inbox, required: ['name', 'id'] } },
    },
  };
}

describe('compareOpenApi', () => {
  it('finds no difference between a document and the same one written with $refs', () => {
    assert.deepEqual(compareOpenApi(inline(), withRefs()), []);
  });

  it('names each difference behind a $ref: a parameter, a schema, an operation', () => {
    const changed = withRefs() as { components: { parameters: { inboxId: object }; schemas: { Inbox: object } } };
    changed.components.parameters.inboxId = { ...inboxId, required: false };
    changed.components.schemas.Inbox = { ...inbox, required: ['id'] };
    const differences = compareOpenApi(inline(), changed);
    assert.deepEqual(differences, [
      'GET /inboxes/{inboxId}/parameters/path inboxId/required: true → false',
      'GET /inboxes/{inboxId}/responses/200/content/application~1json/schema/required: ["id","name"] → ["id"]',
    ]);
    const removed = inline() as { paths: Record<string, unknown> };
    removed.paths = {};
    assert.deepEqual(compareOpenApi(inline(), removed), ['/inboxes/{inboxId}: removed']);
  });
});
