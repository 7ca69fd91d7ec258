import { subscribe } from 'node:diagnostics_channel';

/**
 * The one connection failure a test may send a request again after: the keep-alive race. The
 * server closes a keep-alive connection once it has been idle for its keep-alive timeout (5 s);
 * fetch drops an idle connection a little before the timeout the server announced, but on a
 * stalled machine its timer runs late, and a request written to a connection the server has
 * just closed fails without an answer ("other side closed"). Only a request that
 *   - went out on a connection that had already carried a complete exchange (it sat idle in
 *     fetch's pool), and
 *   - read not one byte of an answer before the connection closed,
 * met that race. Any other reset or close is the server's doing and must fail the test.
 *
 * undici (Node's fetch, and the undici package) publishes each request's progress on
 * diagnostics channels; the socket a request was written to is known from
 * `undici:client:sendHeaders`, and `undici:request:error` carries the very error fetch rejects
 * with (as its `cause`).
 */

interface Sent {
  readonly socket: { readonly bytesRead: number };
  /** The socket had carried a complete exchange before this request was written to it. */
  readonly reused: boolean;
  /** The socket's bytes read when this request went out: more later means an answer began. */
  readonly bytesReadBefore: number;
}

/** Complete exchanges per socket (a response read to its end). */
const exchanges = new WeakMap<object, number>();
const sentOn = new WeakMap<object, Sent>();
/** Errors of requests that met the race (compared with a rejected fetch's cause). */
const raced = new WeakSet<object>();

subscribe('undici:client:sendHeaders', (message) => {
  const { request, socket } = message as { request: object; socket: { bytesRead: number } };
  sentOn.set(request, { socket, reused: (exchanges.get(socket) ?? 0) > 0, bytesReadBefore: socket.bytesRead });
});
subscribe('undici:request:trailers', (message) => {
  const sent = sentOn.get((message as { request: object }).request);
  if (sent) exchanges.set(sent.socket, (exchanges.get(sent.socket) ?? 0) + 1);
});
subscribe('undici:request:error', (message) => {
  const { request, error } = message as { request: object; error: unknown };
  const sent = sentOn.get(request);
  if (sent === undefined || !sent.reused || sent.socket.bytesRead !== sent.bytesReadBefore) return;
  if (closedConnection(error)) raced.add(error as object);
});

/** The error is the other side closing or resetting the connection. */
function closedConnection(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE';
}

/** Whether a rejected fetch failed by the keep-alive race (see above), and nothing else. */
export function metKeepAliveRace(err: unknown): boolean {
  const cause = (err as { cause?: unknown } | null)?.cause;
  return typeof cause === 'object' && cause !== null && raced.has(cause);
}

/** Methods sent again after the race: RFC 9110 lets a client repeat only idempotent requests. */
const SENT_AGAIN = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Sends a request with `send` (a fetch); when it met the keep-alive race and is a GET, HEAD or
 * OPTIONS, logs that on stderr and sends it once more (on a new connection, as the one it met
 * is gone). Any other failure, and a failure of the second try, propagate.
 */
export async function sendOnceMoreAfterKeepAliveRace(
  method: string,
  what: string,
  send: () => Promise<Response>,
): Promise<Response> {
  try {
    return await send();
  } catch (err) {
    if (!SENT_AGAIN.has(method.toUpperCase()) || !metKeepAliveRace(err)) throw err;
    const cause = (err as { cause?: { message?: unknown } }).cause;
    console.error(
      `keep-alive race: ${method} ${what} went out on an idle keep-alive connection the server had closed ` +
        `(${String(cause?.message)}); sending it once more`,
    );
    return await send();
  }
}
