import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EventSummary } from '../../ui/src/api.js';
import {
  decidedBySummary,
  describeFilter,
  EMPTY_FILTER,
  type EventFilter,
  FILTER_PARAMS,
  filterParams,
  filterQuery,
  headerLines,
  isEmptyFilter,
  jobFilter,
  parseFilter,
  parseHeaderLines,
  summaryMatches,
  withFilter,
} from '../../ui/src/lib/filter.js';

const INBOX = 'inb_0123456789abcdefghjkmnpqrs';

function filter(parts: Partial<EventFilter>): EventFilter {
  return { ...EMPTY_FILTER, ...parts };
}

/** Only the fields summaryMatches reads; the rest of a summary plays no part in it. */
function summary(parts: { id?: string; method?: string; path?: string; receivedAt?: string }): EventSummary {
  return {
    id: parts.id ?? 'evt_01kaz000000000000000000000',
    inboxId: INBOX,
    receivedAt: parts.receivedAt ?? '2026-11-25T10:00:00.000Z',
    method: parts.method ?? 'POST',
    path: parts.path ?? `/i/${INBOX}/stripe`,
    query: '',
    contentType: null,
    size: 0,
  } as EventSummary;
}

describe('parseFilter', () => {
  it('reads an empty query string, with or without its "?", as the empty filter', () => {
    assert.deepEqual(parseFilter(''), EMPTY_FILTER);
    assert.deepEqual(parseFilter('?'), EMPTY_FILTER);
    assert.ok(isEmptyFilter(parseFilter('?tab=raw&event=evt_1')));
  });

  it('upper-cases methods, splits them on commas and drops empty ones', () => {
    assert.deepEqual(parseFilter('?method=post,%20get&method=,,&method=Put').method, ['POST', 'GET', 'PUT']);
  });

  it('trims path, headers, JSON parts and bounds but keeps the text search exactly as typed', () => {
    const parsed = parseFilter(
      '?path=%20/stripe%20&header=%20x-a:1%20&header=%20&json=%20a.b=1%20&q=%20two%20words%20',
    );
    assert.equal(parsed.path, '/stripe');
    assert.deepEqual(parsed.header, ['x-a:1']);
    assert.deepEqual(parsed.json, ['a.b=1']);
    assert.equal(parsed.q, ' two words ');
    assert.deepEqual(parseFilter('?since=%202026-01-01%20&until=%20evt_1%20'), {
      ...EMPTY_FILTER,
      since: '2026-01-01',
      until: 'evt_1',
    });
  });

  it('decodes "+" and percent escapes, and takes the first of a repeated single-valued parameter', () => {
    const parsed = parseFilter('?q=a+b%26c&q=second&path=/one&path=/two');
    assert.equal(parsed.q, 'a b&c');
    assert.equal(parsed.path, '/one');
  });

  it('keeps repeated headers and JSON parts in order', () => {
    const parsed = parseFilter('?header=x-b&json=z&header=x-a:1&json=a.b');
    assert.deepEqual(parsed.header, ['x-b', 'x-a:1']);
    assert.deepEqual(parsed.json, ['z', 'a.b']);
  });
});

describe('isEmptyFilter', () => {
  it('is true only when no part is set', () => {
    assert.equal(isEmptyFilter(EMPTY_FILTER), true);
    const oneEach: Partial<EventFilter>[] = [
      { method: ['GET'] },
      { path: '/a' },
      { header: ['x'] },
      { q: 'x' },
      { json: ['a'] },
      { since: 'evt_1' },
      { until: 'evt_1' },
    ];
    for (const part of oneEach) assert.equal(isEmptyFilter(filter(part)), false, JSON.stringify(part));
  });
});

describe('filterQuery', () => {
  it('writes nothing for the empty filter', () => {
    assert.equal(filterQuery(EMPTY_FILTER), '');
  });

  it('writes the parameters in one fixed order, whatever order the filter was built in', () => {
    const a = filterQuery({
      until: 'evt_2',
      since: 'evt_1',
      json: ['a=1'],
      q: 'x',
      header: ['h'],
      path: '/p',
      method: ['GET', 'POST'],
    });
    assert.equal(a, 'method=GET&method=POST&path=%2Fp&header=h&q=x&json=a%3D1&since=evt_1&until=evt_2');
    assert.deepEqual(
      [...new URLSearchParams(a).keys()].filter((key, index, keys) => keys.indexOf(key) === index),
      [...FILTER_PARAMS],
    );
  });

  it('round-trips through the URL: parseFilter(filterQuery(f)) is f', () => {
    const awkward = filter({
      method: ['DELETE', 'PATCH'],
      path: '/a b/ü/%41',
      header: ['x-sig:t=1,v1=ab+c/d==', 'x-empty'],
      q: ' spaces, & ampersands = equals # hash ? query + plus ',
      json: ['data.object.id=cus_123', 'items.0.price=1.5'],
      since: '2026-11-25T10:00:00.000Z',
      until: 'evt_01kaz000000000000000000000',
    });
    assert.deepEqual(parseFilter(filterQuery(awkward)), awkward);
    assert.deepEqual(parseFilter(`?${filterQuery(awkward)}`), awkward);
    assert.deepEqual(parseFilter(filterQuery(EMPTY_FILTER)), EMPTY_FILTER);
  });

  it('gives one canonical form: a query string parsed and written twice stays the same', () => {
    const once = filterQuery(parseFilter('?until=x&q=t&method=get,post&header=%20h&tab=raw'));
    assert.equal(once, 'method=GET&method=POST&header=h&q=t&until=x');
    assert.equal(filterQuery(parseFilter(once)), once);
  });
});

