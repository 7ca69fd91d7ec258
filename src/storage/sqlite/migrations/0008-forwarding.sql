
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
