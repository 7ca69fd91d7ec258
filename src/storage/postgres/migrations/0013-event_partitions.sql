
ALTER TABLE events RENAME TO events_legacy;
ALTER INDEX events_inbox RENAME TO events_legacy_inbox;
ALTER TABLE events_legacy RENAME CONSTRAINT events_pkey TO events_legacy_pkey;
ALTER TABLE events_legacy RENAME CONSTRAINT events_id_key TO events_legacy_id_key;

CREATE TABLE events (
  id           text COLLATE "C" NOT NULL,
  inbox_id     text COLLATE "C" NOT NULL,
  received_at  timestamptz NOT NULL,
  method       text NOT NULL,
  path         text NOT NULL,
  query        text NOT NULL,
  content_type text NULL,
  size         bigint NOT NULL,
  signature    text NULL,
  answer       text NULL,
  source_ip    text NOT NULL,
  headers      text NOT NULL,
  body         bytea NOT NULL,
  PRIMARY KEY (id, received_at)
) PARTITION BY RANGE (received_at);
CREATE INDEX events_inbox ON events (inbox_id, id);
CREATE TABLE events_default PARTITION OF events DEFAULT;

CREATE VIEW events_all AS
  SELECT id, inbox_id, received_at, method, path, query, content_type, size, signature, answer, source_ip, headers, body FROM events UNION ALL SELECT id, inbox_id, received_at, method, path, query, content_type, size, signature, answer, source_ip, headers, body FROM events_legacy;

DO $$
DECLARE d date;
BEGIN
  FOR i IN 0..3 LOOP
    d := (now() AT TIME ZONE 'UTC')::date + i;
    EXECUTE format('CREATE TABLE %I PARTITION OF events FOR VALUES FROM (%L) TO (%L)',
      'events_p' || to_char(d, 'YYYYMMDD'), d::timestamp AT TIME ZONE 'UTC', (d + 1)::timestamp AT TIME ZONE 'UTC');
  END LOOP;
END $$;
