-- Personas managed by admins in the console (docs/protocol.md "Admin: personas"), and the
-- dashboard's day counts read by time instead of scanning every message.

-- A disabled persona is listed nowhere (decks, Meet, Popular, spotlight, stories), takes no new
-- messages and likes nobody back; its conversations, matches and history stay as they were.
ALTER TABLE users ADD COLUMN disabled_at BIGINT;
-- Set when an admin creates or edits a persona: `seed-demo` then leaves it alone, so a restart of
-- `make run` never undoes an admin's change.
ALTER TABLE users ADD COLUMN edited_at BIGINT;

CREATE INDEX messages_by_time ON messages(created_at);
CREATE INDEX users_by_kind_created ON users(kind, created_at);
