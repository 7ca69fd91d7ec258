import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import {
  DEFAULT_MIN_SAMPLES,
  decodeLearnedSchema,
  emptyLearnedSchema,
  encodeLearnedSchema,
  ENUM_SUPPORT_FACTOR,
  ENUM_SUPPORT_PER_VALUE,
  foldSample,
  looksLikeIdentifier,
  type LearnedSchema,
} from '../../src/domain/learned-schema.js';
import { driftOf, MAX_DRIFT_DIFFERENCES } from '../../src/domain/drift.js';
import { typeJsonSchema } from '../../src/domain/schema-json-schema.js';
import { typeScriptDeclarations } from '../../src/domain/schema-typescript.js';
import { zodSchemaSource } from '../../src/domain/schema-zod.js';

// Each rule of docs/insight.md "What the schema says" and "Drift", one at a time: what the
// evidence must be before a property is required, a place is a closed set, or a difference drifts.

type Body = any;

function learn(bodies: readonly unknown[]): LearnedSchema {
  const shape = emptyLearnedSchema();
  for (const body of bodies) foldSample(shape, body);
  return shape;
}

/** `count` bodies made by `make(i)`. */
function many(count: number, make: (i: number) => unknown): unknown[] {
  return Array.from({ length: count }, (_, i) => make(i));
}

const paths = (shape: LearnedSchema, body: unknown, min: number) =>
  driftOf(shape, body, min).map((d) => `${d.kind} ${d.path}`);

describe('closed sets of strings (enum and literal)', () => {
  const schemaOf = (bodies: unknown[], min: number, type = 't'): Body => typeJsonSchema(type, learn(bodies), min);

  it('need at least the minimum of samples', () => {
    const bodies = many(9, (i) => ({ currency: i % 3 === 0 ? 'eur' : 'usd' }));
    assert.equal(schemaOf(bodies, 10).properties.currency.enum, undefined);
    assert.deepEqual(schemaOf(bodies, 9).properties.currency.enum, ['eur', 'usd']);
    assert.match(typeScriptDeclarations('t', learn(bodies), 10), /currency\?: string;/);
  });

  it('need every value to repeat', () => {
    const bodies = many(20, (i) => ({ plan: i === 7 ? 'enterprise' : i % 2 === 0 ? 'pro' : 'free' }));
    assert.equal(schemaOf(bodies, 5).properties.plan.enum, undefined);
    bodies.push({ plan: 'enterprise' });
    assert.deepEqual(schemaOf(bodies, 5).properties.plan.enum, ['pro', 'free', 'enterprise']);
  });

  it('hold at most ten values', () => {
    const bodies = many(44, (i) => ({ region: `region-${String.fromCharCode(97 + (i % 11))}` }));
    assert.equal(schemaOf(bodies, 5).properties.region.enum, undefined);
    assert.equal(
      schemaOf(
        bodies.slice(0, 40).filter((b: Body) => b.region !== 'region-k'),
        5,
      ).properties.region.enum.length,
      10,
    );
  });

  it('are never made of ids, hashes, timestamps, e-mails or URLs, even when they repeat', () => {
    const kinds = {
      stripeId: ['evt_1PqXyZ2eZvKYlo2C', 'evt_2AbCdEf', 'evt_3Drift'],
      customer: ['cus_Q1w2e3r4t5'],
      hash: ['9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'],
      token: ['MDQ6VXNlcjE='],
      numeric: ['5123456789012'],
      date: ['2026-11-27'],
      time: ['2026-11-27T10:00:00Z'],
      email: ['ops@example.com'],
      url: ['https://example.com/a'],
      gid: ['gid://shopify/Order/1'],
      uuid: ['3f2504e0-4f89-11d3-9a0c-0305e82c3301'],
    };
    const bodies = many(60, (i) =>
      Object.fromEntries(Object.entries(kinds).map(([key, values]) => [key, values[i % values.length]])),
    );
    const schema = schemaOf(bodies, 5);
    for (const key of Object.keys(kinds)) assert.equal(schema.properties[key].enum, undefined, key);
    assert.doesNotMatch(zodSchemaSource('t', learn(bodies), 5), /z\.enum/);
  });

  it('recognise identifiers by their look, and leave ordinary words alone', () => {
    for (const id of [
      'evt_3Drift',
      'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
      'PR_kwDOAbc123',
      'deadbeefdeadbeef',
      '1764240000',
    ]) {
      assert.equal(looksLikeIdentifier(id), true, id);
    }
    for (const word of ['usd', 'succeeded', 'past_due', 'requires_payment_method', 'pull_request', 'User', 'v2']) {
      assert.equal(looksLikeIdentifier(word), false, word);
    }
  });

  it("keep the type's discriminator a literal from the first sample", () => {
    const stripe = learn([{ type: 'invoice.paid', status: 'paid' }]);
    const schema: Body = typeJsonSchema('invoice.paid', stripe, 20);
    assert.deepEqual(schema.properties.type.enum, ['invoice.paid']);
    // A field whose value only echoes part of the type is not its discriminator.
    assert.equal(schema.properties.status.enum, undefined);
    const github = learn([{ action: 'opened', number: 1 }]);
    assert.deepEqual((typeJsonSchema('pull_request.opened', github, 20) as Body).properties.action.enum, ['opened']);
    assert.match(typeScriptDeclarations('pull_request.opened', github, 20), /action\?: "opened";/);
    assert.match(zodSchemaSource('pull_request.opened', github, 20), /action: z\.enum\(\["opened"\]\)/);
  });

  it('keep their counts when stored, and a shape stored without counts offers none', () => {
    const shape = learn(many(30, (i) => ({ status: i % 2 === 0 ? 'open' : 'closed' })));
    const again = decodeLearnedSchema(encodeLearnedSchema(shape));
    assert.deepEqual((typeJsonSchema('t', again, 5) as Body).properties.status.enum, ['open', 'closed']);
    const stored = JSON.parse(encodeLearnedSchema(shape));
    delete stored.root.p[0][1].c;
    const old = decodeLearnedSchema(JSON.stringify(stored));
    assert.equal((typeJsonSchema('t', old, 5) as Body).properties.status.enum, undefined);
  });
});

