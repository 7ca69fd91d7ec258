import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { forwardUrl } from '../../src/domain/forwarding.js';
import { backoffDelayMs } from '../../src/domain/outbound-delivery.js';
import { forwardHeaders, nextAfter } from '../../src/services/delivery-worker.js';
import { attemptRecord } from '../../src/services/outbound-worker.js';

describe('backoffDelayMs', () => {
  const policy = { baseDelayMs: 1_000, maxDelayMs: 60_000 };
  it('doubles from the base, with equal jitter: between half and all of the nominal delay', () => {
    for (const [attempt, nominal] of [
      [1, 1_000],
      [2, 2_000],
      [3, 4_000],
      [6, 32_000],
    ] as const) {
      assert.equal(backoffDelayMs(attempt, policy, 0), nominal / 2);
      assert.equal(backoffDelayMs(attempt, policy, 0.999999), Math.round(nominal / 2 + (nominal / 2) * 0.999999));
    }
  });
  it('never exceeds maxDelayMs, also for huge attempt numbers', () => {
    assert.equal(backoffDelayMs(7, policy, 1), 60_000);
    assert.equal(backoffDelayMs(1000, policy, 1), 60_000);
    assert.equal(backoffDelayMs(1000, policy, 0), 30_000);
  });
});

describe('forwardUrl', () => {
  const event = (path: string, query = '') => ({ inboxId: 'inb_x', path, query });
  it('appends the sub-path and the query, as rehook listen does', () => {
    assert.equal(
      forwardUrl('https://ex.com/webhooks', event('/i/inb_x/stripe', 'x=1')),
      'https://ex.com/webhooks/stripe?x=1',
    );
    assert.equal(
      forwardUrl('https://ex.com/webhooks/', event('/i/inb_x/stripe/v2')),
      'https://ex.com/webhooks/stripe/v2',
    );
    assert.equal(forwardUrl('https://ex.com/webhooks?k=1', event('/i/inb_x')), 'https://ex.com/webhooks?k=1');
    assert.equal(
      forwardUrl('https://ex.com/in?k=1', event('/i/inb_x/a', 'b=2&b=3')),
      'https://ex.com/in/a?k=1&b=2&b=3',
    );
    assert.equal(forwardUrl('http://127.0.0.1:8000', event('/i/inb_x/')), 'http://127.0.0.1:8000/');
    assert.equal(forwardUrl('https://ex.com/a', event('/i/inb_x/%2F..%20x')), 'https://ex.com/a/%2F..%20x');
  });
});

describe('the delivery worker decisions', () => {
  const claimed = {
    eventId: 'evt_x',
    inboxId: 'inb_x',
    attempt: 2,
    number: 2,
    forwarding: { destination: 'https://ex.com', enabled: true, maxAttempts: 3, maxDelayMs: 10_000 },
  };
  const now = new Date(0);
  it('delivers on 2xx, retries other statuses and failures, fails when out of attempts or forbidden', () => {
    assert.deepEqual(nextAfter(claimed, 'delivered', now, 100), { state: 'delivered' });
    assert.deepEqual(nextAfter(claimed, 'rejected', now, 100, 0), { state: 'pending', nextAttemptAt: new Date(100) });
    assert.deepEqual(nextAfter(claimed, 'timeout', now, 100, 0), { state: 'pending', nextAttemptAt: new Date(100) });
    assert.deepEqual(nextAfter(claimed, 'forbidden', now, 100), { state: 'failed' });
    assert.deepEqual(nextAfter({ ...claimed, attempt: 3 }, 'unreachable', now, 100), { state: 'failed' });
  });
  it('records a 2xx as delivered, another status as rejected, failures with their error code', () => {
    const base = { eventId: 'evt_x', number: 1, startedAt: now, url: 'https://ex.com' };
    const answer = (statusCode: number) => ({
      kind: 'response' as const,
      statusCode,
      latencyMs: 5,
      headers: [],
      body: Buffer.alloc(0),
      truncated: false,
    });
    assert.equal(attemptRecord(base, answer(204)).outcome, 'delivered');
    assert.deepEqual(
      (({ outcome, statusCode, errorCode, errorMessage }) => ({ outcome, statusCode, errorCode, errorMessage }))(
        attemptRecord(base, answer(302)),
      ),
      { outcome: 'rejected', statusCode: 302, errorCode: null, errorMessage: 'the destination answered 302' },
    );
    const failed = attemptRecord(base, { kind: 'timeout', reason: 'no answer in 30 s', latencyMs: 30_000 });
    assert.deepEqual([failed.outcome, failed.errorCode, failed.statusCode], ['timeout', 'DESTINATION_TIMEOUT', null]);
  });
  it('adds the event id and the attempt number, replacing captured headers of those names', () => {
    assert.deepEqual(
      forwardHeaders(
        [
          ['X-Rehook-Event-Id', 'forged'],
          ['A', '1'],
          ['x-rehook-delivery-attempt', '9'],
        ],
        'evt_x',
        2,
      ),
      [
        ['A', '1'],
        ['X-Rehook-Event-Id', 'evt_x'],
        ['X-Rehook-Delivery-Attempt', '2'],
      ],
    );
  });
});
