-- Accounts, sessions, one-time tokens and the credits ledger.
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL DEFAULT 'member' CHECK (kind IN ('member', 'persona')),
  email TEXT UNIQUE,
  password_hash TEXT,
  email_verified INTEGER NOT NULL DEFAULT 0,
  name TEXT NOT NULL,
  gender INTEGER NOT NULL CHECK (gender IN (1, 2, 3)),
  birth_date TEXT NOT NULL,
  bio TEXT NOT NULL DEFAULT '',
  answer INTEGER NOT NULL DEFAULT 1,
  language TEXT NOT NULL DEFAULT 'he',
  place_id INTEGER NOT NULL,
  s_gender INTEGER NOT NULL DEFAULT 2,
  s_age_min INTEGER NOT NULL DEFAULT 18,
  s_age_max INTEGER NOT NULL DEFAULT 100,
  s_radius INTEGER NOT NULL DEFAULT 50,
  credits INTEGER NOT NULL DEFAULT 0 CHECK (credits >= 0),
  premium INTEGER NOT NULL DEFAULT 0,
  free_credits_announced INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);

CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX sessions_by_user ON sessions(user_id);

CREATE TABLE tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('reset', 'verify', 'escape')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX tokens_by_user ON tokens(user_id, purpose);

-- Every change of users.credits has exactly one row here; the sum per user equals the balance.
CREATE TABLE credit_ledger (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  delta INTEGER NOT NULL CHECK (delta <> 0),
  reason TEXT NOT NULL,
  reference TEXT NOT NULL DEFAULT '',
  idempotency_key TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
);
CREATE INDEX credit_ledger_by_user ON credit_ledger(user_id);
