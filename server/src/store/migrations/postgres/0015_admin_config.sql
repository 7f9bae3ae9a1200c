-- Settings admins change in the console that are neither a price nor a package (docs/protocol.md
-- "Admin: dashboard and configuration"). Read at every use, never cached.
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value BIGINT NOT NULL
);
-- The value that was compiled in (domain::kDailyLikeLimit).
INSERT INTO settings (key, value) VALUES ('daily_like_limit', 50);
