-- Browsers that have signed in to an account (device cookies, docs/decisions/0006): their login
-- attempts are counted apart from strangers', so a lockout cannot shut the owner out.
CREATE TABLE trusted_devices (
  token_hash TEXT PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  revoked_at BIGINT
);
CREATE INDEX trusted_devices_by_user ON trusted_devices(user_id);
