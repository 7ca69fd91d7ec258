import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyseBody } from '../../ui/src/lib/body/analyse.js';

const encode = (text: string) => new TextEncoder().encode(text);
const input = (contentType: string | null, text: string) => ({
  contentType,
  text,
  bytes: encode(text),
  size: encode(text).length,
});

describe('analyseBody (the body worker)', () => {
  it('pretty-prints JSON whole, past the page formatter’s 4 MiB limit', () => {
    const big = `[${Array.from({ length: 300_000 }, (_, i) => `{"n":${i}}`).join(',')}]`;
    const analysis = analyseBody(input('application/json', big));
    assert.equal(analysis.kind, 'json');
    assert.equal(analysis.skipped, null);
    assert.ok(analysis.model?.kind === 'json');
    assert.ok(analysis.model.pretty.length > 4 * 1024 * 1024);
    assert.ok(analysis.model.pretty.startsWith('[\n  {\n    "n": 0\n  },'));
  });

  it('says why it skipped JSON nested past the limit, and keeps the kind', () => {
    const analysis = analyseBody(input('application/json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`));
    assert.equal(analysis.kind, 'json');
    assert.equal(analysis.model, null);
    assert.equal(analysis.skipped, 'it is nested deeper than 256 levels');
  });

  it('gives multipart parts as ranges of the body, not copies', () => {
    const body = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nhello\r\n--b--\r\n';
    const analysis = analyseBody(input('multipart/form-data; boundary=b', body));
    assert.ok(analysis.model?.kind === 'multipart');
    const [part] = analysis.model.parts ?? [];
    assert.equal(part?.name, 'a');
    assert.equal(body.slice(part?.start, part?.end), 'hello');
  });

  it('leaves text and binary bodies to the page (nothing to build)', () => {
    assert.deepEqual(analyseBody(input('text/plain', 'hi')), { kind: 'text', model: { kind: 'plain' }, skipped: null });
    const binary = { contentType: 'application/json', text: null, bytes: new Uint8Array([0xff]), size: 1 };
    assert.equal(analyseBody(binary).kind, 'binary');
  });
});