describe('withFilter', () => {
  it('replaces the filter parameters and keeps every other parameter', () => {
    const search = '?event=evt_1&method=GET&q=old&tab=raw&header=x';
    const next = new URLSearchParams(withFilter(search, filter({ method: ['POST'], path: '/new' })));
    assert.deepEqual(next.getAll('method'), ['POST']);
    assert.equal(next.get('path'), '/new');
    assert.equal(next.get('q'), null);
    assert.equal(next.get('header'), null);
    assert.equal(next.get('event'), 'evt_1');
    assert.equal(next.get('tab'), 'raw');
  });

  it('with the empty filter, removes the filter and leaves the rest', () => {
    assert.equal(withFilter('?method=GET&event=evt_1&json=a&since=x', EMPTY_FILTER), 'event=evt_1');
    assert.equal(withFilter('', EMPTY_FILTER), '');
  });

  it('round-trips: parseFilter(withFilter(s, f)) is f', () => {
    const f = filter({ header: ['a:b'], q: 'x&y', json: ['k=v'] });
    assert.deepEqual(parseFilter(withFilter('?tab=hex&q=old', f)), f);
  });
});

describe('filterParams', () => {
  it('leaves out every empty part', () => {
    assert.deepEqual(filterParams(EMPTY_FILTER), {});
  });

  it('passes every set part through unchanged', () => {
    const f = filter({
      method: ['GET'],
      path: '/p',
      header: ['h'],
      q: 'x',
      json: ['a=1'],
      since: 's',
      until: 'u',
    });
    assert.deepEqual(filterParams(f), { ...f });
    assert.deepEqual(filterParams(filter({ q: 'only' })), { q: 'only' });
  });
});

describe('decidedBySummary', () => {
  it('is true when only method, path and bounds are set', () => {
    assert.equal(decidedBySummary(EMPTY_FILTER), true);
    assert.equal(decidedBySummary(filter({ method: ['GET', 'PUT'], path: '/a', since: 'x', until: 'y' })), true);
  });

  it('is false as soon as a header, text or JSON part needs the server', () => {
    assert.equal(decidedBySummary(filter({ header: ['h'] })), false);
    assert.equal(decidedBySummary(filter({ q: 'x' })), false);
    assert.equal(decidedBySummary(filter({ json: ['a'] })), false);
  });
});

