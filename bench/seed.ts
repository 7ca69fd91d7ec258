// Seeds a fresh data directory before the server starts: an account and API token, inboxes
// owned by it (persistent, so no anonymous-inbox event cap applies), and events written through a bulk path — one prepared INSERT run in large
// transactions on the store's own better-sqlite3 connection, so the rows land in the exact schema
// the migrations created (nothing goes through HTTP).
import { join } from 'node:path';
import { DATABASE_FILE } from '../src/storage/sqlite/store.js';
import { createEventIdFactory } from '../src/domain/ids.js';
import { openSqliteStore } from '../src/storage/sqlite/store.js';
import { jsonBody } from './bodies.js';
import { EVENT_COLUMNS, SQLITE_EVENT_INSERT, seedOwner } from './seed-owner.js';

export interface SeedPlan {
  /** Events of the big inbox (0 = do not create it). */
  readonly bigEvents: number;
  readonly smallEvents: number;
  readonly seedBodySize: number;
  /** Body of the single large event of (e). */
  readonly eventBodySize: number;
  /** Body of the event replayed in (f). */
  readonly replayBodySize: number;
}

export interface SeedResult {
  readonly databasePath: string;
  readonly token: string;
  readonly accountId: string;
  readonly bigInboxId: string | null;
  readonly bigEvents: number;
  /**
   * Event ids spread evenly over the big inbox, as `before` cursors: listing from each gives a
   * different page, so no two requests in a row can share a cached answer.
   */
  readonly bigInboxCursors: readonly string[];
  readonly smallInboxId: string;
  readonly smallEvents: number;
  /** Inbox of the two fixture events below. */
  readonly fixtureInboxId: string;
  readonly largeEventId: string;
  readonly replayEventId: string;
  readonly seconds: number;
  /** Event rows written per second by the bulk path. */
  readonly rowsPerSec: number;
}

/** Cursors sampled from the big inbox for the every-page-different list run of (d). */
const CURSORS = 5_000;

type Row = [string, string, number, string, string, string, string, number, string, string, Buffer];

const ROWS_PER_TRANSACTION = 50_000;
/** Seeded events arrive 16 per millisecond: ids then mostly increment (cheap) instead of drawing random bytes. */
const EVENTS_PER_MS = 16;

export async function seedDataDir(dataDir: string, plan: SeedPlan): Promise<SeedResult> {
  const started = performance.now();
  const databasePath = join(dataDir, DATABASE_FILE);
  const store = openSqliteStore({ path: databasePath });
  try {
    const now = Date.now();
    // The big inbox (when there is one), the small one, the fixtures' one, in this order.
    const hasBig = plan.bigEvents > 0;
    const owner = await seedOwner(store, 'bench', hasBig ? 3 : 2, new Date(now - 3_600_000));
    const { token, accountId } = owner;
    const [bigInboxId, smallInboxId, fixtureInboxId] = (hasBig ? owner.inboxIds : [null, ...owner.inboxIds]) as [
      string | null,
      string,
      string,
    ];

    const db = store.db;
    const columns = db
      .prepare<[], { name: string; notnull: number; dflt_value: unknown; pk: number }>('PRAGMA table_info(events)')
      .all();
    const unknownRequired = columns.filter(
      (c) =>
        c.notnull === 1 &&
        c.dflt_value === null &&
        c.pk === 0 &&
        !(EVENT_COLUMNS as readonly string[]).includes(c.name),
    );
    if (unknownRequired.length > 0) {
      throw new Error(
        `bench/seed.ts: the events table has new required columns (${unknownRequired.map((c) => c.name).join(', ')}); update the bulk seeder`,
      );
    }
    const insert = db.prepare<Row>(SQLITE_EVENT_INSERT);
    const newEventId = createEventIdFactory();
    const headersJson = (bodyLength: number, contentType: string): string =>
      JSON.stringify([
        ['Host', '127.0.0.1:8081'],
        ['Connection', 'keep-alive'],
        ['Content-Type', contentType],
        ['User-Agent', 'rehook-bench/1 (seed)'],
        ['X-Webhook-Signature', 't=1700000000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd'],
        ['Content-Length', String(bodyLength)],
      ]);
    const seedBody = jsonBody(plan.seedBodySize);
    const seedHeaders = headersJson(seedBody.length, 'application/json');
    let rows = 0;
    const insertMany = db.transaction((inboxId: string, from: number, to: number, startMs: number) => {
      for (let i = from; i < to; i += 1) {
        const ms = startMs + Math.floor(i / EVENTS_PER_MS);
        insert.run(
          newEventId(ms),
          inboxId,
          ms,
          'POST',
          `/i/${inboxId}/webhook`,
          '',
          'application/json',
          seedBody.length,
          '127.0.0.1',
          seedHeaders,
          seedBody,
        );
      }
      rows += to - from;
    });
    const bulk = (inboxId: string, count: number, startMs: number): void => {
      for (let from = 0; from < count; from += ROWS_PER_TRANSACTION) {
        insertMany(inboxId, from, Math.min(count, from + ROWS_PER_TRANSACTION), startMs);
      }
    };
    // Durability is irrelevant while seeding a throw-away directory; the server reopens it with
    // the store's own settings (synchronous=FULL).
    db.pragma('synchronous = OFF');
    const historyStart = now - 3_000_000;
    if (bigInboxId !== null) bulk(bigInboxId, plan.bigEvents, historyStart);
    bulk(smallInboxId, plan.smallEvents, historyStart + Math.ceil(plan.bigEvents / EVENTS_PER_MS) + 1);

    const fixture = (body: Buffer, contentType: string): string => {
      const ms = Date.now();
      const id = newEventId(ms);
      const headers = headersJson(body.length, contentType);
      const path = `/i/${fixtureInboxId}/webhook`;
      insert.run(id, fixtureInboxId, ms, 'POST', path, '', contentType, body.length, '127.0.0.1', headers, body);
      rows += 1;
      return id;
    };
    const largeEventId = fixture(jsonBody(plan.eventBodySize), 'application/json');
    const replayEventId = fixture(jsonBody(plan.replayBodySize), 'application/json');
    const bigInboxCursors =
      bigInboxId === null
        ? []
        : db
            .prepare<[string, number], string>('SELECT id FROM events WHERE inbox_id = ? AND seq % ? = 0')
            .pluck(true)
            .all(bigInboxId, Math.max(1, Math.floor(plan.bigEvents / CURSORS)));
    // Rows inserted behind the store's back: count them once, as migration 3 does.
    db.prepare(
      `INSERT INTO inbox_counters (inbox_id, event_count) SELECT inbox_id, count(*) FROM events GROUP BY inbox_id
       ON CONFLICT (inbox_id) DO UPDATE SET event_count = excluded.event_count`,
    ).run();
    db.pragma('synchronous = FULL');
    db.pragma('wal_checkpoint(TRUNCATE)');
    const seconds = (performance.now() - started) / 1000;
    return {
      databasePath,
      token,
      accountId,
      bigInboxId,
      bigEvents: bigInboxId === null ? 0 : plan.bigEvents,
      bigInboxCursors,
      smallInboxId,
      smallEvents: plan.smallEvents,
      fixtureInboxId,
      largeEventId,
      replayEventId,
      seconds,
      rowsPerSec: rows / seconds,
    };
  } finally {
    await store.close();
  }
}
