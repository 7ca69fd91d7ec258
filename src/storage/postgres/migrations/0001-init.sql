
CREATE TABLE inboxes (
  id         text COLLATE "C" PRIMARY KEY,
  owner_id   text COLLATE "C" NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NULL
);
-- listByOwner filters by owner and sorts by creation time: one index serves both.
CREATE INDEX inboxes_owner ON inboxes (owner_id, created_at);
-- Only anonymous inboxes expire; the sweeper scans this small partial index.
CREATE INDEX inboxes_expires ON inboxes (expires_at) WHERE expires_at IS NOT NULL;

CREATE TABLE events (
  seq          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id           text COLLATE "C" NOT NULL UNIQUE,
  inbox_id     text COLLATE "C" NOT NULL,
  received_at  timestamptz NOT NULL,
  method       text NOT NULL,
  path         text NOT NULL,
  query        text NOT NULL,
  content_type text NULL,
  size         bigint NOT NULL,
  source_ip    text NOT NULL,
  headers      text NOT NULL, -- JSON array of [name, value]
  body         bytea NOT NULL
);
-- Event ids sort by capture time, so newest-first and keyset pagination are a range scan here.
CREATE INDEX events_inbox ON events (inbox_id, id);

CREATE TABLE replays (
  seq              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id               text COLLATE "C" NOT NULL UNIQUE,
  event_id         text COLLATE "C" NOT NULL,
  inbox_id         text COLLATE "C" NOT NULL,
  account_id       text COLLATE "C" NOT NULL,
  destination      text NOT NULL,
  created_at       timestamptz NOT NULL,
  outcome          text NOT NULL,
  status_code      integer NULL,
  latency_ms       double precision NULL,
  response_headers text NOT NULL, -- JSON array of [name, value]
  truncated        boolean NOT NULL,
  error_code       text NULL,
  error_message    text NULL,
  response_body    bytea NOT NULL
);
CREATE INDEX replays_event ON replays (event_id, seq);
CREATE INDEX replays_inbox ON replays (inbox_id);

-- Inboxes deleted but whose events and replays are not purged yet.
CREATE TABLE purge_queue (
  inbox_id  text COLLATE "C" PRIMARY KEY,
  queued_at timestamptz NOT NULL
);

CREATE TABLE accounts (
  id            text COLLATE "C" PRIMARY KEY,
  email         text NOT NULL UNIQUE,
  password_hash text NULL,
  created_at    timestamptz NOT NULL
);

CREATE TABLE api_tokens (
  id           text COLLATE "C" PRIMARY KEY,
  account_id   text COLLATE "C" NOT NULL,
  name         text NOT NULL,
  hash         text COLLATE "C" NOT NULL UNIQUE,
  prefix       text NOT NULL,
  created_at   timestamptz NOT NULL,
  last_used_at timestamptz NULL,
  revoked_at   timestamptz NULL
);
CREATE INDEX api_tokens_account ON api_tokens (account_id, created_at);
