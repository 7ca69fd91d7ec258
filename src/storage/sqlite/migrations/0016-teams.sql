
CREATE TABLE teams (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE team_members (
  team_id    TEXT NOT NULL,
  account_id TEXT NOT NULL,
  role       TEXT NOT NULL,
  joined_at  INTEGER NOT NULL,
  PRIMARY KEY (team_id, account_id)
) WITHOUT ROWID;
CREATE INDEX team_members_account ON team_members (account_id);
CREATE TABLE team_invitations (
  id          TEXT PRIMARY KEY,
  team_id     TEXT NOT NULL,
  role        TEXT NOT NULL,
  hash        TEXT NOT NULL UNIQUE,
  prefix      TEXT NOT NULL,
  created_by  TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  accepted_at INTEGER NULL,
  accepted_by TEXT NULL
);
CREATE INDEX team_invitations_team ON team_invitations (team_id, created_at);
