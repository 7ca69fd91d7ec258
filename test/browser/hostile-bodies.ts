// Bodies built to break an inspector: nesting past any stack, tens of thousands of fields, a
// megabyte without a line break, an entity bomb, a thousand multipart parts with markup for
// names, lying content types and invalid UTF-8. Shared by the browser test
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

export const HOSTILE_BODIES: readonly { path: string; type: string; body: string | Uint8Array }[] = [
  { path: '/deep-json', type: 'application/json', body: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
  {
    path: '/big-form',
    type: 'application/x-www-form-urlencoded',
    body: Array.from({ length: 50_000 }, (_, i) => `field${i}=value+${i}`).join('&'),
  },
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
];
