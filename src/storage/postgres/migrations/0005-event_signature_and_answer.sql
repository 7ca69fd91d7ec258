
ALTER TABLE events ADD COLUMN signature text NULL, ADD COLUMN answer text NULL;
