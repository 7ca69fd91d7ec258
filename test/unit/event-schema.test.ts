import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { eventTypeOf, pathBelowInbox } from '../../src/domain/event-type.js';
import {
  emptyLearnedSchema,
  encodeLearnedSchema,
  decodeLearnedSchema,
  foldSample,
  MAX_SCHEMA_NODES,
  type LearnedSchema,
} from '../../src/domain/learned-schema.js';
import { driftOf } from '../../src/domain/drift.js';
import { typeJsonSchema } from '../../src/domain/schema-json-schema.js';
import { typeScriptDeclarations, typeScriptName } from '../../src/domain/schema-typescript.js';
import { zodSchemaSource } from '../../src/domain/schema-zod.js';
import { ajvRejections, typeScriptDiagnostics, zodRejections } from '../helpers/schema-judges.js';

const INBOX = 'inb_0123456789abcdefghjkmnpqrs';

type Body = any;

function charge(i: number, extra: Record<string, unknown> = {}): Body {
  return {
    id: `evt_${i}`,
    object: 'event',
    type: 'charge.succeeded',
    created: 1700000000 + i,
    livemode: false,
    data: {
      object: {
        id: `ch_${i}`,
        amount: 1000 + i,
        fee: i % 2 === 0 ? 1.5 : 2,
        currency: 'usd',
        status: i % 3 === 0 ? 'succeeded' : 'pending',
        receipt_email: i % 2 === 0 ? `buyer${i}@example.com` : null,
        receipt_url: `https://pay.example.com/receipts/${i}`,
        created_at: `2026-11-2${i % 10}T10:00:00Z`,
        uuid: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
        metadata: i % 2 === 0 ? { order: String(i) } : {},
        lines: [
          { sku: 'a', qty: 1 },
          { sku: 'b', qty: 2, note: 'gift' },
        ],
        'needs-quote': true,
        empty: [],
      },
    },
    ...extra,
  };
}

function learn(bodies: readonly unknown[]): LearnedSchema {
  const shape = emptyLearnedSchema();
  for (const body of bodies) foldSample(shape, body);
  return shape;
}

describe('event types', () => {
  const base = { inboxId: INBOX, method: 'POST', path: `/i/${INBOX}/hooks/stripe`, headers: [] as [string, string][] };

  it('reads the well-known senders and falls back to method and path', () => {
    assert.equal(eventTypeOf({ ...base, json: charge(1) }, null), 'charge.succeeded');
    assert.equal(
      eventTypeOf({ ...base, headers: [['X-GitHub-Event', 'pull_request']], json: { action: 'opened' } }, null),
      'pull_request.opened',
    );
    assert.equal(eventTypeOf({ ...base, headers: [['X-GitHub-Event', 'push']], json: { ref: 'x' } }, null), 'push');
    assert.equal(
      eventTypeOf({ ...base, headers: [['X-Shopify-Topic', 'orders/create']], json: { id: 1 } }, null),
      'orders/create',
    );
    assert.equal(
      eventTypeOf({ ...base, json: { type: 'event_callback', token: 't', event: { type: 'app_mention' } } }, null),
      'app_mention',
    );
    assert.equal(
      eventTypeOf({ ...base, headers: [['webhook-id', 'msg_1']], json: { type: 'invoice.paid', data: {} } }, null),
      'invoice.paid',
    );
    // A `type` field alone, from an unknown sender, is not trusted as a type.
    assert.equal(eventTypeOf({ ...base, json: { type: 'x' } }, null), 'POST /hooks/stripe');
    assert.equal(eventTypeOf({ ...base, path: `/i/${INBOX}`, json: {} }, null), 'POST /');
    assert.equal(pathBelowInbox(INBOX, `/i/${INBOX}/a/b`), '/a/b');
  });

  it("applies the inbox's rule first, and falls back when it finds nothing", () => {
    const json = { meta: { kind: 'order.paid' }, type: 'ignored' };
    assert.equal(eventTypeOf({ ...base, json }, { kind: 'pointer', pointer: '/meta/kind' }), 'order.paid');
    assert.equal(
      eventTypeOf({ ...base, headers: [['X-Event-Name', 'ping']], json }, { kind: 'header', header: 'x-event-name' }),
      'ping',
    );
    assert.equal(eventTypeOf({ ...base, json }, { kind: 'pointer', pointer: '/missing' }), 'POST /hooks/stripe');
    // Control characters never reach a type; long ones are cut.
    assert.equal(eventTypeOf({ ...base, json: { k: 'a\u0000b' } }, { kind: 'pointer', pointer: '/k' }), 'a b');
    assert.equal(
      eventTypeOf({ ...base, json: { k: 'x'.repeat(500) } }, { kind: 'pointer', pointer: '/k' }).length,
      200,
    );
  });
});

