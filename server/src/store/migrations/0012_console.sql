-- The staff console (docs/protocol.md "The staff console", docs/architecture.md "Staff console"):
-- staff and their sessions, the audit log, the queue of conversations waiting for a persona's
-- answer, the locks on them, answer times, notes and canned replies.

-- Staff are not members: nothing here is a user, and no member session opens the console.
CREATE TABLE staff (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('operator', 'admin')),
  totp_secret TEXT,  -- base32; required for admins (domain/totp.hpp)
  totp_last_step INTEGER NOT NULL DEFAULT 0,  -- the newest code accepted: never again (RFC 6238)
  created_at INTEGER NOT NULL,
  disabled_at INTEGER
);

CREATE TABLE staff_sessions (
  hash TEXT PRIMARY KEY,  -- sha256 of the cookie's secret; the secret is never stored
  staff_id INTEGER NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX staff_sessions_by_staff ON staff_sessions(staff_id);

-- Every staff action: who, what, when and on which object. Rows are only ever added.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  staff_id INTEGER REFERENCES staff(id),
  action TEXT NOT NULL,
  object_type TEXT NOT NULL DEFAULT '',
  object_id TEXT NOT NULL DEFAULT '',
  detail TEXT NOT NULL DEFAULT '',
  at INTEGER NOT NULL
);
CREATE INDEX audit_log_by_staff ON audit_log(staff_id, id);

-- A member wrote to a persona and the persona has not answered since. `waiting_since` is the
-- first unanswered message; the queue is served oldest first.
CREATE TABLE console_queue (
  member_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  persona_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  waiting_since INTEGER NOT NULL,
  last_message_id INTEGER NOT NULL,
  last_message_at INTEGER NOT NULL,
  waiting INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (member_id, persona_id)
) WITHOUT ROWID;
CREATE INDEX console_queue_by_age ON console_queue(waiting_since);

-- An operator's exclusive lease on a conversation (member, persona).
CREATE TABLE console_locks (
  member_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  persona_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  staff_id INTEGER NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  claimed_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (member_id, persona_id)
) WITHOUT ROWID;
CREATE INDEX console_locks_by_staff ON console_locks(staff_id);
CREATE INDEX console_locks_by_expiry ON console_locks(expires_at);

-- Each first answer to a waiting conversation, for the operator statistics.
CREATE TABLE console_answers (
  id INTEGER PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  persona_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  member_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  waited_seconds INTEGER NOT NULL,
  answered_at INTEGER NOT NULL
);
CREATE INDEX console_answers_by_time ON console_answers(answered_at);

-- Who wrote a persona's message; for the audit only, never shown to members.
ALTER TABLE messages ADD COLUMN operator_id INTEGER REFERENCES staff(id);

-- What a persona has learned about a member: per member (persona_id NULL) or per pair.
CREATE TABLE staff_notes (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  persona_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  category TEXT NOT NULL CHECK (category IN
    ('name', 'home_town', 'job', 'family', 'hobbies', 'dates', 'likes', 'other')),
  text TEXT NOT NULL,
  staff_id INTEGER NOT NULL REFERENCES staff(id),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX staff_notes_by_member ON staff_notes(member_id, persona_id);

CREATE TABLE canned_replies (
  id INTEGER PRIMARY KEY,
  language TEXT NOT NULL CHECK (language IN ('he', 'en', 'de')),
  title TEXT NOT NULL,
  text TEXT NOT NULL,
  position INTEGER NOT NULL
);
-- None of them proposes a meeting or asks for contact details (docs/decisions/0010).
INSERT INTO canned_replies (language, title, text, position) VALUES
  ('he', 'ברכה', 'היי! איזה כיף לקבל ממך הודעה 😊 איך עובר עליך היום?', 1),
  ('he', 'תודה על המתנה', 'וואו, תודה על המתנה! ממש שימחת אותי 🌹', 2),
  ('he', 'שאלה על תחביבים', 'ספר/י לי, מה את/ה הכי אוהב/ת לעשות בזמן הפנוי?', 3),
  ('he', 'פרופיל וירטואלי', 'אני נהנית לדבר איתך כאן. אני פרופיל וירטואלי, אז הצ׳אט הזה הוא המקום שלנו. בוא/י נמשיך לדבר כאן 💬', 4),
  ('he', 'חזרה לשיחה', 'סליחה שלקח לי רגע, אני כאן עכשיו. על מה דיברנו?', 5),
  ('en', 'Greeting', 'Hi! So nice to hear from you 😊 How is your day going?', 1),
  ('en', 'Thanks for the gift', 'Wow, thank you for the gift! You made my day 🌹', 2),
  ('en', 'Ask about hobbies', 'Tell me, what do you love doing in your free time?', 3),
  ('en', 'Virtual profile', 'I love talking with you here. I''m a virtual profile, so this chat is where you''ll find me. Let''s keep talking here 💬', 4),
  ('en', 'Back to the chat', 'Sorry it took me a moment, I''m here now. Where were we?', 5),
  ('de', 'Begrüßung', 'Hi! Wie schön, von dir zu hören 😊 Wie läuft dein Tag?', 1),
  ('de', 'Danke für das Geschenk', 'Wow, danke für das Geschenk! Du hast mir den Tag versüßt 🌹', 2),
  ('de', 'Nach Hobbys fragen', 'Erzähl mal, was machst du am liebsten in deiner Freizeit?', 3),
  ('de', 'Virtuelles Profil', 'Ich schreibe wirklich gern mit dir. Ich bin ein virtuelles Profil, darum findest du mich nur hier im Chat. Lass uns hier weiterschreiben 💬', 4),
  ('de', 'Zurück zum Chat', 'Entschuldige, dass es einen Moment gedauert hat, jetzt bin ich da. Wo waren wir?', 5);
