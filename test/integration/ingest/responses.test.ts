// Response rules, end to end against a real server: what the ingest
// listener answers once an inbox has a response, checked on the wire with a raw HTTP client
// (status line, header order, body bytes), plus what each event records of its answer. The API
// that sets them: responses-api.test.ts; the delay and two instances: responses-delay.test.ts.
//
//   node --import tsx --test test/integration/ingest/responses.test.ts
//   REHOOK_TEST_STORE=postgres node --import tsx --test test/integration/ingest/responses.test.ts
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { api, startTestRehook, type TestRehook } from '../../helpers/rehook.js';
import { createInbox, eventIdsByPath, listEvents } from './fixtures.js';
import { hostHeader, sendRaw, type RawResponse } from './raw-http.js';
import { answerAt, ingest, putResponse, sentHeaders } from './responses-support.js';

describe('response rules: the ingest listener answers what the inbox says', () => {
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
