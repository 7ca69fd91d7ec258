/**
 * What the search property test draws (search.test.ts): the events stored in each database, built
 * from a fixed seed, and filter query strings mostly made of those events' own values.
 */
import fc from 'fast-check';
import type { CapturedEvent } from '../../src/domain/captured-event.js';
import { createEventIdFactory } from '../../src/domain/ids.js';

export const EVENT_COUNT = 300;
export const T0 = Date.UTC(2031, 4, 1, 12);

type Pair = readonly [string, string];

// ---------------------------------------------------------------- events

const methodArb = fc.constantFrom('GET', 'POST', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD');
const segmentArb = fc.constantFrom(
  'stripe',
  'github',
  'hooks',
  'events',
  'v1',
  'Stripe',
  'stripe2',
  'a%20b',
  'é',
  '日本',
  'x.y',
  '',
);
const suffixArb = fc
  .array(segmentArb, { maxLength: 3 })
  .map((parts) => (parts.length === 0 ? '' : `/${parts.join('/')}`));
const queryArb = fc.oneof(
  fc.constant(''),
  fc.constantFrom('a=1', 'a=1&b=%20x', 'status=paid', 'q="x"', 'x=\\y', 'ü=1'),
);
const headerNameArb = fc.constantFrom(
  'Content-Type',
  'content-type',
  'X-GitHub-Event',
  'x-github-event',
  'Stripe-Signature',
  'User-Agent',
  'X-Request-Id',
  'Authorization',
  'X-Empty',
);
/** Header values are latin1 strings: quotes, backslashes, tabs, é and brackets included. */
const headerValueArb = fc.oneof(
  fc.constantFrom(
    'push',
    'Push',
    'application/json',
    'text/plain',
    '"quoted"',
    'back\\slash',
    'a\tb',
    'café',
    '[x]',
    '],["',
    '',
    '[REDACTED]',
    'Stripe/1.0',
  ),
  fc.string({ unit: fc.constantFrom('a', 'b', 'P', '"', '\\', ' ', 'é', ':', ','), maxLength: 8 }),
);
const headersArb = fc.array(fc.tuple(headerNameArb, headerValueArb), { maxLength: 5 });

/** Keys and string values without NUL (PostgreSQL's jsonb refuses \u0000) or lone surrogates. */
const jsonKeyArb = fc.constantFrom(
  'data',
  'object',
  'status',
  'amount',
  'items',
  'id',
  'type',
  'ok',
  'none',
  'Status',
  'naïve',
  '日本',
  'a b',
  '0',
);
const jsonTextArb = fc.oneof(
  fc.constantFrom(
    'paid',
    'Paid',
    'failed',
    'pending',
    '',
    'x"y',
    'a\\b',
    'ünï',
    '😀',
    'line\nbreak',
    '1000',
    'true',
    'null',
  ),
  fc.string({ unit: fc.constantFrom('a', 'b', 'é', ' ', '"'), maxLength: 6 }),
);
const jsonNumberArb = fc.oneof(
  fc.integer({ min: -1000, max: 100000 }),
  fc.constantFrom(0, 1, 1000, 0.5, -2.25, 1e3, 123456789),
);
const jsonLeafArb = fc.oneof(jsonTextArb, jsonNumberArb, fc.boolean(), fc.constant(null));
const { json: jsonValueArb } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    jsonLeafArb,
    fc.array(tie('json'), { maxLength: 3 }),
    fc.dictionary(jsonKeyArb, tie('json'), { maxKeys: 4 }),
  ),
}));
/** A webhook-shaped JSON object, so `data.object.status` paths exist often. */
const webhookArb = fc.record({
  type: fc.constantFrom('invoice.paid', 'charge.failed', 'push'),
  data: fc.record({
    object: fc.record({
      status: fc.constantFrom('paid', 'failed', 'pending', 'Paid'),
      amount: jsonNumberArb,
      items: fc.array(fc.record({ id: fc.constantFrom('a', 'b', 'x'), qty: fc.integer({ min: 0, max: 3 }) }), {
        maxLength: 3,
      }),
    }),
  }),
});

