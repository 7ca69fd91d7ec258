
CREATE TABLE teams (
  id         text COLLATE "C" PRIMARY KEY,
  name       text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE TABLE team_members (
  team_id    text COLLATE "C" NOT NULL,
  account_id text COLLATE "C" NOT NULL,
  role       text NOT NULL,
  joined_at  timestamptz NOT NULL,
  PRIMARY KEY (team_id, account_id)
);
CREATE INDEX team_members_account ON team_members (account_id);
CREATE TABLE team_invitations (
  id          text COLLATE "C" PRIMARY KEY,
  team_id     text COLLATE "C" NOT NULL,
  role        text NOT NULL,
  hash        text COLLATE "C" NOT NULL UNIQUE,
  prefix      text NOT NULL,
  created_by  text NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  accepted_at timestamptz NULL,
  accepted_by text NULL
);
CREATE INDEX team_invitations_team ON team_invitations (team_id, created_at);
