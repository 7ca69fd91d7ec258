import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NO_VIEW, parseView, viewQuery } from '../../ui/src/lib/view-state.js';

test('the view goes into the query after the filter, and comes back out of it', () => {
  const query = viewQuery('method=POST&q=cus_1', { panel: null, compare: { from: 'evt_a', to: 'evt_b' } });
  assert.equal(query, 'method=POST&q=cus_1&compare=evt_a,evt_b');
  assert.deepEqual(parseView(query), { panel: null, compare: { from: 'evt_a', to: 'evt_b' } });
  assert.equal(viewQuery('', { panel: 'settings', compare: null }), 'panel=settings');
  assert.deepEqual(parseView('?panel=settings'), { panel: 'settings', compare: null });
  assert.equal(viewQuery('q=x', NO_VIEW), 'q=x');
});

test('an address that names no known panel or not exactly two events shows neither', () => {
  assert.deepEqual(parseView('panel=bulk'), NO_VIEW);
  assert.deepEqual(parseView('compare=evt_a'), NO_VIEW);
  assert.deepEqual(parseView('compare=evt_a,evt_b,evt_c'), NO_VIEW);
  assert.deepEqual(parseView('compare=,evt_b'), NO_VIEW);
});
