import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyseBody, analysisInput } from '../../ui/src/lib/body/analyse.js';
import { charsetOf, decodeBody, decodingNote } from '../../ui/src/lib/body/decode.js';

const le = (text: string) => new Uint8Array(Buffer.from(text, 'utf16le'));
const be = (text: string) => {
  const bytes = le(text);
  for (let i = 0; i + 1 < bytes.length; i += 2) [bytes[i], bytes[i + 1]] = [bytes[i + 1] ?? 0, bytes[i] ?? 0];
  return bytes;
};
const withBom = (bom: number[], bytes: Uint8Array) => new Uint8Array([...bom, ...bytes]);

describe('charsetOf', () => {
  it('reads the charset parameter, quoted or not, in any case', () => {
    assert.equal(charsetOf('text/plain; charset=UTF-16LE'), 'utf-16le');
    assert.equal(charsetOf('application/json;charset="utf-16"'), 'utf-16');
    assert.equal(charsetOf('text/plain'), null);
    assert.equal(charsetOf(null), null);
  });
});

describe('decodeBody', () => {
  it('reads UTF-8 by default, and keeps invalid UTF-8 binary', () => {
    assert.deepEqual(decodeBody(new TextEncoder().encode('héllo'), 'text/plain'), {
      text: 'héllo',
      encoding: 'utf-8',
      replaced: false,
    });
    assert.equal(decodeBody(new Uint8Array([0x61, 0xc3, 0x28]), 'text/plain; charset=utf-8').text, null);
  });

  it('reads the UTF-16 the charset names, little-endian for plain "utf-16"', () => {
    assert.equal(decodeBody(le('a<b☃'), 'text/plain; charset=utf-16').text, 'a<b☃');
    assert.equal(decodeBody(le('a<b'), 'text/plain; charset=utf-16le').text, 'a<b');
    assert.equal(decodeBody(be('a<b'), 'text/plain; charset=utf-16be').text, 'a<b');
  });

  it('lets a byte order mark pick the order, and drops the mark', () => {
    assert.deepEqual(decodeBody(withBom([0xfe, 0xff], be('hi')), 'text/plain; charset=utf-16'), {
      text: 'hi',
      encoding: 'utf-16be',
      replaced: false,
    });
    // No charset, not UTF-8, but a UTF-16 mark: read as UTF-16.
    assert.equal(decodeBody(withBom([0xff, 0xfe], le('hi')), null).text, 'hi');
  });

  it('shows invalid UTF-16 as U+FFFD and says so', () => {
    // "a<" then a lone high surrogate, "b", and an odd last byte.
    const bytes = new Uint8Array([0x61, 0x00, 0x3c, 0x00, 0x00, 0xd8, 0x62, 0x00, 0x3e]);
    const decoded = decodeBody(bytes, 'text/plain; charset=utf-16');
    assert.deepEqual(decoded, { text: 'a<\uFFFDb\uFFFD', encoding: 'utf-16le', replaced: true });
    assert.match(decodingNote(decoded) ?? '', /^Read as UTF-16LE\. Invalid sequences are shown as \uFFFD/);
    assert.equal(decodingNote(decodeBody(new Uint8Array([0x61]), null)), null);
  });

  it('gives a UTF-16 body its kind from its text (JSON in UTF-16 is JSON)', () => {
    const input = (type: string, bytes: Uint8Array) => analysisInput({ contentType: type, bytes, isText: true });
    assert.equal(analyseBody(input('application/json; charset=utf-16', le('{"a":1}'))).kind, 'json');
    assert.equal(analyseBody(input('text/plain; charset=utf-16', le('hello'))).kind, 'text');
  });
});
