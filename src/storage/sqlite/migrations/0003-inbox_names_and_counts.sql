
ALTER TABLE inboxes ADD COLUMN name TEXT NULL;
CREATE TABLE inbox_counters (
  inbox_id    TEXT PRIMARY KEY,
  event_count INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO inbox_counters (inbox_id, event_count)
  SELECT e.inbox_id, count(*) FROM events AS e JOIN inboxes AS i ON i.id = e.inbox_id
  GROUP BY e.inbox_id;
