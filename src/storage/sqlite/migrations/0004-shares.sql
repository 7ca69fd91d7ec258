
CREATE TABLE shares (
  id         TEXT PRIMARY KEY,
  inbox_id   TEXT NOT NULL,
  hash       TEXT NOT NULL UNIQUE,
  prefix     TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX shares_inbox ON shares (inbox_id, created_at);
