-- What Kesher sells, in the database (docs/protocol.md, "Catalogue"): seeded with the values that
-- were compiled into domain/catalog.cpp; the admin tools edit them later. Money is in minor units
-- (agorot, cents), never floats.
CREATE TABLE credit_packages (
  id INTEGER PRIMARY KEY,
  credits INTEGER NOT NULL CHECK (credits > 0),
  price_ils_minor INTEGER NOT NULL CHECK (price_ils_minor > 0),
  price_usd_minor INTEGER NOT NULL CHECK (price_usd_minor > 0),
  discount_percent INTEGER NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100),
  free_spins INTEGER NOT NULL DEFAULT 0 CHECK (free_spins >= 0),
  promo_active INTEGER NOT NULL DEFAULT 0 CHECK (promo_active IN (0, 1)),
  promo_ends INTEGER,  -- unix seconds; NULL: the promotion runs until it is switched off
  position INTEGER NOT NULL
);
INSERT INTO credit_packages
  (id, credits, price_ils_minor, price_usd_minor, discount_percent, free_spins, promo_active,
   promo_ends, position)
VALUES (1, 500, 2900, 900, 0, 0, 0, NULL, 1),
       (2, 1500, 7900, 2400, 10, 0, 1, NULL, 2),
       (3, 5000, 22900, 6900, 20, 1, 1, NULL, 3),
       (4, 7000, 29900, 8900, 25, 1, 1, NULL, 4);

CREATE TABLE premium_packages (
  id INTEGER PRIMARY KEY,
  months INTEGER NOT NULL CHECK (months > 0),
  total_ils_minor INTEGER NOT NULL CHECK (total_ils_minor > 0),
  total_usd_minor INTEGER NOT NULL CHECK (total_usd_minor > 0),
  saves_percent INTEGER NOT NULL DEFAULT 0 CHECK (saves_percent BETWEEN 0 AND 100),
  recommended INTEGER NOT NULL DEFAULT 0 CHECK (recommended IN (0, 1)),
  position INTEGER NOT NULL
);
INSERT INTO premium_packages
  (id, months, total_ils_minor, total_usd_minor, saves_percent, recommended, position)
VALUES (1, 1, 6900, 1900, 0, 0, 1),
       (2, 3, 15900, 4500, 23, 1, 2),
       (3, 6, 24900, 6900, 40, 0, 3);

CREATE TABLE feature_prices (
  feature TEXT PRIMARY KEY,
  credits INTEGER NOT NULL CHECK (credits >= 0)
);
INSERT INTO feature_prices (feature, credits)
VALUES ('text', 50), ('image', 70), ('gift', 0), ('spin', 100), ('boost', 500),
       ('spotlight', 300), ('top_search', 400);

-- Premium is a date (docs/decisions/0009-payments.md): members are premium while premium_until
-- lies in the future, derived at every read; the old flag becomes "for ever".
ALTER TABLE users ADD COLUMN premium_until INTEGER;
UPDATE users SET premium_until = 253402300799 WHERE premium = 1;
ALTER TABLE users DROP COLUMN premium;

-- Payment orders: created by payment/initiate with the catalogue's price, settled only by a
-- verified webhook. Nothing renews: every order is one purchase.
CREATE TABLE payment_orders (
  id TEXT PRIMARY KEY,  -- o_ and 128 random bits
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('credits', 'premium')),
  package_id INTEGER NOT NULL,
  credits INTEGER NOT NULL DEFAULT 0,     -- credits orders: the package's credits
  bonus INTEGER NOT NULL DEFAULT 0,       -- and the promotion's bonus when ordered
  months INTEGER NOT NULL DEFAULT 0,      -- premium orders
  free_spins INTEGER NOT NULL DEFAULT 0,
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  currency TEXT NOT NULL CHECK (currency IN ('ILS', 'USD')),
  state TEXT NOT NULL DEFAULT 'created'
    CHECK (state IN ('created', 'paid', 'failed', 'expired', 'refunded')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX payment_orders_by_user ON payment_orders(user_id, created_at);
CREATE INDEX payment_orders_by_state ON payment_orders(state, created_at);

-- Each provider event is applied once: a repeat finds its row and changes nothing.
CREATE TABLE payment_events (
  provider TEXT NOT NULL,
  event_id TEXT NOT NULL,
  order_id TEXT NOT NULL,
  type TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  PRIMARY KEY (provider, event_id)
);
