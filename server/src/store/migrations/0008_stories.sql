-- Stories (docs/protocol.md, "Stories"): a picture that lives until expires_at. A member's is an
-- upload (media_id); a persona's is a picture of the catalogue (url).
CREATE TABLE stories (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  media_id INTEGER REFERENCES media(id) ON DELETE CASCADE,
  url TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  CHECK (media_id IS NOT NULL OR url IS NOT NULL)
);
CREATE INDEX stories_by_user ON stories(user_id, expires_at);
CREATE INDEX stories_by_expiry ON stories(expires_at);

-- A picture message (image, pphoto) names its upload; a story reply its story (story_id).
ALTER TABLE messages ADD COLUMN media_id INTEGER REFERENCES media(id);
