
ALTER TABLE replay_jobs ADD COLUMN resign boolean NOT NULL DEFAULT false;
