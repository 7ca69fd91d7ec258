
CREATE TABLE audit_log (
  id               TEXT PRIMARY KEY,
  at               INTEGER NOT NULL,
  account_id       TEXT NULL,
  team_id          TEXT NULL,
  actor_account_id TEXT NULL,
  actor_token_id   TEXT NULL,
  actor_share_id   TEXT NULL,
  ip               TEXT NOT NULL,
  action           TEXT NOT NULL,
  target_type      TEXT NULL,
  target_id        TEXT NULL,
  outcome          TEXT NOT NULL,
  detail           TEXT NOT NULL
);
CREATE INDEX audit_log_account ON audit_log (account_id, id) WHERE account_id IS NOT NULL;
CREATE INDEX audit_log_team ON audit_log (team_id, id) WHERE team_id IS NOT NULL;
CREATE INDEX audit_log_at ON audit_log (at);
