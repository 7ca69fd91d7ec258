import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyseBody, analysisInput, FIRST_PART_MIN_BYTES, firstAnalysis } from '../../ui/src/lib/body-analysis.js';
import { packAnalysis, unpackAnalysis } from '../../ui/src/lib/body-messages.js';
import { prettyJsonPrefix, prettyJsonText } from '../../ui/src/lib/body.js';

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

describe('packAnalysis / unpackAnalysis (the worker’s final message)', () => {
  it('moves pretty JSON as a transferred UTF-8 buffer and restores it', () => {
    const text = '{"é":"☃ \\ud83d\\ude00","n":1}';
    const analysis = analyseBody(analysisInput(request('application/json', text)));
    const { message, transfer } = packAnalysis(analysis);
    assert.ok('analysis' in message);
    assert.equal(transfer.length, 1);
    assert.ok(message.analysis.model?.kind === 'json' && message.analysis.model.pretty === '');
    assert.deepEqual(unpackAnalysis(message), analysis);
  });

  it('sends other analyses as they are', () => {
    const analysis = analyseBody(analysisInput(request('text/plain', 'hi')));
    assert.deepEqual(packAnalysis(analysis), { message: { analysis }, transfer: [] });
  });
});
