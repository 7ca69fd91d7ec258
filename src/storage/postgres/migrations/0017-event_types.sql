
ALTER TABLE events ADD COLUMN event_type text NULL, ADD COLUMN drift text NULL;
ALTER TABLE events_legacy ADD COLUMN event_type text NULL, ADD COLUMN drift text NULL;
DROP VIEW events_all;
CREATE VIEW events_all AS
  SELECT id, inbox_id, received_at, method, path, query, content_type, size, signature, answer, event_type, drift, source_ip, headers, body FROM events
  UNION ALL SELECT id, inbox_id, received_at, method, path, query, content_type, size, signature, answer, event_type, drift, source_ip, headers, body FROM events_legacy;
CREATE INDEX events_untyped ON events (id) WHERE event_type IS NULL;
CREATE INDEX events_drifted ON events (inbox_id, id) WHERE drift IS NOT NULL;
CREATE INDEX events_legacy_untyped ON events_legacy (id) WHERE event_type IS NULL;
CREATE INDEX events_legacy_drifted ON events_legacy (inbox_id, id) WHERE drift IS NOT NULL;
CREATE TABLE event_types (
  inbox_id   text COLLATE "C" NOT NULL,
  event_type text COLLATE "C" NOT NULL,
  count      bigint NOT NULL,
  drifted    bigint NOT NULL,
  first_seen timestamptz NOT NULL,
  last_seen  timestamptz NOT NULL,
  shape      text NOT NULL,
  PRIMARY KEY (inbox_id, event_type)
);
CREATE TABLE event_type_rules (
  inbox_id   text COLLATE "C" PRIMARY KEY,
  kind       text NOT NULL,
  value      text NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE TABLE event_type_rebuilds (
  inbox_id   text COLLATE "C" NOT NULL,
  event_type text COLLATE "C" NOT NULL,
  PRIMARY KEY (inbox_id, event_type)
);
