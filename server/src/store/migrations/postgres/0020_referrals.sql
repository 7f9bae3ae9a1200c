-- Referrals (issue 14; docs/protocol.md "Referrals").
-- Every member's link is /ref/{referral_slug}: 16 hex digits of random, never the member id.
-- Members from before get theirs here; registration gives new members theirs.
ALTER TABLE users ADD COLUMN referral_slug TEXT;
UPDATE users SET referral_slug = substr(md5(random()::TEXT || id::TEXT), 1, 16) WHERE referral_slug IS NULL;
CREATE UNIQUE INDEX users_referral_slug ON users (referral_slug);
-- Who referred the member, recorded at registration from the `ref` cookie.
ALTER TABLE users ADD COLUMN referred_by BIGINT REFERENCES users (id);
CREATE INDEX users_referred_by ON users (referred_by) WHERE referred_by IS NOT NULL;
-- The mailboxes a referral reward was paid for (domain::mailbox_identity, keyed with the server's
-- link key: an HMAC, not the address). It outlives the account, so that an address erased and
-- registered again through a referral link never pays a second time.
CREATE TABLE referral_paid_mailboxes (
  mailbox_hash TEXT PRIMARY KEY,
  referrer_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  paid_at BIGINT NOT NULL
);
-- The reward in credits (admins change it; 0 turns rewards off).
INSERT INTO settings (key, value) VALUES ('referral_reward', 100);
