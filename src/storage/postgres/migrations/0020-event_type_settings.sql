
CREATE TABLE event_type_settings (
  inbox_id    text COLLATE "C" PRIMARY KEY,
  min_samples integer NOT NULL,
  updated_at  timestamptz NOT NULL
);