describe('places seen only as null', () => {
  const shape = learn(many(30, (i) => ({ id: i, footer: null, note: i % 2 === 0 ? null : 'x' })));

  it('are unknown in every format, not null', () => {
    const schema: Body = typeJsonSchema('t', shape, 5);
    assert.deepEqual(schema.properties.footer, {});
    assert.deepEqual(schema.properties.note.type, ['string', 'null']);
    assert.match(typeScriptDeclarations('t', shape, 5), /footer: unknown;/);
    assert.match(zodSchemaSource('t', shape, 5), /footer: z\.unknown\(\),/);
  });

  it('do not drift when a value turns up', () => {
    assert.deepEqual(paths(shape, { id: 1, footer: 'Thanks!', note: null }, 5), []);
  });
});

describe('required properties', () => {
  it('are those present in every one of at least the minimum of samples', () => {
    const bodies = many(9, (i) => ({ id: i, name: 'n' }));
    assert.equal((typeJsonSchema('t', learn(bodies), 10) as Body).required, undefined);
    assert.match(zodSchemaSource('t', learn(bodies), 10), /id: z\.number\(\)\.int\(\)\.optional\(\)/);
    bodies.push({ id: 9 });
    assert.deepEqual((typeJsonSchema('t', learn(bodies), 10) as Body).required, ['id']);
    assert.match(typeScriptDeclarations('t', learn(bodies), 10), /id: number;\n.*\n {2}name\?: string;/);
  });
});

