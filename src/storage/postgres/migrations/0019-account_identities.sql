
CREATE TABLE account_identities (
  issuer     text COLLATE "C" NOT NULL,
  subject    text COLLATE "C" NOT NULL,
  account_id text COLLATE "C" NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX account_identities_account ON account_identities (account_id);
