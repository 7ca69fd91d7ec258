
ALTER TABLE inboxes ADD COLUMN name text NULL;
CREATE TABLE inbox_counters (
  inbox_id    text COLLATE "C" PRIMARY KEY,
  event_count bigint NOT NULL
) WITH (fillfactor = 50);
INSERT INTO inbox_counters (inbox_id, event_count)
  SELECT e.inbox_id, count(*) FROM events AS e JOIN inboxes AS i ON i.id = e.inbox_id
  GROUP BY e.inbox_id;
