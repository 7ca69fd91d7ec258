import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** One request as the receiver saw it on the wire. */
export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  /** `rawHeaders` as [name, value] pairs: original case, order and duplicates, latin1 values. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Buffer;
}

/**
 * Answers a recorded request. The default answers 200 "ok". A handler may write anything,
 * stream slowly, or never answer (the receiver destroys open sockets on close).
 */
export type ReceiverHandler = (req: ReceivedRequest, res: ServerResponse, raw: IncomingMessage) => void | Promise<void>;

/** A loopback HTTP server that records what reaches it. */
export interface Receiver {
  /** Base URL, e.g. `http://127.0.0.1:43121` (no trailing slash). */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly requests: ReceivedRequest[];
  /** TCP connections accepted, whether or not a full request followed. */
  readonly connections: number;
  close(): Promise<void>;
}

/** Options of {@link startReceiver}. */
export interface ReceiverOptions {
  /** Loopback address to bind, default 127.0.0.1 (use ::1 for IPv6, 127.0.0.2 for an alias). */
  readonly host?: string;
  /** Port to bind, default 0 (any free port). */
  readonly port?: number;
}

function pairs(rawHeaders: readonly string[]): Array<readonly [string, string]> {
  const out: Array<readonly [string, string]> = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    out.push([rawHeaders[i] as string, rawHeaders[i + 1] as string]);
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts a recording receiver on a loopback address. Never binds a non-loopback address. */
export async function startReceiver(handler?: ReceiverHandler, options: ReceiverOptions = {}): Promise<Receiver> {
  const host = options.host ?? '127.0.0.1';
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;

  const server = createServer((raw, res) => {
    void (async () => {
      const body = await readBody(raw);
      const received: ReceivedRequest = {
        method: raw.method ?? '',
        url: raw.url ?? '',
        headers: pairs(raw.rawHeaders),
        body,
      };
      requests.push(received);
      if (handler === undefined) {
        res.end('ok');
        return;
      }
      await handler(received, res, raw);
    })().catch(() => res.destroy());
  });
  server.maxHeadersCount = 0;
  server.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('receiver has no port');
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${address.port}`,
    host,
    port: address.port,
    requests,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
