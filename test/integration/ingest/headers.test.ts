import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestRehook, type TestRehook } from '../../helpers/rehook.js';
import {
  assertErrorBody,
  countEvents,
  createInbox,
  eventAtPath,
  headerValues,
  type EventJson,
  SQLITE_ONLY,
} from './fixtures.js';
import { hostHeader, sendRaw } from './raw-http.js';

/** Sends `GET|POST <path>` with exactly these header lines (latin1 bytes), Connection: close last. */
async function sendWithHeaders(
  rehook: TestRehook,
  path: string,
  headerLines: ReadonlyArray<readonly [string, string]>,
  body = '',
) {
  const host = hostHeader(rehook.ingestUrl);
  let head = `POST ${path} HTTP/1.1\r\nHost: ${host}\r\n`;
  for (const [name, value] of headerLines) head += `${name}: ${value}\r\n`;
  head += `Content-Length: ${Buffer.byteLength(body, 'latin1')}\r\nConnection: close\r\n\r\n`;
  return sendRaw(rehook.ingestUrl, Buffer.from(head + body, 'latin1'));
}

/** The stored headers without the framing ones the helper adds around the test's own. */
function ownHeaders(event: Pick<EventJson, 'headers'>): Array<[string, string]> {
  return event.headers.filter(([name]) => !['host', 'content-length', 'connection'].includes(name.toLowerCase()));
}

describe('ingest headers: order, case, duplicates and bytes', () => {
  let rehook: TestRehook;
  let inboxId: string;
  before(async () => {
    rehook = await startTestRehook();
    inboxId = await createInbox(rehook);
  });
  after(() => rehook.stop());

  test('arrival order, original name case and duplicates are kept exactly', async () => {
    const path = `/i/${inboxId}/order`;
    const sent: Array<[string, string]> = [
      ['X-Zeta', '1'],
      ['x-alpha', '2'],
      ['X-Foo', 'first'],
      ['X-MiXeD-CaSe', 'Value With  Inner   Spaces'],
      ['Content-Type', 'application/json'],
      ['X-Foo', 'second'],
      ['x-foo', 'third'],
      ['Accept', '*/*'],
      ['X-Empty', ''],
      ['X-Quote', '"><svg onload=alert(1)>'],
    ];
    const res = await sendWithHeaders(rehook, path, sent, '{}');
    assert.equal(res.status, 200);
    const event = await eventAtPath(rehook, path);
    assert.deepEqual(ownHeaders(event), sent);
    assert.deepEqual(event.headers[0], ['Host', hostHeader(rehook.ingestUrl)], 'Host first, as sent');
    const stored = await rehook.deps.store.events.findById(event.id);
    assert.deepEqual(
      stored?.headers.map(([n, v]) => [n, v]),
      event.headers,
      'store and API agree',
    );
  });

  test('latin1 bytes in a value (0xE9) are stored as the code point U+00E9', async () => {
    const path = `/i/${inboxId}/latin1`;
    const res = await sendWithHeaders(rehook, path, [
      ['X-Name', 'caf\u00e9'],
      ['X-High', '\u0080\u00a0\u00ff'],
    ]);
    assert.equal(res.status, 200);
    const event = await eventAtPath(rehook, path);
    assert.deepEqual(headerValues(event, 'x-name'), ['caf\u00e9']);
    assert.deepEqual(headerValues(event, 'x-high'), ['\u0080\u00a0\u00ff']);
    const stored = await rehook.deps.store.events.findById(event.id);
    const name = stored?.headers.find(([n]) => n === 'X-Name')?.[1];
    assert.deepEqual(
      Buffer.from(name ?? '', 'latin1'),
      Buffer.from([0x63, 0x61, 0x66, 0xe9]),
      'the wire bytes round-trip',
    );
  });

  test('3,000 small headers within 16 KiB: 200 and all 3,000 stored, in order', async () => {
    const path = `/i/${inboxId}/many`;
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const sent: Array<[string, string]> = [];
    for (let i = 0; i < 3000; i += 1) {
      sent.push([letters[i % 26] as string, letters[Math.floor(i / 26) % 26] as string]);
    }
    const lines = sent.map(([n, v]) => `${n}:${v}\r\n`).join('');
    const request = `GET ${path} HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\n${lines}Connection: close\r\n\r\n`;
    assert.ok(Buffer.byteLength(request) < 16 * 1024, 'the header block stays under 16 KiB');
    const res = await sendRaw(rehook.ingestUrl, request);
    assert.equal(res.status, 200);
    const event = await eventAtPath(rehook, path);
    assert.equal(event.headers.length, 3002);
    assert.deepEqual(ownHeaders(event), sent);
  });

  test('a header block over 16 KiB: 431 HEADERS_TOO_LARGE, nothing stored, server still serves', async () => {
    const before = await countEvents(rehook);
    const path = `/i/${inboxId}/huge-headers`;
    const res = await sendWithHeaders(rehook, path, [['X-Big', 'b'.repeat(16 * 1024 + 1)]]);
    assert.equal(res.status, 431);
    assertErrorBody(res.responses[0]?.body ?? '', 'HEADERS_TOO_LARGE');
    assert.ok(res.closed);
    const many = Array.from({ length: 400 }, (_, i): [string, string] => [`X-H${i}`, 'v'.repeat(40)]);
    const res2 = await sendWithHeaders(rehook, path, many);
    assert.equal(res2.status, 431, 'many headers adding up past 16 KiB');
    assert.equal(await countEvents(rehook), before);
    const ok = await fetch(`${rehook.ingestUrl}/i/${inboxId}/after-431`);
    assert.equal(ok.status, 200);
    await eventAtPath(rehook, `/i/${inboxId}/after-431`);
  });
});

