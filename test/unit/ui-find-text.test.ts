import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findAll, matchesInContext } from '../../ui/src/lib/find-text.js';

describe('findAll', () => {
  it('finds every case-insensitive match, without overlaps', () => {
    const text = 'Abc abc\naBC aaaa';
    assert.deepEqual(findAll(text.toLowerCase(), 'ABC'), [0, 4, 8]);
    assert.deepEqual(findAll('aaaa', 'aa'), [0, 2]);
    assert.deepEqual(findAll('abc', ''), []);
    assert.deepEqual(findAll('abc', 'x'), []);
  });
});

describe('matchesInContext', () => {
  it('gives each match its line and the text around it, blanks folded', () => {
    const text = 'one\ntwo needle\n\nthree\tneedle here';
    const matches = matchesInContext(text, findAll(text.toLowerCase(), 'needle'), 6);
    assert.deepEqual(
      matches.map((m) => [m.line, m.before, m.found, m.after]),
      [
        [2, 'one two ', 'needle', ' three needle here'],
        [4, 'one two needle three ', 'needle', ' here'],
      ],
    );
  });

  it('counts lines from the start for a page of matches far down', () => {
    const text = `${'x\n'.repeat(5_000)}needle`;
    const [match] = matchesInContext(text, [text.indexOf('needle')], 6);
    assert.equal(match?.line, 5_001);
  });
});
