#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/database.hpp"

// Web push subscriptions (docs/protocol.md "Web push"): one row per push endpoint, owned by the
// member and the sign-in (session hash) it was registered from.
namespace kesher::store::push_subscriptions {

struct Stored {
  int64_t id = 0;
  int64_t user_id = 0;
  std::string endpoint;
  std::string p256dh;  // raw bytes (65), decoded from the stored base64url
  std::string auth;    // raw bytes (16)
};

struct NewSubscription {
  int64_t user_id = 0;
  std::string session_hash;
  std::string endpoint;
  std::string p256dh;  // raw bytes
  std::string auth;    // raw bytes
};

// Stores the subscription, or updates the row of the same endpoint (keys, owner, session): a
// browser that subscribes again, or that another member signs in to, keeps one row. Returns its id.
int64_t upsert(Session& db, const NewSubscription& subscription, int64_t now);
// The member's subscriptions whose sign-in is still live (not logged out, revoked or expired): a
// browser that is signed out gets no pushes, even before its row is deleted.
std::vector<Stored> of_user(Session& db, int64_t user_id, int64_t now);

// For the member's data export: where each subscription points and when it was made and used.
struct Listed {
  std::string endpoint;
  int64_t created_at = 0;
  int64_t last_used_at = 0;
};
std::vector<Listed> list(Session& db, int64_t user_id);
std::optional<Stored> find(Session& db, int64_t id);
// The caller's own row with this endpoint only; true when one went.
bool remove_own(Session& db, int64_t user_id, const std::string& endpoint);
// The push service answered 404 or 410 for this row's endpoint: the subscription is gone for good.
bool remove_gone(Session& db, int64_t id, const std::string& endpoint);
int64_t remove_session(Session& db, const std::string& session_hash);
int64_t remove_user(Session& db, int64_t user_id);
void touch(Session& db, int64_t id, int64_t now);

// The opt-in reward (spec §9: 200 credits), through the ledger under a key per account, so that
// however many devices or parallel requests subscribe, it is granted once. True when this call
// granted it.
bool grant_opt_in_reward(Session& db, int64_t user_id, int64_t credits, int64_t now);
std::string reward_key(int64_t user_id);

}  // namespace kesher::store::push_subscriptions
