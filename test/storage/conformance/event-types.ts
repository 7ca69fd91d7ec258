import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { eventSummaryPageJson } from '../../../src/domain/event-json.js';
import { newId } from '../../../src/domain/ids.js';
import { emptyLearnedSchema, foldSample } from '../../../src/domain/learned-schema.js';
import type { EventTypeSummary } from '../../../src/ports/event-type-repository.js';
import { anonymousInbox, at, createEventMaker, HOUR, insertEvent, ownedInbox, type StoreGetter } from './fixtures.js';

function summary(inboxId: string, eventType: string, samples: unknown[], overrides: Partial<EventTypeSummary> = {}) {
  const shape = emptyLearnedSchema();
  for (const sample of samples) foldSample(shape, sample);
  return {
    inboxId,
    eventType,
    count: samples.length,
    drifted: 0,
    firstSeen: at(HOUR),
    lastSeen: at(2 * HOUR),
    shape,
    ...overrides,
  };
}

/** Conformance cases for EventTypeRepository (migration 17). */
export function describeEventTypeCases(store: StoreGetter): void {
  describe('event types', () => {
    it('lists untyped events oldest first, bodies only up to the size asked, until a batch types them', async () => {
      const inbox = anonymousInbox();
      await store().inboxes.insert(inbox);
      const make = createEventMaker();
      const small = make(inbox.id, { body: Buffer.from('{"a":1}') });
      const large = make(inbox.id, { body: Buffer.from(`{"a":"${'x'.repeat(100)}"}`) });
      for (const event of [small, large]) assert.equal(await insertEvent(store(), event), true);
      const untyped = await store().eventTypes.listUntyped(10, 50);
      assert.deepEqual(
        untyped.map((e) => e.id),
        [small.id, large.id],
      );
      assert.deepEqual(untyped[0]?.body, small.body);
      assert.deepEqual(untyped[0]?.headers, small.headers);
      assert.equal(untyped[1]?.body, null);
      const drift = [{ kind: 'new-property' as const, path: '/b' }];
      await store().eventTypes.applyBatch({
        events: [
          { id: small.id, eventType: 'thing', drift: null },
          { id: large.id, eventType: 'thing', drift: JSON.stringify(drift) },
        ],
        summaries: [summary(inbox.id, 'thing', [{ a: 1 }, { a: 'x' }], { drifted: 1 })],
      });
      assert.deepEqual(await store().eventTypes.listUntyped(10, 50), []);
      // The stored event carries its type and drift, in the summary page JSON too.
      const found = await store().events.findById(large.id);
      assert.equal(found?.eventType, 'thing');
      assert.deepEqual(found?.drift, drift);
      const page = await store().events.listSummaryPageJson(inbox.id, { limit: 10 });
      const listed = await store().events.listByInbox(inbox.id, { limit: 10 });
      assert.equal(page.json, eventSummaryPageJson(listed));
      assert.equal((JSON.parse(page.json) as { eventType: string }[])[0]?.eventType, 'thing');
    });

    it('keeps summaries per inbox and type, whole, replaced by the next batch', async () => {
      const inbox = newId('inbox');
      const first = summary(inbox, 'a.b', [{ x: 1 }]);
      await store().eventTypes.applyBatch({ events: [], summaries: [first, summary(inbox, 'c', [{ y: 'z' }])] });
      const [found] = await store().eventTypes.findSummaries(inbox, ['a.b']);
      assert.deepEqual(found, first);
      const second = summary(inbox, 'a.b', [{ x: 1 }, { x: 2, w: null }], { lastSeen: at(3 * HOUR), drifted: 1 });
      await store().eventTypes.applyBatch({ events: [], summaries: [second] });
      assert.deepEqual(await store().eventTypes.findSummaries(inbox, ['a.b', 'nope']), [second]);
      const listed = await store().eventTypes.listByInbox(inbox);
      assert.deepEqual(
        listed.map((t) => [t.eventType, t.count, t.drifted]),
        [
          ['a.b', 2, 1],
          ['c', 1, 0],
        ],
      );
      assert.deepEqual(await store().eventTypes.listByInbox(newId('inbox')), []);
    });

    it('a rebuild drops the summary and marks its events untyped in bounded steps, then is done', async () => {
      const inbox = anonymousInbox();
      await store().inboxes.insert(inbox);
      const make = createEventMaker();
      const events = [make(inbox.id), make(inbox.id), make(inbox.id)];
      for (const event of events) await insertEvent(store(), event);
      await store().eventTypes.applyBatch({
        events: events.map((e, i) => ({ id: e.id, eventType: i < 2 ? 't' : 'u', drift: null })),
        summaries: [summary(inbox.id, 't', [{}, {}]), summary(inbox.id, 'u', [{}])],
      });
      await store().eventTypes.requestRebuild({ inboxId: inbox.id, eventType: 't' });
      await store().eventTypes.requestRebuild({ inboxId: inbox.id, eventType: 't' });
      const request = await store().eventTypes.nextRebuild();
      assert.deepEqual(request, { inboxId: inbox.id, eventType: 't' });
      assert.equal(await store().eventTypes.resetStep({ inboxId: inbox.id, eventType: 't' }, 1), 1);
      assert.equal(await store().eventTypes.resetStep({ inboxId: inbox.id, eventType: 't' }, 1), 1);
      assert.equal(await store().eventTypes.resetStep({ inboxId: inbox.id, eventType: 't' }, 1), 0);
      assert.equal(await store().eventTypes.nextRebuild(), null);
      assert.deepEqual(
        (await store().eventTypes.listUntyped(10, 1000)).map((e) => e.id),
        [events[0]?.id, events[1]?.id],
      );
      assert.deepEqual(
        (await store().eventTypes.listByInbox(inbox.id)).map((t) => t.eventType),
        ['u'],
      );
      // Every type of the inbox.
      await store().eventTypes.requestRebuild({ inboxId: inbox.id, eventType: null });
      assert.deepEqual(await store().eventTypes.nextRebuild(), { inboxId: inbox.id, eventType: null });
      assert.equal(await store().eventTypes.resetStep({ inboxId: inbox.id, eventType: null }, 10), 1);
      assert.equal(await store().eventTypes.resetStep({ inboxId: inbox.id, eventType: null }, 10), 0);
      assert.deepEqual(await store().eventTypes.listByInbox(inbox.id), []);
      assert.equal((await store().eventTypes.listUntyped(10, 1000)).length, 3);
    });

    it("sets an owned inbox's rule only for its owner, reads and removes it", async () => {
      const owner = newId('account');
      const inbox = ownedInbox(owner);
      await store().inboxes.insert(inbox);
      assert.equal(await store().eventTypes.findRule(inbox.id), null);
      assert.equal(
        await store().eventTypes.putRule(inbox.id, { kind: 'header', header: 'X-Kind' }, newId('account'), at(0)),
        false,
      );
      assert.equal(
        await store().eventTypes.putRule(inbox.id, { kind: 'header', header: 'X-Kind' }, owner, at(0)),
        true,
      );
      assert.equal(
        await store().eventTypes.putRule(inbox.id, { kind: 'pointer', pointer: '/a/b' }, owner, at(1)),
        true,
      );
      assert.deepEqual(await store().eventTypes.findRule(inbox.id), { kind: 'pointer', pointer: '/a/b' });
      const rules = await store().eventTypes.findRules([inbox.id, newId('inbox')]);
      assert.deepEqual([...rules], [[inbox.id, { kind: 'pointer', pointer: '/a/b' }]]);
      assert.equal(await store().eventTypes.deleteRule(inbox.id), true);
      assert.equal(await store().eventTypes.deleteRule(inbox.id), false);
      assert.equal(await store().eventTypes.findRule(inbox.id), null);
    });

    it("sets an owned inbox's minimum of samples only for its owner, reads and removes it", async () => {
      const owner = newId('account');
      const inbox = ownedInbox(owner);
      const other = ownedInbox(owner);
      for (const i of [inbox, other]) await store().inboxes.insert(i);
      const repo = store().eventTypes;
      assert.deepEqual([...(await repo.findMinSamples([inbox.id, other.id]))], []);
      assert.equal(await repo.putMinSamples(inbox.id, 7, newId('account'), at(0)), false);
      assert.equal(await repo.putMinSamples(newId('inbox'), 7, owner, at(0)), false);
      assert.equal(await repo.putMinSamples(inbox.id, 7, owner, at(0)), true);
      assert.equal(await repo.putMinSamples(inbox.id, 10_000, owner, at(1)), true);
      assert.equal(await repo.putMinSamples(other.id, 1, owner, at(1)), true);
      const found = await repo.findMinSamples([inbox.id, other.id, newId('inbox')]);
      assert.deepEqual(
        [...found].sort(([a], [b]) => a.localeCompare(b)),
        [
          [inbox.id, 10_000],
          [other.id, 1],
        ].sort(([a], [b]) => String(a).localeCompare(String(b))),
      );
      assert.equal(await repo.deleteMinSamples(inbox.id), true);
      assert.equal(await repo.deleteMinSamples(inbox.id), false);
      assert.deepEqual([...(await repo.findMinSamples([inbox.id]))], []);
    });

    it('lists drifted events newest first, page by page', async () => {
      const inbox = anonymousInbox();
      await store().inboxes.insert(inbox);
      const make = createEventMaker();
      const events = Array.from({ length: 5 }, () => make(inbox.id));
      for (const event of events) await insertEvent(store(), event);
      const drift = JSON.stringify([{ kind: 'missing-property', path: '/a' }]);
      await store().eventTypes.applyBatch({
        events: events.map((e, i) => ({ id: e.id, eventType: 't', drift: i % 2 === 0 ? drift : null })),
        summaries: [],
      });
      const first = await store().eventTypes.listDrifted(inbox.id, { limit: 2 });
      assert.deepEqual(
        first.events.map((e) => e.id),
        [events[4]?.id, events[2]?.id],
      );
      assert.equal(first.nextBefore, events[2]?.id);
      assert.deepEqual(first.events[0]?.drift, [{ kind: 'missing-property', path: '/a' }]);
      const second = await store().eventTypes.listDrifted(inbox.id, { limit: 2, before: first.nextBefore ?? '' });
      assert.deepEqual(
        second.events.map((e) => e.id),
        [events[0]?.id],
      );
      assert.equal(second.nextBefore, null);
    });

    it('finds the previous event of a type, or of a method and exact path, within a bounded look-back', async () => {
      const inbox = anonymousInbox();
      const other = anonymousInbox();
      await store().inboxes.insert(inbox);
      await store().inboxes.insert(other);
      const make = createEventMaker();
      const path = (below: string) => `/i/${inbox.id}${below}`;
      // Oldest first: a, b (other inbox, same type), c, d, e.
      const a = make(inbox.id, { path: path('/stripe') });
      const b = make(other.id, { path: `/i/${other.id}/stripe` });
      const c = make(inbox.id, { path: path('/stripe/more') });
      const d = make(inbox.id, { method: 'PUT', path: path('/stripe') });
      const e = make(inbox.id, { path: path('/stripe') });
      for (const event of [a, b, c, d, e]) assert.equal(await insertEvent(store(), event), true);
      await store().eventTypes.applyBatch({
        events: [
          { id: a.id, eventType: 'invoice.paid', drift: null },
          { id: b.id, eventType: 'invoice.paid', drift: null },
          { id: c.id, eventType: 'invoice.paid', drift: null },
          { id: d.id, eventType: 'charge.failed', drift: null },
        ],
        summaries: [],
      });
      const byType = { kind: 'type' as const, eventType: 'invoice.paid' };
      // The same type on another path counts; another inbox's event never does.
      assert.equal((await store().eventTypes.findPrevious(inbox.id, e.id, byType, 100))?.id, c.id);
      assert.equal((await store().eventTypes.findPrevious(inbox.id, c.id, byType, 100))?.id, a.id);
      assert.equal(await store().eventTypes.findPrevious(inbox.id, a.id, byType, 100), null);
      // The look-back: the one event just before e is d, of another type; two reach c.
      assert.equal(await store().eventTypes.findPrevious(inbox.id, e.id, byType, 1), null);
      assert.equal((await store().eventTypes.findPrevious(inbox.id, e.id, byType, 2))?.id, c.id);
      // Method and exact path (not a prefix, not another method).
      const route = { kind: 'route' as const, method: 'POST', path: path('/stripe') };
      const found = await store().eventTypes.findPrevious(inbox.id, e.id, route, 100);
      assert.equal(found?.id, a.id);
      assert.equal(found?.eventType, 'invoice.paid');
      assert.equal(await store().eventTypes.findPrevious(inbox.id, a.id, route, 100), null);
      assert.equal((await store().eventTypes.findPrevious(inbox.id, e.id, { ...route, method: 'PUT' }, 100))?.id, d.id);
    });
  });
}
