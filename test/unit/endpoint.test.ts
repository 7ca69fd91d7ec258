import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { pino } from 'pino';
import { buildApiApp } from '../../src/http/api/app.js';
import { addEndpoint, collectEndpoints, declaredEndpoints, type Endpoint } from '../../src/http/api/core/endpoint.js';
import type { ServiceDeps } from '../../src/services/deps.js';

const declaration = {
  method: 'POST',
  url: '/api/v1/example',
  operationId: 'example',
  summary: 'An example',
  tag: 'Inboxes',
  access: 'token',
  scope: 'manage',
  responses: { 204: { description: 'Done.' } },
  errors: [],
  handler: async () => null,
} as const;

describe('route declarations', () => {
  it('refuse, when the app is built, a route without an audit decision', () => {
    const app = Fastify();
    assert.throws(
      () => addEndpoint(app, declaration as unknown as Endpoint),
      /POST \/api\/v1\/example has no audit decision/,
    );
  });

  it('take an explicit decision either way', async () => {
    const app = Fastify();
    addEndpoint(app, { ...declaration, audit: 'none' });
    addEndpoint(app, { ...declaration, url: '/api/v1/other', audit: { action: 'inbox.saved' } });
    await app.ready();
    await app.close();
  });

  it('are the only way to add an API route: every route of the app has one, with its audit decision', async () => {
    const app = buildApiApp({
      deps: {} as ServiceDeps,
      ingestOrigin: () => '',
      logger: pino({ level: 'silent' }),
      trustProxy: false,
      metrics: () => '',
    });
    await app.ready();
    try {
      const endpoints = declaredEndpoints(app);
      assert.ok(endpoints.length > 90, `only ${endpoints.length} declarations`);
      for (const endpoint of endpoints) assert.ok(endpoint.audit !== undefined, endpoint.url);
      const keys = endpoints.map((endpoint) => `${endpoint.method} ${endpoint.url}`);
      assert.equal(new Set(keys).size, keys.length, 'a route is declared twice');
      // Routes of the API prefix registered without a declaration are refused at start-up.
      const bare = Fastify();
      collectEndpoints(bare);
      assert.throws(() => bare.get('/api/v1/bare', async () => null), /not declared with addEndpoint/);
    } finally {
      await app.close();
    }
  });
});
