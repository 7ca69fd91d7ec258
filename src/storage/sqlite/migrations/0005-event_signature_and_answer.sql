
CREATE TABLE events_new (
  seq          INTEGER PRIMARY KEY,
  id           TEXT NOT NULL UNIQUE,
  inbox_id     TEXT NOT NULL,
  received_at  INTEGER NOT NULL,
  method       TEXT NOT NULL,
  path         TEXT NOT NULL,
  query        TEXT NOT NULL,
  content_type TEXT NULL,
  size         INTEGER NOT NULL,
  signature    TEXT NULL, -- JSON {scheme, status, reason}
  answer       TEXT NULL, -- JSON {rule, status}
  source_ip    TEXT NOT NULL,
  headers      TEXT NOT NULL, -- JSON array of [name, value]
  body         BLOB NOT NULL
);
INSERT INTO events_new (seq, id, inbox_id, received_at, method, path, query, content_type, size,
                        signature, answer, source_ip, headers, body)
  SELECT seq, id, inbox_id, received_at, method, path, query, content_type, size,
         NULL, NULL, source_ip, headers, body FROM events ORDER BY seq;
DROP TABLE events;
ALTER TABLE events_new RENAME TO events;
CREATE INDEX events_inbox ON events (inbox_id, id);