const bodyArb: fc.Arbitrary<Buffer> = fc.oneof(
  webhookArb.map((v) => Buffer.from(JSON.stringify(v))),
  webhookArb.map((v) => Buffer.from(JSON.stringify(v, null, 2))),
  jsonValueArb.map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
  // Keys spelled with escapes: the same object for JSON, other bytes for q.
  fc
    .constantFrom(
      '{"\\u0073tatus":"paid"}',
      '{"data":{"object":{"st\\u0061tus":"p\\u0061id"}}}',
      '{"status":"paid","amount":1.0}',
      '{"amount":1e3}',
      '{"status":"paid"',
      '{status:"paid"}',
      '\uFEFF{"status":"paid"}',
      '[{"id":"x"},{"id":"y"}]',
      '{"items":{"0":{"id":"x"}}}',
      'status=paid&amount=1000',
      'plain text with "status" and paid',
      '',
    )
    .map((s) => Buffer.from(s, 'utf8')),
  // JSON-looking bytes that are not UTF-8, or hold a NUL byte.
  fc.constantFrom(
    Buffer.concat([Buffer.from('{"status":"paid","x":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
    Buffer.concat([Buffer.from('{"status":"paid"}'), Buffer.from([0])]),
    Buffer.concat([Buffer.from('{"status":"pa'), Buffer.from([0]), Buffer.from('id"}')]),
  ),
  fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
);

interface EventShape {
  readonly method: string;
  readonly suffix: string;
  readonly query: string;
  readonly headers: readonly Pair[];
  readonly body: Buffer;
}

const eventShapeArb: fc.Arbitrary<EventShape> = fc.record({
  method: methodArb,
  suffix: suffixArb,
  query: queryArb,
  headers: headersArb,
  body: bodyArb,
});

export function buildEvents(inboxId: string): CapturedEvent[] {
  const shapes = fc.sample(eventShapeArb, { seed: 20240513, numRuns: EVENT_COUNT });
  const nextId = createEventIdFactory();
  return shapes.map((shape, i) => {
    // Several events share a millisecond, so time bounds fall inside runs of events.
    const ms = T0 + Math.floor(i / 3) * 7;
    const contentType = shape.headers.find(([n]) => n.toLowerCase() === 'content-type')?.[1] ?? null;
    return {
      id: nextId(ms),
      inboxId,
      receivedAt: new Date(ms),
      method: shape.method,
      path: `/i/${inboxId}${shape.suffix}`,
      query: shape.query,
      contentType,
      size: shape.body.length,
      headers: shape.headers,
      body: shape.body,
      sourceIp: '203.0.113.9',
      signature: null,
      answer: null,
    };
  });
}

// ---------------------------------------------------------------- filters

/** Random query-string parameters for a filter, mostly built from the events' own values. */
export function filterQueryArb(
  events: readonly CapturedEvent[],
  inboxId: string,
): fc.Arbitrary<Record<string, string[]>> {
  const eventArb = fc.constantFrom(...events);
  const substring = (s: string) =>
    fc.tuple(fc.nat(), fc.integer({ min: 1, max: 6 })).map(([start, len]) => {
      if (s.length === 0) return s;
      const from = start % s.length;
      return [...s].slice(from, from + len).join('');
    });
  const textOf = (e: CapturedEvent): fc.Arbitrary<string> => {
    const parts = [e.path, e.query, ...e.headers.flat(), e.body.toString('utf8')].filter((p) => p !== '');
    return parts.length === 0 ? fc.constant('x') : fc.constantFrom(...parts).chain(substring);
  };
  const jsonOf = (e: CapturedEvent): fc.Arbitrary<string> => {
    let root: unknown;
    try {
      root = JSON.parse(e.body.toString('utf8'));
    } catch {
      return fc.constantFrom('data.object.status=paid', 'status=paid', 'amount=1000', 'items.0.id=x');
    }
    // A random walk down the body gives a path; its value (or a near miss) the value.
    return fc.array(fc.nat(), { maxLength: 5 }).chain((choices) => {
      const steps: (string | number)[] = [];
      let node: unknown = root;
      for (const choice of choices) {
        if (Array.isArray(node) && node.length > 0) {
          const i = choice % node.length;
          steps.push(i);
          node = node[i];
        } else if (node !== null && typeof node === 'object' && Object.keys(node).length > 0) {
          const keys = Object.keys(node).filter((k) => !k.includes('.') && !/^\d+$/.test(k) && !/["\\]/.test(k));
          if (keys.length === 0) break;
          const k = keys[choice % keys.length] as string;
          steps.push(k);
          node = (node as Record<string, unknown>)[k];
        } else break;
      }
      if (steps.length === 0) return fc.constant('status=paid');
      const path = steps.join('.');
      const exact = typeof node === 'string' ? node : JSON.stringify(node);
      const values: string[] = [exact, 'paid', '1000', 'true', 'null', 'x'];
      if (typeof node === 'number') values.push(node.toExponential(), `${node}.0`, String(node + 1));
      if (typeof node === 'string') values.push(node.toUpperCase());
      return fc.oneof(
        fc.constantFrom(...values).map((v) => `${path}=${v}`),
        fc.constant(path),
        fc.constant(`${path}.missing`),
      );
    });
  };
  const later = (e: CapturedEvent) => events.filter((x) => x.id > e.id).map((x) => x.id);
  const earlier = (e: CapturedEvent) => events.filter((x) => x.id < e.id).map((x) => x.id);
  /** Each part: mostly drawn from the anchor event (so it matches), sometimes anything. */
  const parts = (anchor: CapturedEvent): Record<string, fc.Arbitrary<string[]>> => {
    const sub = anchor.path.slice(`/i/${inboxId}`.length);
    const one = (arb: fc.Arbitrary<string>) => arb.map((v) => [v]);
    const mostly = (own: fc.Arbitrary<string[]>, other: fc.Arbitrary<string[]>) =>
      fc.oneof({ weight: 4, arbitrary: own }, { weight: 1, arbitrary: other });
    return {
      method: mostly(
        fc.constantFrom(
          [anchor.method],
          [anchor.method.toLowerCase()],
          [`GET,${anchor.method}`],
          ['PUT', anchor.method],
        ),
        fc.array(fc.oneof(methodArb, fc.constantFrom('post', 'get,put', 'TRACE')), { minLength: 1, maxLength: 2 }),
      ),
      path: mostly(
        one(substring(sub).map((s) => sub.slice(0, Math.max(1, sub.indexOf(s) + s.length)) || '/')).map((v) =>
          v[0]?.startsWith('/') ? v : [`/${v[0] ?? ''}`],
        ),
        one(
          fc.constantFrom('/stripe', '/Stripe', '/', '/é', `/i/${inboxId}/github`, '/missing', `/i/${inboxId}${sub}`),
        ),
      ),
      header: mostly(
        anchor.headers.length === 0
          ? fc.constant(['x-none'])
          : fc.array(
              fc
                .constantFrom(...anchor.headers)
                .chain(([n, v]) => fc.constantFrom(n, `${n}:${v}`, `${n.toUpperCase()}:${v}`)),
              { minLength: 1, maxLength: 2 },
            ),
        one(
          fc.constantFrom(
            'x-github-event:push',
            'authorization',
            'authorization:[REDACTED]',
            'x-missing',
            'content-type:text/plainx',
          ),
        ),
      ),
      q: mostly(
        one(textOf(anchor)),
        one(
          fc.constantFrom(
            'paid',
            'Paid',
            '"',
            '\\',
            '[',
            '],[',
            '","',
            'status',
            'é',
            '日本',
            '\t',
            'REDACTED',
            'GitHub',
            'a=1',
          ),
        ),
      ),
      json: mostly(
        fc.array(jsonOf(anchor), { minLength: 1, maxLength: 2 }),
        fc.array(eventArb.chain(jsonOf), { minLength: 1, maxLength: 2 }),
      ),
      since: mostly(
        one(fc.constantFrom(anchor.id, anchor.receivedAt.toISOString(), ...earlier(anchor).slice(-5))),
        one(
          fc.constantFrom(
            new Date(anchor.receivedAt.getTime() + 1).toISOString(),
            new Date(anchor.receivedAt.getTime() - 2 * 3600_000).toISOString().replace('Z', '-02:00'),
            new Date(anchor.receivedAt.getTime()).toISOString().slice(0, 10),
          ),
        ),
      ),
      until: mostly(
        one(
          fc.constantFrom(
            new Date(anchor.receivedAt.getTime() + 1).toISOString(),
            ...later(anchor).slice(0, 5),
            '2099-01-01',
          ),
        ),
        one(fc.constantFrom(anchor.id, anchor.receivedAt.toISOString(), '2031-05-01')),
      ),
    };
  };
  const keys = ['method', 'path', 'header', 'q', 'json', 'since', 'until'];
  return fc
    .tuple(eventArb, fc.subarray(keys, { minLength: 1, maxLength: 3 }))
    .chain(([anchor, chosen]) => {
      const all = parts(anchor);
      return fc.record(Object.fromEntries(chosen.map((k) => [k, all[k] as fc.Arbitrary<string[]>])));
    })
    .map((picked) => picked as Record<string, string[]>);
}
