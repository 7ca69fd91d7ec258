// Response rules without a server: the matcher, the stored form, the ingest cache, and
// captureRequest's use of it (chosen before the insert, recorded, a failed read is a failure).
//
//   node --import tsx --test test/unit/responses.test.ts
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseAnswer, subPathOf, type InboxResponse } from '../../src/domain/response.js';
import { parseInboxResponseInput } from '../../src/domain/response-input.js';
import { decodeStoredResponse, encodeStoredResponse } from '../../src/domain/response-json.js';
import { createEventIdFactory, newId } from '../../src/domain/ids.js';
import { StorageError } from '../../src/errors.js';
import type { Store } from '../../src/ports/store.js';
import { captureRequest, type IncomingCapture } from '../../src/services/ingest.js';
import { ResponseCache } from '../../src/services/responses.js';

function parsed(input: unknown): InboxResponse {
  const result = parseInboxResponseInput(input);
  assert.ok(result.ok, result.ok ? '' : `${result.problem.path}: ${result.problem.message}`);
  return { inboxId: 'inb_x', ...result.value, updatedAt: new Date(0) };
}

describe('choosing the answer', () => {
  const response = parsed({
    status: 299,
    rules: [
      { match: { pathPrefix: '/a' }, response: { status: 201 } },
      { match: { pathPrefix: '/b/' }, response: { status: 202 } },
      { match: { pathPrefix: '/', method: 'delete' }, response: { status: 203 } },
      { match: { header: { name: 'x-k', value: 'V' } }, response: { status: 204 } },
    ],
  });
  const pick = (method: string, subPath: string, rawHeaders: string[] = []) =>
    chooseAnswer(response, { method, subPath, rawHeaders }).record;

  test('path prefixes by whole segments; the first match wins; the default otherwise', () => {
    assert.deepEqual(pick('POST', '/a'), { rule: 0, status: 201 });
    assert.deepEqual(pick('POST', '/a/b'), { rule: 0, status: 201 });
    assert.deepEqual(pick('POST', '/ab'), { rule: null, status: 299 });
    assert.deepEqual(pick('POST', '/b'), { rule: null, status: 299 });
    assert.deepEqual(pick('POST', '/b/'), { rule: 1, status: 202 });
    assert.deepEqual(pick('DELETE', '/b/x'), { rule: 1, status: 202 });
    assert.deepEqual(pick('DELETE', '/'), { rule: 2, status: 203 });
    assert.deepEqual(pick('GET', '/A'), { rule: null, status: 299 });
  });

  test('header values are exact, names any case, any copy counts', () => {
    assert.deepEqual(pick('POST', '/z', ['X-K', 'v']), { rule: null, status: 299 });
    assert.deepEqual(pick('POST', '/z', ['X-K', 'v', 'x-k', 'V']), { rule: 3, status: 204 });
  });

  test('the path below the inbox', () => {
    assert.equal(subPathOf('/i/inb_x', 'inb_x'), '/');
    assert.equal(subPathOf('/i/inb_x/', 'inb_x'), '/');
    assert.equal(subPathOf('/i/inb_x/fail/now', 'inb_x'), '/fail/now');
  });

  test('the stored form reads back equal, binary bodies included', () => {
    const original = parsed({
      bodyBase64: Buffer.from([0, 255, 128]).toString('base64'),
      headers: [['A', 'b']],
      rules: [{ match: {}, response: { body: 'x' } }],
    });
    const back = decodeStoredResponse('inb_x', encodeStoredResponse(original), new Date(0));
    assert.deepEqual(back, original);
    assert.throws(() => decodeStoredResponse('inb_x', '{"v":2}', new Date(0)), /unknown version/);
  });
});

