-- The admin side of the console for members (docs/protocol.md "Admin: members, reports and
-- staff"): bans, the addresses a ban keeps from signing up again, how reports were resolved, and
-- notices a member is shown (a staff warning).

-- A banned member cannot sign in; every session was revoked at the ban.
ALTER TABLE users ADD COLUMN banned_at INTEGER;
ALTER TABLE users ADD COLUMN banned_reason TEXT;

-- Addresses that may not register: the banned account's email as normalised at sign-up
-- (domain::check_email). Kept apart from users so that it outlives the account.
CREATE TABLE banned_emails (
  email TEXT PRIMARY KEY,
  user_id INTEGER,
  banned_at INTEGER NOT NULL
) WITHOUT ROWID;

ALTER TABLE reports ADD COLUMN resolution TEXT CHECK (resolution IN ('dismiss', 'warn', 'ban'));
ALTER TABLE reports ADD COLUMN resolution_note TEXT NOT NULL DEFAULT '';
ALTER TABLE reports ADD COLUMN resolved_by INTEGER REFERENCES staff(id);
CREATE INDEX reports_open ON reports(handled_at, id);

-- Notices from staff to a member (a warning): sent live as a `notification` event, and kept
-- until the member's socket has seen one (session/validate sends those not yet shown).
CREATE TABLE member_notices (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  shown_at INTEGER
);
CREATE INDEX member_notices_unshown ON member_notices(user_id, shown_at);

CREATE INDEX audit_log_by_object ON audit_log(object_type, object_id, id);
CREATE INDEX audit_log_by_action ON audit_log(action, id);
