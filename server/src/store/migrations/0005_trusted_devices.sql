-- Browsers that have signed in to an account (device cookies, docs/decisions/0006): their login
-- attempts are counted apart from strangers', so a lockout cannot shut the owner out.
CREATE TABLE trusted_devices (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX trusted_devices_by_user ON trusted_devices(user_id);
