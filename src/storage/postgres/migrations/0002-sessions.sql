
CREATE TABLE sessions (
  id           text COLLATE "C" PRIMARY KEY,
  account_id   text COLLATE "C" NOT NULL,
  hash         text COLLATE "C" NOT NULL UNIQUE,
  csrf_token   text NOT NULL,
  created_at   timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);
CREATE INDEX sessions_expires ON sessions (expires_at);
