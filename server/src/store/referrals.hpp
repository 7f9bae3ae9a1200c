#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "store/database.hpp"

// Referrals and the landing's member count (issue 14; docs/protocol.md "Referrals"), inside the
// caller's transaction. Migration 0020.
namespace kesher::store::referrals {

// The member's slug; nullopt for someone who has none (a persona added after migration 0020).
std::optional<std::string> slug_of(Session& db, int64_t user_id);
// Gives the user this slug when they have none yet; true when it was set.
bool assign_slug(Session& db, int64_t user_id, const std::string& slug);
// The live member (not a persona, not erased, not banned) whose link this is.
std::optional<int64_t> referrer_by_slug(Session& db, const std::string& slug);
// Records who referred a member who has just registered.
void set_referrer(Session& db, int64_t user_id, int64_t referrer_id);
// How many live members registered through this member's link.
int64_t referred_count(Session& db, int64_t referrer_id);

// settings.referral_reward (domain::kReferralReward if the row is missing).
int64_t reward(Session& db);
void set_reward(Session& db, int64_t credits);

struct Paid {
  int64_t referrer_id = 0;
  int64_t credits = 0;
  int64_t balance = 0;  // the referrer's, after the reward
};
// Called in the transaction that verifies `user_id`'s email. Pays the member's referrer the
// reward through the ledger (reason "referral_bonus", key "referral:<user_id>", so once per
// referred member whatever happens), unless: nobody referred them; the referrer is gone (erased,
// banned); the two are one mailbox (`same_mailbox`, domain::mailbox_identity); the reward is 0;
// or `mailbox_hash` (the referred member's mailbox, keyed) was paid for before. nullopt when
// nothing was paid.
std::optional<Paid> pay_on_verification(Session& db, int64_t user_id,
                                        const std::string& mailbox_hash, bool same_mailbox,
                                        int64_t now);
// The referrer's address, for the same-mailbox check (empty when there is none).
std::string referrer_email(Session& db, int64_t user_id);

// The members the landing counts: real members' accounts (kind 'member', so no persona),
// neither erased nor banned, whether or not they verified their address yet.
int64_t count_members(Session& db);

}  // namespace kesher::store::referrals
