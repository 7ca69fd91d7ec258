
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
