-- The profile extras of spec §3 (docs/protocol.md "Profile extras"): one row per answered value.
-- A single-choice field has one row, interests one per chosen option, height one with the
-- centimetres as decimal text. The field and option ids are domain/profile_extras.cpp's; erasure
-- deletes the rows (store/gdpr.cpp).
CREATE TABLE profile_extras (
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  field TEXT NOT NULL,
  value TEXT NOT NULL,
  position BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, field, value)
);
