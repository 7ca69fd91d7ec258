
ALTER TABLE accounts ADD COLUMN display_name text NULL;
ALTER TABLE api_tokens ADD COLUMN scope text NOT NULL DEFAULT 'manage';
ALTER TABLE api_tokens ADD COLUMN inbox_ids text NULL;
ALTER TABLE api_tokens ADD COLUMN team_id text COLLATE "C" NULL;
ALTER TABLE api_tokens ADD COLUMN expires_at timestamptz NULL;
ALTER TABLE sessions ADD COLUMN user_agent text NULL;
