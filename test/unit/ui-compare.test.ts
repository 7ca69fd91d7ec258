import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { previousWording, sideBySide, sideBySideTexts } from '../../ui/src/lib/compare.js';

describe('previousWording', () => {
  it('names the learned type, else says why method and path stand in for it', () => {
    assert.deepEqual(previousWording('invoice.paid'), {
      title: 'Compare with the previous request of type invoice.paid',
      caption: 'Previous request of type invoice.paid',
    });
    for (const none of [null, undefined, '']) {
      assert.equal(
        previousWording(none).caption,
        'Previous request with the same method and path (no event type learned for this one yet)',
      );
      assert.match(previousWording(none).title, /same method and path: no event type is learned for this one/);
    }
  });
});

describe('side-by-side rows', () => {
  it('pairs removed lines with the added lines that replace them', () => {
    assert.deepEqual(
      sideBySide([
        { type: 'same', text: 'a\n' },
        { type: 'removed', text: 'b\nc\n' },
        { type: 'added', text: 'B\n' },
        { type: 'added', text: 'd\n' },
      ]),
      [
        { left: 'a', right: 'a', kind: 'same' },
        { left: 'b', right: 'B', kind: 'changed' },
        { left: 'c', right: null, kind: 'removed' },
        { left: null, right: 'd', kind: 'added' },
      ],
    );
  });
  it('diffs two texts line by line', () => {
    const rows = sideBySideTexts('{\n  "a": 1,\n  "b": 2\n}', '{\n  "a": 1,\n  "b": 3\n}');
    assert.deepEqual(
      rows.map((row) => row.kind),
      ['same', 'same', 'changed', 'same'],
    );
  });
});
