
CREATE TABLE inbox_signatures (
  inbox_id      text COLLATE "C" PRIMARY KEY REFERENCES inboxes (id) ON DELETE CASCADE,
  scheme        text NOT NULL,
  sealed_secret text NOT NULL,
  secret_hint   text,
  options       text NOT NULL,
  updated_at    timestamptz NOT NULL
);
