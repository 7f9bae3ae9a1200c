-- Web push (docs/decisions/0013-web-push.md): a member's browsers that subscribed, one row per
-- push endpoint. `session_hash` is the sign-in the subscription came from, so that logging out
-- of it deletes it; erasure deletes them all (store/gdpr.cpp).
CREATE TABLE push_subscriptions (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_hash TEXT NOT NULL,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,  -- the keys in base64url without padding
  auth TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_by_user ON push_subscriptions(user_id);
CREATE INDEX push_subscriptions_by_session ON push_subscriptions(session_hash);
