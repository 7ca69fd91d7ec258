
CREATE TABLE account_identities (
  issuer     TEXT NOT NULL,
  subject    TEXT NOT NULL,
  account_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (issuer, subject)
) WITHOUT ROWID;
CREATE INDEX account_identities_account ON account_identities (account_id);