describe('drift rules', () => {
  it('judge nothing until the type has the minimum of samples', () => {
    const four = learn(many(4, (i) => ({ id: i })));
    assert.deepEqual(paths(four, { id: 'x', extra: 1 }, 5), []);
    foldSample(four, { id: 4 });
    assert.deepEqual(paths(four, { id: 'x', extra: 1 }, 5), ['type-changed /id', 'new-property /extra']);
    assert.equal(DEFAULT_MIN_SAMPLES, 50);
    assert.deepEqual(paths(learn(many(49, (i) => ({ id: i }))), { extra: 1 }, DEFAULT_MIN_SAMPLES), []);
  });

  it('judge a place only once it was seen in the minimum of events', () => {
    // `discount` is in 3 of 40 events: too few to know its properties or their types.
    const shape = learn(many(40, (i) => ({ id: i, ...(i % 13 === 0 ? { discount: { code: 'A', pct: 10 } } : {}) })));
    assert.deepEqual(paths(shape, { id: 1, discount: { pct: '10', extra: true } }, 10), []);
    // Here `discount` is in every event, but an object in only 3 of them (null otherwise).
    const mostlyNull = learn(many(40, (i) => ({ id: i, discount: i % 13 === 0 ? { code: 'A', pct: 10 } : null })));
    assert.deepEqual(paths(mostlyNull, { id: 1, discount: { extra: true } }, 10), []);
    const common = learn(many(40, (i) => ({ id: i, discount: { code: 'A', pct: 10 } })));
    assert.deepEqual(paths(common, { id: 1, discount: { pct: '10', extra: true } }, 10), [
      'type-changed /discount/pct',
      'new-property /discount/extra',
      'missing-property /discount/code',
    ]);
  });

  it('report a missing property only when every one of enough events had it', () => {
    const shape = learn(many(30, (i) => ({ id: i, ...(i === 29 ? {} : { name: 'n' }) })));
    assert.deepEqual(paths(shape, { id: 1 }, 10), []);
    assert.deepEqual(paths(learn(many(30, (i) => ({ id: i, name: 'n' }))), { id: 1 }, 10), ['missing-property /name']);
  });

  it('report no new property where properties were not all recorded', () => {
    const shape = learn(many(20, (i) => ({ id: i })));
    (shape.root as Body).open = true;
    assert.deepEqual(paths(shape, { id: 1, extra: 1 }, 10), []);
  });

  it('take an integer where numbers were seen, not a number where only integers were', () => {
    const numbers = learn(many(20, (i) => ({ amount: i + 0.5 })));
    assert.deepEqual(paths(numbers, { amount: 3 }, 10), []);
    const integers = learn(many(20, (i) => ({ amount: i })));
    assert.deepEqual(paths(integers, { amount: 3.5 }, 10), ['type-changed /amount']);
  });

  it('count a first null only once the place is as well known as an enum must be', () => {
    const min = 10;
    const young = learn(many(ENUM_SUPPORT_FACTOR * min - 1, (i) => ({ name: `n${i}` })));
    assert.deepEqual(paths(young, { name: null }, min), []);
    foldSample(young, { name: 'n' });
    assert.deepEqual(paths(young, { name: null }, min), ['type-changed /name']);
    // Other new types count as soon as the place is judged.
    assert.deepEqual(paths(learn(many(min, () => ({ name: 'n' }))), { name: 1 }, min), ['type-changed /name']);
  });

  it('report a new value only where the closed set is well supported', () => {
    const min = 10;
    const enough = ENUM_SUPPORT_FACTOR * min;
    const supported = learn(many(enough, (i) => ({ status: i % 2 === 0 ? 'paid' : 'open' })));
    assert.deepEqual(paths(supported, { status: 'void' }, min), ['new-enum-value /status']);
    // Fewer strings than the support asks for: an enum in the schema, but no drift yet.
    const fewer = learn(many(enough - 1, (i) => ({ status: i % 2 === 0 ? 'paid' : 'open' })));
    assert.deepEqual((typeJsonSchema('t', fewer, min) as Body).properties.status.enum, ['paid', 'open']);
    assert.deepEqual(paths(fewer, { status: 'void' }, min), []);
    // A member seen fewer than ENUM_SUPPORT_PER_VALUE times: the set may not be closed yet.
    const rare = learn(
      many(enough, (i) => ({ status: i < ENUM_SUPPORT_PER_VALUE - 1 ? 'draft' : i % 2 === 0 ? 'paid' : 'open' })),
    );
    assert.deepEqual(paths(rare, { status: 'void' }, min), []);
    foldSample(rare, { status: 'draft' });
    assert.deepEqual(paths(rare, { status: 'void' }, min), ['new-enum-value /status']);
  });

  it(`report at most ${MAX_DRIFT_DIFFERENCES} differences per event`, () => {
    const shape = learn(many(10, (i) => ({ id: i })));
    const body = Object.fromEntries(many(30, (i) => [`new${i}`, i]) as [string, unknown][]);
    const found = driftOf(shape, { id: 1, ...body }, 10);
    assert.equal(found.length, MAX_DRIFT_DIFFERENCES);
    assert.deepEqual(found[0], { kind: 'new-property', path: '/new0' });
  });

  it('report each place once, not once per array item', () => {
    const shape = learn(many(10, () => ({ lines: [{ sku: 'a', qty: 1 }] })));
    const body = { lines: many(5, () => ({ qty: '1' })) };
    assert.deepEqual(paths(shape, body, 10), ['type-changed /lines/0/qty', 'missing-property /lines/0/sku']);
  });
});
