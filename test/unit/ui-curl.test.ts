import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { curlCommand, quoteBytes, type CurlRequest } from '../../ui/src/lib/curl.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

// The web app's "copy as curl" (ui/src/lib/curl.ts): each command is run in a real bash against
// a local server, and what arrives must be the captured request, byte for byte.

function runBash(script: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

const latin1 = (buffer: Buffer) => buffer.toString('latin1');

function request(body: Buffer, rest: Partial<CurlRequest> & Pick<CurlRequest, 'method' | 'path' | 'headers'>): CurlRequest {
  let text: string | null;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    text = null;
  }
  return { query: '', bodyBase64: body.toString('base64'), bodyText: text, ...rest };
}

let receiver: Receiver;
before(async () => {
  receiver = await startReceiver((_req, res) => {
    res.end('ok');
  });
});
after(() => receiver.close());

async function replayThroughShell(captured: CurlRequest) {
  const before = receiver.requests.length;
  const command = curlCommand(captured, receiver.url);
  const { code, stderr } = await runBash(command);
  assert.equal(code, 0, `curl failed: ${stderr}\n${command}`);
  assert.equal(receiver.requests.length, before + 1);
  return { received: receiver.requests[before]!, command };
}

/** The captured headers that curl is expected to send on (Host and Content-Length are its own). */
function forwarded(headers: CurlRequest['headers']) {
  return headers.filter(([name]) => !['host', 'content-length', 'transfer-encoding', 'connection'].includes(name.toLowerCase()));
}

function receivedHeaders(headers: readonly (readonly [string, string])[]) {
  return headers.filter(([name]) => !['host', 'content-length'].includes(name.toLowerCase()));
}

describe('copy as curl: the command reproduces the request exactly', () => {
  test('a JSON body with quotes, newlines and non-ASCII text; headers in order with duplicates and case', async () => {
    const body = Buffer.from('{"a":"it\'s \\"quoted\\"","emoji":"😀 é","multi":"line\\nbreak"}\r\n\n', 'utf8');
    const headers: [string, string][] = [
      ['Host', 'example.test'],
      ['Content-Type', 'application/json'],
      ['X-Dup', 'one'],
      ['x-dup', "two 'quoted' $HOME `id` \\n"],
      ['Stripe-Signature', 't=1,v1=abc'],
      ['Content-Length', String(body.length)],
    ];
    const captured = request(body, { method: 'POST', path: '/i/inb_x/hooks/stripe', query: 'a=1&a=2&b=%20x', headers });
    const { received } = await replayThroughShell(captured);
    assert.equal(received.method, 'POST');
    assert.equal(received.url, '/i/inb_x/hooks/stripe?a=1&a=2&b=%20x');
    assert.deepEqual(receivedHeaders(received.headers), forwarded(headers));
    assert.ok(received.body.equals(body));
  });

  test('a binary body with every byte value, and header values with Latin-1 bytes', async () => {
    const body = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));
    const headers: [string, string][] = [
      ['Content-Type', 'application/octet-stream'],
      ['X-Latin1', latin1(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0xff, 0x80]))],
      ['X-Empty', ''],
      ['User-Agent', 'provider/1.0'],
      ['Accept', '*/*'],
    ];
    const captured = request(body, { method: 'PUT', path: '/i/inb_x/bin', headers });
    assert.equal(captured.bodyText, null);
    const { received } = await replayThroughShell(captured);
    assert.equal(received.method, 'PUT');
    assert.deepEqual(receivedHeaders(received.headers), forwarded(headers));
    assert.ok(received.body.equals(body), 'same bytes');
  });

  test('no body, no headers: curl adds nothing of its own; odd paths and methods pass unchanged', async () => {
    const captured = request(Buffer.alloc(0), {
      method: 'PATCH',
      path: '/i/inb_x/a/../b/[x]/{y}/<script>alert(1)</script>',
      query: "q='\"><img%20src=x%20onerror=alert(1)>&u=javascript:alert(1)&t=%3Cscript%3E",
      headers: [],
    });
    const { received } = await replayThroughShell(captured);
    assert.equal(received.method, 'PATCH');
    assert.equal(received.url, `${captured.path}?${captured.query}`);
    assert.deepEqual(receivedHeaders(received.headers), []);
    assert.equal(received.body.length, 0);
  });

  test('a text body that starts with @ is sent as text, not read from a file', async () => {
    const body = Buffer.from('@/etc/passwd');
    const captured = request(body, { method: 'POST', path: '/i/inb_x', headers: [['Content-Type', 'text/plain']] });
    const { received } = await replayThroughShell(captured);
    assert.ok(received.body.equals(body));
  });

  test('a form body without a Content-Type stays without one (curl would add its own)', async () => {
    const body = Buffer.from('a=1&b=2');
    const captured = request(body, { method: 'POST', path: '/i/inb_x', headers: [] });
    const { received } = await replayThroughShell(captured);
    assert.deepEqual(receivedHeaders(received.headers), []);
    assert.ok(received.body.equals(body));
  });

  test('quoteBytes writes bytes, not characters', () => {
    assert.equal(quoteBytes('plain text'), "'plain text'");
    assert.equal(quoteBytes("it's"), "$'it\\'s'");
    assert.equal(quoteBytes('\xe9\\'), "$'\\xe9\\\\'");
  });
});
