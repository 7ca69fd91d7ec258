
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
