import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/** A whole HTTP answer: status, headers, text, and the JSON body when the text parses. */
export interface HttpReply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  readonly body: unknown;
}

/** Reads a node:http response to its end. */
export function readReply(res: IncomingMessage): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('error', reject);
    res.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        body = undefined;
      }
      resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
    });
  });
}
