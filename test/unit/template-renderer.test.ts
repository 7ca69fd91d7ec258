// The template render threads (src/services/template-renderer.ts) on real worker threads: a
// render past the time limit or the heap limit is stopped and its thread replaced, and a full
// queue answers at once instead of growing. Orders are asserted, never durations.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChosenAnswer, ResponseAnswer } from '../../src/domain/response.js';
import type { ResolvedAnswer, TemplateRequest } from '../../src/services/response-templates.js';
import { TemplateRenderer } from '../../src/services/template-renderer.js';

const request: TemplateRequest = {
  eventId: 'evt_1',
  method: 'POST',
  subPath: '/',
  query: '',
  headers: [],
  body: Buffer.from('{"id":"x1"}'),
  receivedAt: new Date('2026-12-01T10:00:00.000Z'),
};

const answer = (body: string, template = true, status = 200): ResponseAnswer => ({
  status,
  headers: [['X-Method', template ? '{{ method }}' : 'plain']],
  body: Buffer.from(body),
  delayMs: 0,
  template,
});

/** A rule's answer, with a plain default answer (418) to fall back to. */
const rule = (body: string): ChosenAnswer => ({
  answer: answer(body, true, 201),
  record: { rule: 0, status: 201 },
  defaultAnswer: answer('fallback', false, 418),
});

/** One step of many seconds in little memory: only terminating its thread stops it. */
const LONG_STEP = `{{ (1..1000000)${' | where: "a", nil'.repeat(14)} | size }}`;
/** Strings for a million items, sorted again and again: far more heap than a thread is given. */
const HEAP_HOG = `{{ (1..1000000)${' | sort_natural'.repeat(14)} | size }}`;

async function inOrder(named: Record<string, Promise<ResolvedAnswer>>): Promise<string[]> {
  const order: string[] = [];
  await Promise.all(Object.entries(named).map(([name, promise]) => promise.then(() => order.push(name))));
  return order;
}

