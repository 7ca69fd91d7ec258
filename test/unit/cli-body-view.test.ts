import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { BODY_VIEW_LIMITS, bodyView, prettyJsonPrefix, textPrefix } from '../../src/cli/body-view.js';

const event = (bodyText: string | null, contentType: string | null = 'text/plain', size?: number) => ({
  id: 'evt_test',
  contentType,
  bodyText,
  size: size ?? (bodyText === null ? 3 : Buffer.byteLength(bodyText)),
});

describe('the body view of rehook event', () => {
  it('shows a small text body whole, escaped for the terminal', () => {
    assert.equal(bodyView(event('line one\r\nline two \u001b[31m')), 'line one\nline two \\x1b[31m');
    assert.equal(bodyView(event('', 'text/plain', 0)), '(empty body)');
  });

  it('pretty-prints JSON labelled as JSON or looking like it, and only when it is valid', () => {
    assert.equal(bodyView(event('[1,{"a":[]}]', 'text/plain')), '[\n  1,\n  {\n    "a": []\n  }\n]');
    assert.equal(bodyView(event(' {"a" : "x,\\"}"}', 'application/vnd.api+json')), '{\n  "a": "x,\\"}"\n}');
    assert.equal(bodyView(event('{"a":', 'application/json')), '{"a":', 'invalid JSON shows as sent');
  });

  it('cuts text at the character limit, never inside a surrogate pair, and says what is left', () => {
    const limits = { ...BODY_VIEW_LIMITS, maxChars: 5 };
    const text = 'abcd😀efg';
    assert.deepEqual(textPrefix(text, limits), { text: 'abcd', consumed: 4 });
    assert.equal(
      bodyView(event(text), limits),
      'abcd\n… 7 B (7 bytes) of 11 B not shown: `rehook event evt_test --body > body.bin` writes the whole body',
    );
  });

  it('cuts text at the line limit', () => {
    const limits = { ...BODY_VIEW_LIMITS, maxLines: 3 };
    assert.deepEqual(textPrefix('1\n2\n3\n4\n5', limits), { text: '1\n2\n3', consumed: 5 });
    assert.deepEqual(textPrefix('1\n2\n3', limits), { text: '1\n2\n3', consumed: 5 });
  });

  it('bounds JSON nested 100,000 deep: lines and indentation stay within the limits', () => {
    const deep = `${'{"a":['.repeat(50_000)}${']}'.repeat(50_000)}`;
    const view = prettyJsonPrefix(deep, BODY_VIEW_LIMITS);
    const lines = view.text.split('\n');
    assert.equal(lines.length, BODY_VIEW_LIMITS.maxLines);
    assert.ok(lines.every((line) => line.length <= 2 * BODY_VIEW_LIMITS.maxIndent + 10));
    assert.ok(view.consumed < deep.length);
    assert.match(bodyView(event(deep, 'application/json')), /\n… .* not shown: `rehook event evt_test --body/);
  });

  it('bounds a 10 MB JSON array and a 1 MB string to the character limit', () => {
    const wide = `[${'1,'.repeat(5_000_000)}1]`;
    assert.ok(bodyView(event(wide, 'application/json')).split('\n').length <= BODY_VIEW_LIMITS.maxLines + 1);
    const long = JSON.stringify({ s: 'z'.repeat(1024 * 1024) });
    const view = prettyJsonPrefix(long, BODY_VIEW_LIMITS);
    assert.equal(view.consumed, BODY_VIEW_LIMITS.maxChars);
    assert.ok(view.text.length <= BODY_VIEW_LIMITS.maxChars + 10);
  });

  it('describes a binary body and points to --body', () => {
    assert.equal(
      bodyView(event(null, 'application/json', 2048)),
      '(binary body, 2.0 KiB: `rehook event evt_test --body > body.bin` writes its bytes)',
    );
  });
});
