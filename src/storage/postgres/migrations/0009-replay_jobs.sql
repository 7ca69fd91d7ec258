
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
