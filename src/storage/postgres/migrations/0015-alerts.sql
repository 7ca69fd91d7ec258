
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
