-- The lucky wheel's prizes and the spins drawn from them, and paid boosts (docs/protocol.md,
-- "The wheel" and "Boosts"; odds and expected value in docs/wheel.md).
CREATE TABLE wheel_prizes (
  id INTEGER PRIMARY KEY,
  position INTEGER NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('coins', 'freespin', 'nothing')),
  amount INTEGER NOT NULL DEFAULT 0 CHECK (amount >= 0),
  weight INTEGER NOT NULL CHECK (weight BETWEEN 0 AND 1000000)
);
-- Spec §9's prizes. Weights out of 10,000: a spin pays 93.7 credits on average, counting the
-- free spins it gives (docs/wheel.md), for a price of 100.
INSERT INTO wheel_prizes (id, position, kind, amount, weight) VALUES
  (1, 1, 'coins', 50, 5200),
  (2, 2, 'coins', 100, 2500),
  (3, 3, 'coins', 150, 700),
  (4, 4, 'freespin', 1, 845),
  (5, 5, 'coins', 200, 500),
  (6, 6, 'coins', 350, 150),
  (7, 7, 'coins', 500, 80),
  (8, 8, 'coins', 1000, 20),
  (9, 9, 'coins', 5000, 4),
  (10, 10, 'coins', 10000, 1);

-- Every spin used, with what it won: the prize is copied, so a later change of the catalogue
-- never rewrites history. A client_id makes a spin idempotent.
CREATE TABLE wheel_spins (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  prize_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  amount INTEGER NOT NULL,
  client_id TEXT,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX wheel_spins_by_client ON wheel_spins(user_id, client_id)
  WHERE client_id IS NOT NULL;
CREATE INDEX wheel_spins_by_user ON wheel_spins(user_id);

-- One row per member and kind: a purchase while it runs extends it (domain::boosts::bought).
CREATE TABLE boosts (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('boost', 'top_search', 'spotlight')),
  impressions INTEGER NOT NULL DEFAULT 0 CHECK (impressions >= 0),
  impressions_limit INTEGER NOT NULL DEFAULT 0,  -- 0: hours only (top_search)
  started_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  UNIQUE (user_id, kind)
);
CREATE INDEX boosts_running ON boosts(kind, ends_at);
