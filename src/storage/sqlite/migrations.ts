import type BetterSqlite3 from 'better-sqlite3';

import { type Migration, type MigrationLedger, migrate, migrationList, runSync } from '../shared/migration-runner.js';

export type { Migration } from '../shared/migration-runner.js';

/**
 * The first columns of the events table as migration 1 created them; migration 5 rebuilds the
 * table with the same ones. Part of released migrations: never edit.
 */
const EVENT_LEADING_COLUMNS = `  seq          INTEGER PRIMARY KEY,
  id           TEXT NOT NULL UNIQUE,
  inbox_id     TEXT NOT NULL,
  received_at  INTEGER NOT NULL,
  method       TEXT NOT NULL,
  path         TEXT NOT NULL,
  query        TEXT NOT NULL,
  content_type TEXT NULL,
  size         INTEGER NOT NULL,`;

/**
 * The SQL of every migration of this adapter, by name; the shared list gives their versions and
 * order. Never edit or reorder released ones: a database created by an older Rehook must still
 * open and upgrade.
 */
export const MIGRATIONS: readonly Migration[] = migrationList({
  /**
   * Timestamps are INTEGER milliseconds since the epoch. Every table has what its queries need and
   * no foreign keys: an inbox is deleted at once and its events and replays are purged later in
   * bounded batches (purge_queue), which a cascading foreign key would turn into one huge delete.
   */
  '0001_init': `
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
${EVENT_LEADING_COLUMNS}
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
`,
  /**
   * Browser sessions (web sign-in). Only a hash of the cookie's secret is stored. Sessions end by
   * expiry (checked on read; the sweeper deletes expired rows in bounded batches through the
   * expiry index), by signing out, or all of an account's at once (account index).
   */
  '0002_sessions': `
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
`,
  /**
   * Inbox names and event counts (migration 3). An inbox's count is kept by every statement that
   * adds or removes its events, in the same transaction (the group commit adds one upsert per inbox
   * per batch), so the dashboard never counts events: COUNT(*) over the index of a 100,000-event
   * inbox took 2.4 ms of the event loop. The counts have a table of their own, as on PostgreSQL
   * (where that keeps ingest from rewriting inbox rows); a row goes when its inbox is purged.
   * Existing inboxes are counted once, here.
   */
  '0003_inbox_names_and_counts': `
ALTER TABLE inboxes ADD COLUMN name TEXT NULL;
CREATE TABLE inbox_counters (
  inbox_id    TEXT PRIMARY KEY,
  event_count INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO inbox_counters (inbox_id, event_count)
  SELECT e.inbox_id, count(*) FROM events AS e JOIN inboxes AS i ON i.id = e.inbox_id
  GROUP BY e.inbox_id;
`,
  /**
   * Read-only sharing links (migration 4). Only a hash of the link's token is stored, as for API
   * tokens; the unique index on it is the lookup of every request made with a link. Listing an
   * inbox's links goes through the inbox index; deleting an inbox deletes its links in the same
   * transaction (inbox-repository.ts).
   */
  '0004_shares': `
CREATE TABLE shares (
  id         TEXT PRIMARY KEY,
  inbox_id   TEXT NOT NULL,
  hash       TEXT NOT NULL UNIQUE,
  prefix     TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX shares_inbox ON shares (inbox_id, created_at);
`,
  /**
   * What each event's sender signature check and ingest answer were (migration 5): JSON text,
   * null for events stored before or without a secret or a configured answer. The list reads both,
   * so they must sit before headers and body: a column after the body is reached only by walking
   * the body's overflow pages, which would make listing as costly as reading every body. ALTER
   * TABLE can only append, so the table is rebuilt in the documented way (create, copy, drop,
   * rename, re-index) inside the migration's transaction; seq (the rowid) is copied as is.
   */
  '0005_event_signature_and_answer': `
CREATE TABLE events_new (
${EVENT_LEADING_COLUMNS}
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
`,
  /**
   * Signature settings of inboxes (migration 6): scheme, the secret sealed with the server key,
   * what may be shown of it, the scheme's options (JSON text) and when they were set.
   */
  '0006_inbox_signatures': `
CREATE TABLE inbox_signatures (
  inbox_id      TEXT PRIMARY KEY,
  scheme        TEXT NOT NULL,
  sealed_secret TEXT NOT NULL,
  secret_hint   TEXT,
  options       TEXT NOT NULL,
  updated_at    INTEGER NOT NULL
);
`,
  /**
   * Programmable responses (migration 7): at most one per inbox, as one JSON document (the default
   * answer and its rules, bodies in base64; src/domain/inbox-response.ts reads and writes it).
   * Deleting an inbox deletes its row in the same transaction (inbox-repository.ts).
   */
  '0007_inbox_responses': `
CREATE TABLE inbox_responses (
  inbox_id   TEXT PRIMARY KEY,
  config     TEXT NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
`,
  /**
   * Migration 8: forwarding settings and the delivery queue. A delivery is keyed by its event
   * (one per event). `next_attempt_at` is set exactly while it is unfinished: when it is due
   * (pending) or when its lease ends (delivering), so one partial index finds both the due
   * deliveries and the ones whose instance died; finished rows leave the index. The event insert
   * (group-commit.ts) adds the row in the batch's transaction.
   */
  '0008_forwarding': `
CREATE TABLE forwarding (
  inbox_id     TEXT PRIMARY KEY,
  destination  TEXT NOT NULL,
  enabled      INTEGER NOT NULL,
  max_attempts INTEGER NOT NULL,
  max_delay_ms INTEGER NOT NULL,
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE deliveries (
  event_id        TEXT PRIMARY KEY,
  inbox_id        TEXT NOT NULL,
  state           TEXT NOT NULL,
  attempts        INTEGER NOT NULL,
  attempts_total  INTEGER NOT NULL,
  next_attempt_at INTEGER NULL,
  lease_owner     TEXT NULL,
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
CREATE INDEX deliveries_inbox ON deliveries (inbox_id);

CREATE TABLE delivery_attempts (
  event_id      TEXT NOT NULL,
  number        INTEGER NOT NULL,
  inbox_id      TEXT NOT NULL,
  started_at    INTEGER NOT NULL,
  url           TEXT NOT NULL,
  outcome       TEXT NOT NULL,
  status_code   INTEGER NULL,
  latency_ms    REAL NULL,
  error_code    TEXT NULL,
  error_message TEXT NULL,
  PRIMARY KEY (event_id, number)
) WITHOUT ROWID;
CREATE INDEX delivery_attempts_inbox ON delivery_attempts (inbox_id);
`,
  /**
   * Bulk replay jobs (migration 9). A job row carries its counts (kept by completeItem in the
   * transaction that records an item) and its lease; its items are one row per event, keyed by
   * (job, position), so the runner reads the pending ones in replay order from the primary key.
   * The partial index holds only unfinished jobs: the runners' claim never scans finished ones.
   */
  '0009_replay_jobs': `
CREATE TABLE replay_jobs (
  id              TEXT PRIMARY KEY,
  inbox_id        TEXT NOT NULL,
  account_id      TEXT NOT NULL,
  destination     TEXT NOT NULL,
  filter          TEXT NOT NULL, -- JSON, as the request gave it
  rate_per_second REAL NOT NULL,
  concurrency     INTEGER NOT NULL,
  state           TEXT NOT NULL,
  total           INTEGER NOT NULL,
  succeeded       INTEGER NOT NULL,
  failed          INTEGER NOT NULL,
  created_at      INTEGER NOT NULL,
  started_at      INTEGER NULL,
  finished_at     INTEGER NULL,
  error_code      TEXT NULL,
  error_message   TEXT NULL,
  lease_owner     TEXT NULL,
  lease_until     INTEGER NULL
);
CREATE INDEX replay_jobs_inbox ON replay_jobs (inbox_id, created_at);
CREATE INDEX replay_jobs_unfinished ON replay_jobs (created_at, id) WHERE state IN ('queued', 'running');

CREATE TABLE replay_job_items (
  job_id       TEXT NOT NULL,
  position     INTEGER NOT NULL,
  event_id     TEXT NOT NULL,
  done         INTEGER NOT NULL,
  replay_id    TEXT NULL,
  status_code  INTEGER NULL,
  latency_ms   REAL NULL,
  error_code   TEXT NULL,
  completed_at INTEGER NULL,
  PRIMARY KEY (job_id, position)
) WITHOUT ROWID;
`,
  /**
   * What each replay sent (migration 10, edit-and-replay): `request` is JSON text (method, url,
   * headers as sent with Authorization/Cookie redacted, body size, the overrides asked for,
   * whether it was re-signed; src/domain/replay-request.ts encodes it), `request_body` the bytes
   * sent when they were edited (null = the event's own body, never stored twice; at most
   * REHOOK_MAX_BODY, checked before sending), `job_id` the bulk replay job that made it. All null
   * for replays recorded before. Appended after response_body: a replay row is always read whole.
   */
  '0010_replay_requests': `
ALTER TABLE replays ADD COLUMN job_id TEXT NULL;
ALTER TABLE replays ADD COLUMN request TEXT NULL;
ALTER TABLE replays ADD COLUMN request_body BLOB NULL;
`,
  /**
   * A job's sends by outcome (migration 12): destination status classes and no answer, kept by
   * completeItem like succeeded and failed (domain itemTally() decides the class). Jobs recorded
   * before are counted from their items once, here, by the same rule.
   */
  '0012_replay_job_outcomes': `
ALTER TABLE replay_jobs ADD COLUMN status_2xx INTEGER NOT NULL DEFAULT 0;
ALTER TABLE replay_jobs ADD COLUMN status_3xx INTEGER NOT NULL DEFAULT 0;
ALTER TABLE replay_jobs ADD COLUMN status_4xx INTEGER NOT NULL DEFAULT 0;
ALTER TABLE replay_jobs ADD COLUMN status_5xx INTEGER NOT NULL DEFAULT 0;
ALTER TABLE replay_jobs ADD COLUMN unreachable INTEGER NOT NULL DEFAULT 0;
UPDATE replay_jobs SET
  status_2xx = (SELECT count(*) FROM replay_job_items i WHERE i.job_id = replay_jobs.id AND i.status_code < 300),
  status_3xx = (SELECT count(*) FROM replay_job_items i
    WHERE i.job_id = replay_jobs.id AND i.status_code >= 300 AND i.status_code < 400),
  status_4xx = (SELECT count(*) FROM replay_job_items i
    WHERE i.job_id = replay_jobs.id AND i.status_code >= 400 AND i.status_code < 500),
  status_5xx = (SELECT count(*) FROM replay_job_items i WHERE i.job_id = replay_jobs.id AND i.status_code >= 500),
  unreachable = (SELECT count(*) FROM replay_job_items i
    WHERE i.job_id = replay_jobs.id AND i.done = 1 AND i.status_code IS NULL
      AND coalesce(i.error_code, '') <> 'EVENT_NOT_FOUND');
`,
  /**
   * Account settings and scoped tokens: a display name; each token's scope (existing tokens keep
   * `manage`, everything they could do), the inboxes it is limited to (a JSON array of ids, or
   * NULL for all), its team and its expiry; each session's User-Agent, so Settings can tell
   * browsers apart.
   */
  '0014_account_settings_and_token_scopes': `
ALTER TABLE accounts ADD COLUMN display_name TEXT NULL;
ALTER TABLE api_tokens ADD COLUMN scope TEXT NOT NULL DEFAULT 'manage';
ALTER TABLE api_tokens ADD COLUMN inbox_ids TEXT NULL;
ALTER TABLE api_tokens ADD COLUMN team_id TEXT NULL;
ALTER TABLE api_tokens ADD COLUMN expires_at INTEGER NULL;
ALTER TABLE sessions ADD COLUMN user_agent TEXT NULL;
`,
  /**
   * Alerts (migration 15): an inbox's rules as one JSON document, and the queue of their
   * notifications with attempt records, shaped like forwarding's deliveries (0008): the partial
   * index on next_attempt_at finds both due and lease-expired rows.
   */
  '0015_alerts': `
CREATE TABLE alert_rules (
  inbox_id   TEXT PRIMARY KEY,
  rules      TEXT NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE alert_notifications (
  id              TEXT PRIMARY KEY,
  inbox_id        TEXT NOT NULL,
  rule_id         TEXT NOT NULL,
  rule_name       TEXT NOT NULL,
  kind            TEXT NOT NULL,
  type            TEXT NOT NULL,
  url             TEXT NOT NULL,
  format          TEXT NOT NULL,
  body            TEXT NOT NULL,
  event_id        TEXT NULL,
  state           TEXT NOT NULL,
  attempts        INTEGER NOT NULL,
  attempts_total  INTEGER NOT NULL,
  next_attempt_at INTEGER NULL,
  lease_owner     TEXT NULL,
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL
);
CREATE INDEX alert_notifications_due ON alert_notifications (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
CREATE INDEX alert_notifications_inbox ON alert_notifications (inbox_id, id);

CREATE TABLE alert_attempts (
  notification_id TEXT NOT NULL,
  number          INTEGER NOT NULL,
  started_at      INTEGER NOT NULL,
  url             TEXT NOT NULL,
  outcome         TEXT NOT NULL,
  status_code     INTEGER NULL,
  latency_ms      REAL NULL,
  error_code      TEXT NULL,
  error_message   TEXT NULL,
  PRIMARY KEY (notification_id, number)
) WITHOUT ROWID;
`,
  /**
   * Teams (migration 16): a team, its members with their roles, and its invitation links (only the
   * hash of a link's token is stored, as for API tokens). A team's inboxes carry the team's id as
   * owner_id, so no inbox column changes. Members are looked up by team (primary key) and by
   * account (the dashboard, account deletion).
   */
  '0016_teams': `
CREATE TABLE teams (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE team_members (
  team_id    TEXT NOT NULL,
  account_id TEXT NOT NULL,
  role       TEXT NOT NULL,
  joined_at  INTEGER NOT NULL,
  PRIMARY KEY (team_id, account_id)
) WITHOUT ROWID;
CREATE INDEX team_members_account ON team_members (account_id);
CREATE TABLE team_invitations (
  id          TEXT PRIMARY KEY,
  team_id     TEXT NOT NULL,
  role        TEXT NOT NULL,
  hash        TEXT NOT NULL UNIQUE,
  prefix      TEXT NOT NULL,
  created_by  TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  accepted_at INTEGER NULL,
  accepted_by TEXT NULL
);
CREATE INDEX team_invitations_team ON team_invitations (team_id, created_at);
`,
  /**
   * Event types, inferred schemas and drift (migration 17, docs/insight.md). Each event gets its
   * type and drift from the background worker, never from ingest: `event_type` is NULL until the
   * worker has read it ('' when it has no type: not JSON), and the partial index is the worker's
   * queue, so nothing is missed whatever order concurrent inserts commit in. Adding nullable
   * columns rewrites nothing.
   */
  '0017_event_types': `
ALTER TABLE events ADD COLUMN event_type TEXT NULL;
ALTER TABLE events ADD COLUMN drift TEXT NULL; -- JSON array of differences, NULL when none
CREATE INDEX events_untyped ON events (seq) WHERE event_type IS NULL;
CREATE INDEX events_drifted ON events (inbox_id, id) WHERE drift IS NOT NULL;
CREATE TABLE event_types (
  inbox_id   TEXT NOT NULL,
  event_type TEXT NOT NULL,
  count      INTEGER NOT NULL,
  drifted    INTEGER NOT NULL,
  first_seen INTEGER NOT NULL,
  last_seen  INTEGER NOT NULL,
  shape      TEXT NOT NULL, -- the learned shape (src/domain/json-shape.ts), JSON
  PRIMARY KEY (inbox_id, event_type)
) WITHOUT ROWID;
CREATE TABLE event_type_rules (
  inbox_id   TEXT PRIMARY KEY,
  kind       TEXT NOT NULL, -- 'header' | 'pointer'
  value      TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
-- Rebuilds asked for and not yet done; event_type '' = every type of the inbox.
CREATE TABLE event_type_rebuilds (
  inbox_id   TEXT NOT NULL,
  event_type TEXT NOT NULL,
  PRIMARY KEY (inbox_id, event_type)
);
`,
  /**
   * The audit log (migration 18, docs/teams.md). One row per recorded action; an account's log
   * and a team's log are each an index range walked newest first (ids sort by time), and the
   * retention sweep deletes by `at`. `detail` is a small JSON object, never a secret or a body.
   */
  '0018_audit_log': `
CREATE TABLE audit_log (
  id               TEXT PRIMARY KEY,
  at               INTEGER NOT NULL,
  account_id       TEXT NULL,
  team_id          TEXT NULL,
  actor_account_id TEXT NULL,
  actor_token_id   TEXT NULL,
  actor_share_id   TEXT NULL,
  ip               TEXT NOT NULL,
  action           TEXT NOT NULL,
  target_type      TEXT NULL,
  target_id        TEXT NULL,
  outcome          TEXT NOT NULL,
  detail           TEXT NOT NULL
);
CREATE INDEX audit_log_account ON audit_log (account_id, id) WHERE account_id IS NOT NULL;
CREATE INDEX audit_log_team ON audit_log (team_id, id) WHERE team_id IS NOT NULL;
CREATE INDEX audit_log_at ON audit_log (at);
`,
  /**
   * Single sign-on (migration 19): which account an OpenID Connect provider's subject signs in
   * to. The primary key is the lookup of every such sign-in; the account index serves deleting
   * the account.
   */
  '0019_account_identities': `
CREATE TABLE account_identities (
  issuer     TEXT NOT NULL,
  subject    TEXT NOT NULL,
  account_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (issuer, subject)
) WITHOUT ROWID;
CREATE INDEX account_identities_account ON account_identities (account_id);
`,
  /**
   * An inbox's own setting for learning event types (migration 20, docs/insight.md "Drift"): the
   * samples a type and a place need before properties are required, closed sets offered and
   * drift judged. No row: the default.
   */
  '0020_event_type_settings': `
CREATE TABLE event_type_settings (
  inbox_id    TEXT PRIMARY KEY,
  min_samples INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL
);
`,
  /** Bulk replay jobs that re-sign each send with the inbox's secret, as a single replay can. */
  '0021_replay_job_resign': `
ALTER TABLE replay_jobs ADD COLUMN resign INTEGER NOT NULL DEFAULT 0;
`,
});

/** The ledger on SQLite: the applied_at column holds INTEGER milliseconds. */
function sqliteLedger(db: BetterSqlite3.Database): MigrationLedger {
  const versions = db.prepare<[], number>('SELECT version FROM schema_migrations').pluck(true);
  const record = db.prepare<[number, string, number]>(
    'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
  );
  return {
    appliedVersions: () => new Set(versions.all()),
    apply: (migration) => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, Date.now());
    },
    transaction: (steps) => db.transaction(() => runSync(steps)).immediate(),
  };
}

/**
 * Brings the database up to the newest schema (see migrate): each missing migration runs in its
 * own IMMEDIATE transaction together with its schema_migrations row. Throws StorageError when
 * the database holds a migration this code does not know (it was written by a newer Rehook) or
 * when a migration fails.
 */
export function applyMigrations(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  runSync(migrate(sqliteLedger(db), MIGRATIONS));
}
