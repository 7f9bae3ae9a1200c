#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace kesher::domain {

// What Kesher sells and what things cost (brief §5: prices never come from the client). Amounts
// of money are whole units of the caller's currency: ILS for Hebrew, USD otherwise (spec §4).
struct CreditPackage {
  int id;
  int credits;
  int price_ils;
  int price_usd;
  int discount_percent;  // bonus credits, spec §9: credits * discount / 100
};

struct PremiumPackage {
  int id;
  int months;
  int total_ils;
  int total_usd;
  int saves_percent;
  bool recommended;
};

struct FeaturePrice {
  std::string_view feature;
  int credits;
};

inline constexpr int kSignupCredits = 200;
inline constexpr int kPushOptInCredits = 200;
inline constexpr int kMinimumCreditsToSend = 50;
inline constexpr int kPhotoSlots = 6;

const std::vector<CreditPackage>& credit_packages();
const std::vector<PremiumPackage>& premium_packages();
const std::vector<FeaturePrice>& feature_prices();
int price_of(std::string_view feature);  // -1 when unknown

}  // namespace kesher::domain