describe('ResponseCache', () => {
  function fakeRepository() {
    const calls: string[] = [];
    const pending: Array<{ id: string; resolve: (r: InboxResponse | null) => void; reject: (e: unknown) => void }> = [];
    return {
      calls,
      pending,
      find: (id: string) =>
        new Promise<InboxResponse | null>((resolve, reject) => {
          calls.push(id);
          pending.push({ id, resolve, reject });
        }),
    };
  }

  test('a fresh entry is returned synchronously; after maxAgeMs it is read again', async () => {
    let now = 0;
    const repository = fakeRepository();
    const cache = new ResponseCache(repository, { maxAgeMs: 1000, now: () => now });
    const first = cache.lookup('inb_a');
    assert.ok(first instanceof Promise);
    repository.pending.shift()?.resolve(null);
    assert.equal(await first, null);
    now = 999;
    assert.equal(cache.lookup('inb_a'), null);
    assert.equal(repository.calls.length, 1);
    now = 1000;
    assert.ok(cache.lookup('inb_a') instanceof Promise);
    assert.equal(repository.calls.length, 2);
  });

  test('concurrent misses share one read; a failed read is not cached and rejects', async () => {
    const repository = fakeRepository();
    const cache = new ResponseCache(repository, { now: () => 0 });
    const a = cache.lookup('inb_a');
    const b = cache.lookup('inb_a');
    assert.equal(repository.calls.length, 1);
    repository.pending.shift()?.reject(new StorageError('down'));
    await assert.rejects(a as Promise<unknown>, StorageError);
    await assert.rejects(b as Promise<unknown>, StorageError);
    assert.ok(cache.lookup('inb_a') instanceof Promise);
    assert.equal(repository.calls.length, 2);
  });

  test('invalidate drops the entry, and a read that was in flight is not cached', async () => {
    const repository = fakeRepository();
    const cache = new ResponseCache(repository, { now: () => 0 });
    const stale = parsed({ status: 500 });
    const inFlight = cache.lookup('inb_a');
    cache.invalidate('inb_a');
    repository.pending.shift()?.resolve(stale);
    assert.equal(await inFlight, stale);
    // Not cached: the next lookup reads again and gets the new value.
    const fresh = parsed({ status: 201 });
    const next = cache.lookup('inb_a');
    assert.ok(next instanceof Promise);
    repository.pending.shift()?.resolve(fresh);
    assert.equal(await next, fresh);
    assert.equal(cache.lookup('inb_a'), fresh);
    cache.invalidate('inb_a');
    assert.ok(cache.lookup('inb_a') instanceof Promise);
  });

  test('bounded: the entries read longest ago go first', async () => {
    const repository = fakeRepository();
    const cache = new ResponseCache(repository, { now: () => 0, maxEntries: 2 });
    for (const id of ['inb_1', 'inb_2', 'inb_3']) {
      const read = cache.lookup(id);
      repository.pending.shift()?.resolve(null);
      await read;
    }
    assert.equal(cache.lookup('inb_2'), null);
    assert.equal(cache.lookup('inb_3'), null);
    assert.ok(cache.lookup('inb_1') instanceof Promise);
  });
});

describe('captureRequest with response rules', () => {
  const inboxId = newId('inbox');
  const incoming: IncomingCapture = {
    inboxId,
    method: 'POST',
    path: `/i/${inboxId}/fail/x`,
    query: '',
    rawHeaders: ['Content-Type', 'text/plain'],
    body: Buffer.from('hi'),
    sourceIp: '127.0.0.1',
  };

  function deps(find: () => Promise<InboxResponse | null>, inserted: unknown[]) {
    const store = {
      responses: { find },
      events: {
        insertIfInboxLive: async (event: unknown) => {
          inserted.push(event);
          return true;
        },
      },
    } as unknown as Store;
    return {
      store,
      clock: { now: () => new Date(0) },
      bus: { publish: () => undefined } as never,
      newEventId: createEventIdFactory(),
      responses: new ResponseCache(store.responses),
    };
  }

  test('the chosen answer is recorded with the event and returned for sending', async () => {
    const inserted: Array<{ answer: unknown }> = [];
    const response = parsed({
      status: 202,
      rules: [{ match: { pathPrefix: '/fail' }, response: { status: 500, body: 'no' } }],
    });
    const result = await captureRequest(
      deps(async () => response, inserted),
      incoming,
    );
    assert.equal(result.stored, true);
    assert.deepEqual(inserted[0]?.answer, { rule: 0, status: 500 });
    assert.equal(result.stored && result.answer?.body.toString(), 'no');
  });

  test("no response: nothing is recorded (the contract's 200) and nothing is returned to send", async () => {
    const inserted: Array<{ answer: unknown }> = [];
    const result = await captureRequest(
      deps(async () => null, inserted),
      incoming,
    );
    assert.equal(inserted[0]?.answer, null);
    assert.equal(result.stored && result.answer, null);
  });

  test('a response that cannot be read fails the capture (503), and nothing is inserted', async () => {
    const inserted: unknown[] = [];
    await assert.rejects(
      captureRequest(
        deps(() => Promise.reject(new StorageError('database down')), inserted),
        incoming,
      ),
      StorageError,
    );
    assert.equal(inserted.length, 0);
  });
});