describe('template render threads', () => {
  it('renders on a thread: Buffers, headers and the record come back as they were', async () => {
    const renderer = new TemplateRenderer();
    try {
      const resolved = await renderer.resolve(rule('got {{ body.id }}'), request, 'inb_a');
      assert.equal(resolved.answer?.status, 201);
      assert.ok(Buffer.isBuffer(resolved.answer?.body));
      assert.equal(resolved.answer?.body.toString(), 'got x1');
      assert.deepEqual(resolved.answer?.headers, [['X-Method', 'POST']]);
      assert.deepEqual(resolved.record, { rule: 0, status: 201 });
    } finally {
      await renderer.close();
    }
  });

  it('a render past the time limit has its thread terminated and replaced', { timeout: 60_000 }, async () => {
    const renderer = new TemplateRenderer({ timeoutMs: 200, threads: 1 });
    try {
      const stopped = await renderer.resolve(rule(LONG_STEP), request, 'inb_a');
      assert.equal(stopped.answer?.status, 418);
      assert.equal(stopped.answer?.body.toString(), 'fallback');
      assert.deepEqual(stopped.record, {
        rule: null,
        status: 418,
        error: 'rule 0: rendering took longer than 200 ms and was stopped',
      });
      assert.equal(renderer.stats().terminated, 1);
      // Another inbox renders on the thread that replaced it.
      const next = await renderer.resolve(rule('again {{ method }}'), request, 'inb_b');
      assert.equal(next.answer?.body.toString(), 'again POST');
    } finally {
      await renderer.close();
    }
  });

  it('a render past the heap limit stops its thread, not the process', { timeout: 120_000 }, async () => {
    const renderer = new TemplateRenderer({ timeoutMs: 100_000, threads: 1, heapMb: 32 });
    try {
      const stopped = await renderer.resolve(rule(HEAP_HOG), request, 'inb_a');
      assert.equal(stopped.record.error, 'rule 0: rendering ran out of memory and was stopped');
      assert.equal(stopped.answer?.status, 418);
      const next = await renderer.resolve(rule('ok'), request, 'inb_b');
      assert.equal(next.answer?.body.toString(), 'ok');
    } finally {
      await renderer.close();
    }
  });

  it('a full queue answers at once, in all and per inbox; a wait has a limit', { timeout: 60_000 }, async () => {
    const renderer = new TemplateRenderer({
      timeoutMs: 100_000,
      threads: 1,
      maxQueued: 2,
      maxQueuedPerInbox: 1,
      maxWaitMs: 60_000,
    });
    try {
      const running = renderer.resolve(rule(LONG_STEP), request, 'inb_attacker');
      // The thread has started and took the render: nothing else runs until it is stopped.
      while (renderer.stats().running === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const queued = renderer.resolve(rule('queued'), request, 'inb_attacker');
      const sameInbox = renderer.resolve(rule('same inbox'), request, 'inb_attacker');
      const otherInbox = renderer.resolve(rule('other inbox'), request, 'inb_other');
      const overAll = renderer.resolve(rule('over all'), request, 'inb_third');
      assert.deepEqual(renderer.stats(), { running: 1, queued: 2, terminated: 0, threads: 1 });
      const busy = /^rule 0: the template renderer is busy \(too many renders waiting\); not rendered$/;
      assert.match((await sameInbox).record.error ?? '', busy);
      assert.match((await overAll).record.error ?? '', busy);
      assert.equal((await overAll).answer?.status, 418);
      assert.equal(renderer.stats().running, 1, 'answered while the long render still runs');
      // Closing answers what runs and what waits.
      const order = inOrder({ running, queued, otherInbox });
      await renderer.close();
      assert.equal((await order).length, 3);
      for (const pending of [running, queued, otherInbox])
        assert.equal((await pending).record.error, 'rule 0: the server is shutting down');
    } finally {
      await renderer.close();
    }
  });

  it('a render waiting behind a busy thread gives up after maxWaitMs', { timeout: 60_000 }, async () => {
    const renderer = new TemplateRenderer({ timeoutMs: 100_000, threads: 1, maxWaitMs: 50 });
    try {
      const running = renderer.resolve(rule(LONG_STEP), request, 'inb_attacker');
      while (renderer.stats().running === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const waited = await renderer.resolve(rule('waits'), request, 'inb_other');
      assert.equal(waited.record.error, 'rule 0: no template render thread was free within 50 ms; not rendered');
      assert.equal(renderer.stats().running, 1, 'the long render still runs');
      await renderer.close();
      assert.equal((await running).record.error, 'rule 0: the server is shutting down');
    } finally {
      await renderer.close();
    }
  });

  it('a render waiting for a second thread to start waits for the start, not behind the busy one', {
    timeout: 60_000,
  }, async () => {
    // maxWaitMs is far shorter than any thread's start: the render can only succeed when a
    // thread that is starting for it counts as starting (startWaitMs), not as a busy thread.
    const renderer = new TemplateRenderer({ timeoutMs: 100_000, threads: 2, maxWaitMs: 1, startWaitMs: 60_000 });
    try {
      const running = renderer.resolve(rule(LONG_STEP), request, 'inb_attacker');
      while (renderer.stats().running === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const other = await renderer.resolve(rule('other {{ method }}'), request, 'inb_other');
      assert.equal(other.record.error, undefined, other.record.error);
      assert.equal(other.answer?.body.toString(), 'other POST');
      assert.equal(renderer.stats().threads, 2);
      await renderer.close();
      assert.equal((await running).record.error, 'rule 0: the server is shutting down');
    } finally {
      await renderer.close();
    }
  });

  it('the default answer failing falls back to the contract answer; a plain answer never reaches a thread', async () => {
    const renderer = new TemplateRenderer({ timeoutMs: 200 });
    try {
      const chosen: ChosenAnswer = {
        answer: answer(LONG_STEP, true, 202),
        record: { rule: null, status: 202 },
        defaultAnswer: answer(LONG_STEP, true, 202),
      };
      const stopped = await renderer.resolve(chosen, request, 'inb_a');
      assert.equal(stopped.answer, null);
      assert.deepEqual(stopped.record, {
        rule: null,
        status: 200,
        error: 'default answer: rendering took longer than 200 ms and was stopped',
      });
      const plain: ChosenAnswer = { ...chosen, answer: answer('{{ x }}', false) };
      const before = renderer.stats();
      assert.equal(await renderer.resolve(plain, request, 'inb_a'), plain);
      assert.deepEqual(renderer.stats(), before);
    } finally {
      await renderer.close();
    }
  });

  it('an inbox whose render was stopped is not rendered again during its cooldown', { timeout: 60_000 }, async () => {
    const renderer = new TemplateRenderer({ timeoutMs: 200, threads: 1, cooldownMs: 600_000 });
    try {
      const stopped = await renderer.resolve(rule(LONG_STEP), request, 'inb_attacker');
      assert.match(stopped.record.error ?? '', /took longer than 200 ms/);
      const before = renderer.stats();
      const again = await renderer.resolve(rule('harmless now'), request, 'inb_attacker');
      assert.equal(again.answer?.status, 418);
      assert.equal(
        again.record.error,
        'rule 0: a render of this inbox was stopped less than 600000 ms ago; not rendered',
      );
      assert.deepEqual(renderer.stats(), before, 'nothing reached a thread');
      const other = await renderer.resolve(rule('other {{ method }}'), request, 'inb_other');
      assert.equal(other.answer?.body.toString(), 'other POST');
    } finally {
      await renderer.close();
    }
  });

  it('after a thread is terminated, the next one starts only after as long a rest', { timeout: 60_000 }, async () => {
    const renderer = new TemplateRenderer({ timeoutMs: 200, threads: 1 });
    try {
      await renderer.resolve(rule(LONG_STEP), request, 'inb_attacker');
      const next = renderer.resolve(rule('next {{ method }}'), request, 'inb_other');
      assert.deepEqual(renderer.stats(), { running: 0, queued: 1, terminated: 1, threads: 0 }, 'resting');
      assert.equal((await next).answer?.body.toString(), 'next POST');
    } finally {
      await renderer.close();
    }
  });
});
