// Programmable responses (issue 13 point 1), end to end against a real server: the API that sets
// them, and what the ingest listener then answers, checked on the wire with a raw HTTP client
// (status line, header order, body bytes), plus what each event records of its answer.
//
//   node --import tsx --test test/integration/ingest/responses.test.ts
//   REHOOK_TEST_STORE=postgres node --import tsx --test test/integration/ingest/responses.test.ts
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { RESPONSE_LIMITS } from '../../../src/domain/inbox-response.js';
import { api, startTestRehook, type TestRehook } from '../../helpers/rehook.js';
import { createInbox, eventIdsByPath, getEvent, listEvents } from './fixtures.js';
import { hostHeader, hostPort, parseResponses, sendRaw, type RawResponse } from './raw-http.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits for `condition` (polling), failing only after a limit that catches a hang. */
async function waitFor<T>(what: string, condition: () => Promise<T | undefined>, limitMs = 60_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await condition();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(20);
  }
}

function putResponse(rehook: TestRehook, inboxId: string, json: unknown, token?: string) {
  return api(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/response`, {
    method: 'PUT',
    json,
    ...(token ? { token } : {}),
  });
}

/** A request over a raw connection; returns the one response, parsed from the wire. */
async function ingest(
  rehook: TestRehook,
  method: string,
  path: string,
  opts: { headers?: ReadonlyArray<readonly [string, string]>; body?: Buffer } = {},
): Promise<RawResponse & { raw: string }> {
  const body = opts.body ?? Buffer.alloc(0);
  const head =
    `${method} ${path} HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\nConnection: close\r\n` +
    (opts.headers ?? []).map(([name, value]) => `${name}: ${value}\r\n`).join('') +
    (body.length > 0 || ['POST', 'PUT', 'PATCH'].includes(method) ? `Content-Length: ${body.length}\r\n` : '') +
    '\r\n';
  const result = await sendRaw(rehook.ingestUrl, [Buffer.concat([Buffer.from(head, 'latin1'), body])], {
    bodiless: method === 'HEAD' ? [0] : [],
  });
  const response = result.responses[0];
  assert.ok(response, `no response to ${method} ${path}: ${result.raw.toString('latin1').slice(0, 300)}`);
  return { ...response, raw: result.raw.toString('latin1') };
}

/** Header names and values as sent (names lowercased by the parser), without the ones Node adds itself. */
function sentHeaders(response: RawResponse): Array<readonly [string, string]> {
  return response.headers.filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));
}

/** The answer the event stored at `path` records. */
async function answerAt(rehook: TestRehook, path: string): Promise<unknown> {
  const ids = await eventIdsByPath(rehook, path);
  assert.equal(ids.length, 1, `one event at ${path}`);
  return ((await getEvent(rehook, ids[0] as string)) as unknown as { answer: unknown }).answer;
}

describe('programmable responses: the ingest listener answers what the inbox says', () => {
  let rehook: TestRehook;
  before(async () => {
    rehook = await startTestRehook();
  });
  after(() => rehook.stop());

  test('the default answer: status, headers in their order (duplicates kept), text body; the event records it', async () => {
    const inboxId = await createInbox(rehook);
    const set = await putResponse(rehook, inboxId, {
      status: 503,
      headers: [
        ['Retry-After', '7'],
        ['X-B', '2'],
        ['X-A', '1'],
        ['x-b', '3'],
        ['Content-Type', 'text/plain; charset=utf-8'],
      ],
      body: 'down for maintenance \u2713',
    });
    assert.equal(set.status, 200, set.text);
    const response = await ingest(rehook, 'POST', `/i/${inboxId}/hook`, { body: Buffer.from('{}') });
    assert.equal(response.status, 503);
    assert.match(response.statusLine, /^HTTP\/1\.1 503 Service Unavailable$/);
    const body = Buffer.from('down for maintenance \u2713');
    assert.deepEqual(sentHeaders(response), [
      ['retry-after', '7'],
      ['x-b', '2'],
      ['x-a', '1'],
      ['x-b', '3'],
      ['content-type', 'text/plain; charset=utf-8'],
      ['content-length', String(body.length)],
      ['content-security-policy', 'sandbox'],
      ['x-content-type-options', 'nosniff'],
      ['access-control-allow-origin', '*'],
    ]);
    // The names go out in the case they were given.
    assert.match(response.raw, /\r\nRetry-After: 7\r\nX-B: 2\r\nX-A: 1\r\nx-b: 3\r\n/);
    assert.deepEqual(response.body, body);
    assert.deepEqual(await answerAt(rehook, `/i/${inboxId}/hook`), { rule: null, status: 503 });
    const [summary] = (await listEvents(rehook, inboxId)) as unknown as Array<{ answer: unknown }>;
    assert.deepEqual(summary?.answer, { rule: null, status: 503 });
  });

  test('an inbox without a response answers the contract and records {rule: null, status: 200}', async () => {
    const inboxId = await createInbox(rehook);
    const response = await ingest(rehook, 'POST', `/i/${inboxId}/plain`, { body: Buffer.from('x') });
    assert.equal(response.status, 200);
    assert.equal(response.body.toString(), '{"ok":true}');
    assert.deepEqual(await answerAt(rehook, `/i/${inboxId}/plain`), { rule: null, status: 200 });
  });

  test('each rule shape: method, pathPrefix (whole segments), header name, header name and value; first match wins; else the default', async () => {
    const inboxId = await createInbox(rehook);
    const set = await putResponse(rehook, inboxId, {
      status: 202,
      body: 'default',
      rules: [
        { match: { pathPrefix: '/fail' }, response: { status: 500, body: 'rule 0' } },
        { match: { method: 'put' }, response: { status: 405, body: 'rule 1' } },
        { match: { header: { name: 'x-mode', value: 'teapot' } }, response: { status: 418, body: 'rule 2' } },
        { match: { header: { name: 'X-Flag' } }, response: { status: 409, body: 'rule 3' } },
        // Also matches every PUT: rule 1 comes first.
        { match: { method: 'PUT', pathPrefix: '/' }, response: { status: 410, body: 'rule 4' } },
        { match: { pathPrefix: '/dir/' }, response: { status: 451, body: 'rule 5' } },
      ],
    });
    assert.equal(set.status, 200, set.text);
    assert.equal(set.body.data.response.rules[1].match.method, 'PUT');

    const cases: Array<
      [method: string, path: string, headers: Array<[string, string]>, status: number, rule: number | null]
    > = [
      ['POST', '/fail', [], 500, 0],
      ['POST', '/fail/now', [], 500, 0],
      ['GET', '/fail/q?x=1', [], 500, 0],
      ['POST', '/failure', [], 202, null],
      ['POST', '/other/fail', [], 202, null],
      ['PUT', '/anything', [], 405, 1],
      ['PUT', '/fail/p', [], 500, 0],
      ['POST', '/h1', [['X-Mode', 'teapot']], 418, 2],
      ['POST', '/h2', [['X-Mode', 'Teapot']], 202, null],
      [
        'POST',
        '/h3',
        [
          ['x-other', '1'],
          ['X-MODE', 'x'],
          ['x-mode', 'teapot'],
        ],
        418,
        2,
      ],
      ['POST', '/h4', [['x-flag', '']], 409, 3],
      [
        'POST',
        '/h5',
        [
          ['X-Flag', 'anything'],
          ['X-Mode', 'teapot'],
        ],
        418,
        2,
      ],
      ['POST', '/dir', [], 202, null],
      ['POST', '/dir/', [], 451, 5],
      ['POST', '/dir/x', [], 451, 5],
      ['DELETE', '', [], 202, null],
    ];
    for (const [method, sub, headers, status, rule] of cases) {
      const path = `/i/${inboxId}${sub}`;
      const response = await ingest(rehook, method, path, { headers });
      const want = rule === null ? 'default' : `rule ${rule}`;
      assert.equal(response.status, status, `${method} ${sub} ${JSON.stringify(headers)}`);
      assert.equal(response.body.toString(), want, `${method} ${sub}`);
      const storedPath = path.split('?')[0] as string;
      assert.deepEqual(await answerAt(rehook, storedPath), { rule, status }, `${method} ${sub}`);
    }
  });

  test('a binary body given in base64 is sent byte for byte; GET shows it as base64, a text body as text', async () => {
    const inboxId = await createInbox(rehook);
    const bytes = Buffer.from([0, 1, 2, 0xff, 0xfe, 0x80, 13, 10, 0]);
    const set = await putResponse(rehook, inboxId, {
      headers: [['Content-Type', 'application/octet-stream']],
      bodyBase64: bytes.toString('base64'),
      rules: [{ match: { method: 'GET' }, response: { bodyBase64: Buffer.from('text, really').toString('base64') } }],
    });
    assert.equal(set.status, 200, set.text);
    assert.equal(set.body.data.response.bodyBase64, bytes.toString('base64'));
    assert.equal(set.body.data.response.body, undefined);
    assert.equal(set.body.data.response.rules[0].response.body, 'text, really');
    const response = await ingest(rehook, 'POST', `/i/${inboxId}`, { body: Buffer.from('x') });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, bytes);
  });

  test('HEAD gets the status and headers (Content-Length of the body) but no body', async () => {
    const inboxId = await createInbox(rehook);
    await putResponse(rehook, inboxId, { status: 201, headers: [['X-Head', 'yes']], body: 'not for HEAD' });
    const result = await sendRaw(
      rehook.ingestUrl,
      `HEAD /i/${inboxId}/h HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\nConnection: close\r\n\r\n`,
      { bodiless: [0] },
    );
    assert.equal(result.status, 201);
    const text = result.raw.toString('latin1');
    assert.match(text, /\r\nX-Head: yes\r\n/);
    assert.match(text, /\r\nContent-Length: 12\r\n/);
    assert.ok(text.endsWith('\r\n\r\n'), `no body bytes after the head: ${JSON.stringify(text)}`);
  });

  test('204 goes out without Content-Length or body; headers an answer sets itself are not added again', async () => {
    const inboxId = await createInbox(rehook);
    await putResponse(rehook, inboxId, {
      status: 204,
      headers: [
        ['Access-Control-Allow-Origin', 'https://app.example'],
        ['X-Content-Type-Options', 'nosniff'],
      ],
    });
    const result = await sendRaw(
      rehook.ingestUrl,
      `POST /i/${inboxId} HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    assert.equal(result.status, 204);
    const response = result.responses[0] as RawResponse;
    assert.deepEqual(sentHeaders(response), [
      ['access-control-allow-origin', 'https://app.example'],
      ['x-content-type-options', 'nosniff'],
      ['content-security-policy', 'sandbox'],
    ]);
    assert.ok(result.raw.toString('latin1').endsWith('\r\n\r\n'));
  });

  test('a change is used by the very next request of this instance; DELETE restores the contract', async () => {
    const inboxId = await createInbox(rehook);
    assert.equal((await ingest(rehook, 'POST', `/i/${inboxId}/a`)).status, 200);
    await putResponse(rehook, inboxId, { status: 500 });
    assert.equal((await ingest(rehook, 'POST', `/i/${inboxId}/b`)).status, 500);
    await putResponse(rehook, inboxId, { status: 502 });
    assert.equal((await ingest(rehook, 'POST', `/i/${inboxId}/c`)).status, 502);
    const cleared = await api(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/response`, { method: 'DELETE' });
    assert.equal(cleared.status, 204);
    const response = await ingest(rehook, 'POST', `/i/${inboxId}/d`);
    assert.equal(response.status, 200);
    assert.equal(response.body.toString(), '{"ok":true}');
    assert.deepEqual(await answerAt(rehook, `/i/${inboxId}/d`), { rule: null, status: 200 });
    assert.deepEqual(await answerAt(rehook, `/i/${inboxId}/c`), { rule: null, status: 502 });
  });

  test('a deleted inbox answers the contract, not its old response; 413 stays 413; sub-paths are only captured', async () => {
    const inboxId = await createInbox(rehook);
    await putResponse(rehook, inboxId, { status: 503, body: 'programmed' });
    // A status-looking sub-path is just a path: captured, answered with the inbox's answer.
    const statusPath = await ingest(rehook, 'POST', `/i/${inboxId}/404`);
    assert.equal(statusPath.status, 503);
    const plain = await createInbox(rehook);
    const plainStatus = await ingest(rehook, 'POST', `/i/${plain}/500`);
    assert.equal(plainStatus.status, 200);
    assert.equal((await eventIdsByPath(rehook, `/i/${plain}/500`)).length, 1);
    // Over the body limit: 413 as ever, nothing stored.
    const big = await sendRaw(
      rehook.ingestUrl,
      `POST /i/${inboxId}/big HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\nContent-Length: ${1024 ** 4}\r\n\r\n`,
    );
    assert.equal(big.status, 413);
    assert.equal((await eventIdsByPath(rehook, `/i/${inboxId}/big`)).length, 0);
    const deleted = await api(rehook.apiUrl, `/api/v1/inboxes/${inboxId}`, { method: 'DELETE' });
    assert.equal(deleted.status, 204);
    const response = await ingest(rehook, 'POST', `/i/${inboxId}/after`);
    assert.equal(response.status, 200);
    assert.equal(response.body.toString(), '{"ok":true}');
  });
});

describe('programmable responses: the API', () => {
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

describe('programmable responses: the delay', () => {
  test('the event is listed while the sender still waits; a shutdown sends the answer at once with Connection: close', async () => {
    const rehook = await startTestRehook();
    let stopped = false;
    try {
      const inboxId = await createInbox(rehook);
      const set = await putResponse(rehook, inboxId, {
        status: 200,
        body: 'fast',
        rules: [
          {
            match: { pathPrefix: '/slow' },
            response: { status: 503, body: 'late', delayMs: RESPONSE_LIMITS.maxDelayMs },
          },
        ],
      });
      assert.equal(set.status, 200, set.text);

      const socket = connect(hostPort(rehook.ingestUrl));
      const received: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `POST /i/${inboxId}/slow HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\nContent-Length: 5\r\n\r\nhello`,
      );

      // The event is committed and listed (with the answer it is about to get) before the answer.
      const listed = await waitFor('the delayed event to be listed', async () => {
        const events = (await listEvents(rehook, inboxId)) as unknown as Array<{ id: string; answer: unknown }>;
        return events[0];
      });
      assert.deepEqual(listed.answer, { rule: 0, status: 503 });
      assert.equal(received.length, 0, 'the answer came before its delay was over');
      // Other requests are not held up by the waiting one.
      const other = await ingest(rehook, 'POST', `/i/${inboxId}/quick`);
      assert.equal(other.status, 200);
      assert.equal(other.body.toString(), 'fast');
      assert.equal(received.length, 0, 'the answer came before its delay was over');

      // Shutting down cuts the delay: the programmed answer now, and the connection closes.
      await rehook.stop();
      stopped = true;
      await closed;
      const [response] = parseResponses(Buffer.concat(received)).responses;
      assert.ok(response, `no answer: ${Buffer.concat(received).toString('latin1')}`);
      assert.equal(response.status, 503);
      assert.equal(response.body.toString(), 'late');
      assert.deepEqual(
        response.headers.filter(([name]) => name === 'connection'),
        [['connection', 'close']],
      );
    } finally {
      if (!stopped) await rehook.stop();
    }
  });

  test('a short delay ends in the programmed answer on a kept-alive connection', async () => {
    const rehook = await startTestRehook();
    try {
      const inboxId = await createInbox(rehook);
      await putResponse(rehook, inboxId, { status: 202, body: 'after a while', delayMs: 50 });
      const result = await sendRaw(
        rehook.ingestUrl,
        `POST /i/${inboxId} HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\nContent-Length: 0\r\n\r\n` +
          `POST /i/${inboxId}/second HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\nContent-Length: 0\r\n\r\n`,
        { responses: 2 },
      );
      assert.deepEqual(
        result.responses.map((r) => [r.status, r.body.toString()]),
        [
          [202, 'after a while'],
          [202, 'after a while'],
        ],
      );
      assert.deepEqual(
        result.responses[0]?.headers.filter(([name]) => name === 'connection'),
        [['connection', 'keep-alive']],
      );
    } finally {
      await rehook.stop();
    }
  });
});

describe('programmable responses: two instances on one PostgreSQL', async () => {
  const { connectTestPostgres } = await import('../../helpers/postgres.js');
  const { loadConfig } = await import('../../../src/config/load.js');
  const { startRehook } = await import('../../../src/server.js');
  const { pino } = await import('pino');
  const pg = await connectTestPostgres();
  const skip = pg.available ? false : `PostgreSQL unavailable: ${pg.reason}`;

  test("a change made through one instance reaches the other one's ingest (within its cache age)", {
    skip,
  }, async () => {
    if (!pg.available) return;
    const schema = await pg.createSchema();
    // One data directory for both (only a generated secret key would be written there).
    const dataDir = await mkdtemp(join(tmpdir(), 'rehook-responses-cluster-'));
    const start = () =>
      startRehook(
        loadConfig({
          REHOOK_PORT: '0',
          REHOOK_INGEST_PORT: '0',
          REHOOK_DATA_DIR: dataDir,
          REHOOK_LOG_LEVEL: 'silent',
          DATABASE_URL: schema.url,
        }),
        { logger: pino({ level: 'silent' }) },
      );
    const a = await start();
    const b = await start();
    try {
      const created = await api(a.apiUrl, '/api/v1/inboxes', { method: 'POST' });
      const inboxId = created.body.data.inbox.id as string;
      const post = async (origin: string, sub: string) => {
        const res = await fetch(`${origin}/i/${inboxId}${sub}`, { method: 'POST', body: 'x' });
        await res.arrayBuffer();
        return res.status;
      };
      // B reads (and caches) "no response" first.
      assert.equal(await post(b.ingestUrl, '/before'), 200);
      const set = await api(a.apiUrl, `/api/v1/inboxes/${inboxId}/response`, { method: 'PUT', json: { status: 503 } });
      assert.equal(set.status, 200, set.text);
      assert.equal(await post(a.ingestUrl, '/on-a'), 503);
      // B answers it once its cached entry has aged out (1 s); until then it answers what it knew.
      let n = 0;
      await waitFor('instance B to answer the new response', async () => {
        n += 1;
        return (await post(b.ingestUrl, `/on-b-${n}`)) === 503 ? true : undefined;
      });
      // Each event records what its instance actually sent.
      const events = (await api(a.apiUrl, `/api/v1/inboxes/${inboxId}/events?limit=1000`)).body as Array<{
        path: string;
        answer: { status: number };
      }>;
      for (const event of events) {
        const sent = event.path.endsWith(`/on-b-${n}`) || event.path.endsWith('/on-a') ? 503 : 200;
        assert.equal(event.answer.status, sent, event.path);
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
      await pg.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
