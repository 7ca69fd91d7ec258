// Bodies built to break an inspector: nesting past any stack, tens of thousands of fields, a
// megabyte without a line break, an entity bomb, a thousand multipart parts with markup for
// names, bodies near the ingest limit (10 MiB), lying content types and invalid UTF-8 and UTF-16.
// Shared by the browser test
// (hostile-bodies.test.ts) and the web app bench (bench/ui-hostile.ts).

/** Sets a flag if captured content ever runs as markup. */
export const PWN = `<img src=x onerror="window.__pwned=1">`;
const BOUNDARY = 'hostile-boundary';

function multipartBody(parts: number): string {
  let body = '';
  for (let i = 0; i < parts; i += 1) {
    body += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${PWN}${i}"; filename="<script>window.__pwned=1</script>"\r\n`;
    body += `Content-Type: text/html\r\n\r\n${PWN} part ${i}\r\n`;
  }
  return `${body}--${BOUNDARY}--\r\n`;
}

const BOMB = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from(
  { length: 9 },
  (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
).join('')}]><lolz>&lol9;</lolz>`;

/** Just under the default ingest limit (10 MiB), so the biggest body a default server stores. */
const NEAR_LIMIT = 10 * 1024 * 1024 - 64 * 1024;

/** A JSON array of small records (markup in its strings) of about `bytes` bytes. */
function bigJson(bytes: number): string {
  const records: string[] = [];
  let length = 2;
  for (let i = 0; length < bytes - 200; i += 1) {
    const record = JSON.stringify({ id: i, name: `item ${i}`, ok: i % 2 === 0, tags: ['a', null, 1.5e3], html: PWN });
    records.push(record);
    length += record.length + 1;
  }
  return `[${records.join(',')}]`;
}

/** Bytes that are no text in any charset (a pseudo-random sequence, the same on every run). */
function binary(bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  let state = 0x2545f491;
  for (let i = 0; i < bytes; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = state & 0xff;
  }
  return out;
}

export const HOSTILE_BODIES: readonly { path: string; type: string; body: string | Uint8Array }[] = [
  { path: '/deep-json', type: 'application/json', body: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
  {
    path: '/big-form',
    type: 'application/x-www-form-urlencoded',
    body: Array.from({ length: 50_000 }, (_, i) => `field${i}=value+${i}`).join('&'),
  },
  { path: '/big-json', type: 'application/json', body: bigJson(NEAR_LIMIT) },
  { path: '/long-line', type: 'text/plain', body: 'x'.repeat(1024 * 1024) },
  { path: '/deep-xml', type: 'application/xml', body: `${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}` },
  { path: '/xml-bomb', type: 'application/xml', body: BOMB },
  { path: '/many-parts', type: `multipart/form-data; boundary=${BOUNDARY}`, body: multipartBody(1_000) },
  { path: '/json-as-text', type: 'text/plain', body: JSON.stringify({ html: PWN, big: 1, list: [PWN] }) },
  {
    path: '/binary-as-json',
    type: 'application/json',
    body: new Uint8Array([0x7b, 0x00, 0xff, 0xfe, 0x80, 0x22, 0x01]),
  },
  { path: '/bad-utf8', type: 'text/plain; charset=utf-8', body: new Uint8Array([0x61, 0xc3, 0x28, 0xe2, 0x82, 0x3c]) },
  {
    // "a<" in UTF-16LE, then a lone high surrogate and a dangling odd byte.
    path: '/bad-utf16',
    type: 'text/plain; charset=utf-16',
    body: new Uint8Array([0x61, 0x00, 0x3c, 0x00, 0x00, 0xd8, 0x62, 0x00, 0x3e]),
  },
  {
    // JSON in UTF-16LE with its byte order mark, markup in a string.
    path: '/utf16-json',
    type: 'application/json; charset=utf-16',
    body: new Uint8Array([0xff, 0xfe, ...Buffer.from(JSON.stringify({ html: PWN, n: 1 }), 'utf16le')]),
  },
  { path: '/big-binary', type: 'application/octet-stream', body: binary(NEAR_LIMIT) },
];
