import { Readable } from 'node:stream';
import type { CapturedEvent } from '../../../domain/captured-event.js';
import { HAR_EPILOGUE, harEntry, harPrologue, type HarCreator } from '../../../domain/har.js';
import { eventJson } from '../core/present.js';

/**
 * The bytes of an export, written as the events are read: never the whole document in memory.
 * Entries are gathered into chunks of about {@link CHUNK_CHARS} characters (one write per event
 * would cost more than the encoding), and the stream pulls the next chunk only when the socket
 * has taken the previous ones (backpressure), so a slow client slows the reads instead of
 * filling memory.
 */

export type ExportFormat = 'har' | 'ndjson';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['har', 'ndjson'];

/** Characters gathered before a chunk is written. */
const CHUNK_CHARS = 64 * 1024;

export const EXPORT_MEDIA_TYPES: Readonly<Record<ExportFormat, string>> = {
  har: 'application/json; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
};

/** A HAR 1.2 document of the events, one entry at a time. */
async function* harChunks(
  events: AsyncIterable<CapturedEvent>,
  opts: { origin: string; creator: HarCreator; comment: string },
): AsyncGenerator<string, void, undefined> {
  let chunk = harPrologue(opts.creator, opts.comment);
  let separator = '';
  for await (const event of events) {
    chunk += separator + JSON.stringify(harEntry(event, opts.origin));
    separator = ',';
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk + HAR_EPILOGUE;
}

/** One event per line: the shape of GET /api/v1/events/<id> (headers as pairs, bodyBase64). */
async function* ndjsonChunks(events: AsyncIterable<CapturedEvent>): AsyncGenerator<string, void, undefined> {
  let chunk = '';
  for await (const event of events) {
    chunk += `${JSON.stringify(eventJson(event))}\n`;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/**
 * The export as a byte stream. Destroying it (Fastify does when the client hangs up) ends the
 * event iteration, so no further page is read; an error while reading (the inbox deleted
 * meanwhile, storage trouble) errors the stream, and the response is cut off rather than
 * completed, so a partial export never looks whole.
 */
export function exportStream(
  format: ExportFormat,
  events: AsyncGenerator<CapturedEvent, void, undefined>,
  har: { origin: string; creator: HarCreator; comment: string },
): Readable {
  const chunks = format === 'har' ? harChunks(events, har) : ndjsonChunks(events);
  return Readable.from(chunks, { objectMode: false, highWaterMark: CHUNK_CHARS });
}
