import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { channel } from 'node:diagnostics_channel';
import { describe, it, type TestContext } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sendOnceMoreAfterKeepAliveRace } from '../helpers/keep-alive-race.js';
import { api } from '../helpers/rehook.js';

/**
 * A server whose handler sees, for each request, how many requests its connection carried
 * before. It keeps connections open (keep-alive 60 s), so a connection is only closed by the
 * handler: closing on a connection's second request is, to the client, exactly the keep-alive
 * race (a request written to an idle connection the server has closed, no answer).
 */
async function server(
  t: TestContext,
  handle: (earlier: number, req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; requests: () => number; connections: () => number }> {
  const perSocket = new Map<Socket, number>();
  let requests = 0;
  const http: Server = createServer((req, res) => {
    requests += 1;
    const earlier = perSocket.get(req.socket) ?? 0;
    perSocket.set(req.socket, earlier + 1);
    handle(earlier, req, res);
  });
  http.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    http.closeAllConnections();
    return new Promise<void>((resolve) => http.close(() => resolve()));
  });
  const { port } = http.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests: () => requests, connections: () => perSocket.size };
}

const answer = (res: ServerResponse): void => {
  res.setHeader('content-type', 'application/json');
  res.end('{"ok":true}');
};

/** A first GET answered in full, then a turn of the event loop, so its connection is idle in fetch's pool. */
async function warmUp(url: string): Promise<void> {
  assert.equal((await api(url, '/warm')).status, 200);
  await nextTurn();
}

describe('test requests after a closed or reset connection', () => {
  it('a GET that met the keep-alive race goes once more, on a new connection, and says so on stderr', async (t) => {
    const errors = t.mock.method(console, 'error', () => undefined);
    const s = await server(t, (earlier, req, res) => (earlier > 0 ? req.socket.destroy() : answer(res)));
    await warmUp(s.url);
    const res = await api(s.url, '/again');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { ok: true });
    assert.equal(s.requests(), 3, 'the warm-up, the request that met the closed connection, the one sent again');
    assert.equal(s.connections(), 2);
    assert.equal(errors.mock.callCount(), 1);
    assert.match(String(errors.mock.calls[0]?.arguments[0]), /^keep-alive race: GET \/again went out on an idle/);
  });

  it('sends it once more at most: a second race fails the request', async (t) => {
    t.mock.method(console, 'error', () => undefined);
    // Each try meets the race, as undici reports it on its diagnostics channels.
    let tries = 0;
    const send = async (): Promise<Response> => {
      tries += 1;
      const earlier = {};
      const request = {};
      const socket = { bytesRead: 100 };
      channel('undici:client:sendHeaders').publish({ request: earlier, socket });
      channel('undici:request:trailers').publish({ request: earlier });
      channel('undici:client:sendHeaders').publish({ request, socket });
      const error = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
      channel('undici:request:error').publish({ request, error });
      throw new TypeError('fetch failed', { cause: error });
    };
    await assert.rejects(sendOnceMoreAfterKeepAliveRace('GET', '/again', send), /fetch failed/);
    assert.equal(tries, 2);
  });

  it('a connection reset on a new connection fails the request, sent once, without a word', async (t) => {
    const errors = t.mock.method(console, 'error', () => undefined);
    const s = await server(t, (_earlier, req) => req.socket.destroy());
    await assert.rejects(api(s.url, '/resets'), (err: Error) => /fetch failed/.test(err.message));
    assert.equal(s.requests(), 1);
    assert.equal(errors.mock.callCount(), 0);
  });

  it('a connection closed after the first bytes of an answer fails the request, sent once', async (t) => {
    const errors = t.mock.method(console, 'error', () => undefined);
    const s = await server(t, (earlier, req, res) => {
      if (earlier === 0) return answer(res);
      // Half a status line: the server read the request and began to answer, then went away.
      req.socket.end('HTTP/1.1 200 O', () => req.socket.destroy());
    });
    await warmUp(s.url);
    await assert.rejects(api(s.url, '/half-answer'), (err: Error) => /fetch failed/.test(err.message));
    assert.equal(s.requests(), 2);
    assert.equal(errors.mock.callCount(), 0);
  });

  it('a POST that met a closed idle connection is not sent again (it may have had its effect)', async (t) => {
    const errors = t.mock.method(console, 'error', () => undefined);
    const s = await server(t, (earlier, req, res) => (earlier > 0 ? req.socket.destroy() : answer(res)));
    await warmUp(s.url);
    await assert.rejects(api(s.url, '/write', { method: 'POST', json: {} }), (err: Error) =>
      /fetch failed/.test(err.message),
    );
    assert.equal(s.requests(), 2);
    assert.equal(errors.mock.callCount(), 0);
  });
});
