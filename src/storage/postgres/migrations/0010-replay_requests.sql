
ALTER TABLE replays ADD COLUMN job_id text COLLATE "C" NULL;
ALTER TABLE replays ADD COLUMN request text NULL;
ALTER TABLE replays ADD COLUMN request_body bytea NULL;
