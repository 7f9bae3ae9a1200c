-- Free spins of the lucky wheel (docs/protocol.md, "The wheel"): a count per member, moved only
-- by store::spins under an idempotency key, like credits in the ledger.
ALTER TABLE users ADD COLUMN free_spins INTEGER NOT NULL DEFAULT 0 CHECK (free_spins >= 0);
CREATE TABLE spin_ledger (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  delta INTEGER NOT NULL CHECK (delta <> 0),
  reason TEXT NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
);
CREATE INDEX spin_ledger_by_user ON spin_ledger(user_id);
