import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { editableHeaders, headerEdits, headersOption, REDACTED } from '../../ui/src/lib/header-edits.js';

describe('editableHeaders', () => {
  it('leaves out the headers the connection writes, proxy headers and redacted values', () => {
    const captured: [string, string][] = [
      ['Host', 'hooks.example.com'],
      ['Content-Length', '12'],
      ['Connection', 'keep-alive'],
      ['Transfer-Encoding', 'chunked'],
      ['Proxy-Authorization', 'Basic abc'],
      ['proxy-connection', 'close'],
      ['Authorization', REDACTED],
      ['Content-Type', 'application/json'],
      ['X-Event', 'order.paid'],
    ];
    assert.deepEqual(editableHeaders(captured), [
      ['Content-Type', 'application/json'],
      ['X-Event', 'order.paid'],
    ]);
  });

  it('keeps the order and repeated names, and trims values', () => {
    assert.deepEqual(
      editableHeaders([
        ['X-Tag', '  a '],
        ['Accept', '*/*'],
        ['x-tag', 'b'],
      ]),
      [
        ['X-Tag', 'a'],
        ['Accept', '*/*'],
        ['x-tag', 'b'],
      ],
    );
  });

  it('keeps an empty value (only the redaction marker is left out)', () => {
    assert.deepEqual(editableHeaders([['X-Empty', '']]), [['X-Empty', '']]);
  });
});

describe('headerEdits', () => {
  const original: [string, string][] = [
    ['Content-Type', 'application/json'],
    ['X-Tag', 'a'],
    ['X-Tag', 'b'],
    ['User-Agent', 'Stripe/1.0'],
  ];

  it('asks for nothing when the list is unchanged', () => {
    assert.deepEqual(headerEdits(original, original), { set: [], remove: [] });
  });

  it('sets a changed value and a new header', () => {
    assert.deepEqual(
      headerEdits(original, [
        ['Content-Type', 'text/plain'],
        ['X-Tag', 'a'],
        ['X-Tag', 'b'],
        ['User-Agent', 'Stripe/1.0'],
        ['X-Replayed-By', 'Rehook'],
      ]),
      {
        set: [
          ['Content-Type', 'text/plain'],
          ['X-Replayed-By', 'Rehook'],
        ],
        remove: [],
      },
    );
  });

  it('removes a header whose every line was deleted, by its captured name', () => {
    assert.deepEqual(
      headerEdits(original, [
        ['Content-Type', 'application/json'],
        ['X-Tag', 'a'],
        ['X-Tag', 'b'],
      ]),
      { set: [], remove: ['User-Agent'] },
    );
  });

  it('sets every value of a repeated header when one of them changes or goes', () => {
    const edited: [string, string][] = [
      ['Content-Type', 'application/json'],
      ['X-Tag', 'a'],
      ['User-Agent', 'Stripe/1.0'],
    ];
    assert.deepEqual(headerEdits(original, edited), { set: [['X-Tag', 'a']], remove: [] });
  });

  it('compares names case-insensitively, but a change of case is an edit', () => {
    const edited: [string, string][] = [
      ['content-type', 'application/json'],
      ['X-Tag', 'a'],
      ['X-Tag', 'b'],
      ['User-Agent', 'Stripe/1.0'],
    ];
    assert.deepEqual(headerEdits(original, edited), { set: [['content-type', 'application/json']], remove: [] });
  });

  it('treats reordered values of one name as a change, and moving a whole header as none', () => {
    const reordered: [string, string][] = [
      ['User-Agent', 'Stripe/1.0'],
      ['X-Tag', 'b'],
      ['Content-Type', 'application/json'],
      ['X-Tag', 'a'],
    ];
    assert.deepEqual(headerEdits(original, reordered), {
      set: [
        ['X-Tag', 'b'],
        ['X-Tag', 'a'],
      ],
      remove: [],
    });
  });

  it('removes everything when the list is emptied', () => {
    assert.deepEqual(headerEdits(original, []), { set: [], remove: ['Content-Type', 'X-Tag', 'User-Agent'] });
  });
});

describe('headersOption', () => {
  const original: [string, string][] = [
    ['Content-Type', 'application/json'],
    ['X-Old', '1'],
  ];

  it('is undefined when nothing changed', () => {
    assert.equal(headersOption(original, original), undefined);
  });

  it('holds only the parts that change something', () => {
    assert.deepEqual(headersOption(original, [...original, ['X-New', '2']]), { set: [['X-New', '2']] });
    assert.deepEqual(headersOption(original, [['Content-Type', 'application/json']]), { remove: ['X-Old'] });
    assert.deepEqual(headersOption(original, [['X-New', '2']]), {
      set: [['X-New', '2']],
      remove: ['Content-Type', 'X-Old'],
    });
  });
});
