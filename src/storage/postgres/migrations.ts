import type { Pool, PoolClient } from 'pg';

import { StorageError } from '../../errors.js';
import { type Migration, type MigrationLedger, migrate, migrationList, runAsync } from '../shared/migration-runner.js';
import { inTransaction, storageError } from './attempt.js';
import { PARTITIONS_MIGRATION_SQL } from './event-partitions.js';
import { SEARCH_SQL } from './event-search.js';

export type { Migration } from '../shared/migration-runner.js';

/**
 * The SQL of every migration of this adapter, by name, with the same numbers and intent as the
 * SQLite ones (src/storage/sqlite/migrations.ts) in PostgreSQL types:
 * - Timestamps are timestamptz. Domain dates are milliseconds and timestamptz keeps microseconds,
 *   so every value round-trips exactly; node-postgres returns them as Date; operators can read and
 *   compare them in psql; and range partitioning of events by received_at (cheap retention, see
 *   docs/scaling.md) works on them directly.
 * - Every id column is COLLATE "C": ids sort bytewise, as in SQLite. Keyset pagination compares
 *   event ids with `<` and orders by them, and a linguistic collation (en_US.UTF-8, the default
 *   of many clusters) would order them differently and make the indexes slower.
 * - No foreign keys: an inbox is deleted at once and its events and replays are purged later in
 *   bounded batches (purge_queue), which a cascading foreign key would turn into one huge delete.
 * - Bodies are bytea, last in the row; PostgreSQL moves large values out of line (TOAST), so the
 *   listing query, which never names them, never reads them.
 */
/** The events columns from migration 17 on, written out: a migration's SQL never changes. */
const MIGRATION_17_EVENT_COLUMNS =
  'id, inbox_id, received_at, method, path, query, content_type, size, signature, answer, event_type, drift, ' +
  'source_ip, headers, body';

