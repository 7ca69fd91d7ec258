import type BetterSqlite3 from 'better-sqlite3';

/**
 * Results of read queries, kept only while the database is unchanged. Serving a cached event
 * page costs a few µs where even the SQL-encoded one costs about 60 µs, and a client polling
 * an idle inbox asks for the same page again and again, with the same token.
 *
 * Validity is decided by SQLite, not by the code paths that write: every lookup first reads
 * `PRAGMA data_version` (moves when any other connection, in this process or another, commits)
 * and `total_changes()` (moves when this connection inserts, updates or deletes a row, including
 * changes later rolled back). Any difference empties the whole cache, so a new, purged or evicted
 * event, a deleted inbox or a write by another process is seen at once, whatever wrote it.
 * Under steady ingest the cache rarely hits and costs only that check (about 2-3 µs).
 */
export class ReadCache<V> {
  // Two statements: the table-valued pragma_data_version() costs more than both together.
  private readonly dataVersionStmt: BetterSqlite3.Statement<[], number>;
  private readonly totalChangesStmt: BetterSqlite3.Statement<[], number>;
  private readonly entries = new Map<string, V>();
  private dataVersion = -1;
  private totalChanges = -1;
  private weight = 0;

  constructor(
    db: BetterSqlite3.Database,
    private readonly limits: { maxEntries: number; maxWeight: number; weigh: (value: V) => number },
  ) {
    this.dataVersionStmt = db.prepare<[], number>('PRAGMA data_version').pluck(true);
    this.totalChangesStmt = db.prepare<[], number>('SELECT total_changes()').pluck(true);
  }

  /**
   * The cached value of `key` if the database is unchanged since it was stored, else `load()`'s.
   * Cached values are shared by every caller: treat them as immutable.
   */
  get(key: string, load: () => V): V {
    const dataVersion = this.dataVersionStmt.get() ?? -1;
    const totalChanges = this.totalChangesStmt.get() ?? -1;
    if (dataVersion !== this.dataVersion || totalChanges !== this.totalChanges) {
      this.clear();
      this.dataVersion = dataVersion;
      this.totalChanges = totalChanges;
    }
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    // Loaded after the version was read: a commit racing in between only makes the entry newer
    // than its version, and the next lookup sees the new version and drops it.
    const value = load();
    const weight = this.limits.weigh(value);
    if (this.entries.size >= this.limits.maxEntries || this.weight + weight > this.limits.maxWeight) {
      // Simplest bound: start over. The cache only has to hold the few pages being polled.
      this.clear();
    }
    if (weight <= this.limits.maxWeight) {
      this.entries.set(key, value);
      this.weight += weight;
    }
    return value;
  }

  private clear(): void {
    this.entries.clear();
    this.weight = 0;
  }
}

/**
 * A lookup of one row by key (a hash, an id) behind a ReadCache of at most `maxEntries`
 * results: `find` reads the row (undefined: none), `map` turns it into the cached value, and a
 * missing row is cached as null too.
 */
export function cachedRowLookup<R, V>(
  db: BetterSqlite3.Database,
  maxEntries: number,
  find: (key: string) => R | undefined,
  map: (row: R) => V,
): (key: string) => V | null {
  const cache = new ReadCache<V | null>(db, { maxEntries, maxWeight: maxEntries, weigh: () => 1 });
  return (key) =>
    cache.get(key, () => {
      const row = find(key);
      return row === undefined ? null : map(row);
    });
}
