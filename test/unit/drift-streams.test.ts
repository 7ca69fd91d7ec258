// What the event-type learner makes of ordinary traffic: 1,000 realistic events per type of
// Stripe, GitHub and Shopify (test/helpers/webhook-streams.ts: ids, timestamps and amounts
// varying, optional fields at realistic rates, retries sent twice), typed as the worker types
// them and checked for drift before each is folded in, under the default minimum of samples.
// No ordinary event drifts; each real change is flagged on its first occurrence; Ajv, tsc and
// Zod accept every event under the schemas learned. bench/drift-streams.ts prints the table.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { eventTypeOf } from '../../src/domain/event-type.js';
import {
  DEFAULT_MIN_SAMPLES,
  emptyLearnedSchema,
  foldSample,
  type LearnedSchema,
} from '../../src/domain/learned-schema.js';
import { describeDifference, driftOf } from '../../src/domain/drift.js';
import { typeJsonSchema } from '../../src/domain/schema-json-schema.js';
import { typeScriptDeclarations, typeScriptName } from '../../src/domain/schema-typescript.js';
import { zodSchemaSource } from '../../src/domain/schema-zod.js';
import { ajvRejections, typeScriptDiagnostics, zodRejections } from '../helpers/schema-judges.js';
import { changesFor, eventStream, STREAM_KINDS, type StreamKind } from '../helpers/webhook-streams.js';

const EVENTS = 1000;
const INBOX = 'inb_0123456789abcdefghjkmnpqrs';

type Body = any;

interface Learned {
  readonly shape: LearnedSchema;
  readonly bodies: unknown[];
  /** Each drifted event: its index and what differed. */
  readonly drifted: string[];
}

/** The stream as the worker reads it: typed, checked, then folded, one event at a time, from the wire bytes. */
function learnStream(kind: StreamKind): Learned {
  const shape = emptyLearnedSchema();
  const bodies: unknown[] = [];
  const drifted: string[] = [];
  eventStream(kind, EVENTS).forEach((event, i) => {
    const json = JSON.parse(JSON.stringify(event.body)) as unknown;
    const type = eventTypeOf(
      { inboxId: INBOX, method: 'POST', path: `/i/${INBOX}`, headers: event.headers, json },
      null,
    );
    assert.equal(type, kind.eventType);
    const drift = driftOf(shape, json, DEFAULT_MIN_SAMPLES);
    if (drift.length > 0) drifted.push(`#${i}: ${drift.map(describeDifference).join('; ')}`);
    foldSample(shape, json);
    bodies.push(json);
  });
  return { shape, bodies, drifted };
}

const learned = new Map(STREAM_KINDS.map((kind) => [kind.eventType, learnStream(kind)]));
const get = (kind: StreamKind) => learned.get(kind.eventType) as Learned;

describe('ordinary webhook streams (1,000 events per type)', () => {
  it('the streams are realistic: retries repeat earlier events, and ids and amounts vary', () => {
    const stream = eventStream(STREAM_KINDS[0] as StreamKind, EVENTS);
    const retries = stream.filter((e) => e.retry);
    assert.ok(retries.length >= 10 && retries.length <= 60, `${retries.length} retries`);
    assert.ok(retries.every((r) => stream.some((e) => !e.retry && e.body === r.body)));
    const ids = new Set(stream.map((e) => (e.body as Body).id));
    assert.equal(ids.size, stream.length - retries.length);
    assert.ok(new Set(stream.map((e) => (e.body as Body).data.object.amount)).size > 500);
  });

  for (const kind of STREAM_KINDS) {
    it(`${kind.eventType} (${kind.provider}): no ordinary event drifts`, () => {
      assert.deepEqual(get(kind).drifted, []);
    });
  }

  for (const kind of STREAM_KINDS) {
    for (const change of changesFor(kind)) {
      it(`${kind.eventType}: "${change.name}" is flagged on its first occurrence`, () => {
        // The next event of the stream (a fresh one), first as sent, then changed.
        const next = eventStream(kind, EVENTS + 40)
          .slice(EVENTS)
          .find((e) => !e.retry);
        assert.ok(next !== undefined);
        const { shape } = get(kind);
        assert.deepEqual(driftOf(shape, next.body, DEFAULT_MIN_SAMPLES), [], 'the unchanged event fits');
        const body = JSON.parse(JSON.stringify(next.body));
        change.apply(body);
        const found = driftOf(shape, body, DEFAULT_MIN_SAMPLES).map((d) => `${d.kind} ${d.path}`);
        assert.ok(found.includes(`${change.kind} ${change.path}`), found.join(', ') || 'no drift');
      });
    }
  }
});

describe('the schemas learned from the streams', () => {
  it('offer closed sets only for what is one: no id, timestamp, e-mail or URL is an enum; discriminators are literals', () => {
    const invoice = typeJsonSchema('invoice.paid', get(STREAM_KINDS[1] as StreamKind).shape) as Body;
    const object = invoice.properties.data.properties.object.properties;
    assert.equal(invoice.properties.id.enum, undefined);
    assert.equal(object.customer.enum, undefined);
    assert.equal(object.customer_email.enum, undefined);
    assert.equal(object.hosted_invoice_url.enum, undefined);
    assert.deepEqual(invoice.properties.type.enum, ['invoice.paid']);
    assert.deepEqual(object.currency.enum.sort(), ['eur', 'gbp', 'usd']);
    // Seen only as null: unknown, not null.
    assert.deepEqual(object.footer, {});
    const pr = typeJsonSchema('pull_request.opened', get(STREAM_KINDS[4] as StreamKind).shape) as Body;
    assert.deepEqual(pr.properties.action.enum, ['opened']);
    assert.equal(pr.properties.pull_request.properties.head.properties.sha.enum, undefined);
    assert.equal(pr.properties.pull_request.properties.node_id.enum, undefined);
  });

  for (const kind of STREAM_KINDS) {
    it(`${kind.eventType}: Ajv, tsc and Zod accept all ${EVENTS} events`, async () => {
      const { shape, bodies } = get(kind);
      assert.deepEqual(ajvRejections(typeJsonSchema(kind.eventType, shape), bodies).slice(0, 3), []);
      const name = typeScriptName(kind.eventType);
      const declarations = typeScriptDeclarations(kind.eventType, shape);
      assert.deepEqual(typeScriptDiagnostics(declarations, name, bodies).slice(0, 3), []);
      const zod = zodSchemaSource(kind.eventType, shape);
      assert.deepEqual((await zodRejections(zod, `${name}Schema`, bodies)).slice(0, 3), []);
    });
  }
});