export const MIGRATIONS: readonly Migration[] = migrationList({
  '0001_init': `
CREATE TABLE inboxes (
  id         text COLLATE "C" PRIMARY KEY,
  owner_id   text COLLATE "C" NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NULL
);
-- listByOwner filters by owner and sorts by creation time: one index serves both.
CREATE INDEX inboxes_owner ON inboxes (owner_id, created_at);
-- Only anonymous inboxes expire; the sweeper scans this small partial index.
CREATE INDEX inboxes_expires ON inboxes (expires_at) WHERE expires_at IS NOT NULL;

CREATE TABLE events (
  seq          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id           text COLLATE "C" NOT NULL UNIQUE,
  inbox_id     text COLLATE "C" NOT NULL,
  received_at  timestamptz NOT NULL,
  method       text NOT NULL,
  path         text NOT NULL,
  query        text NOT NULL,
  content_type text NULL,
  size         bigint NOT NULL,
  source_ip    text NOT NULL,
  headers      text NOT NULL, -- JSON array of [name, value]
  body         bytea NOT NULL
);
-- Event ids sort by capture time, so newest-first and keyset pagination are a range scan here.
CREATE INDEX events_inbox ON events (inbox_id, id);

CREATE TABLE replays (
  seq              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id               text COLLATE "C" NOT NULL UNIQUE,
  event_id         text COLLATE "C" NOT NULL,
  inbox_id         text COLLATE "C" NOT NULL,
  account_id       text COLLATE "C" NOT NULL,
  destination      text NOT NULL,
  created_at       timestamptz NOT NULL,
  outcome          text NOT NULL,
  status_code      integer NULL,
  latency_ms       double precision NULL,
  response_headers text NOT NULL, -- JSON array of [name, value]
  truncated        boolean NOT NULL,
  error_code       text NULL,
  error_message    text NULL,
  response_body    bytea NOT NULL
);
CREATE INDEX replays_event ON replays (event_id, seq);
CREATE INDEX replays_inbox ON replays (inbox_id);

-- Inboxes deleted but whose events and replays are not purged yet.
CREATE TABLE purge_queue (
  inbox_id  text COLLATE "C" PRIMARY KEY,
  queued_at timestamptz NOT NULL
);

CREATE TABLE accounts (
  id            text COLLATE "C" PRIMARY KEY,
  email         text NOT NULL UNIQUE,
  password_hash text NULL,
  created_at    timestamptz NOT NULL
);

CREATE TABLE api_tokens (
  id           text COLLATE "C" PRIMARY KEY,
  account_id   text COLLATE "C" NOT NULL,
  name         text NOT NULL,
  hash         text COLLATE "C" NOT NULL UNIQUE,
  prefix       text NOT NULL,
  created_at   timestamptz NOT NULL,
  last_used_at timestamptz NULL,
  revoked_at   timestamptz NULL
);
CREATE INDEX api_tokens_account ON api_tokens (account_id, created_at);
`,
  /** Browser sessions: the same table and indexes as SQLite's migration 2. */
  '0002_sessions': `
CREATE TABLE sessions (
  id           text COLLATE "C" PRIMARY KEY,
  account_id   text COLLATE "C" NOT NULL,
  hash         text COLLATE "C" NOT NULL UNIQUE,
  csrf_token   text NOT NULL,
  created_at   timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);
CREATE INDEX sessions_expires ON sessions (expires_at);
`,
  /**
   * Inbox names and event counts: the same column and table as SQLite's migration 3. The counts
   * have a table of their own, one narrow row per inbox: the event insert keeps them with an upsert
   * in inbox order (INSERT ... ON CONFLICT takes its row locks in the order of its input, so two
   * batches never deadlock), and ingest never rewrites an inbox row, which every request reads.
   * Half-empty pages (fillfactor 50) keep those frequent updates HOT. Existing inboxes are counted
   * once, here.
   */
  '0003_inbox_names_and_counts': `
ALTER TABLE inboxes ADD COLUMN name text NULL;
CREATE TABLE inbox_counters (
  inbox_id    text COLLATE "C" PRIMARY KEY,
  event_count bigint NOT NULL
) WITH (fillfactor = 50);
INSERT INTO inbox_counters (inbox_id, event_count)
  SELECT e.inbox_id, count(*) FROM events AS e JOIN inboxes AS i ON i.id = e.inbox_id
  GROUP BY e.inbox_id;
`,
  /** Read-only sharing links: the same table and indexes as SQLite's migration 4. */
  '0004_shares': `
CREATE TABLE shares (
  id         text COLLATE "C" PRIMARY KEY,
  inbox_id   text COLLATE "C" NOT NULL,
  hash       text COLLATE "C" NOT NULL UNIQUE,
  prefix     text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX shares_inbox ON shares (inbox_id, created_at);
`,
  /**
   * What each event's sender signature check and ingest answer were (migration 5): JSON text,
   * null for events stored before or without a secret or a configured answer. text rather than
   * jsonb so the stored bytes are the ones written (jsonb reorders keys). Adding a nullable
   * column without a default changes no existing row.
   */
  '0005_event_signature_and_answer': `
ALTER TABLE events ADD COLUMN signature text NULL, ADD COLUMN answer text NULL;
`,
  /**
   * Signature settings (migration 6): the same table as SQLite's, with a foreign key that deletes
   * an inbox's settings with the inbox. The key's checks take the locks that make a write racing
   * a deletion of the inbox either fail or be deleted with it (a sealed secret never outlives its
   * inbox); SQLite (foreign keys off, one writer) deletes the row in the inbox's transaction.
   */
  '0006_inbox_signatures': `
CREATE TABLE inbox_signatures (
  inbox_id      text COLLATE "C" PRIMARY KEY REFERENCES inboxes (id) ON DELETE CASCADE,
  scheme        text NOT NULL,
  sealed_secret text NOT NULL,
  secret_hint   text,
  options       text NOT NULL,
  updated_at    timestamptz NOT NULL
);
`,
  /** Programmable responses (migration 7): the same table as SQLite's. */
  '0007_inbox_responses': `
CREATE TABLE inbox_responses (
  inbox_id   text COLLATE "C" PRIMARY KEY,
  config     text NOT NULL,
  updated_at timestamptz NOT NULL
);
`,
  /**
   * Migration 8, as on SQLite (src/storage/sqlite/forwarding-repository.ts): `next_attempt_at` is
   * set exactly while a delivery is unfinished (due time, or end of its lease), so one partial
   * index serves the claim of due deliveries and of those whose instance died.
   */
  '0008_forwarding': `
CREATE TABLE forwarding (
  inbox_id     text COLLATE "C" PRIMARY KEY,
  destination  text NOT NULL,
  enabled      boolean NOT NULL,
  max_attempts integer NOT NULL,
  max_delay_ms bigint NOT NULL,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);

CREATE TABLE deliveries (
  event_id        text COLLATE "C" PRIMARY KEY,
  inbox_id        text COLLATE "C" NOT NULL,
  state           text NOT NULL,
  attempts        integer NOT NULL,
  attempts_total  integer NOT NULL,
  next_attempt_at timestamptz NULL,
  lease_owner     text NULL,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
CREATE INDEX deliveries_inbox ON deliveries (inbox_id);

CREATE TABLE delivery_attempts (
  event_id      text COLLATE "C" NOT NULL,
  number        integer NOT NULL,
  inbox_id      text COLLATE "C" NOT NULL,
  started_at    timestamptz NOT NULL,
  url           text NOT NULL,
  outcome       text NOT NULL,
  status_code   integer NULL,
  latency_ms    double precision NULL,
  error_code    text NULL,
  error_message text NULL,
  PRIMARY KEY (event_id, number)
);
CREATE INDEX delivery_attempts_inbox ON delivery_attempts (inbox_id);
`,
  /**
   * Bulk replay jobs (migration 9): the same tables and indexes as SQLite's
   * (src/storage/sqlite/replay-jobs.ts), in PostgreSQL types. The runners' claim locks the job
   * row it picks with FOR UPDATE SKIP LOCKED, so concurrent claimers on several instances take
   * different jobs instead of queuing on one.
   */
  '0009_replay_jobs': `
CREATE TABLE replay_jobs (
  id              text COLLATE "C" PRIMARY KEY,
  inbox_id        text COLLATE "C" NOT NULL,
  account_id      text COLLATE "C" NOT NULL,
  destination     text NOT NULL,
  filter          text NOT NULL, -- JSON, as the request gave it
  rate_per_second double precision NOT NULL,
  concurrency     integer NOT NULL,
  state           text NOT NULL,
  total           integer NOT NULL,
  succeeded       integer NOT NULL,
  failed          integer NOT NULL,
  created_at      timestamptz NOT NULL,
  started_at      timestamptz NULL,
  finished_at     timestamptz NULL,
  error_code      text NULL,
  error_message   text NULL,
  lease_owner     text NULL,
  lease_until     timestamptz NULL
);
CREATE INDEX replay_jobs_inbox ON replay_jobs (inbox_id, created_at);
CREATE INDEX replay_jobs_unfinished ON replay_jobs (created_at, id) WHERE state IN ('queued', 'running');

CREATE TABLE replay_job_items (
  job_id       text COLLATE "C" NOT NULL,
  position     integer NOT NULL,
  event_id     text COLLATE "C" NOT NULL,
  done         boolean NOT NULL,
  replay_id    text COLLATE "C" NULL,
  status_code  integer NULL,
  latency_ms   double precision NULL,
  error_code   text NULL,
  completed_at timestamptz NULL,
  PRIMARY KEY (job_id, position)
);
`,
  /**
   * What each replay sent (migration 10, edit-and-replay), as on SQLite: `request` JSON text,
   * `request_body` the edited bytes (null = the event's own body), `job_id` the bulk job; null
   * for replays recorded before. Adding nullable columns rewrites nothing.
   */
  '0010_replay_requests': `
ALTER TABLE replays ADD COLUMN job_id text COLLATE "C" NULL;
ALTER TABLE replays ADD COLUMN request text NULL;
ALTER TABLE replays ADD COLUMN request_body bytea NULL;
`,
  // Search (event-search.ts): a function that reads a body as jsonb or NULL. SQLite needs no
  // migration for it (its search registers a function on the connection instead).
  '0011_search': SEARCH_SQL,
  /**
   * A job's sends by outcome (migration 12), as on SQLite: status classes and no answer, kept by
   * completeItem; jobs recorded before are counted from their items once, here. Adding columns
   * with a constant default rewrites nothing.
   */
  '0012_replay_job_outcomes': `
ALTER TABLE replay_jobs ADD COLUMN status_2xx integer NOT NULL DEFAULT 0,
  ADD COLUMN status_3xx integer NOT NULL DEFAULT 0,
  ADD COLUMN status_4xx integer NOT NULL DEFAULT 0,
  ADD COLUMN status_5xx integer NOT NULL DEFAULT 0,
  ADD COLUMN unreachable integer NOT NULL DEFAULT 0;
UPDATE replay_jobs SET
  status_2xx = (SELECT count(*) FROM replay_job_items i WHERE i.job_id = replay_jobs.id AND i.status_code < 300),
  status_3xx = (SELECT count(*) FROM replay_job_items i
    WHERE i.job_id = replay_jobs.id AND i.status_code >= 300 AND i.status_code < 400),
  status_4xx = (SELECT count(*) FROM replay_job_items i
    WHERE i.job_id = replay_jobs.id AND i.status_code >= 400 AND i.status_code < 500),
  status_5xx = (SELECT count(*) FROM replay_job_items i WHERE i.job_id = replay_jobs.id AND i.status_code >= 500),
  unreachable = (SELECT count(*) FROM replay_job_items i
    WHERE i.job_id = replay_jobs.id AND i.done AND i.status_code IS NULL
      AND coalesce(i.error_code, '') <> 'EVENT_NOT_FOUND');
`,
  /**
   * Events partitioned by day (event-partitions.ts), with the partitions of today and the next
   * three days; the sweeper keeps creating them ahead. SQLite keeps its one table.
   */
  '0013_event_partitions': `${PARTITIONS_MIGRATION_SQL}
DO $$
DECLARE d date;
BEGIN
  FOR i IN 0..3 LOOP
    d := (now() AT TIME ZONE 'UTC')::date + i;
    EXECUTE format('CREATE TABLE %I PARTITION OF events FOR VALUES FROM (%L) TO (%L)',
      'events_p' || to_char(d, 'YYYYMMDD'), d::timestamp AT TIME ZONE 'UTC', (d + 1)::timestamp AT TIME ZONE 'UTC');
  END LOOP;
END $$;
`,
  /** Account settings and scoped tokens: the same columns as SQLite's migration 14. */
  '0014_account_settings_and_token_scopes': `
ALTER TABLE accounts ADD COLUMN display_name text NULL;
ALTER TABLE api_tokens ADD COLUMN scope text NOT NULL DEFAULT 'manage';
ALTER TABLE api_tokens ADD COLUMN inbox_ids text NULL;
ALTER TABLE api_tokens ADD COLUMN team_id text COLLATE "C" NULL;
ALTER TABLE api_tokens ADD COLUMN expires_at timestamptz NULL;
ALTER TABLE sessions ADD COLUMN user_agent text NULL;
`,
  /**
   * Alerts (migration 15): an inbox's rules as one JSON document, and the queue of their
   * notifications with attempt records, shaped like forwarding's deliveries (0008): the partial
   * index on next_attempt_at finds both due and lease-expired rows.
   */
  '0015_alerts': `
CREATE TABLE alert_rules (
  inbox_id   text COLLATE "C" PRIMARY KEY,
  rules      text NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE alert_notifications (
  id              text COLLATE "C" PRIMARY KEY,
  inbox_id        text COLLATE "C" NOT NULL,
  rule_id         text COLLATE "C" NOT NULL,
  rule_name       text NOT NULL,
  kind            text NOT NULL,
  type            text NOT NULL,
  url             text NOT NULL,
  format          text NOT NULL,
  body            text NOT NULL,
  event_id        text COLLATE "C" NULL,
  state           text NOT NULL,
  attempts        integer NOT NULL,
  attempts_total  integer NOT NULL,
  next_attempt_at timestamptz NULL,
  lease_owner     text NULL,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX alert_notifications_due ON alert_notifications (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
CREATE INDEX alert_notifications_inbox ON alert_notifications (inbox_id, id);

CREATE TABLE alert_attempts (
  notification_id text COLLATE "C" NOT NULL,
  number          integer NOT NULL,
  started_at      timestamptz NOT NULL,
  url             text NOT NULL,
  outcome         text NOT NULL,
  status_code     integer NULL,
  latency_ms      double precision NULL,
  error_code      text NULL,
  error_message   text NULL,
  PRIMARY KEY (notification_id, number)
);
`,
  /**
   * Teams (migration 16): a team, its members with their roles, and its invitation links (only the
   * hash of a link's token is stored, as for API tokens). A team's inboxes carry the team's id as
   * owner_id, so no inbox column changes. Members are looked up by team (primary key) and by
   * account (the dashboard, account deletion).
   */
  '0016_teams': `
CREATE TABLE teams (
  id         text COLLATE "C" PRIMARY KEY,
  name       text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE TABLE team_members (
  team_id    text COLLATE "C" NOT NULL,
  account_id text COLLATE "C" NOT NULL,
  role       text NOT NULL,
  joined_at  timestamptz NOT NULL,
  PRIMARY KEY (team_id, account_id)
);
CREATE INDEX team_members_account ON team_members (account_id);
CREATE TABLE team_invitations (
  id          text COLLATE "C" PRIMARY KEY,
  team_id     text COLLATE "C" NOT NULL,
  role        text NOT NULL,
  hash        text COLLATE "C" NOT NULL UNIQUE,
  prefix      text NOT NULL,
  created_by  text NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  accepted_at timestamptz NULL,
  accepted_by text NULL
);
CREATE INDEX team_invitations_team ON team_invitations (team_id, created_at);
`,
  /**
   * Event types, inferred schemas and drift (migration 17), as on SQLite. Both event tables of
   * migration 13 gain the columns (nullable: no rewrite) and the partial indexes that are the
   * worker's queue and the drift listing (a partitioned index on `events`); the view
   * `events_all` is made again with them (its column order changes, so it is dropped first).
   */
  '0017_event_types': `
ALTER TABLE events ADD COLUMN event_type text NULL, ADD COLUMN drift text NULL;
ALTER TABLE events_legacy ADD COLUMN event_type text NULL, ADD COLUMN drift text NULL;
DROP VIEW events_all;
CREATE VIEW events_all AS
  SELECT ${MIGRATION_17_EVENT_COLUMNS} FROM events
  UNION ALL SELECT ${MIGRATION_17_EVENT_COLUMNS} FROM events_legacy;
CREATE INDEX events_untyped ON events (id) WHERE event_type IS NULL;
CREATE INDEX events_drifted ON events (inbox_id, id) WHERE drift IS NOT NULL;
CREATE INDEX events_legacy_untyped ON events_legacy (id) WHERE event_type IS NULL;
CREATE INDEX events_legacy_drifted ON events_legacy (inbox_id, id) WHERE drift IS NOT NULL;
CREATE TABLE event_types (
  inbox_id   text COLLATE "C" NOT NULL,
  event_type text COLLATE "C" NOT NULL,
  count      bigint NOT NULL,
  drifted    bigint NOT NULL,
  first_seen timestamptz NOT NULL,
  last_seen  timestamptz NOT NULL,
  shape      text NOT NULL,
  PRIMARY KEY (inbox_id, event_type)
);
CREATE TABLE event_type_rules (
  inbox_id   text COLLATE "C" PRIMARY KEY,
  kind       text NOT NULL,
  value      text NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE TABLE event_type_rebuilds (
  inbox_id   text COLLATE "C" NOT NULL,
  event_type text COLLATE "C" NOT NULL,
  PRIMARY KEY (inbox_id, event_type)
);
`,
  /** The audit log (migration 18), as on SQLite. */
  '0018_audit_log': `
CREATE TABLE audit_log (
  id               text COLLATE "C" PRIMARY KEY,
  at               timestamptz NOT NULL,
  account_id       text COLLATE "C" NULL,
  team_id          text COLLATE "C" NULL,
  actor_account_id text COLLATE "C" NULL,
  actor_token_id   text COLLATE "C" NULL,
  actor_share_id   text COLLATE "C" NULL,
  ip               text NOT NULL,
  action           text NOT NULL,
  target_type      text NULL,
  target_id        text COLLATE "C" NULL,
  outcome          text NOT NULL,
  detail           text NOT NULL
);
CREATE INDEX audit_log_account ON audit_log (account_id, id) WHERE account_id IS NOT NULL;
CREATE INDEX audit_log_team ON audit_log (team_id, id) WHERE team_id IS NOT NULL;
CREATE INDEX audit_log_at ON audit_log (at);
`,
  /** Single sign-on identities (migration 19), as on SQLite. */
  '0019_account_identities': `
CREATE TABLE account_identities (
  issuer     text COLLATE "C" NOT NULL,
  subject    text COLLATE "C" NOT NULL,
  account_id text COLLATE "C" NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX account_identities_account ON account_identities (account_id);
`,
  /** An inbox's own setting for learning event types (migration 20), as on SQLite. */
  '0020_event_type_settings': `
CREATE TABLE event_type_settings (
  inbox_id    text COLLATE "C" PRIMARY KEY,
  min_samples integer NOT NULL,
  updated_at  timestamptz NOT NULL
);
`,
  /** Bulk replay jobs that re-sign each send with the inbox's secret, as a single replay can. */
  '0021_replay_job_resign': `
ALTER TABLE replay_jobs ADD COLUMN resign boolean NOT NULL DEFAULT false;
`,
});

