
CREATE TABLE inbox_responses (
  inbox_id   TEXT PRIMARY KEY,
  config     TEXT NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
