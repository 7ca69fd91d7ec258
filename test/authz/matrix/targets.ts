// What a cell of the authorization matrix (matrix.test.ts) is run against: the object it names, the
// server and its accounts, the shape of an endpoint's call, and the checks made after a request
// that may have changed state.
import { generateShareToken } from '../../../src/services/shares.js';
import type { Receiver } from '../../helpers/receiver.js';
import type { TestRehook } from '../../helpers/rehook.js';
import { bearer, call, type Credential, type Reply } from '../support.js';
import type { ObjectKind, Who } from './columns.js';

/** An event id older than every real one: the long-poll answers at once with the first event. */
export const BEFORE_ALL = 'evt_00000000000000000000000000';
/** A well-formed link that nobody was given (its id, and a token with a valid checksum). */
export const UNKNOWN_SHARE_ID = 'shr_aaaaaaaaaaaaaaaaaaaaaaaaaa';
export const UNKNOWN_SHARE_TOKEN = generateShareToken();
export const NEXT_AFTER_ALL = `GET /api/v1/inboxes/:id/events/next?after=${BEFORE_ALL}&timeout=0` as const;
/** A replay with overrides and repeat (edit-and-replay): the replay route's rules hold for it too. */
export const REPLAY_EDITED = 'POST /api/v1/events/:id/replay (edited, repeat 2)';

export interface Target {
  readonly inboxId: string;
  readonly eventId: string;
  readonly tokenId: string;
  /** The token of `tokenId` (tokA only), to see whether it still works. */
  readonly token: string;
  /** A sharing link of the inbox (ownedA only; unknown ids otherwise), created with A's token. */
  readonly shareId: string;
  readonly shareToken: string;
}

export interface Env {
  readonly rehook: TestRehook;
  readonly receiver: Receiver;
  readonly A: { accountId: string; token: string };
  readonly B: { accountId: string; token: string };
}

export interface Endpoint {
  /** Needs a fresh object for every request: the request may change or remove it. */
  readonly destructive: boolean;
  send(env: Env, target: Target, authorization: Credential): Promise<Reply>;
  /** Checks the object after the request; returns a description of what is wrong, or null. */
  after?(env: Env, target: Target, object: ObjectKind, who: Who, reply: Reply): Promise<string | null>;
}

/** Replays the object's event to the receiver, with `overrides`: the answer, and what reached the receiver. */
export async function replayToReceiver(
  env: Env,
  t: Target,
  authorization: Credential,
  overrides: Record<string, unknown>,
): Promise<{ reply: Reply; reached: Receiver['requests'] }> {
  const before = env.receiver.requests.length;
  const reply = await call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/replay`, {
    method: 'POST',
    authorization,
    json: { destination: `${env.receiver.url}/matrix`, ...overrides },
  });
  return { reply, reached: env.receiver.requests.slice(before) };
}

/**
 * After setting one of an owned object's settings (`path` below the inbox): its owner reads it set
 * (`isSet` of the answer's data) exactly when the request was accepted.
 */
export async function ownerReadsSet(
  env: Env,
  t: Target,
  object: ObjectKind,
  reply: Reply,
  setting: { path: string; isSet: (data: any) => boolean },
): Promise<string | null> {
  if (object !== 'ownedA') return null;
  const shown = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/${setting.path}`, {
    authorization: bearer(env.A.token),
  });
  const set = shown.status === 200 && setting.isSet(shown.body?.data);
  return set === (reply.status === 200)
    ? null
    : `${reply.status}, yet the owner reads the ${setting.path} as ${shown.status} ${shown.text}`;
}

/** After setting or removing an owned object's signature settings: its owner sees `want` (the scheme, or null for none). */
export async function signatureAfter(
  env: Env,
  t: Target,
  object: ObjectKind,
  want: string | null,
  status: number,
): Promise<string | null> {
  if (object !== 'ownedA') return null;
  const shown = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/signature`, {
    authorization: bearer(env.A.token),
  });
  const seen: unknown = shown.body?.data?.signature?.scheme ?? null;
  return seen === want
    ? null
    : `answered ${status}, yet the owner reads the scheme ${String(seen)} (expected ${String(want)})`;
}

/**
 * After setting or clearing an object's response: the rightful reader sees `want`
 * (the status set, or null for none), and the ingest listener answers it.
 */
export async function responseAfter(
  env: Env,
  t: Target,
  object: ObjectKind,
  want: number | null,
  status: number,
): Promise<string | null> {
  if (object !== 'anon' && object !== 'ownedA') return null;
  const reader = object === 'anon' ? undefined : bearer(env.A.token);
  const shown = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/response`, { authorization: reader });
  const seen: unknown = shown.body?.data?.response?.status ?? null;
  if (seen !== want)
    return `answered ${status}, yet the response's status is ${String(seen)} (expected ${String(want)})`;
  const ingested = await fetch(`${env.rehook.ingestUrl}/i/${t.inboxId}/matrix`, { method: 'POST', body: 'x' });
  await ingested.arrayBuffer();
  return ingested.status === (want ?? 200)
    ? null
    : `the ingest listener answered ${ingested.status} (expected ${want ?? 200})`;
}

/**
 * After deleting an object's event or clearing its inbox: accepted, the inbox is still there and
 * holds nothing; refused, it still holds its one event. Read by the rightful reader.
 */
export async function eventsLeft(
  env: Env,
  t: Target,
  object: ObjectKind,
  reply: Reply,
  what: string,
): Promise<string | null> {
  if (object !== 'anon' && object !== 'ownedA') return null;
  const reader = object === 'anon' ? undefined : bearer(env.A.token);
  const inbox = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}`, { authorization: reader });
  const event = await call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}`, { authorization: reader });
  const events = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/events`, { authorization: reader });
  const count: unknown = inbox.body?.data?.inbox?.eventCount;
  const seen = `inbox ${inbox.status} (eventCount ${String(count)}), event ${event.status}, events ${events.body?.length}`;
  if (reply.status === 204) {
    return inbox.status === 200 && count === 0 && event.status === 404 && events.body?.length === 0
      ? null
      : `${what}, yet ${seen}`;
  }
  return inbox.status === 200 && count === 1 && event.status === 200 && events.body?.length === 1
    ? null
    : `refused with ${reply.status}, yet ${seen}`;
}
