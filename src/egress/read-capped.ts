import type { Readable } from 'node:stream';

/** A response body read up to a cap. */
export interface CappedBody {
  /** At most `cap` bytes, exactly as received (never decompressed). */
  readonly body: Buffer;
  /** True when the destination sent more than `cap` bytes. */
  readonly truncated: boolean;
}

/**
 * Reads `stream` until it ends or more than `cap` bytes have arrived, then stops and destroys
 * it. A destination controls how much it sends (a 1 GiB body, a gzip bomb), so memory must be
 * bounded by the cap plus one chunk, never by the response size. The first byte past the cap
 * proves truncation (outpost's `maxBytes+1` trick). Destroying the stream also closes the
 * connection: draining the rest to keep it alive would let the destination hold us hostage.
 */
export async function readCapped(stream: Readable, cap: number): Promise<CappedBody> {
  const chunks: Buffer[] = [];
  let total = 0;
  let truncated = false;
  // Destroying an undici body emits an abort error; nobody else listens for it.
  stream.on('error', () => undefined);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const remaining = cap - total;
    if (chunk.length > remaining) {
      chunks.push(chunk.subarray(0, remaining));
      total = cap;
      truncated = true;
      break;
    }
    chunks.push(chunk);
    total += chunk.length;
  }
  if (truncated) stream.destroy();
  return { body: Buffer.concat(chunks, total), truncated };
}
