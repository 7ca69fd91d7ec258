import type { Account, ApiToken } from '../../../src/domain/account.js';
import type { CapturedEvent, EventSummary } from '../../../src/domain/captured-event.js';
import { createEventIdFactory, newId } from '../../../src/domain/ids.js';
import type { Inbox } from '../../../src/domain/inbox.js';
import type { ReplayRecord } from '../../../src/domain/replay.js';
import type { Store } from '../../../src/ports/store.js';

/** Gives the current test's store; the suite opens a fresh one before each test. */
export type StoreGetter = () => Store;

/** A fixed origin for every timestamp in the suite, so expiry never depends on the real clock. */
export const T0 = Date.UTC(2030, 0, 1);
export const HOUR = 60 * 60 * 1000;

/** T0 plus `offsetMs`. */
export function at(offsetMs: number): Date {
  return new Date(T0 + offsetMs);
}

/** An anonymous inbox created at T0 that expires 48 hours later. */
export function anonymousInbox(overrides: Partial<Inbox> = {}): Inbox {
  const id = newId('inbox');
  return { id, ownerId: null, name: null, createdAt: at(0), expiresAt: at(48 * HOUR), ...overrides };
}

/** A saved inbox of `ownerId`, created at T0 + `createdOffsetMs`, that never expires. */
export function ownedInbox(ownerId: string, createdOffsetMs = 0): Inbox {
  return { id: newId('inbox'), ownerId, name: null, createdAt: at(createdOffsetMs), expiresAt: null };
}

export type EventMaker = (inboxId: string, overrides?: Partial<CapturedEvent>) => CapturedEvent;

/**
 * Returns a builder of events whose receivedAt advances 1 ms per event from T0, with ids from
 * createEventIdFactory(), so each event is strictly newer (by id) than the one built before it.
 */
export function createEventMaker(): EventMaker {
  const nextId = createEventIdFactory();
  let clock = T0;
  return (inboxId, overrides = {}) => {
    clock += 1;
    const body = overrides.body ?? Buffer.from('{"hello":"world"}');
    return {
      id: nextId(clock),
      inboxId,
      receivedAt: new Date(clock),
      method: 'POST',
      path: `/i/${inboxId}/hooks/stripe`,
      query: 'a=1&b=%20x',
      contentType: 'application/json',
      headers: [
        ['Content-Type', 'application/json'],
        ['X-Request-Id', 'r-1'],
      ],
      sourceIp: '203.0.113.7',
      signature: null,
      answer: null,
      ...overrides,
      body,
      size: overrides.size ?? body.length,
    };
  };
}

/** Exactly the fields a listing returns for `event`. */
export function summaryOf(event: CapturedEvent): EventSummary {
  const { id, inboxId, receivedAt, method, path, query, contentType, size, signature, answer } = event;
  return { id, inboxId, receivedAt, method, path, query, contentType, size, signature, answer };
}

/** Inserts `event` with now = its receivedAt and asserts nothing; returns the store's answer. */
export function insertEvent(store: Store, event: CapturedEvent): Promise<boolean> {
  return store.events.insertIfInboxLive(event, event.receivedAt);
}

/** A new anonymous inbox holding `count` stored events, returned oldest first. */
export async function inboxWithEvents(store: Store, count: number): Promise<CapturedEvent[]> {
  const inbox = anonymousInbox();
  await store.inboxes.insert(inbox);
  const make = createEventMaker();
  const events = Array.from({ length: count }, () => make(inbox.id));
  for (const event of events) {
    if (!(await insertEvent(store, event))) throw new Error('the event was not stored');
  }
  return events;
}

/** A successful replay of `event` requested by `accountId`. */
export function makeReplay(
  event: CapturedEvent,
  accountId: string,
  overrides: Partial<ReplayRecord> = {},
): ReplayRecord {
  return {
    id: newId('replay'),
    eventId: event.id,
    inboxId: event.inboxId,
    accountId,
    destination: 'https://example.com/hook?x=1',
    createdAt: at(HOUR),
    outcome: 'response',
    statusCode: 200,
    latencyMs: 12.5,
    responseHeaders: [
      ['Set-Cookie', 'a=1'],
      ['set-cookie', 'b=2'],
    ],
    responseBody: Buffer.from([0, 1, 2, 255]),
    truncated: false,
    errorCode: null,
    errorMessage: null,
    request: null,
    jobId: null,
    ...overrides,
  };
}

/** An account with a unique e-mail address. */
export function makeAccount(overrides: Partial<Account> = {}): Account {
  const id = newId('account');
  return { id, email: `${id}@example.com`, passwordHash: null, displayName: null, createdAt: at(0), ...overrides };
}

/** A never-used, unrevoked token of `accountId` with a unique hash. */
export function makeToken(accountId: string, overrides: Partial<ApiToken> = {}): ApiToken {
  const id = newId('token');
  return {
    id,
    accountId,
    name: 'ci',
    hash: `${id}-hash`.padEnd(64, '0'),
    prefix: 'rhk_4f9a',
    createdAt: at(0),
    lastUsedAt: null,
    revokedAt: null,
    scope: 'manage',
    inboxIds: null,
    teamId: null,
    expiresAt: null,
    ...overrides,
  };
}
