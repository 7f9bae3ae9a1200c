#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// Acquisition rules (issue 14): the referral link's slug, which sign-ups earn the referrer a
// reward, and the member count the landing may show. Pure; docs/protocol.md "Referrals" and
// "GET /api/stats/members".
namespace kesher::domain {

// A referral slug: 16 lower-case hex digits (64 random bits), never derived from the member id.
inline constexpr size_t kReferralSlugLength = 16;
// The `ref` cookie that carries a visitor's referral to the registration: 30 days.
inline constexpr int64_t kReferralCookieSeconds = 30 * 24 * 3600;
// The reward's initial value (settings.referral_reward), in credits; admins change it.
inline constexpr int64_t kReferralReward = 100;
inline constexpr int64_t kMaxReferralReward = 10'000;

// A fresh slug from the CSPRNG.
std::string new_referral_slug();
// The shape of a slug, checked before any lookup: anything else is an unknown slug.
bool valid_referral_slug(std::string_view slug);

// The mailbox an address delivers to, as far as the common aliasing goes: lower case, the
// "+tag" of the local part dropped, and for Gmail (gmail.com, googlemail.com) the dots of the
// local part dropped and the domain folded to gmail.com. "Dana.Levi+k@googlemail.com" and
// "danalevi@gmail.com" are one mailbox. Used to refuse a reward for referring oneself and to
// remember which mailboxes were paid for. Expects an address domain::check_email accepted.
std::string mailbox_identity(std::string_view email);

// 0 turns referral rewards off; above kMaxReferralReward is refused.
bool valid_referral_reward(int64_t credits);

// What the landing may say about the number of members (docs/protocol.md
// "GET /api/stats/members"): nothing under 100; otherwise the count rounded down to two
// significant digits (357 → 350, 1,234 → 1,200, 100,001 → 100,000, 987,654 → 980,000), and
// whether the real count is above the figure shown, so that "over" is said only when true.
struct MemberFigure {
  int64_t shown = 0;
  bool over = false;
  auto operator<=>(const MemberFigure&) const = default;
};
inline constexpr int64_t kMinMembersShown = 100;
std::optional<MemberFigure> member_figure(int64_t members);

}  // namespace kesher::domain
