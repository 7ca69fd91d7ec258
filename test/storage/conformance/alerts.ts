import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { AlertAttempt, NewAlertNotification } from '../../../src/domain/alert-notification.js';
import type { AlertRule } from '../../../src/domain/alerts.js';
import { ABANDONED_MESSAGE } from '../../../src/domain/outbound-delivery.js';
import { newId } from '../../../src/domain/ids.js';
import { at, ownedInbox, type StoreGetter } from './fixtures.js';

const RULES: AlertRule[] = [
  {
    id: 'alr_0001',
    name: 'Paid',
    kind: 'event',
    filter: 'method=POST&json=type=paid',
    url: 'https://alerts.example.com/a',
    format: 'json',
    enabled: true,
    quietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Paris' },
    rateLimit: { max: 5, windowSeconds: 60 },
  },
  {
    id: 'alr_0002',
    name: 'Down',
    kind: 'forwarding',
    failures: 3,
    url: 'https://hooks.slack.example/x',
    format: 'slack',
    enabled: false,
  },
];

let counter = 0;

function notification(inboxId: string, overrides: Partial<NewAlertNotification> = {}): NewAlertNotification {
  counter += 1;
  return {
    id: `ntf_${String(counter).padStart(6, '0')}`,
    inboxId,
    ruleId: 'alr_0001',
    ruleName: 'Paid',
    kind: 'event',
    type: 'alert',
    url: 'https://alerts.example.com/a',
    format: 'json',
    body: '{"text":"héllo"}',
    eventId: null,
    createdAt: at(0),
    ...overrides,
  };
}

function attemptOf(number: number, overrides: Partial<AlertAttempt> = {}): AlertAttempt {
  return {
    number,
    startedAt: at(5),
    url: 'https://alerts.example.com/a',
    outcome: 'rejected',
    statusCode: 503,
    latencyMs: 12.5,
    errorCode: null,
    errorMessage: 'the destination answered 503',
    ...overrides,
  };
}

async function savedInbox(store: StoreGetter): Promise<string> {
  const inbox = ownedInbox(newId('account'));
  await store().inboxes.insert(inbox);
  return inbox.id;
}

