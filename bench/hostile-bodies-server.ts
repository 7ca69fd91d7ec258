// What the server's body walks cost on hostile bodies: each function that reads a stored body
// after capture, timed on bodies built to be slow (JSON nested 100,000 deep, 10 MB on one line,
// 50,000 form fields, 1,000 multipart parts, invalid UTF-8). Medians of 5 runs, in ms; every
// walk is linear, so a 10 MB body costs what its size says, whatever its shape.
// Run: npx tsx bench/hostile-bodies-server.ts
import { curlCommand } from '../src/domain/curl-command.js';
import type { CapturedEvent } from '../src/domain/captured-event.js';
import { eventMatchesFilter } from '../src/domain/event-filter.js';
import { harEntry } from '../src/domain/har.js';
import { MAX_SEARCH_JSON_DEPTH, nestsDeeperThan } from '../src/domain/json-nesting.js';
import { eventJson } from '../src/http/api/core/present.js';
import { verifySignature } from '../src/signatures/schemes.js';

const MB = 1024 * 1024;
const BOUNDARY = 'hostile-boundary';
const BODIES: Record<string, Buffer> = {
  'JSON 100,000 deep': Buffer.from(`{"k":"v","d":${'['.repeat(100_000)}${']'.repeat(100_000)}}`),
  'JSON, 10 MB line': Buffer.from(JSON.stringify({ k: 'v', s: 'x'.repeat(10 * MB - 20) })),
  '50,000 form fields': Buffer.from(Array.from({ length: 50_000 }, (_, i) => `field${i}=value+${i}`).join('&')),
  '1,000 multipart parts': Buffer.from(
    `${Array.from({ length: 1_000 }, (_, i) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv${i}\r\n`).join('')}--${BOUNDARY}--\r\n`,
  ),
  'invalid UTF-8, 10 MB': Buffer.alloc(10 * MB, 0xc3),
};

function event(body: Buffer): CapturedEvent {
  return {
    id: 'evt_01q3dcbd01btbh1862qxvghfvy',
    inboxId: 'inb_bench',
    receivedAt: new Date(),
    method: 'POST',
    path: '/i/inb_bench/hook',
    query: '',
    contentType: 'application/json',
    headers: [
      ['Content-Type', 'application/json'],
      ['X-Hub-Signature-256', 'sha256=00'],
    ],
    sourceIp: '127.0.0.1',
    signature: null,
    answer: null,
    body,
    size: body.length,
  };
}

const WALKS: Record<string, (e: CapturedEvent) => unknown> = {
  'nesting scan': (e) => nestsDeeperThan(e.body, MAX_SEARCH_JSON_DEPTH),
  'JSON filter (export)': (e) => eventMatchesFilter(e, { json: [{ path: ['k'], value: 'v' }] }),
  'text filter (export)': (e) => eventMatchesFilter(e, { text: 'needle' }),
  'event JSON (API)': (e) => JSON.stringify(eventJson(e)).length,
  'HAR entry (export)': (e) => JSON.stringify(harEntry(e, 'http://127.0.0.1')).length,
  'curl command': (e) => curlCommand(e, 'http://127.0.0.1').command.length,
  'signature check': (e) =>
    verifySignature(
      {
        scheme: 'github',
        secret: 'bench-secret',
        options: { toleranceSeconds: null, header: null, encoding: null, prefix: null },
      },
      e,
    ),
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const names = Object.keys(BODIES);
console.log(`| walk | ${names.join(' | ')} |`);
console.log(`|---|${names.map(() => '---:').join('|')}|`);
for (const [walk, fn] of Object.entries(WALKS)) {
  const cells = names.map((name) => {
    const e = event(BODIES[name] as Buffer);
    const times: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const start = performance.now();
      fn(e);
      times.push(performance.now() - start);
    }
    return median(times).toFixed(1);
  });
  console.log(`| ${walk} | ${cells.join(' | ')} |`);
}
