import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  analyseBody,
  analyseForTransfer,
  analysisInput,
  FIRST_PART_MIN_BYTES,
  firstAnalysis,
  unpackAnalysis,
} from '../../ui/src/lib/body/analyse.js';
import { FORMAT_LIMITS, prettyJsonPrefix, prettyJsonText } from '../../ui/src/lib/body/parse.js';
import { prettyJsonUtf8 } from '../../ui/src/lib/body/pretty-json-bytes.js';

const big = `[${Array.from({ length: 60_000 }, (_, i) => `{"n":${i},"s":"a, {b}"}`).join(',')}]`;
const request = (contentType: string | null, text: string) => ({
  contentType,
  bytes: new TextEncoder().encode(text),
  isText: true,
});

describe('prettyJsonPrefix', () => {
  it('is the start of the pretty text, cut after a line break', () => {
    const whole = prettyJsonText(big);
    const part = prettyJsonPrefix(big, 1000);
    assert.equal(part.complete, false);
    assert.ok(part.text.length >= 1000 && part.text.length < 1100, `${part.text.length} characters`);
    assert.ok(part.text.endsWith('\n') || part.text.endsWith(' '), JSON.stringify(part.text.slice(-10)));
    assert.ok(whole.startsWith(part.text));
  });

  it('says complete when the whole text fits', () => {
    assert.deepEqual(prettyJsonPrefix('[1,2]', 1000), { text: '[\n  1,\n  2\n]', complete: true });
  });
});

describe('firstAnalysis (the first screen of a big body)', () => {
  it('pretty-prints the first part of a big JSON body', () => {
    assert.ok(big.length > FIRST_PART_MIN_BYTES);
    const first = firstAnalysis(analysisInput(request('application/json', big)), 8 * 1024);
    assert.equal(first?.kind, 'json');
    assert.ok(first?.model?.kind === 'json');
    assert.equal(first.model.complete, false);
    assert.ok(prettyJsonText(big).startsWith(first.model.pretty));
  });

  it('leaves small bodies, forms, XML and text to the whole analysis', () => {
    const small = '[1,2,3]';
    assert.equal(firstAnalysis(analysisInput(request('application/json', small)), 8), null);
    assert.equal(firstAnalysis(analysisInput(request('application/x-www-form-urlencoded', big)), 8), null);
    assert.equal(firstAnalysis(analysisInput(request('application/xml', big)), 8), null);
    assert.equal(firstAnalysis(analysisInput(request('text/plain', `x${big}`)), 8), null);
  });

  it('takes the kind on trust: the whole analysis corrects it when the JSON is broken', () => {
    const broken = `${big.slice(0, -1)},`;
    const input = analysisInput(request('application/json', broken));
    assert.equal(firstAnalysis(input, 8 * 1024)?.kind, 'json');
    assert.equal(analyseBody(input).kind, 'text');
  });
});

describe('analyseForTransfer / unpackAnalysis (the worker’s final message)', () => {
  it('sends pretty JSON as UTF-8 bytes, which unpack to the pretty text', () => {
    const text = '{"é":"☃ \\ud83d\\ude00","n":1}';
    const message = analyseForTransfer(analysisInput(request('application/json', text)));
    assert.ok(message.pretty instanceof Uint8Array);
    assert.ok(message.analysis.model?.kind === 'json' && message.analysis.model.pretty === '');
    const unpacked = unpackAnalysis(message);
    assert.ok(unpacked.model?.kind === 'json');
    assert.equal(unpacked.model.pretty, prettyJsonText(text));
  });

  it('formats JSON read from UTF-16 as well', () => {
    const bytes = new Uint8Array(Buffer.from('{"a":[1,2]}', 'utf16le'));
    const analysis = analyseBody(
      analysisInput({ contentType: 'application/json; charset=utf-16', bytes, isText: true }),
    );
    assert.ok(analysis.model?.kind === 'json');
    assert.equal(analysis.model.pretty, '{\n  "a": [\n    1,\n    2\n  ]\n}');
  });

  it('sends other analyses as they are', () => {
    const message = analyseForTransfer(analysisInput(request('text/plain', 'hi')));
    assert.deepEqual(message, { analysis: { kind: 'text', model: { kind: 'plain' }, skipped: null } });
  });
});

describe('prettyJsonUtf8', () => {
  const limits = { ...FORMAT_LIMITS, maxChars: 1e9 };
  const same = (text: string) =>
    assert.equal(
      new TextDecoder().decode(prettyJsonUtf8(new TextEncoder().encode(text), limits)),
      prettyJsonText(text, limits),
      text,
    );

  it('makes the bytes of prettyJsonText, whatever the input', () => {
    for (const text of [
      big,
      ' [ 1 ,\n\t2 ] ',
      '{ }',
      '[\n]',
      ']]',
      '{"a":',
      '"unterminated',
      '"ends in \\',
      '{"k":"a, {b}: \\"c\\" [d]  ","é☃":[true,false,null,-1.5e+3]}',
      '{"big":12345678901234567890,"exp":1.0e+10}',
      '[1, oops]',
      '',
    ])
      same(text);
  });

  it('skips a UTF-8 byte order mark, as the decoder does', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('[1]')]);
    assert.equal(new TextDecoder().decode(prettyJsonUtf8(bytes, limits)), '[\n  1\n]');
  });

  it('stops at the depth and size limits', () => {
    const small = { maxDepth: 3, maxTokens: 100, maxChars: 1000 };
    assert.throws(() => prettyJsonUtf8(new TextEncoder().encode('[[[[1]]]]'), small), /nested deeper than 3 levels/);
    const long = new TextEncoder().encode(`["${'x'.repeat(2_000)}", 1]`);
    assert.throws(() => prettyJsonUtf8(long, small), /longer than 1000 characters/);
  });
});
