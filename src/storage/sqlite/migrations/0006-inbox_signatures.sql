
CREATE TABLE inbox_signatures (
  inbox_id      TEXT PRIMARY KEY,
  scheme        TEXT NOT NULL,
  sealed_secret TEXT NOT NULL,
  secret_hint   TEXT,
  options       TEXT NOT NULL,
  updated_at    INTEGER NOT NULL
);
