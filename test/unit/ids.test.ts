import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEventIdFactory, isId, newId } from '../../src/domain/ids.js';

describe('ids', () => {
  it('carry a type prefix and 26 base32 characters (130 random bits)', () => {
    const id = newId('inbox');
    assert.match(id, /^inb_[0-9a-hjkmnp-tv-z]{26}$/);
    assert.ok(isId('inbox', id));
    assert.ok(!isId('event', id));
    assert.ok(!isId('inbox', id.toUpperCase()));
    assert.ok(!isId('inbox', `${id}x`));
  });

  it('do not repeat over many draws and use the whole alphabet', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId('inbox')));
    assert.equal(ids.size, 10_000);
    const chars = new Set([...ids].flatMap((id) => [...id.slice(4)]));
    assert.equal(chars.size, 32);
  });

  it('sort event ids by time and stay strictly increasing when the clock stands still or steps back', () => {
    const next = createEventIdFactory();
    const ids = [next(1000), next(1000), next(1000), next(999), next(2000), next(1500)];
    const sorted = [...ids].sort();
    assert.deepEqual(ids, sorted);
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids) assert.ok(isId('event', id), id);
  });

  it('order event ids from different milliseconds by time', () => {
    const a = createEventIdFactory()(Date.parse('2026-01-01T00:00:00Z'));
    const b = createEventIdFactory()(Date.parse('2026-01-01T00:00:00.001Z'));
    assert.ok(a < b);
  });
});
