import type BetterSqlite3 from 'better-sqlite3';

import { ACCOUNT_COLUMNS, TOKEN_COLUMNS, type AccountRow, type TokenRow } from '../shared/account-rows.js';
import {
  EVENT_COLUMNS,
  EVENT_INSERT_COLUMNS,
  type EventRow,
  type EventSummaryRow,
  INBOX_COLUMNS,
  type InboxRow,
  REPLAY_COLUMNS,
  type ReplayRow,
  SUMMARY_COLUMNS,
} from '../shared/event-rows.js';
import type { SqliteColumns, SqliteParam } from './rows.js';
import { ENQUEUE_DELIVERY_SQL } from './forwarding-repository.js';

/**
 * A prepared statement: better-sqlite3's own type under a name that declaration files can print
 * (the type it resolves to lives in a namespace the package does not export).
 */
export type Statement<P extends unknown[] = unknown[], R = unknown> = BetterSqlite3.Statement<P, R> & {
  readonly source: string;
};

/** The connection as the statements below see it: `prepare` answers the printable type. */
type Db = Omit<BetterSqlite3.Database, 'prepare'> & {
  prepare<P extends unknown[] | object = unknown[], R = unknown>(
    source: string,
  ): P extends unknown[] ? Statement<P, R> : Statement<[P], R>;
};

const LIVE = '(expires_at IS NULL OR expires_at > ?)';

function inboxStatements(db: Db) {
  return {
    insert: db.prepare<SqliteParam[]>(`INSERT INTO inboxes (${INBOX_COLUMNS}) VALUES (?, ?, ?, ?, ?)`),
    // Liveness is decided in JavaScript from `now` (see inbox-lookup.ts), so the row is cacheable.
    findById: db.prepare<[string], InboxRow<SqliteColumns>>(`SELECT ${INBOX_COLUMNS} FROM inboxes WHERE id = ?`),
    listByOwner: db.prepare<[string, number], InboxRow<SqliteColumns>>(
      `SELECT ${INBOX_COLUMNS} FROM inboxes WHERE owner_id = ? AND ${LIVE}
       ORDER BY created_at DESC, id DESC`,
    ),
    // Only an unowned (or already own) inbox can be saved: of two concurrent saves one wins.
    save: db.prepare<{ ownerId: string; id: string; now: number }, InboxRow<SqliteColumns>>(
      `UPDATE inboxes SET owner_id = @ownerId, expires_at = NULL WHERE id = @id AND ${LIVE.replaceAll('?', '@now')}
       AND (owner_id IS NULL OR owner_id = @ownerId) RETURNING ${INBOX_COLUMNS}`,
    ),
    move: db.prepare<{ to: string; id: string; from: string; now: number }, InboxRow<SqliteColumns>>(
      `UPDATE inboxes SET owner_id = @to WHERE id = @id AND ${LIVE.replaceAll('?', '@now')}
       AND owner_id = @from RETURNING ${INBOX_COLUMNS}`,
    ),
    rename: db.prepare<
      { name: string | null; id: string; ownerId: string | null; now: number },
      InboxRow<SqliteColumns>
    >(
      `UPDATE inboxes SET name = @name WHERE id = @id AND ${LIVE.replaceAll('?', '@now')}
       AND owner_id IS @ownerId RETURNING ${INBOX_COLUMNS}`,
    ),
    // The count is kept in inbox_counters; the newest event is one step down the (inbox_id, id) index.
    stats: db.prepare<[string], { event_count: number; last_event_at: number | null }>(
      `SELECT coalesce((SELECT event_count FROM inbox_counters WHERE inbox_id = inboxes.id), 0) AS event_count,
         (SELECT received_at FROM events WHERE inbox_id = inboxes.id ORDER BY id DESC LIMIT 1) AS last_event_at
       FROM inboxes WHERE id = ?`,
    ),
    delete: db.prepare<[string]>('DELETE FROM inboxes WHERE id = ?'),
    // `IS` compares NULL as a value: an anonymous inbox matches an expected owner of null.
    deleteOwned: db.prepare<[string, string | null]>('DELETE FROM inboxes WHERE id = ? AND owner_id IS ?'),
    // `expires_at <= ?` implies `expires_at IS NOT NULL`, so the partial index serves this.
    selectExpired: db.prepare<[number, number], { id: string }>(
      `SELECT id FROM inboxes WHERE owner_id IS NULL AND expires_at <= ?
       ORDER BY expires_at LIMIT ?`,
    ),
  };
}

