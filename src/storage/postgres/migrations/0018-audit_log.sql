
CREATE TABLE audit_log (
  id               text COLLATE "C" PRIMARY KEY,
  at               timestamptz NOT NULL,
  account_id       text COLLATE "C" NULL,
  team_id          text COLLATE "C" NULL,
  actor_account_id text COLLATE "C" NULL,
  actor_token_id   text COLLATE "C" NULL,
  actor_share_id   text COLLATE "C" NULL,
  ip               text NOT NULL,
  action           text NOT NULL,
  target_type      text NULL,
  target_id        text COLLATE "C" NULL,
  outcome          text NOT NULL,
  detail           text NOT NULL
);
CREATE INDEX audit_log_account ON audit_log (account_id, id) WHERE account_id IS NOT NULL;
CREATE INDEX audit_log_team ON audit_log (team_id, id) WHERE team_id IS NOT NULL;
CREATE INDEX audit_log_at ON audit_log (at);
