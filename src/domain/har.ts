import { isUtf8 } from 'node:buffer';
import { STATUS_CODES } from 'node:http';
import { CONTRACT_ANSWER, type CapturedEvent } from './captured-event.js';

/**
 * HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) of captured requests: the export
 * format browsers' dev tools, Insomnia, Postman and proxies read. Pure: the export route writes
 * {@link harPrologue}, the entries joined by commas, then {@link HAR_EPILOGUE}, so a HAR of any
 * size is written one entry at a time.
 *
 * - `request.url` is the public ingest origin plus the path and raw query as received;
 *   `queryString` splits that query (decoded; the raw form stays in the URL).
 * - Header values are the received bytes as Latin-1 code points (one character per byte, as
 *   everywhere in the API); redacted headers keep their `[REDACTED]` placeholder.
 * - `postData.text` is the body as UTF-8 when its bytes are valid UTF-8, else base64 with
 *   `encoding: "base64"` (the field HAR 1.2 defines for `response.content`; on `postData` it is
 *   an extension: tools that ignore it show the base64 text, which still holds the exact bytes).
 * - `response` is the answer the ingest listener sent: the contract's `200 {"ok":true}`, or the
 *   status of the inbox's response (its body is not stored, so `content` is empty).
 * - Timings are not measured at capture: every phase is 0 or -1 (not applicable), `time` is 0.
 * - Fields starting with `_` are Rehook's own (allowed by HAR 1.2): `_rehook` holds the event id,
 *   the sender's address, the signature check and which answer rule matched.
 */

/** The contract's answer body (src/http/ingest/server.ts). */
const CONTRACT_BODY = '{"ok":true}';

export interface HarCreator {
  readonly name: string;
  readonly version: string;
}

/** Everything before the first entry. */
export function harPrologue(creator: HarCreator, comment?: string): string {
  const log = { version: '1.2', creator: { name: creator.name, version: creator.version }, pages: [] as unknown[] };
  const head = JSON.stringify({ log: { ...log, ...(comment !== undefined ? { comment } : {}) } });
  // `{"log":{...,"pages":[]}}` → `{"log":{...,"pages":[],"entries":[`
  return `${head.slice(0, -2)},"entries":[`;
}

/** Everything after the last entry. */
export const HAR_EPILOGUE = ']}}\n';

interface NameValue {
  readonly name: string;
  readonly value: string;
}

/** The query's parameters, `+` as space and %-escapes decoded where they decode. */
function queryParameters(query: string): NameValue[] {
  if (query === '') return [];
  const decode = (part: string) => {
    const spaced = part.replaceAll('+', ' ');
    try {
      return decodeURIComponent(spaced);
    } catch {
      return spaced;
    }
  };
  return query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0
        ? { name: decode(pair), value: '' }
        : { name: decode(pair.slice(0, eq)), value: decode(pair.slice(eq + 1)) };
    });
}

function postData(event: CapturedEvent) {
  const mimeType = event.contentType ?? 'application/octet-stream';
  if (isUtf8(event.body)) return { mimeType, text: event.body.toString('utf8') };
  return { mimeType, text: event.body.toString('base64'), encoding: 'base64' };
}

/** Size of the request line and headers as they arrived (CRLFs included). */
function headersSize(event: CapturedEvent, target: string): number {
  let size = Buffer.byteLength(`${event.method} ${target} HTTP/1.1\r\n`, 'latin1') + 2;
  for (const [name, value] of event.headers) size += Buffer.byteLength(`${name}: ${value}\r\n`, 'latin1');
  return size;
}

/** One HAR entry for a captured event; `origin` is the public ingest origin. */
export function harEntry(event: CapturedEvent, origin: string) {
  const target = `${event.path}${event.query === '' ? '' : `?${event.query}`}`;
  const answer = event.answer ?? CONTRACT_ANSWER;
  const contract = event.answer === null;
  return {
    startedDateTime: event.receivedAt.toISOString(),
    time: 0,
    request: {
      method: event.method,
      url: `${origin.replace(/\/+$/, '')}${target}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: event.headers.map(([name, value]) => ({ name, value })),
      queryString: queryParameters(event.query),
      ...(event.body.length > 0 ? { postData: postData(event) } : {}),
      headersSize: headersSize(event, target),
      bodySize: event.body.length,
    },
    response: {
      status: answer.status,
      statusText: STATUS_CODES[answer.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: contract ? [{ name: 'Content-Type', value: 'application/json' }] : [],
      content: contract
        ? { size: CONTRACT_BODY.length, mimeType: 'application/json', text: CONTRACT_BODY }
        : { size: 0, mimeType: '' },
      redirectURL: '',
      headersSize: -1,
      bodySize: contract ? CONTRACT_BODY.length : -1,
    },
    cache: {},
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: 0, receive: 0 },
    _rehook: {
      eventId: event.id,
      inboxId: event.inboxId,
      sourceIp: event.sourceIp,
      answerRule: answer.rule,
      signature: event.signature,
    },
  };
}
