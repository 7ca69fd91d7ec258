import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import {
  assertError,
  assertUnauthorized,
  assertWellFormed,
  call,
  createInbox,
  ingestEvent,
  rawRequest,
} from '../support.js';

describe('API error responses', () => {
  let rehook: TestRehook;
  let user: { accountId: string; token: string };
  let eventId: string;
  let replayPath: string;

  before(async () => {
    rehook = await startTestRehook();
    user = await rehook.createUser();
    const inbox = await createInbox(rehook);
    eventId = await ingestEvent(rehook, inbox.id, { body: 'errors' });
    replayPath = `/api/v1/events/${eventId}/replay`;
  });
  after(() => rehook.stop());

  it('answers 401 with {"error":{"code":"UNAUTHORIZED","message"}} as JSON and nothing else', async () => {
    const res = await call(rehook.apiUrl, '/api/v1/tokens');
    assertUnauthorized(res);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(Object.keys(res.body.error).sort(), ['code', 'message']);
  });

  it('answers 400 INVALID_JSON to a malformed JSON body on replay', async () => {
    for (const body of ['{"destination":', '{destination: "http://example.com"}', 'nul', '{"a":1}}']) {
      const res = await call(rehook.apiUrl, replayPath, {
        method: 'POST',
        token: user.token,
        headers: { 'content-type': 'application/json' },
        body,
      });
      assertError(res, 400, 'INVALID_JSON');
    }
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE to a non-JSON content type with a body', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await call(rehook.apiUrl, replayPath, {
        method: 'POST',
        token: user.token,
        headers: { 'content-type': contentType },
        body: 'destination=http://example.com/',
      });
      assertError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
    const tokens = await call(rehook.apiUrl, '/api/v1/tokens', {
      method: 'POST',
      token: user.token,
      headers: { 'content-type': 'text/plain' },
      body: 'name=ci',
    });
    assertError(tokens, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 400 VALIDATION_FAILED to a JSON body that is an array, a string or a number', async () => {
    for (const json of [[{ destination: 'http://example.com/' }], 'http://example.com/', 42]) {
      const res = await call(rehook.apiUrl, replayPath, { method: 'POST', token: user.token, json });
      assertError(res, 400, 'VALIDATION_FAILED');
    }
  });

  it('answers 400 to prototype poisoning ({"__proto__":...} and constructor.prototype)', async () => {
    for (const body of [
      '{"__proto__":{"x":1}}',
      '{"destination":"http://10.0.0.1/","__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"x":1}}}',
    ]) {
      const res = await call(rehook.apiUrl, replayPath, {
        method: 'POST',
        token: user.token,
        headers: { 'content-type': 'application/json' },
        body,
      });
      assert.equal(res.status, 400, `${body}: ${res.text}`);
    }
    assert.equal(({} as Record<string, unknown>)['x'], undefined, 'Object.prototype was polluted');
    assert.equal(({} as Record<string, unknown>)['isAdmin'], undefined, 'Object.prototype was polluted');
  });

  it('answers 404 NOT_FOUND to unknown routes', async () => {
    // `GET /` is the web app; an unknown path not asked for as HTML is a JSON 404.
    for (const [method, path] of [
      ['GET', '/nope'],
      ['GET', '/api/v1/nope'],
      ['GET', '/api/v2/inboxes'],
      ['POST', '/api/v1/events'],
      ['GET', '/i/inb_aaaaaaaaaaaaaaaaaaaaaaaaaa'],
    ] as const) {
      const res = await call(rehook.apiUrl, path, { method });
      assertError(res, 404, 'NOT_FOUND');
    }
  });

  it('answers 413 PAYLOAD_TOO_LARGE to an API body over 64 KiB (with and without Content-Length)', async () => {
    const big = JSON.stringify({ destination: `http://example.com/${'a'.repeat(70 * 1024)}` });
    // The replay route takes more (an edited body up to REHOOK_MAX_BODY, base64): replay-edit.test.ts.
    for (const path of ['/api/v1/tokens', '/api/v1/inboxes']) {
      const res = await call(rehook.apiUrl, path, {
        method: 'POST',
        token: user.token,
        headers: { 'content-type': 'application/json' },
        body: big,
      });
      assertError(res, 413, 'PAYLOAD_TOO_LARGE');
    }
    const chunked = await rawRequest(`${rehook.apiUrl}/api/v1/tokens`, {
      method: 'POST',
      headers: [
        'Authorization',
        `Bearer ${user.token}`,
        'Content-Type',
        'application/json',
        'Transfer-Encoding',
        'chunked',
      ],
      body: big,
    });
    assertWellFormed(chunked);
    assertError(chunked, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('accepts a body just under 64 KiB (the limit is not lower than documented)', async () => {
    const json = { destination: `http://example.com/${'a'.repeat(60 * 1024)}` };
    const res = await call(rehook.apiUrl, replayPath, { method: 'POST', token: user.token, json });
    // Parsed and judged: the URL is too long to be a destination, which proves the body was read.
    assertError(res, 400, 'INVALID_DESTINATION');
  });

  it('answers a path with malformed percent-encoding with the error envelope: 404 NOT_FOUND (errors.ts maps FST_ERR_BAD_URL)', async () => {
    for (const path of ['/api/v1/inboxes/%E0%A4%A', '/api/v1/inboxes/%ZZ/events', '/api/v1/tokens/%FF']) {
      const res = await rawRequest(`${rehook.apiUrl}${path}`, {
        method: path.startsWith('/api/v1/tokens') ? 'DELETE' : 'GET',
        headers: ['Authorization', `Bearer ${user.token}`],
      });
      assert.equal(typeof res.body?.error, 'object', `${path}: error is not an object: ${res.text}`);
      assertWellFormed(res, path);
      assertError(res, 404, 'NOT_FOUND');
    }
  });

  it('answers an over-long path parameter with the error envelope, not Fastify’s own error body', async () => {
    for (const path of [`/api/v1/inboxes/${'a'.repeat(300)}/events`, `/api/v1/events/${'e'.repeat(300)}`]) {
      const res = await rawRequest(`${rehook.apiUrl}${path}`);
      assert.equal(
        typeof res.body?.error,
        'object',
        `${path.slice(0, 40)}: error is not an object: ${res.text.slice(0, 200)}`,
      );
      assertWellFormed(res, path.slice(0, 40));
      assert.ok(res.status >= 400 && res.status < 500);
    }
  });

  it('never answers 500 or leaks a stack trace for hostile input', async () => {
    const deep = `${'{"a":'.repeat(5000)}{"__proto__":{"x":1}}${'}'.repeat(5000)}`;
    const cases: Array<{ method: string; path: string; headers?: string[]; body?: string }> = [
      { method: 'GET', path: '/api/v1/events/%00' },
      { method: 'GET', path: '/api/v1/events/..%2F..%2Fetc%2Fpasswd/body' },
      { method: 'GET', path: '/api/v1/inboxes/inb_%C3%A9/events?limit=%FF' },
      { method: 'GET', path: `/api/v1/inboxes/x/events?before=${'z'.repeat(5000)}` },
      {
        method: 'POST',
        path: replayPath,
        headers: ['Authorization', `Bearer ${user.token}`, 'Content-Type', 'application/json'],
        body: deep,
      },
      {
        method: 'POST',
        path: replayPath,
        headers: ['Authorization', `Bearer ${user.token}`, 'Content-Type', 'application/json; charset=utf-16'],
        body: '{"destination":"http://10.0.0.1/"}',
      },
      {
        method: 'POST',
        path: replayPath,
        headers: ['Authorization', `Bearer ${user.token}`, 'Content-Type', 'application/json'],
        body: '\uFEFF{"destination":"http://10.0.0.1/"}',
      },
      {
        method: 'POST',
        path: '/api/v1/tokens',
        headers: ['Authorization', `Bearer ${user.token}`, 'Content-Type', 'application/json'],
        body: JSON.stringify({ name: '\u0000\u0001' }),
      },
    ];
    for (const entry of cases) {
      const res = await rawRequest(`${rehook.apiUrl}${entry.path}`, {
        method: entry.method,
        headers: entry.headers ?? [],
        ...(entry.body !== undefined ? { body: entry.body } : {}),
      });
      assertWellFormed(res, `${entry.method} ${entry.path.slice(0, 60)}`);
      assert.ok(res.status >= 400 && res.status < 500, `${entry.method} ${entry.path.slice(0, 60)} → ${res.status}`);
    }
  });
});
