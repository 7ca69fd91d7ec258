
CREATE TABLE shares (
  id         text COLLATE "C" PRIMARY KEY,
  inbox_id   text COLLATE "C" NOT NULL,
  hash       text COLLATE "C" NOT NULL UNIQUE,
  prefix     text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX shares_inbox ON shares (inbox_id, created_at);
