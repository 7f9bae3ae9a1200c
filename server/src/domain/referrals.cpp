#include "domain/referrals.hpp"

#include <algorithm>
#include <cctype>

#include "domain/crypto.hpp"

namespace kesher::domain {

std::string new_referral_slug() {
  // SHA-256 of 256 fresh random bits: its first 64 bits are as random as the secret.
  return sha256_hex(random_token(32)).substr(0, kReferralSlugLength);
}

bool valid_referral_slug(std::string_view slug) {
  return slug.size() == kReferralSlugLength && std::all_of(slug.begin(), slug.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

std::string mailbox_identity(std::string_view email) {
  std::string lower(email);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  size_t at = lower.rfind('@');
  if (at == std::string::npos) return lower;
  std::string local = lower.substr(0, at);
  std::string host = lower.substr(at + 1);
  if (size_t plus = local.find('+'); plus != std::string::npos && plus > 0) local.resize(plus);
  if (host == "gmail.com" || host == "googlemail.com") {
    std::erase(local, '.');
    host = "gmail.com";
  }
  return local + "@" + host;
}

bool valid_referral_reward(int64_t credits) {
  return credits >= 0 && credits <= kMaxReferralReward;
}

std::optional<MemberFigure> member_figure(int64_t members) {
  if (members < kMinMembersShown) return std::nullopt;
  int64_t step = 1;
  while (members / step >= 100) step *= 10;
  int64_t shown = members / step * step;
  return MemberFigure{shown, shown < members};
}

}  // namespace kesher::domain
