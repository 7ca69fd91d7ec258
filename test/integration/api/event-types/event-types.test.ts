// Event types, inferred schemas and drift end to end on a real server (SQLite; the HTTP suites
// run again on PostgreSQL): captured bodies are typed and learned by the background worker, the
// schemas are judged by Ajv, the TypeScript compiler and Zod, drift is flagged and filtered.
//
//   node --import tsx --test test/integration/api/event-types/event-types.test.ts
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { DEFAULT_MIN_SAMPLES } from '../../../../src/domain/learned-schema.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { ajvRejections, typeScriptDiagnosticsOffThread, zodRejections } from '../../../helpers/schema-judges.js';
import {
  assertError,
  call,
  createInbox,
  ingest,
  ingestEvent,
  ISO_UTC,
  UNKNOWN_EVENT_ID,
  UNKNOWN_INBOX_ID,
} from '../support.js';

type Body = any;

function charge(i: number): Body {
  return {
    id: `evt_${i}`,
    object: 'event',
    type: 'charge.succeeded',
    created: 1_700_000_000 + i,
    data: {
      object: {
        id: `ch_${i}`,
        amount: 1000 + i,
        currency: 'usd',
        status: 'succeeded',
        receipt_email: `buyer${i}@example.com`,
        created_at: '2026-11-27T10:00:00Z',
      },
    },
  };
}