/**
 * First key of every advisory lock Rehook takes ('RHK\0'); the second key says what is locked.
 * Locks on one bigint key live in a separate key space and never collide with these.
 */
export const ADVISORY_LOCK_CLASS = 0x52484b00;

/**
 * Serialises migrations of one schema across processes: two instances starting together queue
 * here instead of racing on CREATE TABLE. Keyed by schema, so deployments (or test runs) in
 * different schemas of one database do not wait for each other. The lock ends with the
 * transaction, also when the connection dies.
 */
const LOCK_SQL = `SELECT pg_advisory_xact_lock(${ADVISORY_LOCK_CLASS},
  hashtext(coalesce(current_schema(), '')))`;

const CREATE_LEDGER_SQL = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version    integer PRIMARY KEY,
  name       text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/** The ledger on PostgreSQL, on the connection of the run's transaction. */
function postgresLedger(client: PoolClient): MigrationLedger {
  return {
    appliedVersions: async () => {
      const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
      return new Set(rows.map((row) => row.version));
    },
    apply: async (migration) => {
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    },
    // Already inside the run's transaction (applyMigrations), which holds the lock.
    transaction: (steps) => runAsync(steps),
  };
}

/**
 * Brings the schema (the first one on the connection's search_path) up to the newest version
 * and returns the migrations it applied (empty when it was up to date). Everything runs in one
 * transaction holding an advisory lock, so a crash leaves the old or the new schema, and
 * re-running it, or several processes running it at once, is harmless.
 * Throws StorageError when the database holds a migration this code does not know (it was
 * written by a newer Rehook), when a migration fails, or when the database is unreachable.
 */
export async function applyMigrations(pool: Pool): Promise<readonly Migration[]> {
  try {
    return await inTransaction(pool, async (client) => {
      await client.query(LOCK_SQL);
      await client.query(CREATE_LEDGER_SQL);
      return runAsync(migrate(postgresLedger(client), MIGRATIONS));
    });
  } catch (err) {
    throw err instanceof StorageError ? err : storageError('migrate', err);
  }
}
