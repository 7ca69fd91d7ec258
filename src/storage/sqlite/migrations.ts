import type BetterSqlite3 from 'better-sqlite3';

import { StorageError } from '../../errors.js';
import { SIGNATURES_SQL } from './signature-repository.js';
import { REPLAY_JOBS_SQL } from './replay-jobs.js';
import { FORWARDING_SQL } from './forwarding-repository.js';

/** One schema step. Versions only grow; a released migration is never edited, only followed. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/**
 * Timestamps are INTEGER milliseconds since the epoch. Every table has what its queries need and
 * no foreign keys: an inbox is deleted at once and its events and replays are purged later in
 * bounded batches (purge_queue), which a cascading foreign key would turn into one huge delete.
 */
const INIT_SQL = `
CREATE TABLE inboxes (
  id         TEXT PRIMARY KEY,
  owner_id   TEXT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NULL
);
-- listByOwner filters by owner and sorts by creation time: one index serves both.
CREATE INDEX inboxes_owner ON inboxes (owner_id, created_at);
-- Only anonymous inboxes expire; the sweeper scans this small partial index.
CREATE INDEX inboxes_expires ON inboxes (expires_at) WHERE expires_at IS NOT NULL;

-- seq is the rowid, so appends stay at the end of the table b-tree (ids are random within a
-- millisecond).
-- body is the last column so list queries, which never read it, stop before its overflow pages.
CREATE TABLE events (
  seq          INTEGER PRIMARY KEY,
  id           TEXT NOT NULL UNIQUE,
  inbox_id     TEXT NOT NULL,
  received_at  INTEGER NOT NULL,
  method       TEXT NOT NULL,
  path         TEXT NOT NULL,
  query        TEXT NOT NULL,
  content_type TEXT NULL,
  size         INTEGER NOT NULL,
  source_ip    TEXT NOT NULL,
  headers      TEXT NOT NULL, -- JSON array of [name, value]
  body         BLOB NOT NULL
);
-- Event ids sort by capture time, so newest-first and keyset pagination are a range scan here.
CREATE INDEX events_inbox ON events (inbox_id, id);

CREATE TABLE replays (
  seq              INTEGER PRIMARY KEY,
  id               TEXT NOT NULL UNIQUE,
  event_id         TEXT NOT NULL,
  inbox_id         TEXT NOT NULL,
  account_id       TEXT NOT NULL,
  destination      TEXT NOT NULL,
  created_at       INTEGER NOT NULL,
  outcome          TEXT NOT NULL,
  status_code      INTEGER NULL,
  latency_ms       REAL NULL,
  response_headers TEXT NOT NULL, -- JSON array of [name, value]
  truncated        INTEGER NOT NULL,
  error_code       TEXT NULL,
  error_message    TEXT NULL,
  response_body    BLOB NOT NULL
);
CREATE INDEX replays_event ON replays (event_id, seq);
CREATE INDEX replays_inbox ON replays (inbox_id);

-- Inboxes deleted but whose events and replays are not purged yet.
CREATE TABLE purge_queue (
  inbox_id  TEXT PRIMARY KEY,
  queued_at INTEGER NOT NULL
);

CREATE TABLE accounts (
  id            TEXT PRIMARY KEY,
  email         TEXT NOT NULL UNIQUE,
  password_hash TEXT NULL,
  created_at    INTEGER NOT NULL
);

CREATE TABLE api_tokens (
  id           TEXT PRIMARY KEY,
  account_id   TEXT NOT NULL,
  name         TEXT NOT NULL,
  hash         TEXT NOT NULL UNIQUE,
  prefix       TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER NULL,
  revoked_at   INTEGER NULL
);
CREATE INDEX api_tokens_account ON api_tokens (account_id, created_at);
`;

/**
 * Read-only sharing links (migration 4). Only a hash of the link's token is stored, as for API
 * tokens; the unique index on it is the lookup of every request made with a link. Listing an
 * inbox's links goes through the inbox index; deleting an inbox deletes its links in the same
 * transaction (inbox-repository.ts).
 */
const SHARES_SQL = `
CREATE TABLE shares (
  id         TEXT PRIMARY KEY,
  inbox_id   TEXT NOT NULL,
  hash       TEXT NOT NULL UNIQUE,
  prefix     TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX shares_inbox ON shares (inbox_id, created_at);
`;

/**
 * Browser sessions (web sign-in). Only a hash of the cookie's secret is stored. Sessions end by
 * expiry (checked on read; the sweeper deletes expired rows in bounded batches through the
 * expiry index), by signing out, or all of an account's at once (account index).
 */
const SESSIONS_SQL = `
CREATE TABLE sessions (
  id           TEXT PRIMARY KEY,
  account_id   TEXT NOT NULL,
  hash         TEXT NOT NULL UNIQUE,
  csrf_token   TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);
CREATE INDEX sessions_expires ON sessions (expires_at);
`;

/**
 * Inbox names and event counts (migration 3). An inbox's count is kept by every statement that
 * adds or removes its events, in the same transaction (the group commit adds one upsert per inbox
 * per batch), so the dashboard never counts events: COUNT(*) over the index of a 100,000-event
 * inbox took 2.4 ms of the event loop. The counts have a table of their own, as on PostgreSQL
 * (where that keeps ingest from rewriting inbox rows); a row goes when its inbox is purged.
 * Existing inboxes are counted once, here.
 */
const INBOX_NAMES_AND_COUNTS_SQL = `
ALTER TABLE inboxes ADD COLUMN name TEXT NULL;
CREATE TABLE inbox_counters (
  inbox_id    TEXT PRIMARY KEY,
  event_count INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO inbox_counters (inbox_id, event_count)
  SELECT e.inbox_id, count(*) FROM events AS e JOIN inboxes AS i ON i.id = e.inbox_id
  GROUP BY e.inbox_id;
`;