/** Polls `check` until it answers a value (the worker runs in the background); no fixed sleep decides anything. */
async function until<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 600; i += 1) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('event types, schemas and drift', () => {
  let rehook: TestRehook;
  let inboxId: string;
  // As many as an anonymous inbox's type needs before drift is judged (the default minimum).
  const bodies = Array.from({ length: DEFAULT_MIN_SAMPLES }, (_, i) => charge(i));
  const send = (body: unknown, headers: Record<string, string> = {}, id = inboxId, suffix = '/stripe') =>
    ingest(rehook, id, {
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      suffix,
    });
  const typesOf = async (id: string, token?: string) =>
    (await call(rehook.apiUrl, `/api/v1/inboxes/${id}/event-types`, token ? { token } : {})).body.data.eventTypes as {
      eventType: string;
      count: number;
      drifted: number;
      firstSeen: string;
      lastSeen: string;
    }[];
  const typeCount = (id: string, type: string, count: number, token?: string) =>
    until(`${count} events of ${type}`, async () => {
      const found = (await typesOf(id, token)).find((t) => t.eventType === type);
      return found !== undefined && found.count >= count ? found : undefined;
    });
  const schemaPath = (type: string, format?: string) =>
    `/api/v1/inboxes/${inboxId}/event-types/${encodeURIComponent(type)}/schema${format ? `?format=${format}` : ''}`;

  before(async () => {
    rehook = await startTestRehook();
    inboxId = (await createInbox(rehook)).id;
    for (const body of bodies) await send(body);
    await send({ action: 'opened', number: 1 }, { 'x-github-event': 'pull_request' });
    await send({ id: 1, line_items: [] }, { 'x-shopify-topic': 'orders/create' });
    await send({ hello: 'world' }, {}, inboxId, '/custom/path');
    await ingest(rehook, inboxId, { headers: { 'content-type': 'text/plain' }, body: 'not json' });
    await typeCount(inboxId, 'POST /custom/path', 1);
  });
  after(async () => {
    await rehook.stop();
  });

  it('lists the types with counts and first/last seen', async () => {
    await typeCount(inboxId, 'charge.succeeded', DEFAULT_MIN_SAMPLES);
    const types = await typesOf(inboxId);
    const names = types.map((t) => t.eventType).sort();
    assert.deepEqual(names, ['POST /custom/path', 'charge.succeeded', 'orders/create', 'pull_request.opened']);
    const stripe = types.find((t) => t.eventType === 'charge.succeeded');
    assert.equal(stripe?.count, DEFAULT_MIN_SAMPLES);
    assert.equal(stripe?.drifted, 0);
    assert.match(stripe?.firstSeen ?? '', ISO_UTC);
    assert.ok((stripe?.firstSeen ?? '') <= (stripe?.lastSeen ?? ''));
    // Listed events carry their type; the text body has none.
    const list = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?limit=100`);
    assert.equal(list.body.length, DEFAULT_MIN_SAMPLES + 4);
    assert.equal(list.body.filter((e: Body) => e.eventType === 'charge.succeeded').length, DEFAULT_MIN_SAMPLES);
    assert.equal(list.body.find((e: Body) => e.contentType === 'text/plain').eventType, null);
    assert.ok(list.body.every((e: Body) => e.drift === null));
  });

  it('the JSON Schema validates every captured body (Ajv) and rejects a changed field type', async () => {
    const res = await call(rehook.apiUrl, schemaPath('charge.succeeded'));
    assert.equal(res.status, 200, res.text);
    const { schema } = res.body.data;
    assert.equal(schema.format, 'json');
    assert.equal(schema.samples, DEFAULT_MIN_SAMPLES);
    assert.equal(schema.document.$schema, 'https://json-schema.org/draft/2020-12/schema');
    assert.deepEqual(ajvRejections(schema.document, bodies), []);
    const changed = charge(1);
    changed.data.object.amount = 'a thousand';
    assert.equal(ajvRejections(schema.document, [changed]).length, 1);
  });

  it('the TypeScript compiles (tsc) and type-checks every captured body; Zod accepts them', async () => {
    const ts = await call(rehook.apiUrl, schemaPath('charge.succeeded', 'typescript'));
    assert.equal(ts.status, 200, ts.text);
    const { document, typeName } = ts.body.data.schema;
    assert.equal(typeName, 'ChargeSucceeded');
    assert.match(document, new RegExp(`Learned from ${DEFAULT_MIN_SAMPLES} samples`));
    assert.deepEqual(await typeScriptDiagnosticsOffThread(document, typeName, bodies), []);
    const zod = await call(rehook.apiUrl, schemaPath('charge.succeeded', 'zod'));
    assert.deepEqual(await zodRejections(zod.body.data.schema.document, `${typeName}Schema`, bodies), []);
  });

  it('a type with a slash is addressed percent-encoded; unknown ones are 404', async () => {
    const res = await call(rehook.apiUrl, schemaPath('orders/create'));
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.schema.eventType, 'orders/create');
    assertError(await call(rehook.apiUrl, schemaPath('no.such.type')), 404, 'EVENT_TYPE_NOT_FOUND');
    assertError(await call(rehook.apiUrl, `/api/v1/inboxes/${UNKNOWN_INBOX_ID}/event-types`), 404, 'INBOX_NOT_FOUND');
  });

  it('flags drift with what differs, and ?drift=true lists only drifted events', async () => {
    const drifted = charge(DEFAULT_MIN_SAMPLES + 1);
    drifted.data.object.amount = '1007';
    drifted.data.object.refunded = true;
    delete drifted.created;
    await send(drifted);
    await send(charge(DEFAULT_MIN_SAMPLES + 2));
    const info = await typeCount(inboxId, 'charge.succeeded', DEFAULT_MIN_SAMPLES + 2);
    assert.equal(info.drifted, 1);
    const list = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?drift=true`);
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.length, 1);
    const kinds = list.body[0].drift.map((d: Body) => `${d.kind} ${d.path}`).sort();
    assert.deepEqual(kinds, [
      'missing-property /created',
      'new-property /data/object/refunded',
      'type-changed /data/object/amount',
    ]);
    const event = await call(rehook.apiUrl, `/api/v1/events/${list.body[0].id}`);
    assert.deepEqual(event.body.data.event.drift, list.body[0].drift);
    assertError(
      await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?drift=true&method=POST`),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('the previous event of a type is found across paths; events without a type fall back to method and path', async () => {
    const id = (await createInbox(rehook)).id;
    const json = { 'content-type': 'application/json' };
    const first = await ingestEvent(rehook, id, { headers: json, body: JSON.stringify(charge(10)), suffix: '/stripe' });
    await ingestEvent(rehook, id, { headers: json, body: '{"hello":"world"}', suffix: '/stripe' });
    const second = await ingestEvent(rehook, id, { headers: json, body: JSON.stringify(charge(11)), suffix: '/other' });
    const text = { 'content-type': 'text/plain' };
    const textA = await ingestEvent(rehook, id, { headers: text, body: 'a', suffix: '/t' });
    await ingestEvent(rehook, id, { headers: text, body: 'b', suffix: '/t/deeper' });
    const textB = await ingestEvent(rehook, id, { headers: text, body: 'c', suffix: '/t' });
    await typeCount(id, 'charge.succeeded', 2);
    const previous = async (eventId: string) => {
      const res = await call(rehook.apiUrl, `/api/v1/events/${eventId}/previous-of-type`);
      assert.equal(res.status, 200, res.text);
      return res.body.data.previous as { event: { id: string } | null; matchedBy: string; eventType: string | null };
    };
    const found = await previous(second);
    assert.equal(found.event?.id, first, 'the same type on another path, not the newer event of that path');
    assert.equal(found.matchedBy, 'eventType');
    assert.equal(found.eventType, 'charge.succeeded');
    assert.deepEqual(await previous(first), { event: null, matchedBy: 'eventType', eventType: 'charge.succeeded' });
    // Text has no type, learned or not: the same method and exact path.
    const fallback = await previous(textB);
    assert.equal(fallback.event?.id, textA);
    assert.equal(fallback.matchedBy, 'methodAndPath');
    assert.equal(fallback.eventType, null);
    assertError(
      await call(rehook.apiUrl, `/api/v1/events/${UNKNOWN_EVENT_ID}/previous-of-type`),
      404,
      'EVENT_NOT_FOUND',
    );
  });

  it('rebuilds a schema from the events the inbox holds', async () => {
    const res = await call(rehook.apiUrl, `${schemaPath('charge.succeeded')}/rebuild`, { method: 'POST' });
    assert.equal(res.status, 202, res.text);
    assert.deepEqual(res.body.data.rebuild, { inboxId, eventType: 'charge.succeeded', state: 'queued' });
    // Learned again in capture order: the same count and the same one drifted event.
    const info = await until('the rebuilt type', async () => {
      const found = (await typesOf(inboxId)).find((t) => t.eventType === 'charge.succeeded');
      const pending = (await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?limit=100`)).body.some(
        (e: Body) => e.contentType === 'application/json' && e.eventType === null,
      );
      return found?.count === DEFAULT_MIN_SAMPLES + 2 && !pending ? found : undefined;
    });
    assert.equal(info.drifted, 1);
  });

  it("a saved inbox's own rule: a header or a JSON pointer", async () => {
    const user = await rehook.createUser();
    const saved = (await createInbox(rehook, user.token)).id;
    const rulePath = `/api/v1/inboxes/${saved}/event-type-rule`;
    assertError(
      await call(rehook.apiUrl, rulePath, { method: 'PUT', token: user.token, json: { header: 'bad header' } }),
      400,
      'VALIDATION_FAILED',
    );
    assertError(
      await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/event-type-rule`, {
        method: 'PUT',
        token: user.token,
        json: { header: 'x-kind' },
      }),
      409,
      'INBOX_NOT_SAVED',
    );
    const put = await call(rehook.apiUrl, rulePath, {
      method: 'PUT',
      token: user.token,
      json: { pointer: '/meta/kind' },
    });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual(put.body.data.rule, { pointer: '/meta/kind' });
    await send({ meta: { kind: 'order.paid' }, total: 5 }, {}, saved, '/');
    await typeCount(saved, 'order.paid', 1, user.token);
    const got = await call(rehook.apiUrl, rulePath, { token: user.token });
    assert.deepEqual(got.body.data.rule, { pointer: '/meta/kind' });
    const removed = await call(rehook.apiUrl, rulePath, { method: 'DELETE', token: user.token });
    assert.equal(removed.body.data.removed, true);
    // Learned again without the rule: the event falls back to method and path.
    await typeCount(saved, 'POST /', 1, user.token);
  });

  it("a saved inbox's own minimum of samples decides when drift is judged", async () => {
    const user = await rehook.createUser();
    const saved = (await createInbox(rehook, user.token)).id;
    const path = `/api/v1/inboxes/${saved}/event-type-settings`;
    const initial = await call(rehook.apiUrl, path, { token: user.token });
    assert.equal(initial.status, 200, initial.text);
    assert.deepEqual(initial.body.data.settings, { minSamples: DEFAULT_MIN_SAMPLES, isDefault: true });
    for (const json of [{ minSamples: 0 }, { minSamples: 2.5 }, { minSamples: '3' }, { minSamples: 10_001 }, {}]) {
      const refused = await call(rehook.apiUrl, path, { method: 'PUT', token: user.token, json });
      assertError(refused, 400, 'VALIDATION_FAILED');
      assert.match(refused.body.error.message, /minSamples must be a whole number from 1 to 10000/);
    }
    assertError(
      await call(rehook.apiUrl, path, { method: 'PUT', token: user.token, json: { minSamples: 3, other: 1 } }),
      400,
      'VALIDATION_FAILED',
    );
    assertError(
      await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/event-type-settings`, {
        method: 'PUT',
        token: user.token,
        json: { minSamples: 3 },
      }),
      409,
      'INBOX_NOT_SAVED',
    );
    const put = await call(rehook.apiUrl, path, { method: 'PUT', token: user.token, json: { minSamples: 3 } });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual(put.body.data.settings, { minSamples: 3, isDefault: false });
    assert.deepEqual((await call(rehook.apiUrl, path, { token: user.token })).body.data.settings, {
      minSamples: 3,
      isDefault: false,
    });
    // Three events teach the type; the fourth, without `created`, drifts (under the default it would not).
    for (const i of [1, 2, 3]) await send(charge(100 + i), {}, saved);
    const changed = charge(104);
    delete changed.created;
    await send(changed, {}, saved);
    const info = await typeCount(saved, 'charge.succeeded', 4, user.token);
    assert.equal(info.drifted, 1);
    const schema = await call(rehook.apiUrl, `/api/v1/inboxes/${saved}/event-types/charge.succeeded/schema`, {
      token: user.token,
    });
    assert.ok(schema.body.data.schema.document.required.includes('data'), schema.text);
    // Back to the default: the type is learned again, and four events are too few to judge.
    const reset = await call(rehook.apiUrl, path, { method: 'DELETE', token: user.token });
    assert.equal(reset.status, 200, reset.text);
    assert.deepEqual(reset.body.data.settings, { minSamples: DEFAULT_MIN_SAMPLES, isDefault: true });
    await until('the type learned again under the default', async () => {
      const found = (await typesOf(saved, user.token)).find((t) => t.eventType === 'charge.succeeded');
      return found?.count === 4 && found.drifted === 0 ? found : undefined;
    });
  });
});
