#include "store/referrals.hpp"

#include "domain/referrals.hpp"
#include "store/ledger.hpp"

namespace kesher::store::referrals {

namespace {

// A member who may refer or be counted: not a persona, not erased, not banned.
constexpr std::string_view kLiveMember =
    "kind = 'member' AND erased_at IS NULL AND banned_at IS NULL";

}  // namespace

std::optional<std::string> slug_of(Session& db, int64_t user_id) {
  auto row = db.query_one("SELECT referral_slug FROM users WHERE id = ?", {user_id});
  if (!row || row->is_null(0)) return std::nullopt;
  return row->text(0);
}

bool assign_slug(Session& db, int64_t user_id, const std::string& slug) {
  return db.execute("UPDATE users SET referral_slug = ? WHERE id = ? AND referral_slug IS NULL",
                    {slug, user_id}) > 0;
}

std::optional<int64_t> referrer_by_slug(Session& db, const std::string& slug) {
  auto row = db.query_one(
      "SELECT id FROM users WHERE referral_slug = ? AND " + std::string(kLiveMember), {slug});
  if (!row) return std::nullopt;
  return row->integer(0);
}

void set_referrer(Session& db, int64_t user_id, int64_t referrer_id) {
  db.execute("UPDATE users SET referred_by = ? WHERE id = ? AND id <> ?",
             {referrer_id, user_id, referrer_id});
}

int64_t referred_count(Session& db, int64_t referrer_id) {
  auto row = db.query_one(
      "SELECT COUNT(*) FROM users WHERE referred_by = ? AND " + std::string(kLiveMember),
      {referrer_id});
  return row ? row->integer(0) : 0;
}

int64_t reward(Session& db) {
  auto row = db.query_one("SELECT value FROM settings WHERE key = 'referral_reward'");
  return row ? row->integer(0) : domain::kReferralReward;
}

void set_reward(Session& db, int64_t credits) {
  db.execute(
      "INSERT INTO settings (key, value) VALUES ('referral_reward', ?1) "
      "ON CONFLICT (key) DO UPDATE SET value = ?1",
      {credits});
}

std::string referrer_email(Session& db, int64_t user_id) {
  auto row = db.query_one(
      "SELECT r.email FROM users u JOIN users r ON r.id = u.referred_by WHERE u.id = ?", {user_id});
  return row && !row->is_null(0) ? row->text(0) : std::string();
}

std::optional<Paid> pay_on_verification(Session& db, int64_t user_id,
                                        const std::string& mailbox_hash, bool same_mailbox,
                                        int64_t now) {
  auto row = db.query_one(
      "SELECT r.id FROM users u JOIN users r ON r.id = u.referred_by "
      "WHERE u.id = ?1 AND u.kind = 'member' AND r.id <> ?1 AND r.kind = 'member' AND "
      "r.erased_at IS NULL AND r.banned_at IS NULL",
      {user_id});
  if (!row || same_mailbox) return std::nullopt;
  int64_t referrer = row->integer(0);
  int64_t credits = reward(db);
  if (credits <= 0) return std::nullopt;
  // One reward per mailbox ever: the row outlives the account (migration 0020).
  if (db.execute("INSERT INTO referral_paid_mailboxes (mailbox_hash, referrer_id, paid_at) "
                 "VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                 {mailbox_hash, referrer, now}) == 0) {
    return std::nullopt;
  }
  auto outcome = ledger::apply(
      db, {referrer, credits, "referral_bonus", "", "referral:" + std::to_string(user_id)}, now);
  // The key makes it once per referred member even if the mailbox check were ever bypassed.
  if (outcome != ledger::Outcome::applied) return std::nullopt;
  return Paid{referrer, credits, ledger::balance(db, referrer)};
}

int64_t count_members(Session& db) {
  auto row = db.query_one("SELECT COUNT(*) FROM users WHERE " + std::string(kLiveMember));
  return row ? row->integer(0) : 0;
}

}  // namespace kesher::store::referrals