/**
 * What each event's sender signature check and ingest answer were (migration 5): JSON text,
 * null for events stored before or without a secret or a configured answer. The list reads both,
 * so they must sit before headers and body: a column after the body is reached only by walking
 * the body's overflow pages, which would make listing as costly as reading every body. ALTER
 * TABLE can only append, so the table is rebuilt in the documented way (create, copy, drop,
 * rename, re-index) inside the migration's transaction; seq (the rowid) is copied as is.
 */
const EVENT_SIGNATURE_AND_ANSWER_SQL = `
CREATE TABLE events_new (
  seq          INTEGER PRIMARY KEY,
  id           TEXT NOT NULL UNIQUE,
  inbox_id     TEXT NOT NULL,
  received_at  INTEGER NOT NULL,
  method       TEXT NOT NULL,
  path         TEXT NOT NULL,
  query        TEXT NOT NULL,
  content_type TEXT NULL,
  size         INTEGER NOT NULL,
  signature    TEXT NULL, -- JSON {scheme, status, reason}
  answer       TEXT NULL, -- JSON {rule, status}
  source_ip    TEXT NOT NULL,
  headers      TEXT NOT NULL, -- JSON array of [name, value]
  body         BLOB NOT NULL
);
INSERT INTO events_new (seq, id, inbox_id, received_at, method, path, query, content_type, size,
                        signature, answer, source_ip, headers, body)
  SELECT seq, id, inbox_id, received_at, method, path, query, content_type, size,
         NULL, NULL, source_ip, headers, body FROM events ORDER BY seq;
DROP TABLE events;
ALTER TABLE events_new RENAME TO events;
CREATE INDEX events_inbox ON events (inbox_id, id);
`;

/**
 * Programmable responses (migration 7): at most one per inbox, as one JSON document (the default
 * answer and its rules, bodies in base64; src/domain/inbox-response.ts reads and writes it).
 * Deleting an inbox deletes its row in the same transaction (inbox-repository.ts).
 */
const INBOX_RESPONSES_SQL = `
CREATE TABLE inbox_responses (
  inbox_id   TEXT PRIMARY KEY,
  config     TEXT NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
`;

/**
 * What each replay sent (migration 10, edit-and-replay): `request` is JSON text (method, url,
 * headers as sent with Authorization/Cookie redacted, body size, the overrides asked for,
 * whether it was re-signed; src/domain/replay-request.ts encodes it), `request_body` the bytes
 * sent when they were edited (null = the event's own body, never stored twice; at most
 * REHOOK_MAX_BODY, checked before sending), `job_id` the bulk replay job that made it. All null
 * for replays recorded before. Appended after response_body: a replay row is always read whole.
 */
const REPLAY_REQUESTS_SQL = `
ALTER TABLE replays ADD COLUMN job_id TEXT NULL;
ALTER TABLE replays ADD COLUMN request TEXT NULL;
ALTER TABLE replays ADD COLUMN request_body BLOB NULL;
`;

/**
 * Every migration, sorted by version. Append new ones; never edit or reorder released ones.
 * Pending ones are applied in this order, whatever order they were added to the code in.
 */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: '0001_init', sql: INIT_SQL },
  { version: 2, name: '0002_sessions', sql: SESSIONS_SQL },
  { version: 3, name: '0003_inbox_names_and_counts', sql: INBOX_NAMES_AND_COUNTS_SQL },
  { version: 4, name: '0004_shares', sql: SHARES_SQL },
  { version: 5, name: '0005_event_signature_and_answer', sql: EVENT_SIGNATURE_AND_ANSWER_SQL },
  { version: 6, name: '0006_inbox_signatures', sql: SIGNATURES_SQL },
  { version: 7, name: '0007_inbox_responses', sql: INBOX_RESPONSES_SQL },
  { version: 8, name: '0008_forwarding', sql: FORWARDING_SQL },
  { version: 9, name: '0009_replay_jobs', sql: REPLAY_JOBS_SQL },
  { version: 10, name: '0010_replay_requests', sql: REPLAY_REQUESTS_SQL },
];

/**
 * Brings the database up to the newest schema. Each missing migration runs in its own IMMEDIATE
 * transaction together with its schema_migrations row, so a crash leaves either the old or the
 * new schema, and re-running (or a second process racing this one) is harmless.
 * Throws StorageError when the database holds a migration this code does not know (it was
 * written by a newer Rehook) or when a migration fails.
 */
export function applyMigrations(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const isApplied = db.prepare<[number], { version: number }>(
    'SELECT version FROM schema_migrations WHERE version = ?',
  );
  const record = db.prepare<[number, string, number]>(
    'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
  );
  const newest = db
    .prepare<[], { version: number | null }>('SELECT max(version) AS version FROM schema_migrations')
    .get();
  const known = MIGRATIONS.at(-1)?.version ?? 0;
  if (newest?.version != null && newest.version > known) {
    throw new StorageError(`database schema version ${newest.version} is newer than this Rehook knows (${known})`);
  }
  const applyOne = db.transaction((migration: Migration) => {
    // Checked again inside the write lock: another process may have applied it meanwhile.
    if (isApplied.get(migration.version) !== undefined) return;
    db.exec(migration.sql);
    record.run(migration.version, migration.name, Date.now());
  });
  for (const migration of MIGRATIONS) {
    if (isApplied.get(migration.version) !== undefined) continue;
    try {
      applyOne.immediate(migration);
    } catch (err) {
      throw new StorageError(`migration ${migration.name} failed: ${String(err)}`, { cause: err });
    }
  }
}
