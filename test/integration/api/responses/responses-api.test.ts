// Response rules, end to end against a real server: the API that sets them (GET, PUT and
// DELETE round trips, validation errors, and who may change an inbox's response).
//
//   node --import tsx --test test/integration/api/responses/responses-api.test.ts
//   REHOOK_TEST_STORE=postgres node --import tsx --test test/integration/api/responses/responses-api.test.ts
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { RESPONSE_LIMITS } from '../../../../src/domain/response.js';
import { api, startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { createInbox } from '../../ingest/fixtures.js';
import { ingest, putResponse } from '../../ingest/responses-support.js';

describe('response rules: the API', () => {
  let rehook: TestRehook;
  before(async () => {
    rehook = await startTestRehook();
  });
  after(() => rehook.stop());

  test('GET shows null, then what PUT set; what GET shows can be PUT back as it is; DELETE makes it null again', async () => {
    const inboxId = await createInbox(rehook);
    const url = `/api/v1/inboxes/${inboxId}/response`;
    const none = await api(rehook.apiUrl, url);
    assert.equal(none.status, 200, none.text);
    assert.deepEqual(none.body, { data: { response: null } });
    const input = {
      status: 429,
      headers: [['Retry-After', '1']],
      body: '{"error":"slow down"}',
      delayMs: 10,
      rules: [
        { match: { method: 'POST', pathPrefix: '/x', header: { name: 'X-A', value: 'b' } }, response: { status: 201 } },
        { match: {}, response: { status: 202, headers: [['X', 'y']], body: 'ok', delayMs: 0 } },
      ],
    };
    const put = await putResponse(rehook, inboxId, input);
    assert.equal(put.status, 200, put.text);
    const shown = await api(rehook.apiUrl, url);
    assert.deepEqual(shown.body, put.body);
    const response = shown.body.data.response;
    assert.equal(typeof response.updatedAt, 'string');
    assert.deepEqual(response.rules[0], {
      match: { method: 'POST', pathPrefix: '/x', header: { name: 'X-A', value: 'b' } },
      response: { status: 201, headers: [], body: '', delayMs: 0 },
    });
    const again = await putResponse(rehook, inboxId, response);
    assert.equal(again.status, 200, again.text);
    const { updatedAt: _a, ...before } = response;
    const { updatedAt: _b, ...after } = again.body.data.response;
    assert.deepEqual(after, before);
    assert.equal((await api(rehook.apiUrl, url, { method: 'DELETE' })).status, 204);
    assert.deepEqual((await api(rehook.apiUrl, url)).body, { data: { response: null } });
    // Clearing twice is fine.
    assert.equal((await api(rehook.apiUrl, url, { method: 'DELETE' })).status, 204);
  });

  test('unknown inboxes are 404 INBOX_NOT_FOUND; a body that is not JSON is 415', async () => {
    const missing = 'inb_00000000000000000000000000';
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await api(rehook.apiUrl, `/api/v1/inboxes/${missing}/response`, {
        method,
        ...(method === 'PUT' ? { json: {} } : {}),
      });
      assert.equal(res.status, 404, `${method}: ${res.text}`);
      assert.equal(res.body.error.code, 'INBOX_NOT_FOUND');
    }
    const inboxId = await createInbox(rehook);
    const res = await api(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/response`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'status=503',
    });
    assert.equal(res.status, 415, res.text);
  });

  test('1xx statuses are refused with a message that says why', async () => {
    const inboxId = await createInbox(rehook);
    for (const status of [100, 101, 103, 199]) {
      const res = await putResponse(rehook, inboxId, { status });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.error.code, 'VALIDATION_FAILED');
      assert.match(res.body.error.message, /informational \(1xx\).*final answer/);
    }
    const rule = await putResponse(rehook, inboxId, { rules: [{ match: {}, response: { status: 102 } }] });
    assert.equal(rule.status, 400);
    assert.match(rule.body.error.message, /\/rules\/0\/response\/status/);
    assert.equal((await putResponse(rehook, inboxId, { status: 200 })).status, 200);
    assert.equal((await putResponse(rehook, inboxId, { status: 599 })).status, 200);
  });

  test('headers that could break the connection, and invalid names and values, are refused', async () => {
    const inboxId = await createInbox(rehook);
    const refusedNames = [
      'Connection',
      'keep-alive',
      'Transfer-Encoding',
      'CONTENT-LENGTH',
      'Upgrade',
      'TE',
      'Trailer',
      'Proxy-Authenticate',
      'proxy-connection',
      'Host',
      'Set-Cookie',
      'HTTP2-Settings',
    ];
    for (const name of refusedNames) {
      const res = await putResponse(rehook, inboxId, {
        headers: [
          ['X-Ok', '1'],
          [name, 'x'],
        ],
      });
      assert.equal(res.status, 400, `${name}: ${res.text}`);
      assert.equal(res.body.error.code, 'VALIDATION_FAILED');
      assert.match(res.body.error.message, /\/headers\/1\/0: header ".*" cannot be set/, name);
      // In a rule's answer too.
      const inRule = await putResponse(rehook, inboxId, {
        rules: [{ match: {}, response: { headers: [[name, 'x']] } }],
      });
      assert.equal(inRule.status, 400, `${name} in a rule`);
    }
    const badPairs: Array<[unknown, RegExp]> = [
      [['X-Evil', 'a\r\nSet-Cookie: x=1'], /control characters/],
      [['X-Evil', 'a\nb'], /control characters/],
      [['X-Evil', 'a\u0000'], /control characters/],
      [['X-Euro', '\u20ac'], /latin1/],
      [['Bad Name', 'x'], /token characters/],
      [['X-Colon:', 'x'], /token characters/],
      [['', 'x'], /token characters/],
      [['X-Space', ' padded '], /spaces/],
      [['X-Num', 1], /string/],
      [['only-name'], /\[name, value\] pair/],
      ['X-Str', /\[name, value\] pair/],
    ];
    for (const [pair, message] of badPairs) {
      const res = await putResponse(rehook, inboxId, { headers: [pair] });
      assert.equal(res.status, 400, `${JSON.stringify(pair)}: ${res.text}`);
      assert.match(res.body.error.message, message, JSON.stringify(pair));
    }
    // Content-Type and other ordinary headers are fine, and so is a latin1 value.
    const ok = await putResponse(rehook, inboxId, {
      headers: [
        ['Content-Type', 'application/json'],
        ['X-Caf', 'caf\u00e9'],
        ['WWW-Authenticate', 'Basic'],
      ],
    });
    assert.equal(ok.status, 200, ok.text);
    const response = await ingest(rehook, 'GET', `/i/${inboxId}`);
    assert.match(response.raw, /\r\nX-Caf: caf\u00e9\r\n/);
  });

  test('every other validation error is a 400 naming the field', async () => {
    const inboxId = await createInbox(rehook);
    const L = RESPONSE_LIMITS;
    const cases: Array<[unknown, RegExp]> = [
      [[], /body must be a JSON object/],
      [{ status: 600 }, /^Invalid response at \/status: status must be an integer from 200 to 599/],
      [{ status: 99 }, /\/status/],
      [{ status: '503' }, /\/status/],
      [{ status: 200.5 }, /\/status/],
      [{ delayMs: 30_001 }, /\/delayMs: delayMs must be an integer .* 0 to 30000/],
      [{ delayMs: -1 }, /\/delayMs/],
      [{ delayMs: 1.5 }, /\/delayMs/],
      [{ body: 'a', bodyBase64: 'YQ==' }, /either body or bodyBase64/],
      [{ bodyBase64: 'not base64!' }, /\/bodyBase64/],
      [{ bodyBase64: 'YQ' }, /\/bodyBase64/],
      [{ body: 5 }, /\/body: body must be a string/],
      [{ body: 'x'.repeat(L.maxBodyBytes + 1) }, /more than the limit of 65536/],
      [{ bodyBase64: Buffer.alloc(L.maxBodyBytes + 1).toString('base64') }, /more than the limit/],
      [{ status: 204, body: 'x' }, /a 204 answer has no content/],
      [{ status: 304, body: 'x' }, /a 304 answer has no content/],
      [{ headers: Array.from({ length: L.maxHeaders + 1 }, (_, i) => [`X-${i}`, 'v']) }, /at most 50 headers/],
      [{ headers: {} }, /headers must be an array/],
      [{ stauts: 503 }, /\/stauts: unknown field "stauts"/],
      [{ rules: {} }, /rules must be an array/],
      [{ rules: Array.from({ length: L.maxRules + 1 }, () => ({ match: {}, response: {} })) }, /at most 50 rules/],
      [{ rules: [{ response: {} }] }, /\/rules\/0\/match: a rule needs a match/],
      [{ rules: [{ match: {} }] }, /\/rules\/0\/response: a rule needs a response/],
      [{ rules: [{ match: {}, response: {}, extra: 1 }] }, /unknown field "extra"/],
      [{ rules: [{ match: { method: 'GE T' }, response: {} }] }, /\/rules\/0\/match\/method/],
      [
        { rules: [{ match: { pathPrefix: 'fail' }, response: {} }] },
        /\/rules\/0\/match\/pathPrefix: pathPrefix must be a path below the inbox/,
      ],
      [{ rules: [{ match: { pathPrefix: '/a?b=1' }, response: {} }] }, /pathPrefix/],
      [{ rules: [{ match: { pathPrefix: '/a b' }, response: {} }] }, /pathPrefix/],
      [{ rules: [{ match: { header: { value: 'x' } }, response: {} }] }, /\/rules\/0\/match\/header\/name/],
      [{ rules: [{ match: { header: 'X-A' }, response: {} }] }, /header must be an object/],
      [{ rules: [{ match: { path: '/x' }, response: {} }] }, /unknown field "path"/],
      [{ rules: [{ match: {}, response: { rules: [] } }] }, /unknown field "rules"/],
      [{ rules: [{ match: {}, response: { delayMs: 40_000 } }] }, /\/rules\/0\/response\/delayMs/],
    ];
    for (const [body, message] of cases) {
      const res = await putResponse(rehook, inboxId, body);
      assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 100)}: ${res.text}`);
      assert.equal(res.body.error.code, 'VALIDATION_FAILED');
      assert.match(res.body.error.message, message, JSON.stringify(body).slice(0, 100));
    }
    // Nothing was stored by any of them.
    assert.deepEqual((await api(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/response`)).body, {
      data: { response: null },
    });
    // The largest allowed body, in base64, fits the request limit.
    const largest = await putResponse(rehook, inboxId, {
      bodyBase64: Buffer.alloc(L.maxBodyBytes, 7).toString('base64'),
    });
    assert.equal(largest.status, 200, largest.text.slice(0, 200));
  });

  test('owned inboxes: only the owner; anonymous inboxes: whoever holds the id', async () => {
    const a = await rehook.createUser();
    const b = await rehook.createUser();
    const created = await api(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', token: a.token });
    const owned = created.body.data.inbox.id as string;
    assert.equal((await putResponse(rehook, owned, { status: 500 })).status, 401);
    assert.equal((await putResponse(rehook, owned, { status: 500 }, b.token)).status, 404);
    assert.equal((await putResponse(rehook, owned, { status: 500 }, a.token)).status, 200);
    assert.equal((await api(rehook.apiUrl, `/api/v1/inboxes/${owned}/response`, { token: b.token })).status, 404);
    assert.equal((await api(rehook.apiUrl, `/api/v1/inboxes/${owned}/response`)).status, 401);
    assert.equal(
      (await api(rehook.apiUrl, `/api/v1/inboxes/${owned}/response`, { method: 'DELETE', token: b.token })).status,
      404,
    );
    assert.equal((await ingest(rehook, 'POST', `/i/${owned}`)).status, 500);
    const anonymous = await createInbox(rehook);
    assert.equal((await putResponse(rehook, anonymous, { status: 501 }, b.token)).status, 200);
    assert.equal((await ingest(rehook, 'POST', `/i/${anonymous}`)).status, 501);
  });
});
