
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
