import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventTypeKey, previousOfSameType, sideBySide, sideBySideTexts } from '../../ui/src/lib/compare.js';

describe('previousOfSameType', () => {
  const event = { id: 'evt_05', method: 'POST', path: '/i/inb_x/stripe' };
  it('is the newest older event with the same method and path', () => {
    const page = [
      { id: 'evt_04', method: 'POST', path: '/i/inb_x/stripe/more' },
      { id: 'evt_03', method: 'PUT', path: '/i/inb_x/stripe' },
      { id: 'evt_02', method: 'POST', path: '/i/inb_x/stripe' },
      { id: 'evt_01', method: 'POST', path: '/i/inb_x/stripe' },
    ];
    assert.equal(previousOfSameType(event, page)?.id, 'evt_02');
    assert.equal(previousOfSameType(event, page.slice(0, 2)), null);
    assert.equal(previousOfSameType(event, [event]), null, 'never the event itself');
    assert.equal(eventTypeKey(event), 'POST /i/inb_x/stripe');
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
