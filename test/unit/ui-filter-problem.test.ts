import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseEventFilter } from '../../src/domain/event-filter.js';
import { EMPTY_FILTER, type EventFilter, filterParams, filterProblem } from '../../ui/src/lib/filter.js';

// The web app's own check of a filter must never refuse what the list API takes, and must catch
// the values people type by mistake with the API's wording.

const cases: readonly { what: string; filter: Partial<EventFilter> }[] = [
  { what: 'a word for a time', filter: { since: 'yesterday' } },
  { what: 'a date that does not exist', filter: { until: '2024-02-31' } },
  { what: 'an hour out of range', filter: { since: '2024-05-01T24:00:00Z' } },
  { what: 'a short event id', filter: { since: 'evt_123' } },
  { what: 'a day', filter: { since: '2024-05-01' } },
  { what: 'a time with an offset', filter: { until: '2024-05-01T12:00:00+02:00' } },
  { what: 'a time with fractions', filter: { since: '2024-05-01T12:00:00.123456Z' } },
  { what: 'an event id', filter: { since: 'evt_01hxyz0000000000000000000a' } },
  { what: 'a method with a space', filter: { method: ['PO ST'] } },
  { what: 'methods', filter: { method: ['POST', 'PUT'] } },
  { what: 'a path without a slash', filter: { path: 'stripe' } },
  { what: 'a path', filter: { path: '/stripe' } },
  { what: 'a header name with a space', filter: { header: ['x bad:1'] } },
  { what: 'a header', filter: { header: ['stripe-signature', 'x-github-event:push'] } },
  { what: 'a JSON path with an empty step', filter: { json: ['data..status=paid'] } },
  { what: 'a JSON match', filter: { json: ['data.object.status=paid', 'id'] } },
];

describe('filterProblem (web app) agrees with the list API', () => {
  for (const { what, filter } of cases) {
    it(what, () => {
      const full: EventFilter = { ...EMPTY_FILTER, ...filter };
      const server = parseEventFilter(filterParams(full) as Record<string, unknown>);
      const local = filterProblem(full);
      if (server.ok) {
        assert.equal(local, null, `the API takes it, the app refused: ${local?.message}`);
      } else {
        assert.deepEqual(local, { field: server.param, message: server.message });
      }
    });
  }

  it('finds the typo of the report: since=yesterday, with the message shown next to Since', () => {
    assert.deepEqual(filterProblem({ ...EMPTY_FILTER, since: 'yesterday' }), {
      field: 'since',
      message: 'since must be an ISO 8601 time (2024-05-01T12:00:00Z, 2024-05-01) or an event id (evt_...)',
    });
  });
});
