
ALTER TABLE accounts ADD COLUMN display_name TEXT NULL;
ALTER TABLE api_tokens ADD COLUMN scope TEXT NOT NULL DEFAULT 'manage';
ALTER TABLE api_tokens ADD COLUMN inbox_ids TEXT NULL;
ALTER TABLE api_tokens ADD COLUMN team_id TEXT NULL;
ALTER TABLE api_tokens ADD COLUMN expires_at INTEGER NULL;
ALTER TABLE sessions ADD COLUMN user_agent TEXT NULL;
