import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  eventFilterQuery,
  eventMatchesFilter,
  isEmptyFilter,
  parseEventFilter,
  type EventFilter,
  type FilterableEvent,
} from '../../src/domain/event-filter.js';
import { createEventIdFactory, firstEventIdAt } from '../../src/domain/ids.js';

const INBOX = 'inb_0123456789abcdefghjkmnpqrs';

function ok(query: Record<string, unknown>): EventFilter {
  const parsed = parseEventFilter(query, { inboxId: INBOX });
  if (!parsed.ok) assert.fail(`unexpected error: ${parsed.message}`);
  return parsed.filter;
}

function bad(query: Record<string, unknown>, param: string, pattern: RegExp): void {
  const parsed = parseEventFilter(query, { inboxId: INBOX });
  assert.equal(parsed.ok, false, `expected ${JSON.stringify(query)} to be refused`);
  if (!parsed.ok) {
    assert.equal(parsed.param, param);
    assert.match(parsed.message, pattern);
  }
}

describe('parseEventFilter', () => {
  it('reads nothing from a query without filter parameters (limit and before belong to the route)', () => {
    const filter = ok({ limit: '10', before: 'evt_x' });
    assert.ok(isEmptyFilter(filter));
    assert.deepEqual(eventFilterQuery(filter), []);
  });

  it('treats empty values as absent (a form submitting q=)', () => {
    assert.ok(isEmptyFilter(ok({ q: '', path: '', method: '', since: '', header: [''] })));
  });

  it('methods: repeatable, comma-separated, upper-cased, de-duplicated', () => {
    assert.deepEqual(ok({ method: ['post', 'PUT,delete', 'POST'] }).methods, ['POST', 'PUT', 'DELETE']);
    bad({ method: 'GET POST' }, 'method', /HTTP method/);
    bad({ method: 'G(T' }, 'method', /HTTP method/);
  });

  it('path: below the inbox, or the full captured path of this inbox', () => {
    assert.equal(ok({ path: '/stripe' }).pathPrefix, '/stripe');
    assert.equal(ok({ path: `/i/${INBOX}/stripe` }).pathPrefix, '/stripe');
    assert.equal(ok({ path: `/i/${INBOX}` }).pathPrefix, undefined);
    // Another inbox's full path is a path below this one (it matches nothing here).
    assert.equal(ok({ path: '/i/inb_other/x' }).pathPrefix, '/i/inb_other/x');
    bad({ path: 'stripe' }, 'path', /start with \//);
    bad({ path: ['/a', '/b'] }, 'path', /once/);
  });

  it('header: name or name:value, names lower-cased, values trimmed, repeatable', () => {
    assert.deepEqual(ok({ header: ['X-GitHub-Event: push', 'Stripe-Signature'] }).headers, [
      { name: 'x-github-event', value: 'push' },
      { name: 'stripe-signature' },
    ]);
    assert.deepEqual(ok({ header: 'x-a:' }).headers, [{ name: 'x-a', value: '' }]);
    assert.deepEqual(ok({ header: 'x-a:b:c' }).headers, [{ name: 'x-a', value: 'b:c' }]);
    bad({ header: 'bad name:1' }, 'header', /header name/);
    bad({ header: ':value' }, 'header', /header name/);
  });

  it('q: kept exactly (case and spaces)', () => {
    assert.equal(ok({ q: ' Paid ' }).text, ' Paid ');
    bad({ q: ['a', 'b'] }, 'q', /once/);
    bad({ q: 'x'.repeat(1025) }, 'q', /at most 1024/);
  });

  it('json: dotted path, digits are array indexes, value after the first =, numbers recognised', () => {
    assert.deepEqual(ok({ json: 'data.object.status=paid' }).json, [
      { path: ['data', 'object', 'status'], value: 'paid' },
    ]);
    assert.deepEqual(ok({ json: ['items.0.amount=1e3', 'a=b=c', 'exists.only', 'n=-0.5'] }).json, [
      { path: ['items', 0, 'amount'], value: '1e3', number: 1000 },
      { path: ['a'], value: 'b=c' },
      { path: ['exists', 'only'] },
      { path: ['n'], value: '-0.5', number: -0.5 },
    ]);
    assert.deepEqual(ok({ json: 'a=' }).json, [{ path: ['a'], value: '' }]);
    assert.deepEqual(ok({ json: 'a=01' }).json, [{ path: ['a'], value: '01' }]);
    bad({ json: '=x' }, 'json', /field\.path=value/);
    bad({ json: 'a..b=x' }, 'json', /empty step/);
    bad({ json: 'a"b=x' }, 'json', /quotes/);
  });

  it('since/until: ISO times (with zones, dates alone) or event ids', () => {
    const t = Date.UTC(2024, 4, 1, 12, 0, 0, 250);
    assert.equal(ok({ since: '2024-05-01T12:00:00.250Z' }).sinceId, firstEventIdAt(t));
    assert.equal(ok({ since: '2024-05-01T14:00:00.25+02:00' }).sinceId, firstEventIdAt(t));
    assert.equal(ok({ until: '2024-05-01' }).untilId, firstEventIdAt(Date.UTC(2024, 4, 1)));
    const id = createEventIdFactory()(t);
    assert.equal(ok({ since: id }).sinceId, id);
    bad({ since: 'yesterday' }, 'since', /ISO 8601/);
    bad({ until: '2024-02-31' }, 'until', /ISO 8601/);
    bad({ until: 'evt_short' }, 'until', /event id/);
  });

  it('a filter written back to a query string parses to itself (the Link header relies on it)', () => {
    const filter = ok({
      method: 'post,get',
      path: '/a b',
      header: ['x-a:1', 'x-b'],
      q: 'a&b=c',
      json: ['x.0.y=1.5', 'z'],
      since: '2024-01-01',
      until: '2025-01-01T00:00:00Z',
    });
    const query: Record<string, string[]> = {};
    for (const [k, v] of eventFilterQuery(filter)) {
      query[k] ??= [];
      query[k]?.push(v);
    }
    assert.deepEqual(ok(query), filter);
  });
});

describe('eventMatchesFilter (the reference semantics)', () => {
  const nextId = createEventIdFactory();
  const event = (over: Partial<FilterableEvent> = {}): FilterableEvent => ({
    id: nextId(Date.UTC(2024, 0, 1)),
    inboxId: INBOX,
    method: 'POST',
    path: `/i/${INBOX}/stripe/events`,
    query: 'a=1',
    headers: [
      ['X-GitHub-Event', 'push'],
      ['Content-Type', 'application/json'],
    ],
    body: Buffer.from('{"data":{"object":{"status":"paid","amount":1000,"ok":true,"none":null,"items":[{"id":"x"}]}}}'),
    ...over,
  });

  it('json values by type', () => {
    const e = event();
    const m = (json: string) => eventMatchesFilter(e, ok({ json }));
    assert.ok(m('data.object.status=paid'));
    assert.ok(!m('data.object.status=Paid'));
    assert.ok(m('data.object.amount=1000'));
    assert.ok(m('data.object.amount=1e3'));
    assert.ok(!m('data.object.amount=01000'));
    assert.ok(m('data.object.ok=true'));
    assert.ok(m('data.object.none=null'));
    assert.ok(m('data.object.none'));
    assert.ok(!m('data.object.missing'));
    assert.ok(m('data.object.items.0.id=x'));
    assert.ok(!m('data.object.items.1.id'));
    assert.ok(!m('data.object=x'));
    assert.ok(!eventMatchesFilter(event({ body: Buffer.from('{"a":') }), ok({ json: 'a' })));
  });

  it('text in path, query, headers and body bytes; A-Z in either case by default, exact with case=sensitive', () => {
    const e = event({ body: Buffer.concat([Buffer.from([0, 255]), Buffer.from('naïve')]) });
    const m = (q: string) => eventMatchesFilter(e, ok({ q }));
    const exact = (q: string) => eventMatchesFilter(e, ok({ q, case: 'sensitive' }));
    assert.ok(m('stripe/ev'));
    assert.ok(m('a=1'));
    assert.ok(m('GitHub'));
    assert.ok(m('push'));
    assert.ok(m('naïve'));
    assert.ok(m('NAïVE'));
    assert.ok(!m('NAÏVE'), 'letters beyond A-Z match as typed');
    assert.ok(m('github'));
    assert.ok(m('PUSH'));
    assert.ok(exact('GitHub'));
    assert.ok(!exact('github'));
    assert.ok(!exact('NAïVE'));
  });

  it('text also matches a form field and a JSON string as they hold it encoded, raw bytes still', () => {
    const form = event({ body: Buffer.from('name=w%C3%B6rld+Smith&phone=%2B15551234567&note=a%20b') });
    const m = (e: FilterableEvent, q: string, extra: Record<string, string> = {}) =>
      eventMatchesFilter(e, ok({ q, ...extra }));
    assert.ok(m(form, 'wörld'));
    assert.ok(m(form, 'Wörld smith'));
    assert.ok(m(form, '+15551234567'));
    assert.ok(m(form, 'a b'));
    assert.ok(m(form, 'w%C3%B6rld'), 'the raw bytes still match');
    assert.ok(!m(form, 'Wörld', { case: 'sensitive' }));
    assert.ok(m(form, 'wörld', { case: 'sensitive' }));
    const json = event({ body: Buffer.from('{"name":"w\\u00F6rld","quote":"say \\"hi\\""}') });
    assert.ok(m(json, 'wörld'));
    assert.ok(m(json, 'say "hi"'));
    assert.ok(m(json, 'wörld', { case: 'sensitive' }), 'either hex case of an escape, exact or not');
    const query = event({ query: 'q=caf%C3%A9' });
    assert.ok(m(query, 'café'));
  });

  it('case: sensitive or insensitive, else a clear message', () => {
    assert.equal(parseEventFilter({ q: 'x', case: 'sensitive' }).ok, true);
    const bad = parseEventFilter({ q: 'x', case: 'upper' });
    assert.deepEqual(bad, { ok: false, param: 'case', message: 'case must be sensitive or insensitive (the default)' });
  });

  it('header names any case, values exact', () => {
    const e = event();
    assert.ok(eventMatchesFilter(e, ok({ header: 'x-github-event:push' })));
    assert.ok(!eventMatchesFilter(e, ok({ header: 'x-github-event:Push' })));
    assert.ok(eventMatchesFilter(e, ok({ header: ['content-type', 'X-GITHUB-EVENT'] })));
    assert.ok(!eventMatchesFilter(e, ok({ header: ['content-type', 'x-missing'] })));
  });
});
