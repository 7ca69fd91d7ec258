import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ERROR_CODES } from '../../src/errors.js';
import { generateOpenApiDocument, renderOpenApiDocument } from '../../src/http/api/core/openapi-document.js';
import { checkResponse, resolveResponse } from '../helpers/openapi-contract.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';

const committedText = readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8');
const committed = JSON.parse(committedText) as {
  openapi: string;
  paths: Record<string, Record<string, { operationId?: string; responses: Record<string, any> }>>;
};

describe('openapi.json', () => {
  it('is what the route schemas generate (run npm run openapi:write after changing a route)', async () => {
    const generated = renderOpenApiDocument(await generateOpenApiDocument());
    assert.ok(generated === committedText, 'openapi.json is out of date: run npm run openapi:write');
  });

  it('is OpenAPI 3.1 with a unique operationId on every operation', () => {
    assert.equal(committed.openapi, '3.1.0');
    const ids = Object.values(committed.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    assert.ok(ids.length >= 20, `only ${ids.length} operations`);
    assert.ok(ids.every((id) => typeof id === 'string' && id.length > 0));
    assert.equal(new Set(ids).size, ids.length, 'duplicate operationId');
  });

  it('names only codes of the error catalogue, each under its own status', () => {
    for (const [path, ops] of Object.entries(committed.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [status, response] of Object.entries(op.responses)) {
          if (Number(status) < 400) continue;
          const resolved: any = resolveResponse(response);
          const codes: string[] = resolved.content['application/json'].schema.properties.error.properties.code.enum;
          assert.ok(codes.length > 0, `${method} ${path} ${status} lists no code`);
          for (const code of codes) {
            const entry = ERROR_CODES[code as keyof typeof ERROR_CODES];
            assert.ok(entry, `${method} ${path} ${status}: ${code} is not in the catalogue`);
            assert.equal(
              String(entry.status),
              status,
              `${method} ${path}: ${code} is a ${entry.status}, listed under ${status}`,
            );
          }
        }
      }
    }
  });

  it('describes every API operation with a success answer and the 401 of a bad token', () => {
    for (const [path, ops] of Object.entries(committed.paths)) {
      if (path.startsWith('/i/')) continue;
      for (const [method, op] of Object.entries(ops)) {
        // A route a browser opens (single sign-on) succeeds with a redirect.
        assert.ok(
          Object.keys(op.responses).some((s) => Number(s) < 400),
          `${method} ${path}: no success answer`,
        );
        assert.ok(op.responses['401'], `${method} ${path}: no 401`);
      }
    }
  });

  describe('the contract check the suites run on every response', () => {
    it('refuses an undocumented status, an undocumented field and an undocumented error code', () => {
      const base = {
        method: 'GET',
        route: '/api/v1/inboxes/:inboxId',
        url: '/api/v1/inboxes/x',
        contentType: 'application/json',
      };
      const inbox = {
        id: 'inb_x',
        ingestUrl: '/i/inb_x',
        url: 'http://h/i/inb_x',
        name: null,
        saved: false,
        teamId: null,
        expiresAt: null,
        createdAt: '2026-11-25T00:00:00.000Z',
        eventCount: 0,
        lastEventAt: null,
        role: null,
        permissions: { read: true, replay: true, manage: true },
      };
      assert.equal(checkResponse({ ...base, status: 200, body: JSON.stringify({ data: { inbox } }) }), null);
      assert.match(checkResponse({ ...base, status: 418, body: '{}' }) ?? '', /status 418 is not documented/);
      assert.match(
        checkResponse({ ...base, status: 200, body: JSON.stringify({ data: { inbox: { ...inbox, secret: 1 } } }) }) ??
          '',
        /additional properties/,
      );
      assert.match(
        checkResponse({ ...base, status: 404, body: '{"error":{"code":"EVENT_NOT_FOUND","message":"m"}}' }) ?? '',
        /allowed values/,
      );
      assert.equal(
        checkResponse({ ...base, status: 404, body: '{"error":{"code":"INBOX_NOT_FOUND","message":"m"}}' }),
        null,
      );
      assert.match(
        checkResponse({ ...base, route: '/api/v1/nowhere', status: 200, body: '{}' }) ?? '',
        /not in openapi.json/,
      );
    });
  });
});

describe('GET /api/v1/openapi.json', () => {
  let rehook: TestRehook;
  before(async () => {
    rehook = await startTestRehook();
  });
  after(() => rehook.stop());

  it('serves the committed document', async () => {
    const response = await fetch(`${rehook.apiUrl}/api/v1/openapi.json`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(await response.json(), committed);
  });
});