describe('ingest headers: redaction of authorization and cookie', () => {
  let rehook: TestRehook;
  let inboxId: string;
  before(async () => {
    rehook = await startTestRehook();
    inboxId = await createInbox(rehook);
  });
  after(() => rehook.stop());

  const marker = randomBytes(8).toString('hex');
  const secret = (label: string) => `S3CRET-${label}-${marker}`;
  const secrets = {
    auth1: secret('auth-bearer'),
    auth2: secret('auth-lower'),
    auth3: secret('auth-mixed'),
    auth4: secret('auth-dup'),
    cookie1: secret('cookie-1'),
    cookie2: secret('cookie-2'),
  };
  const kept = {
    proxy: `Basic kept-proxy-${marker}`,
    sig: `sha256=kept-sig-${marker}`,
    stripe: `t=1700000000,v1=kept-stripe-${marker},v0=abc`,
    apiKey: `kept-api-key-${marker}`,
  };
  const sent: Array<[string, string]> = [
    ['X-Before', '1'],
    ['Authorization', `Bearer ${secrets.auth1}`],
    ['Proxy-Authorization', kept.proxy],
    ['authorization', `Basic ${secrets.auth2}`],
    ['X-Signature', kept.sig],
    ['AuThOrIzAtIoN', secrets.auth3],
    ['Cookie', `session=${secrets.cookie1}`],
    ['Stripe-Signature', kept.stripe],
    ['Cookie', `other=${secrets.cookie2}; theme=dark`],
    ['X-Api-Key', kept.apiKey],
    ['Authorization', `Token ${secrets.auth4}`],
    ['X-After', '2'],
  ];
  let event: EventJson;

  before(async () => {
    const path = `/i/${inboxId}/redaction`;
    const res = await sendWithHeaders(rehook, path, sent, 'body');
    assert.equal(res.status, 200);
    event = await eventAtPath(rehook, path);
  });

  test('every authorization and cookie copy keeps its name and position, value [REDACTED]', () => {
    const expected = sent.map(([name, value]): [string, string] =>
      ['authorization', 'cookie'].includes(name.toLowerCase()) ? [name, '[REDACTED]'] : [name, value],
    );
    assert.deepEqual(ownHeaders(event), expected);
  });

  test('Proxy-Authorization, X-Api-Key and signature headers are stored as received', () => {
    assert.deepEqual(headerValues(event, 'proxy-authorization'), [kept.proxy]);
    assert.deepEqual(headerValues(event, 'x-signature'), [kept.sig]);
    assert.deepEqual(headerValues(event, 'stripe-signature'), [kept.stripe]);
    assert.deepEqual(headerValues(event, 'x-api-key'), [kept.apiKey]);
  });

  test('no secret appears in the API answer', () => {
    const json = JSON.stringify(event);
    for (const value of Object.values(secrets)) assert.ok(!json.includes(value), `${value} in the API JSON`);
  });

  test('no secret appears anywhere in the database files (db, -wal, -shm)', { skip: SQLITE_ONLY }, async () => {
    const names = await readdir(rehook.dataDir);
    assert.ok(
      names.some((n) => n.endsWith('-wal')),
      `expected a WAL file among ${names.join(', ')}`,
    );
    const files = await Promise.all(
      names.map(async (n) => ({ name: n, bytes: await readFile(join(rehook.dataDir, n)) })),
    );
    // Positive control: the kept headers are on disk, so the search looks at the right bytes.
    for (const value of [kept.stripe, kept.sig]) {
      assert.ok(
        files.some((f) => f.bytes.includes(value)),
        `kept value ${value} not found on disk`,
      );
    }
    for (const [label, value] of Object.entries(secrets)) {
      const hit = files.find((f) => f.bytes.includes(value));
      assert.equal(hit, undefined, `${label} found in ${hit?.name}`);
    }
    // Only the secrets carry this prefix: not even a fragment of one reached the disk.
    const fragment = files.find((f) => f.bytes.includes('S3CRET-'));
    assert.equal(fragment, undefined, `a secret fragment found in ${fragment?.name}`);
    // After a checkpoint moves the WAL into the main file, still nothing. (The checkpoint thread's
    // own checkpoint first: SQLite answers a second one busy, without waiting, while it runs.)
    const sqlite = rehook.deps.store as unknown as { checkpoint(): void; threadCheckpointed(): Promise<void> };
    await sqlite.threadCheckpointed();
    sqlite.checkpoint();
    const db = await readFile(join(rehook.dataDir, 'rehook.db'));
    assert.ok(db.includes(kept.stripe), 'checkpointed file holds the event');
    for (const value of Object.values(secrets)) assert.ok(!db.includes(value));
  });
});
