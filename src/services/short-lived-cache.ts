/**
 * A per-process cache of values read from the store, each at most `maxAgeMs` old: the ingest hot
 * path's view of per-inbox settings (response rules and signature settings).
 * A fresh entry is returned synchronously, so a hit costs a Map lookup and no extra turn of the
 * event loop. Concurrent misses of one key share one read; a failed read is not cached (the
 * caller sees the rejection). `invalidate` is for writes made through this process: it drops the
 * entry at once, and a read that was in flight meanwhile is returned to its callers but not
 * cached (it may predate the write). Bounded by entries and by weight; the entries read longest
 * ago go first.
 */
export class ShortLivedCache<V> {
  private readonly entries = new Map<
    string,
    { readonly value: V; readonly loadedAt: number; readonly weight: number }
  >();
  private readonly loading = new Map<string, Promise<V>>();
  private weight = 0;
  /** Moves on every invalidation; a read started under an older value is not cached. */
  private generation = 0;
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly maxWeight: number;
  private readonly weigh: (value: V) => number;
  private readonly now: () => number;

  constructor(opts: {
    readonly maxAgeMs: number;
    readonly maxEntries: number;
    /** Total weight kept at most (default: no bound beyond maxEntries). */
    readonly maxWeight?: number;
    /** Weight of one value (default 1). */
    readonly weigh?: (value: V) => number;
    /** Monotonic milliseconds (default performance.now). */
    readonly now?: () => number;
  }) {
    this.maxAgeMs = opts.maxAgeMs;
    this.maxEntries = opts.maxEntries;
    this.maxWeight = opts.maxWeight ?? Number.POSITIVE_INFINITY;
    this.weigh = opts.weigh ?? (() => 1);
    this.now = opts.now ?? (() => performance.now());
  }

  /** The value of `key`: synchronously when a fresh one is cached, else once `read` resolves. */
  lookup(key: string, read: (key: string) => Promise<V>): V | Promise<V> {
    const entry = this.entries.get(key);
    if (entry !== undefined && this.now() - entry.loadedAt < this.maxAgeMs) return entry.value;
    return this.loading.get(key) ?? this.load(key, read);
  }

  invalidate(key: string): void {
    this.generation += 1;
    this.loading.delete(key);
    this.remove(key);
  }

  private load(key: string, read: (key: string) => Promise<V>): Promise<V> {
    const generation = this.generation;
    const loadedAt = this.now();
    const pending = read(key).then(
      (value) => {
        if (this.loading.get(key) === pending) this.loading.delete(key);
        if (generation === this.generation) this.keep(key, value, loadedAt);
        return value;
      },
      (err: unknown) => {
        if (this.loading.get(key) === pending) this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, pending);
    return pending;
  }

  private keep(key: string, value: V, loadedAt: number): void {
    this.remove(key);
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    this.entries.set(key, { value, loadedAt, weight });
    this.weight += weight;
    // Map order is insertion order: the first entries are the ones read longest ago.
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.weight <= this.maxWeight) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
}