function purgeStatements(db: Db) {
  return {
    enqueue: db.prepare<[string, number]>('INSERT OR IGNORE INTO purge_queue (inbox_id, queued_at) VALUES (?, ?)'),
    next: db.prepare<[number], { inbox_id: string }>('SELECT inbox_id FROM purge_queue LIMIT ?'),
    // DELETE ... LIMIT needs a compile-time option; a bounded sub-select works everywhere.
    events: db.prepare<[string, number]>(
      'DELETE FROM events WHERE seq IN (SELECT seq FROM events WHERE inbox_id = ? LIMIT ?)',
    ),
    replays: db.prepare<[string, number]>(
      'DELETE FROM replays WHERE seq IN (SELECT seq FROM replays WHERE inbox_id = ? LIMIT ?)',
    ),
    done: db.prepare<[string]>('DELETE FROM purge_queue WHERE inbox_id = ?'),
    uncount: db.prepare<[string]>('DELETE FROM inbox_counters WHERE inbox_id = ?'),
  };
}

function eventStatements(db: Db) {
  return {
    // The group-commit writer reads the expiry of each inbox once per batch, inside the batch's
    // IMMEDIATE transaction, so no delete or expiry can slip between that check and the inserts;
    // a plain INSERT per row then costs about 10-15 % less CPU than an INSERT ... SELECT that
    // re-checks the inbox for every row (measured with 1 KiB events in batches of 25).
    // Positional parameters (rows.eventParams): binding a 12-key object per row was a
    // measurable part of each ingest batch.
    insert: db.prepare<SqliteParam[]>(
      `INSERT INTO events (${EVENT_INSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    /**
     * The inbox's expiry (null: never expires), owner kind, event count and whether its
     * forwarding is enabled (its events get a delivery); undefined: no inbox.
     */
    inboxState: db.prepare<
      [string],
      { expires_at: number | null; anonymous: number; event_count: number; forwarded: number }
    >(
      `SELECT expires_at, owner_id IS NULL AS anonymous,
         coalesce((SELECT event_count FROM inbox_counters WHERE inbox_id = inboxes.id), 0) AS event_count,
         EXISTS (SELECT 1 FROM forwarding WHERE inbox_id = inboxes.id AND enabled = 1) AS forwarded
       FROM inboxes WHERE id = ?`,
    ),
    /** Queues the delivery of a stored event of a forwarded inbox (migration 8). */
    enqueueDelivery: db.prepare<[{ event_id: string; inbox_id: string; now: number }]>(ENQUEUE_DELIVERY_SQL),
    setEventCount: db.prepare<[string, number]>(
      `INSERT INTO inbox_counters (inbox_id, event_count) VALUES (?, ?)
       ON CONFLICT (inbox_id) DO UPDATE SET event_count = excluded.event_count`,
    ),
    // Deleting events (one, or an inbox cleared in bounded steps): each step checks the owner the
    // caller was allowed by, deletes, and moves the count, in one transaction (store.ts).
    inboxOwner: db.prepare<[string], { owner_id: string | null }>('SELECT owner_id FROM inboxes WHERE id = ?'),
    deleteOne: db.prepare<[string, string]>('DELETE FROM events WHERE id = ? AND inbox_id = ?'),
    deleteReplaysOfEvent: db.prepare<[string]>('DELETE FROM replays WHERE event_id = ?'),
    clearEvents: db.prepare<[string, string, number]>(
      `DELETE FROM events WHERE seq IN (
         SELECT seq FROM events WHERE inbox_id = ? AND id <= ? ORDER BY id LIMIT ?)`,
    ),
    clearReplays: db.prepare<[string, string, number]>(
      `DELETE FROM replays WHERE seq IN (
         SELECT seq FROM replays WHERE inbox_id = ? AND event_id <= ? LIMIT ?)`,
    ),
    addToEventCount: db.prepare<[number, string]>(
      'UPDATE inbox_counters SET event_count = event_count + ? WHERE inbox_id = ?',
    ),
    findById: db.prepare<[string], EventRow<SqliteColumns>>(`SELECT ${EVENT_COLUMNS} FROM events WHERE id = ?`),
    listNewest: db.prepare<[string, number], EventSummaryRow<SqliteColumns>>(
      `SELECT ${SUMMARY_COLUMNS} FROM events WHERE inbox_id = ? ORDER BY id DESC LIMIT ?`,
    ),
    listBefore: db.prepare<[string, string, number], EventSummaryRow<SqliteColumns>>(
      `SELECT ${SUMMARY_COLUMNS} FROM events WHERE inbox_id = ? AND id < ?
       ORDER BY id DESC LIMIT ?`,
    ),
    // The same (inbox_id, id) index, read forwards: oldest first, `id > ?` for the next page.
    listOldest: db.prepare<[string, number], EventSummaryRow<SqliteColumns>>(
      `SELECT ${SUMMARY_COLUMNS} FROM events WHERE inbox_id = ? ORDER BY id LIMIT ?`,
    ),
    listAfter: db.prepare<[string, string, number], EventSummaryRow<SqliteColumns>>(
      `SELECT ${SUMMARY_COLUMNS} FROM events WHERE inbox_id = ? AND id > ?
       ORDER BY id LIMIT ?`,
    ),
  };
}

function replayStatements(db: Db) {
  return {
    insert: db.prepare<SqliteParam[]>(
      `INSERT INTO replays (${REPLAY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    listByEvent: db.prepare<[string, number], ReplayRow<SqliteColumns>>(
      `SELECT ${REPLAY_COLUMNS} FROM replays WHERE event_id = ? ORDER BY seq DESC LIMIT ?`,
    ),
    listByEventAndAccount: db.prepare<[string, string, number], ReplayRow<SqliteColumns>>(
      `SELECT ${REPLAY_COLUMNS} FROM replays WHERE event_id = ? AND account_id = ?
       ORDER BY seq DESC LIMIT ?`,
    ),
  };
}

function accountStatements(db: Db) {
  return {
    // Only a taken e-mail means "not inserted"; a duplicate id still fails loudly (it is a bug).
    insert: db.prepare<SqliteParam[]>(
      `INSERT INTO accounts (${ACCOUNT_COLUMNS}) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (email) DO NOTHING`,
    ),
    findByEmail: db.prepare<[string], AccountRow<SqliteColumns>>(
      `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE email = ?`,
    ),
    findById: db.prepare<[string], AccountRow<SqliteColumns>>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = ?`),
    list: db.prepare<[], AccountRow<SqliteColumns>>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts ORDER BY created_at, id`),
    setPasswordHash: db.prepare<[string, string]>('UPDATE accounts SET password_hash = ? WHERE id = ?'),
    // The e-mail is unique: another account's address fails the update (checked first, below).
    emailOwner: db.prepare<[string], { id: string }>('SELECT id FROM accounts WHERE email = ?'),
    updateProfile: db.prepare<[string, string | null, string]>(
      'UPDATE accounts SET email = ?, display_name = ? WHERE id = ?',
    ),
    deleteTokens: db.prepare<[string]>('DELETE FROM api_tokens WHERE account_id = ?'),
    deleteSessions: db.prepare<[string]>('DELETE FROM sessions WHERE account_id = ?'),
    deleteIdentities: db.prepare<[string]>('DELETE FROM account_identities WHERE account_id = ?'),
    delete: db.prepare<[string]>('DELETE FROM accounts WHERE id = ?'),
  };
}

function tokenStatements(db: Db) {
  return {
    insert: db.prepare<SqliteParam[]>(
      `INSERT INTO api_tokens (${TOKEN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    findByHash: db.prepare<[string], TokenRow<SqliteColumns>>(`SELECT ${TOKEN_COLUMNS} FROM api_tokens WHERE hash = ?`),
    listByAccount: db.prepare<[string], TokenRow<SqliteColumns>>(
      `SELECT ${TOKEN_COLUMNS} FROM api_tokens WHERE account_id = ?
       ORDER BY created_at DESC, id DESC`,
    ),
    // COALESCE keeps the first revocation time when a token is revoked twice.
    revoke: db.prepare<[number, string, string]>(
      'UPDATE api_tokens SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND account_id = ?',
    ),
    touch: db.prepare<[number, string]>('UPDATE api_tokens SET last_used_at = ? WHERE id = ?'),
  };
}

/** Prepares every statement of the adapter once, right after the migrations ran. */
export function prepareStatements(connection: BetterSqlite3.Database) {
  const db = connection as Db;
  return {
    inboxes: inboxStatements(db),
    purge: purgeStatements(db),
    events: eventStatements(db),
    replays: replayStatements(db),
    accounts: accountStatements(db),
    tokens: tokenStatements(db),
    ping: db.prepare<[], { one: number }>('SELECT 1 AS one'),
  };
}

export type Statements = ReturnType<typeof prepareStatements>;
