
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
