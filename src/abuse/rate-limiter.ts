import type { RateLimit } from '../config/parse.js';

/** The answer of a limiter: allowed, or refused with the time until a retry can succeed. */
export type RateDecision = { readonly ok: true } | { readonly ok: false; readonly retryAfterMs: number };

const ALLOWED: RateDecision = { ok: true };

/** Most keys a limiter remembers; the least recently used one is forgotten beyond it. */
export const DEFAULT_MAX_KEYS = 100_000;

/** Whole seconds for a Retry-After header (at least 1). */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}

export interface KeyedLimiter {
  /** Takes one unit for `key`: allowed, or refused (nothing taken) with the wait. */
  take(key: string, nowMs?: number): RateDecision;
  /** Whether `take` would be allowed now, without taking anything. */
  check(key: string, nowMs?: number): RateDecision;
  /** Keys currently remembered (for tests). */
  readonly size: number;
}

/**
 * A token bucket per key, in memory: `count` tokens, refilled continuously over `windowMs`
 * (so `count` is also the burst). The map is bounded (least recently used keys are forgotten,
 * which only ever makes a limit more generous). Limits are per process: several instances
 * behind a load balancer each allow the full rate.
 */
export class TokenBucketLimiter implements KeyedLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly capacity: number;
  private readonly msPerToken: number;
  private readonly maxKeys: number;

  constructor(rate: RateLimit, opts: { maxKeys?: number } = {}) {
    this.capacity = rate.count;
    this.msPerToken = rate.windowMs / rate.count;
    this.maxKeys = opts.maxKeys ?? DEFAULT_MAX_KEYS;
  }

  get size(): number {
    return this.buckets.size;
  }

  take(key: string, nowMs = Date.now()): RateDecision {
    return this.decide(key, nowMs, true);
  }

  check(key: string, nowMs = Date.now()): RateDecision {
    return this.decide(key, nowMs, false);
  }

  private decide(key: string, nowMs: number, consume: boolean): RateDecision {
    const bucket = this.buckets.get(key);
    let tokens = this.capacity;
    if (bucket !== undefined) {
      tokens = Math.min(this.capacity, bucket.tokens + Math.max(0, nowMs - bucket.at) / this.msPerToken);
      // Re-inserted below: Map order is then least recently used first.
      this.buckets.delete(key);
    }
    const ok = tokens >= 1;
    if (ok && consume) tokens -= 1;
    if (tokens < this.capacity) this.remember(key, { tokens, at: nowMs });
    return ok ? ALLOWED : { ok: false, retryAfterMs: Math.ceil((1 - tokens) * this.msPerToken) };
  }

  private remember(key: string, bucket: { tokens: number; at: number }): void {
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
  }
}

/**
 * A fixed window per key: at most `count` takes per window, counted from the first take; once
 * the count is reached everything is refused until that window has passed. Used for failed
 * authentication, where a blocked address should stay blocked for the rest of the window.
 * Bounded and per process like TokenBucketLimiter.
 */
export class FixedWindowLimiter implements KeyedLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly rate: RateLimit;
  private readonly maxKeys: number;

  constructor(rate: RateLimit, opts: { maxKeys?: number } = {}) {
    this.rate = rate;
    this.maxKeys = opts.maxKeys ?? DEFAULT_MAX_KEYS;
  }

  get size(): number {
    return this.windows.size;
  }

  take(key: string, nowMs = Date.now()): RateDecision {
    return this.decide(key, nowMs, true);
  }

  check(key: string, nowMs = Date.now()): RateDecision {
    return this.decide(key, nowMs, false);
  }

  private decide(key: string, nowMs: number, consume: boolean): RateDecision {
    let window = this.windows.get(key);
    if (window !== undefined) this.windows.delete(key);
    if (window === undefined || nowMs >= window.start + this.rate.windowMs) {
      if (!consume) return ALLOWED;
      window = { start: nowMs, count: 0 };
    }
    const ok = window.count < this.rate.count;
    if (ok && consume) window.count += 1;
    this.windows.set(key, window);
    if (this.windows.size > this.maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    return ok ? ALLOWED : { ok: false, retryAfterMs: window.start + this.rate.windowMs - nowMs };
  }
}

/** A limiter that never refuses (a limit set to 0). */
export const UNLIMITED: KeyedLimiter = {
  take: () => ALLOWED,
  check: () => ALLOWED,
  size: 0,
};

export function tokenBucketOrUnlimited(rate: RateLimit | null): KeyedLimiter {
  return rate === null ? UNLIMITED : new TokenBucketLimiter(rate);
}

export function fixedWindowOrUnlimited(rate: RateLimit | null): KeyedLimiter {
  return rate === null ? UNLIMITED : new FixedWindowLimiter(rate);
}

/**
 * Caps how many operations run at once (0 = no cap). `tryAcquire` returns a release function,
 * or null when the cap is reached.
 */
export class ConcurrencyLimiter {
  private active = 0;
  private readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  get inFlight(): number {
    return this.active;
  }

  tryAcquire(): (() => void) | null {
    if (this.max > 0 && this.active >= this.max) return null;
    this.active += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
    };
  }
}
