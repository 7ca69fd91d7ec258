import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sendRawHttp, type RawHttpRequest } from '../../../helpers/raw-http.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { assertError, call, createInbox } from '../support.js';

// GET /api/v1/events/<id>/curl: the command is run by a real /bin/sh (dash
// here) and by bash against the running Rehook's own ingest listener, which stores what arrives
// byte for byte; the new event must be the captured one again: method, path, raw query, headers
// in order with case and duplicates (less what curl writes itself and the redacted ones), body.

const SHELLS = ['/bin/sh', 'bash'];
/** Headers the command leaves to curl, and the ones redacted at capture (left out). */
const NOT_REPRODUCED = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'authorization',
  'cookie',
]);

type RawRequest = Omit<RawHttpRequest, 'target'> & {
  /** Request target below the inbox, e.g. `/stripe?a=1` ('' for the inbox itself). */
  readonly target: string;
};

const sendRaw = (origin: string, inboxId: string, req: RawRequest) =>
  sendRawHttp(origin, { ...req, target: `/i/${inboxId}${req.target}` });

/** Runs the command as a script file (a command line over 128 KiB could not be an argument). */
async function run(shell: string, command: string): Promise<{ code: number | null; stderr: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'rehook-curl-'));
  const script = join(dir, 'command.sh');
  await writeFile(script, `${command}\n`);
  try {
    return await runScript(shell, script);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function runScript(shell: string, script: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(shell, [script], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: '/home/nobody-here' },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

let rehook: TestRehook;
before(async () => {
  rehook = await startTestRehook();
});
after(async () => {
  await rehook.stop();
});

async function newestEvent(inboxId: string): Promise<any> {
  const list = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?limit=1`);
  assert.equal(list.status, 200, list.text);
  const got = await call(rehook.apiUrl, `/api/v1/events/${list.body[0].id}`);
  assert.equal(got.status, 200, got.text);
  return got.body.data.event;
}

const reproduced = (headers: readonly [string, string][]) =>
  headers.filter(([name]) => !NOT_REPRODUCED.has(name.toLowerCase()));

/** Captures `req`, asks for its curl command, runs it in every shell, and compares each re-capture. */
async function roundTrip(req: RawRequest): Promise<{ command: string; original: any }> {
  const inbox = await createInbox(rehook);
  const answer = await sendRaw(rehook.ingestUrl, inbox.id, req);
  assert.match(answer, /^HTTP\/1\.1 200 /, answer);
  const original = await newestEvent(inbox.id);
  const res = await call(rehook.apiUrl, `/api/v1/events/${original.id}/curl`);
  assert.equal(res.status, 200, res.text);
  const { command, url, omittedHeaders } = res.body.data.curl;
  assert.equal(url, `${rehook.publicIngestUrl}${original.path}${original.query === '' ? '' : `?${original.query}`}`);
  assert.deepEqual(
    omittedHeaders,
    original.headers
      .filter(([name]: [string, string]) => ['authorization', 'cookie'].includes(name.toLowerCase()))
      .map(([name]: [string, string]) => name),
  );
  // Captured data never reaches the terminal raw: no control or bidi characters but newlines.
  assert.doesNotMatch(command, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/u);
  for (const shell of SHELLS) {
    const { code, stderr } = await run(shell, command);
    assert.equal(code, 0, `${shell}: curl failed: ${stderr}\n${command}`);
    const again = await newestEvent(inbox.id);
    assert.notEqual(again.id, original.id, `${shell}: nothing was captured`);
    assert.equal(again.method, original.method, shell);
    assert.equal(again.path, original.path, shell);
    assert.equal(again.query, original.query, shell);
    assert.deepEqual(reproduced(again.headers), reproduced(original.headers), `${shell}\n${command}`);
    assert.equal(again.bodyBase64, original.bodyBase64, `${shell}: body differs\n${command.slice(0, 2000)}`);
    for (const name of omittedHeaders)
      assert.ok(!again.headers.some(([n]: [string, string]) => n === name), `${name} was sent`);
  }
  return { command, original };
}

describe('GET /api/v1/events/<id>/curl: the command reproduces the request exactly', () => {
  test('a JSON body with quotes, $, backticks, newlines and non-ASCII text; headers in order with duplicates and case', async () => {
    const body = Buffer.from(
      '{"a":"it\'s \\"quoted\\" $HOME `id` $(id)","emoji":"😀 é","multi":"line\\nbreak","pct":"%s %d \\\\"}\n\n',
      'utf8',
    );
    await roundTrip({
      method: 'POST',
      target: '/hooks/stripe?a=1&a=2&b=%20x&c=\'q\'&d="$HOME"&e=`id`',
      headers: [
        ['Content-Type', 'application/json'],
        ['X-Dup', 'one'],
        ['x-dup', 'two \'quoted\' "double" $HOME `id` \\n %s'],
        ['Stripe-Signature', 't=1,v1=abc'],
        ['User-Agent', 'Stripe/1.0 (+https://stripe.com/docs/webhooks)'],
      ],
      body,
    });
  });

  test('a binary body with all 256 byte values (and header values with Latin-1 bytes, tabs, empty values)', async () => {
    const body = Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 7) % 256));
    const { command } = await roundTrip({
      method: 'PUT',
      target: '/bin',
      headers: [
        ['Content-Type', 'application/octet-stream'],
        ['X-Latin1', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0xff, 0x80]).toString('latin1')],
        ['X-Utf8', Buffer.from('café ✓', 'utf8').toString('latin1')],
        ['X-Tab', 'a\tb'],
        ['X-Empty', ''],
        ['Accept', '*/*'],
      ],
      body,
    });
    assert.match(command, /--data-binary @-/);
  });

  test('an empty body, and odd methods: GET, HEAD, OPTIONS, PROPFIND, M-SEARCH', async () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'PROPFIND', 'M-SEARCH']) {
      await roundTrip({ method, target: '', headers: [] });
    }
  });

  test('a GET and a DELETE with a body; a text body starting with @ or -; CRLF and bidi characters', async () => {
    await roundTrip({
      method: 'GET',
      target: '/q',
      headers: [['Content-Type', 'text/plain']],
      body: Buffer.from('@/etc/passwd'),
    });
    await roundTrip({ method: 'DELETE', target: '', headers: [], body: Buffer.from('-d x --data y') });
    const { command } = await roundTrip({
      method: 'POST',
      target: '/form',
      headers: [['Content-Type', 'multipart/form-data; boundary=xyz']],
      body: Buffer.from(
        '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nabc \u202eevil\u202c\r\n--xyz--\r\n',
        'utf8',
      ),
    });
    assert.match(command, /\\342\\200\\256/, 'the bidi override is escaped');
  });

  test('paths and queries curl would rewrite: dot segments, brackets, braces, a #', async () => {
    await roundTrip({
      method: 'POST',
      target: '/a/../b/./c/[x]/{y}/%2e%2e?q=[1]{2}&r=%zz&s=a#frag',
      headers: [],
      body: Buffer.from('x'),
    });
    await roundTrip({ method: 'GET', target: '/x#only-a-fragment?x=1', headers: [] });
  });

  test('large bodies: text over the argument limit, binary of 300 KiB', async () => {
    const text = Buffer.from('{"line":"0123456789abcdefghijklmnopqrstuvwxyz"}\n'.repeat(3000));
    const { command } = await roundTrip({
      method: 'POST',
      target: '',
      headers: [['Content-Type', 'application/x-ndjson']],
      body: text,
    });
    assert.match(command, /^\{\n {2}printf '/);
    const binary = Buffer.from(Array.from({ length: 300 * 1024 }, (_, i) => (i * 131 + (i >> 8)) % 256));
    await roundTrip({ method: 'POST', target: '', headers: [], body: binary });
  });

  test('redacted headers (Authorization, Cookie) are left out and named', async () => {
    const { command, original } = await roundTrip({
      method: 'POST',
      target: '',
      headers: [
        ['Authorization', 'Bearer secret'],
        ['X-Keep', 'yes'],
        ['cookie', 'a=b'],
      ],
      body: Buffer.from('{}'),
    });
    assert.doesNotMatch(command, /REDACTED|Authorization|cookie/i);
    assert.deepEqual(
      original.headers.filter(([name]: [string, string]) => /^(authorization|cookie)$/i.test(name)),
      [
        ['Authorization', '[REDACTED]'],
        ['cookie', '[REDACTED]'],
      ],
    );
  });

  test('Accept: text/plain answers the command alone; JSON otherwise', async () => {
    const inbox = await createInbox(rehook);
    await sendRaw(rehook.ingestUrl, inbox.id, {
      method: 'POST',
      target: '/x',
      headers: [['X-A', 'b']],
      body: Buffer.from('hi'),
    });
    const event = await newestEvent(inbox.id);
    const json = await call(rehook.apiUrl, `/api/v1/events/${event.id}/curl`);
    for (const accept of ['text/plain', 'text/plain, */*;q=0.8', 'application/json;q=0.5, text/plain']) {
      const text = await call(rehook.apiUrl, `/api/v1/events/${event.id}/curl`, { headers: { accept } });
      assert.equal(text.status, 200);
      assert.match(text.headers.get('content-type') ?? '', /^text\/plain; charset=utf-8/);
      assert.equal(text.text, `${json.body.data.curl.command}\n`, accept);
    }
    for (const accept of [
      'application/json',
      '*/*',
      'text/html,application/xhtml+xml,*/*;q=0.8',
      'application/json, text/plain',
    ]) {
      const res = await call(rehook.apiUrl, `/api/v1/events/${event.id}/curl`, { headers: { accept } });
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/, accept);
    }
  });

  test('access: as reading the event (owner only for a saved inbox; 404 for others; a sharing link reads)', async () => {
    const owner = await rehook.createUser();
    const other = await rehook.createUser();
    const inbox = await createInbox(rehook, owner.token);
    await sendRaw(rehook.ingestUrl, inbox.id, { method: 'POST', target: '', headers: [], body: Buffer.from('x') });
    const list = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events`, { token: owner.token });
    const eventId = list.body[0].id as string;
    assert.equal((await call(rehook.apiUrl, `/api/v1/events/${eventId}/curl`, { token: owner.token })).status, 200);
    assertError(await call(rehook.apiUrl, `/api/v1/events/${eventId}/curl`), 401, 'UNAUTHORIZED');
    assertError(
      await call(rehook.apiUrl, `/api/v1/events/${eventId}/curl`, { token: other.token }),
      404,
      'EVENT_NOT_FOUND',
    );
    assertError(
      await call(rehook.apiUrl, '/api/v1/events/evt_01aaaaaaaaaaaaaaaaaaaaaaaa/curl'),
      404,
      'EVENT_NOT_FOUND',
    );
    const share = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/shares`, {
      method: 'POST',
      token: owner.token,
    });
    assert.equal(share.status, 201, share.text);
    const viaLink = await call(rehook.apiUrl, `/api/v1/events/${eventId}/curl`, {
      headers: { 'x-rehook-share': share.body.data.share.token },
    });
    assert.equal(viaLink.status, 200, viaLink.text);
  });
});
