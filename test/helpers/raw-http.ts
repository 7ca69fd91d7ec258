import { connect } from 'node:net';

/** One HTTP/1.1 request written byte for byte: headers as Latin-1, in this order, with this case. */
export interface RawHttpRequest {
  readonly method: string;
  /** The request target, e.g. `/i/inb_x/stripe?a=1`. */
  readonly target: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body?: Buffer;
}

/**
 * Sends one request over a fresh connection (node:net, so nothing is normalised: duplicates,
 * case, odd methods and `#` in the target go as written) and resolves with the raw answer.
 * Adds `Host`, a `Content-Length` when there is a body, and `Connection: close`.
 */
export function sendRawHttp(origin: string, req: RawHttpRequest): Promise<string> {
  const { hostname, port } = new URL(origin);
  const body = req.body ?? Buffer.alloc(0);
  const lines = [`${req.method} ${req.target} HTTP/1.1`, `Host: ${hostname}:${port}`];
  for (const [name, value] of req.headers) lines.push(`${name}: ${value}`);
  if (body.length > 0) lines.push(`Content-Length: ${body.length}`);
  lines.push('Connection: close', '', '');
  const bytes = Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body]);
  return new Promise((resolve, reject) => {
    // Written without half-closing: Node's server ends a half-closed connection before an answer
    // that takes a moment (a PostgreSQL commit) is written. `Connection: close` ends it after.
    const socket = connect(Number(port), hostname.replace(/^\[|\]$/g, ''), () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (answer += chunk));
    socket.once('error', reject);
    socket.once('close', () => resolve(answer));
  });
}