describe('summaryMatches', () => {
  it('matches everything with the empty filter', () => {
    assert.equal(summaryMatches(summary({}), EMPTY_FILTER), true);
  });

  it('matches any of the methods, whatever the case the event was captured in', () => {
    const f = filter({ method: ['GET', 'POST'] });
    assert.equal(summaryMatches(summary({ method: 'post' }), f), true);
    assert.equal(summaryMatches(summary({ method: 'GET' }), f), true);
    assert.equal(summaryMatches(summary({ method: 'PUT' }), f), false);
  });

  it('matches a path prefix below the inbox or of the full path', () => {
    const event = summary({ path: `/i/${INBOX}/stripe/charges` });
    assert.equal(summaryMatches(event, filter({ path: '/stripe' })), true);
    assert.equal(summaryMatches(event, filter({ path: '/stripe/charges' })), true);
    assert.equal(summaryMatches(event, filter({ path: `/i/${INBOX}/str` })), true);
    assert.equal(summaryMatches(event, filter({ path: '/github' })), false);
    assert.equal(summaryMatches(event, filter({ path: '/charges' })), false);
    assert.equal(summaryMatches(summary({ path: `/i/${INBOX}` }), filter({ path: '/' })), true);
  });

  /** Since is inclusive and until exclusive: `at` is the event's own bound, `later` the next one. */
  function assertBounds(event: EventSummary, at: string, later: string): void {
    assert.equal(summaryMatches(event, filter({ since: at })), true, `since ${at}`);
    assert.equal(summaryMatches(event, filter({ since: later })), false, `since ${later}`);
    assert.equal(summaryMatches(event, filter({ until: at })), false, `until ${at}`);
    assert.equal(summaryMatches(event, filter({ until: later })), true, `until ${later}`);
  }

  it('takes since as inclusive and until as exclusive, for event ids and times', () => {
    const id = 'evt_01kaz000000000000000000005';
    assertBounds(summary({ id }), id, 'evt_01kaz000000000000000000006');
    const receivedAt = '2026-11-25T10:00:00.000Z';
    assertBounds(summary({ receivedAt }), receivedAt, '2026-11-25T10:00:00.001Z');
  });

  it('reads a bare date as midnight UTC', () => {
    assertBounds(summary({ receivedAt: '2026-11-25T00:00:00.000Z' }), '2026-11-25', '2026-11-26');
  });

  it('ignores a bound that is neither a time nor an event id (the server refuses it)', () => {
    assert.equal(summaryMatches(summary({}), filter({ since: 'yesterday', until: 'evt_!' })), true);
  });

  it('needs every part to match', () => {
    const f = filter({ method: ['POST'], path: '/stripe', since: '2026-11-25' });
    assert.equal(summaryMatches(summary({}), f), true);
    assert.equal(summaryMatches(summary({ method: 'GET' }), f), false);
    assert.equal(summaryMatches(summary({ receivedAt: '2026-11-24T23:59:59.999Z' }), f), false);
  });
});

describe('describeFilter', () => {
  it('describes every part in order, joined by a middle dot', () => {
    const f = filter({
      method: ['GET', 'POST'],
      path: '/stripe',
      header: ['x-a:1'],
      q: 'cus_123',
      json: ['a.b=1'],
      since: '2026-01-01',
      until: 'evt_2',
    });
    assert.equal(
      describeFilter(f),
      'GET or POST · path /stripe… · header x-a:1 · “cus_123” · JSON a.b=1 · since 2026-01-01 · until evt_2',
    );
  });

  it('is empty for the empty filter', () => {
    assert.equal(describeFilter(EMPTY_FILTER), '');
  });
});

describe('jobFilter', () => {
  it('expresses bounds, one method and a path prefix', () => {
    assert.deepEqual(jobFilter(EMPTY_FILTER), {});
    assert.deepEqual(jobFilter(filter({ method: ['POST'], path: '/stripe', since: 'a', until: 'b' })), {
      since: 'a',
      until: 'b',
      method: 'POST',
      pathPrefix: '/stripe',
    });
  });

  it('is null for what a job cannot express: several methods, headers, text, JSON, a relative path', () => {
    assert.equal(jobFilter(filter({ method: ['GET', 'POST'] })), null);
    assert.equal(jobFilter(filter({ header: ['h'] })), null);
    assert.equal(jobFilter(filter({ q: 'x' })), null);
    assert.equal(jobFilter(filter({ json: ['a'] })), null);
    assert.equal(jobFilter(filter({ path: 'stripe' })), null);
  });
});

describe('parseHeaderLines', () => {
  it('reads one "Name: value" per line, LF or CRLF, skipping blank lines', () => {
    assert.deepEqual(parseHeaderLines('X-A: 1\r\n\r\n  \nX-B:two words  \nX-A: 2'), [
      ['X-A', '1'],
      ['X-B', 'two words'],
      ['X-A', '2'],
    ]);
    assert.deepEqual(parseHeaderLines(''), []);
  });

  it('splits on the first colon only and allows an empty value', () => {
    assert.deepEqual(parseHeaderLines('Location: http://a:8080/x\nX-Empty:'), [
      ['Location', 'http://a:8080/x'],
      ['X-Empty', ''],
    ]);
  });

  it('refuses a line without a colon or without a name, naming the line', () => {
    assert.throws(() => parseHeaderLines('X-A: 1\n\nno colon'), {
      message: 'Line 3: write a header as “Name: value”.',
    });
    assert.throws(() => parseHeaderLines(' : value'), { message: /^Line 1: / });
  });

  it('round-trips with headerLines', () => {
    const pairs: [string, string][] = [
      ['Content-Type', 'application/json'],
      ['X-Dup', 'a'],
      ['X-Dup', 'b: c'],
      ['X-Empty', ''],
    ];
    assert.equal(headerLines(pairs), 'Content-Type: application/json\nX-Dup: a\nX-Dup: b: c\nX-Empty: ');
    assert.deepEqual(parseHeaderLines(headerLines(pairs)), pairs);
    assert.equal(headerLines([]), '');
  });
});
