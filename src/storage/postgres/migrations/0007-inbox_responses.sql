
CREATE TABLE inbox_responses (
  inbox_id   text COLLATE "C" PRIMARY KEY,
  config     text NOT NULL,
  updated_at timestamptz NOT NULL
);
