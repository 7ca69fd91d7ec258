import { randomBytes } from 'node:crypto';

/**
 * Ids are opaque strings with a type prefix. The alphabet is lowercase Crockford base32, so an
 * id survives case-insensitive systems and URLs without escaping.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export const ID_PREFIX = {
  inbox: 'inb_',
  event: 'evt_',
  replay: 'rpl_',
  account: 'acc_',
  token: 'tok_',
  share: 'shr_',
  session: 'ses_',
  replayJob: 'job_',
  team: 'tem_',
  invitation: 'inv_',
  audit: 'aud_',
} as const;

export type IdKind = keyof typeof ID_PREFIX;

/** Encodes the low `chars * 5` bits of `bytes` as base32, most significant first. */
function encodeBase32(bytes: Uint8Array, chars: number): string {
  let out = '';
  let bits = 0;
  let value = 0;
  let index = 0;
  while (out.length < chars) {
    if (bits < 5) {
      value = ((value << 8) | (bytes[index] ?? 0)) & 0xffff;
      index += 1;
      bits += 8;
    }
    bits -= 5;
    out += ALPHABET[(value >> bits) & 31];
  }
  return out;
}

/** 26 random base32 characters: 130 bits, enough that an anonymous inbox id is its own secret. */
export function randomPart(): string {
  return encodeBase32(randomBytes(17), 26);
}

/** A new random id of the given kind (inboxes, replays, accounts, tokens, sessions). */
export function newId(kind: Exclude<IdKind, 'event' | 'audit'>): string {
  return ID_PREFIX[kind] + randomPart();
}

const ID_PATTERN = /^[a-z]{3}_[0-9a-hjkmnp-tv-z]{26}$/;

/** True when `value` has the shape of an id of `kind`; used to reject garbage before any lookup. */
export function isId(kind: IdKind, value: string): boolean {
  return value.startsWith(ID_PREFIX[kind]) && ID_PATTERN.test(value);
}

/**
 * Event ids sort by capture time (ULID layout: 48-bit milliseconds then 80 random bits), so
 * "newest first" and keyset pagination are an index range on (inbox, id). Within one process the
 * ids are strictly increasing even when the clock stands still or steps back.
 */
export function createEventIdFactory(): (nowMs: number) => string {
  return createSortableIdFactory('event');
}

/**
 * Ids of `kind` that sort by the millisecond they were made in (the layout of event ids), for
 * records listed newest first with a keyset cursor (events, audit entries).
 */
export function createSortableIdFactory(kind: 'event' | 'audit'): (nowMs: number) => string {
  let lastMs = -1;
  let lastRandom: Uint8Array = new Uint8Array(10);
  return (nowMs: number) => {
    let random: Uint8Array;
    if (nowMs <= lastMs) {
      random = increment(lastRandom);
      nowMs = lastMs;
    } else {
      random = randomBytes(10);
      lastMs = nowMs;
    }
    lastRandom = random;
    return ID_PREFIX[kind] + encodeTime(nowMs) + encodeBase32(random, 16);
  };
}

/**
 * The smallest event id of millisecond `ms`: every event captured at `ms` or later has an id at
 * least this, every earlier one a smaller id. Turns a time into a keyset bound (search by time).
 */
export function firstEventIdAt(ms: number): string {
  return ID_PREFIX.event + encodeTime(ms) + '0'.repeat(16);
}

/** The capture millisecond an event id encodes (its first 10 characters after `evt_`); null for a non-event id. */
export function eventIdTime(id: string): number | null {
  if (!isId('event', id)) return null;
  let ms = 0;
  for (const char of id.slice(ID_PREFIX.event.length, ID_PREFIX.event.length + 10))
    ms = ms * 32 + ALPHABET.indexOf(char);
  return ms;
}

function encodeTime(ms: number): string {
  let out = '';
  let rest = ms;
  for (let i = 0; i < 10; i += 1) {
    out = ALPHABET[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

function increment(bytes: Uint8Array): Uint8Array {
  const next: Uint8Array = Uint8Array.from(bytes);
  for (let i = next.length - 1; i >= 0; i -= 1) {
    const byte = next[i] ?? 0;
    if (byte < 255) {
      next[i] = byte + 1;
      return next;
    }
    next[i] = 0;
  }
  return next;
}
