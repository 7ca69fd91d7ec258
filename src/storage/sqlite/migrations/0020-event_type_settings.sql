
CREATE TABLE event_type_settings (
  inbox_id    TEXT PRIMARY KEY,
  min_samples INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL
);
