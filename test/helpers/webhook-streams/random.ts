/** The seeded randomness and the shared context of the webhook streams (../webhook-streams.ts). */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A seeded generator (mulberry32): the same seed gives the same numbers. */
export class Random {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  /** One of the items, by weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let at = this.next() * total;
    for (const [item, w] of items) {
      at -= w;
      if (at < 0) return item;
    }
    return (items[items.length - 1] as readonly [T, number])[0];
  }
  chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
  base62(length: number): string {
    return this.chars('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', length);
  }
  hex(length: number): string {
    return this.chars('0123456789abcdef', length);
  }
  uuid(): string {
    const h = this.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
  }
}

export const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Linus',
  'Margaret',
  'Ken',
  'Barbara',
  'Edsger',
  'Frances',
  'Dennis',
  'Radia',
];
export const LAST = ['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Thompson', 'Liskov', 'Dijkstra', 'Allen'];
export const CITIES: readonly (readonly [string, string, string | null])[] = [
  ['San Francisco', 'US', 'CA'],
  ['New York', 'US', 'NY'],
  ['Austin', 'US', 'TX'],
  ['London', 'GB', null],
  ['Berlin', 'DE', null],
  ['Paris', 'FR', null],
  ['Toronto', 'CA', 'ON'],
  ['Sydney', 'AU', 'NSW'],
];

/** Context shared by the events of one stream: a clock, customers and users who come back. */
export class Stream {
  readonly random: Random;
  /** Seconds since the epoch; each event moves it forward. */
  clock = 1_764_000_000;
  readonly customers: string[];
  readonly users: { login: string; id: number }[];
  constructor(seed: number) {
    this.random = new Random(seed);
    this.customers = Array.from({ length: 300 }, () => `cus_${this.random.base62(14)}`);
    this.users = Array.from({ length: 60 }, (_, i) => ({
      login: `${this.random.pick(FIRST).toLowerCase()}-${this.random.base62(4).toLowerCase()}${i}`,
      id: this.random.int(1_000, 90_000_000),
    }));
  }
  tick(): number {
    this.clock += this.random.int(1, 900);
    return this.clock;
  }
  iso(seconds: number, offset = 'Z'): string {
    return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, offset);
  }
  name(): string {
    return `${this.random.pick(FIRST)} ${this.random.pick(LAST)}`;
  }
  email(name: string): string {
    return `${name.toLowerCase().replace(' ', '.')}${this.random.int(1, 999)}@example.${this.random.pick(['com', 'org', 'io'])}`;
  }
}