/** Conformance cases for alert rules and their notification queue (migration 15). */
export function describeAlertCases(store: StoreGetter): void {
  describe('alert rules and notifications', () => {
    it("stores, replaces and removes an inbox's rules exactly", async () => {
      const inboxId = await savedInbox(store);
      assert.equal(await store().alerts.findRules(inboxId), null);
      await store().alerts.putRules(inboxId, RULES, at(0));
      assert.deepEqual(await store().alerts.findRules(inboxId), RULES);
      assert.ok((await store().alerts.inboxIdsWithRules()).includes(inboxId));
      await store().alerts.putRules(inboxId, [], at(1));
      assert.deepEqual(await store().alerts.findRules(inboxId), []);
      assert.equal(await store().alerts.removeRules(inboxId, at(2)), 0);
      assert.equal(await store().alerts.findRules(inboxId), null);
      assert.equal(await store().alerts.removeRules(inboxId, at(3)), null);
      assert.ok(!(await store().alerts.inboxIdsWithRules()).includes(inboxId));
    });

    it('queues, leases, completes and lists notifications with their attempts', async () => {
      const inboxId = await savedInbox(store);
      const queued = await store().alerts.enqueue(notification(inboxId, { eventId: 'evt_x', type: 'summary' }));
      assert.equal(queued.state, 'pending');
      assert.equal(queued.attempts, 0);
      assert.deepEqual(queued.nextAttemptAt, at(0));
      assert.equal(queued.body, '{"text":"héllo"}');
      // Not due before its time; due at it.
      assert.deepEqual(
        (await store().alerts.claim({ owner: 'w1', now: at(-1), leaseMs: 1000, limit: 10 })).filter(
          (c) => c.inboxId === inboxId,
        ),
        [],
      );
      const claimed = (await store().alerts.claim({ owner: 'w1', now: at(0), leaseMs: 1000, limit: 1000 })).filter(
        (c) => c.inboxId === inboxId,
      );
      assert.deepEqual(claimed, [
        { id: queued.id, inboxId, attempt: 1, number: 1, url: queued.url, body: queued.body },
      ]);
      // Leased: another claimer does not get it before the lease ends.
      const other = await store().alerts.claim({ owner: 'w2', now: at(500), leaseMs: 1000, limit: 1000 });
      assert.ok(!other.some((c) => c.id === queued.id));
      const retry = at(10_000);
      assert.equal(
        await store().alerts.complete({
          id: queued.id,
          owner: 'w1',
          number: 1,
          attempt: attemptOf(1),
          next: { state: 'pending', nextAttemptAt: retry },
          now: at(10),
        }),
        true,
      );
      // A stale owner cannot complete it.
      assert.equal(
        await store().alerts.complete({
          id: queued.id,
          owner: 'w9',
          number: 1,
          attempt: null,
          next: { state: 'failed' },
          now: at(11),
        }),
        false,
      );
      const again = (await store().alerts.claim({ owner: 'w1', now: retry, leaseMs: 1000, limit: 1000 })).find(
        (c) => c.id === queued.id,
      );
      assert.deepEqual(again && [again.attempt, again.number], [2, 2]);
      await store().alerts.complete({
        id: queued.id,
        owner: 'w1',
        number: 2,
        attempt: attemptOf(2, { outcome: 'delivered', statusCode: 200, errorMessage: null }),
        next: { state: 'delivered' },
        now: at(10_010),
      });
      const [listed] = await store().alerts.listRecent(inboxId, 10);
      assert.equal(listed?.state, 'delivered');
      assert.equal(listed?.type, 'summary');
      assert.equal(listed?.eventId, 'evt_x');
      assert.equal(listed?.nextAttemptAt, null);
      assert.deepEqual(listed?.attemptLog, [
        attemptOf(1),
        attemptOf(2, { outcome: 'delivered', statusCode: 200, errorMessage: null }),
      ]);
    });

    it('records an abandoned attempt when a lease expires, and lists newest first', async () => {
      const inboxId = await savedInbox(store);
      const first = await store().alerts.enqueue(notification(inboxId));
      const second = await store().alerts.enqueue(notification(inboxId));
      await store().alerts.claim({ owner: 'dead', now: at(0), leaseMs: 100, limit: 1000 });
      const taken = (await store().alerts.claim({ owner: 'w2', now: at(200), leaseMs: 100, limit: 1000 })).filter(
        (c) => c.inboxId === inboxId,
      );
      assert.deepEqual(
        taken.map((c) => [c.attempt, c.number]),
        [
          [2, 2],
          [2, 2],
        ],
      );
      const listed = await store().alerts.listRecent(inboxId, 10);
      assert.deepEqual(
        listed.map((n) => n.id),
        [second.id, first.id],
      );
      for (const n of listed) {
        assert.equal(n.state, 'delivering');
        assert.deepEqual(
          n.attemptLog.map((a) => [a.number, a.outcome, a.errorMessage]),
          [[1, 'abandoned', ABANDONED_MESSAGE]],
        );
      }
      assert.equal((await store().alerts.listRecent(inboxId, 1)).length, 1);
    });

    it('removing the rules cancels the unfinished notifications', async () => {
      const inboxId = await savedInbox(store);
      await store().alerts.putRules(inboxId, RULES, at(0));
      await store().alerts.enqueue(notification(inboxId));
      await store().alerts.enqueue(notification(inboxId));
      assert.equal(await store().alerts.removeRules(inboxId, at(1)), 2);
      const listed = await store().alerts.listRecent(inboxId, 10);
      assert.deepEqual(
        listed.map((n) => [n.state, n.nextAttemptAt]),
        [
          ['cancelled', null],
          ['cancelled', null],
        ],
      );
      assert.ok(
        !(await store().alerts.claim({ owner: 'w', now: at(1000), leaseMs: 10, limit: 1000 })).some(
          (c) => c.inboxId === inboxId,
        ),
      );
    });
  });
}
