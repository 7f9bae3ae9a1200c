-- GDPR erasure (docs/architecture.md, "What erasure removes"): an erased member's row stays as a
-- tombstone, without name, email, password or profile, so that the messages they sent and the
-- ledger entries that balance the books keep a row to point at. Nothing reads it as a member.
ALTER TABLE users ADD COLUMN erased_at BIGINT;