describe('inferred schemas judged by Ajv, tsc and Zod', () => {
  const bodies = Array.from({ length: 12 }, (_, i) => charge(i, i === 5 ? { request: { id: null } } : {}));
  const shape = learn(bodies);
  const name = typeScriptName('charge.succeeded');
  // Twelve samples are "enough" here, so that required properties and closed sets show.
  const minSamples = 10;

  it('the JSON Schema validates every body and rejects a changed field type', () => {
    const schema = typeJsonSchema('charge.succeeded', shape, minSamples);
    assert.deepEqual(ajvRejections(schema, bodies), []);
    const changed = charge(1);
    changed.data.object.amount = '1000';
    assert.equal(ajvRejections(schema, [changed]).length, 1);
    const props: Body = schema.properties;
    assert.deepEqual(schema.required, ['id', 'object', 'type', 'created', 'livemode', 'data']);
    assert.equal(props.created?.type, 'integer');
    const object: Body = props.data.properties.object.properties;
    assert.equal(object?.fee?.type, 'number');
    assert.equal(object?.created_at?.format, 'date-time');
    assert.equal(object?.uuid?.format, 'uuid');
    assert.equal(object?.receipt_url?.format, 'uri');
    assert.deepEqual(object?.receipt_email?.type, ['string', 'null']);
    assert.equal(object?.receipt_email?.format, 'email');
    assert.deepEqual(object?.status?.enum, ['succeeded', 'pending']);
    assert.deepEqual(object?.currency?.enum, ['usd']);
    assert.equal(object?.id?.enum, undefined);
    // Seen only as null (in one body): unknown, so any value is valid there.
    assert.deepEqual(props.request?.properties?.id, {});
  });

  it('the TypeScript compiles and type-checks every body as an object literal', () => {
    const declarations = typeScriptDeclarations('charge.succeeded', shape, minSamples);
    assert.match(declarations, /export interface ChargeSucceeded \{/);
    assert.match(declarations, /Learned from 12 samples/);
    assert.deepEqual(typeScriptDiagnostics(declarations, name, bodies), []);
    const changed = charge(2);
    changed.data.object.amount = '1000';
    assert.ok(typeScriptDiagnostics(declarations, name, [changed]).length > 0);
  });

  it('the Zod schema accepts every body and rejects a changed field type', async () => {
    const source = zodSchemaSource('charge.succeeded', shape, minSamples);
    assert.deepEqual(await zodRejections(source, `${name}Schema`, bodies), []);
    const changed = charge(3);
    changed.livemode = 'no';
    assert.equal((await zodRejections(source, `${name}Schema`, [changed])).length, 1);
  });

  it('survives being stored and read back', () => {
    assert.deepEqual(typeJsonSchema('t', decodeLearnedSchema(encodeLearnedSchema(shape))), typeJsonSchema('t', shape));
  });

  it('bodies that are not objects get a type alias', () => {
    const mixed = [[1, 2], [3, 'x'], null];
    const learned = learn(mixed);
    assert.deepEqual(ajvRejections(typeJsonSchema('list', learned), mixed), []);
    assert.deepEqual(typeScriptDiagnostics(typeScriptDeclarations('list', learned), 'List', mixed), []);
  });
});

describe('drift', () => {
  const minSamples = 10;
  const earlier = learn(Array.from({ length: 60 }, (_, i) => charge(i)));

  it('the first event of a type never drifts', () => {
    assert.deepEqual(driftOf(emptyLearnedSchema(), charge(1), 1), []);
  });

  it('a body that fits does not drift', () => {
    assert.deepEqual(driftOf(earlier, charge(70), minSamples), []);
  });

  it('names new, missing and retyped properties and new enum values', () => {
    const body = charge(8, { extra: 1 });
    delete body.livemode;
    const object = body.data.object;
    object.amount = 10.5;
    object.status = 'refunded';
    object.lines = [{ sku: 'a', qty: '1' }];
    const kinds = driftOf(earlier, body, minSamples).map((d) => `${d.kind} ${d.path}`);
    assert.deepEqual(kinds.sort(), [
      'missing-property /livemode',
      'new-enum-value /data/object/status',
      'new-property /extra',
      'type-changed /data/object/amount',
      'type-changed /data/object/lines/0/qty',
    ]);
  });
});

describe('hostile bodies stay bounded', () => {
  it('deep nesting, wide objects, long arrays and many distinct keys', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 50_000; i += 1) deep = [deep];
    const wide = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]));
    const long = Array.from({ length: 100_000 }, (_, i) => ({ [`id${i}`]: i }));
    const shape = emptyLearnedSchema();
    for (const body of [deep, wide, long, { wide }, { long }]) {
      foldSample(shape, body);
      driftOf(shape, body);
    }
    assert.ok(shape.nodes <= MAX_SCHEMA_NODES);
    const schema = typeJsonSchema('hostile', shape);
    assert.deepEqual(ajvRejections(schema, [deep, wide, long, { wide }, { long }]), []);
    assert.ok(encodeLearnedSchema(shape).length < 2_000_000);
  });
});
