-- Discovery and the social graph: location cells, photos, swipes, matches, visits, blocks,
-- reports, persona settings and the popularity ranking.
ALTER TABLE users ADD COLUMN cell_row INTEGER;
ALTER TABLE users ADD COLUMN cell_col INTEGER;
ALTER TABLE users ADD COLUMN fans_seen_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN visits_seen_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN persona_key TEXT;
ALTER TABLE users ADD COLUMN likes_back_percent INTEGER NOT NULL DEFAULT 60;
ALTER TABLE users ADD COLUMN like_back_delay_s INTEGER NOT NULL DEFAULT 30;

CREATE UNIQUE INDEX users_by_persona_key ON users(persona_key) WHERE persona_key IS NOT NULL;
-- Discovery reads one latitude band at a time: gender, then row, then a column range.
CREATE INDEX users_by_cell ON users(gender, cell_row, cell_col, birth_date);
CREATE INDEX users_by_gender_id ON users(gender, id);

CREATE TABLE photos (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  position INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX photos_by_user ON photos(user_id, position);

-- One row per (swiper, swiped): a like (liked = 1) or a pass (0).
CREATE TABLE swipes (
  swiper_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  swiped_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  liked INTEGER NOT NULL CHECK (liked IN (0, 1)),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (swiper_id, swiped_id)
) WITHOUT ROWID;
CREATE INDEX swipes_by_swiped ON swipes(swiped_id, liked, created_at);
CREATE INDEX swipes_by_swiper_time ON swipes(swiper_id, liked, created_at);

-- A match is stored once per side, so each side lists its matches with one index.
CREATE TABLE matches (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  other_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, other_id)
) WITHOUT ROWID;
CREATE INDEX matches_by_time ON matches(user_id, created_at);

CREATE TABLE visits (
  visitor_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  visited_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  first_at INTEGER NOT NULL,
  last_at INTEGER NOT NULL,
  count INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (visitor_id, visited_id)
) WITHOUT ROWID;
CREATE INDEX visits_by_visited ON visits(visited_id, last_at);

CREATE TABLE blocks (
  blocker_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  blocked_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id)
) WITHOUT ROWID;
CREATE INDEX blocks_by_blocked ON blocks(blocked_id, blocker_id);

CREATE TABLE reports (
  id INTEGER PRIMARY KEY,
  reporter_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reported_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  handled_at INTEGER
);

-- A persona's like-back, due at a time the persona's settings decided; durable across restarts.
CREATE TABLE pending_like_backs (
  persona_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  member_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  due_at INTEGER NOT NULL,
  PRIMARY KEY (persona_id, member_id)
) WITHOUT ROWID;
CREATE INDEX pending_like_backs_by_due ON pending_like_backs(due_at);

-- Likes received in the last 7 days, weighted by age; recomputed by a job.
CREATE TABLE popularity (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  score REAL NOT NULL
);
CREATE INDEX popularity_by_score ON popularity(score DESC, user_id DESC);
