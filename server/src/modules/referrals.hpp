#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "app/context.hpp"
#include "protocol/http.hpp"
#include "store/referrals.hpp"

// Referrals (issue 14; docs/protocol.md "Referrals"): the pieces registration and email
// verification (auth_http.cpp) call. The routes are in referrals.cpp
// (register_referral_routes), the socket module `referral/info` in referral_module.cpp.
namespace kesher::modules {

// The referrer the request's `ref` cookie names, if it is a live member's slug.
std::optional<int64_t> referrer_of(store::Session& db, const protocol::HttpRequest& request);
// Inside the registration's write: the new member's own slug, and their referrer.
void start_referrals(store::Session& db, int64_t user_id, std::optional<int64_t> referrer);
// The Set-Cookie that forgets the referral once it has been used.
std::string cleared_referral_cookie(const app::Context& app);

// Inside the verification's write: pays the referrer if this member earns them the reward.
std::optional<store::referrals::Paid> reward_referrer(app::Context& app, store::Session& db,
                                                      int64_t user_id, int64_t now);
// After the commit: the referrer's balance and a banner on their open sockets.
void announce_referral_reward(app::Context& app, const store::referrals::Paid& paid);

}  // namespace kesher::modules
