
ALTER TABLE events ADD COLUMN event_type TEXT NULL;
ALTER TABLE events ADD COLUMN drift TEXT NULL; -- JSON array of differences, NULL when none
CREATE INDEX events_untyped ON events (seq) WHERE event_type IS NULL;
CREATE INDEX events_drifted ON events (inbox_id, id) WHERE drift IS NOT NULL;
CREATE TABLE event_types (
  inbox_id   TEXT NOT NULL,
  event_type TEXT NOT NULL,
  count      INTEGER NOT NULL,
  drifted    INTEGER NOT NULL,
  first_seen INTEGER NOT NULL,
  last_seen  INTEGER NOT NULL,
  shape      TEXT NOT NULL, -- the learned shape (src/domain/json-shape.ts), JSON
  PRIMARY KEY (inbox_id, event_type)
) WITHOUT ROWID;
CREATE TABLE event_type_rules (
  inbox_id   TEXT PRIMARY KEY,
  kind       TEXT NOT NULL, -- 'header' | 'pointer'
  value      TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
-- Rebuilds asked for and not yet done; event_type '' = every type of the inbox.
CREATE TABLE event_type_rebuilds (
  inbox_id   TEXT NOT NULL,
  event_type TEXT NOT NULL,
  PRIMARY KEY (inbox_id, event_type)
);
