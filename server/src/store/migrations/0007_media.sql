-- Uploaded pictures (docs/architecture.md, "Media"): one row per upload, its three renditions
-- each under a random file name in <data>/media/u/ (display, thumbnail, blurred copy).
CREATE TABLE media (
  id INTEGER PRIMARY KEY,
  owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL UNIQUE,
  thumb_name TEXT NOT NULL UNIQUE,
  blur_name TEXT NOT NULL UNIQUE,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX media_by_owner ON media(owner_id, created_at);

-- A profile photo is an upload (media_id) or, for personas, a picture of the catalogue (url
-- only). thumb_url and blur_url are the upload's other renditions.
ALTER TABLE photos ADD COLUMN media_id INTEGER REFERENCES media(id) ON DELETE CASCADE;
ALTER TABLE photos ADD COLUMN thumb_url TEXT;
ALTER TABLE photos ADD COLUMN blur_url TEXT;
CREATE UNIQUE INDEX photos_by_media ON photos(media_id) WHERE media_id IS NOT NULL;
