#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domain/wheel.hpp"

// What an admin may put into the catalogue (docs/protocol.md "Admin: dashboard and
// configuration"), without I/O. Each check names the first problem as an error code and the
// field at fault ("packages[1].price_ils_minor"), or none.
namespace kesher::domain::admin_config {

// Bounds that catch a slipped finger, not business limits: ₪/$ 10,000 for one package, a million
// credits, a feature at 100,000 credits.
inline constexpr int64_t kMaxPriceMinor = 1'000'000;
inline constexpr int64_t kMaxPackageCredits = 1'000'000;
inline constexpr int64_t kMaxFreeSpins = 100;
inline constexpr int64_t kMaxFeatureCredits = 100'000;
inline constexpr size_t kMaxPackages = 12;

struct Problem {
  std::string_view code;  // empty: no problem
  std::string field;
  explicit operator bool() const { return !code.empty(); }
};

struct CreditPackage {
  int64_t id = 0;
  int64_t credits = 0;
  int64_t price_ils_minor = 0;
  int64_t price_usd_minor = 0;
  int64_t discount_percent = 0;
  int64_t free_spins = 0;
  bool promo_active = false;
  std::optional<int64_t> promo_ends;  // unix seconds
};
// The whole list as it will be sold: 1–12 packages, ids positive and unique, credits and both
// prices above zero (and within the bounds above), a discount of 0–100 %, free spins 0–100, and
// a promotion's end, when set, a real time (one in the past simply ends the promotion: saving
// the list again must not fail because a promotion ran out meanwhile).
Problem check_credit_packages(const std::vector<CreditPackage>& packages);

struct FeaturePrice {
  std::string feature;
  int64_t credits = 0;
};
// Prices of features the catalogue knows (`known`), each named once: 0–100,000 credits. A text
// or an image message costs at least 1 credit (the chat's charge and its "not enough credits"
// rules assume a price).
Problem check_feature_prices(const std::vector<FeaturePrice>& prices,
                             const std::vector<std::string>& known);

struct PremiumPackage {
  int64_t id = 0;
  int64_t months = 0;
  int64_t total_ils_minor = 0;
  int64_t total_usd_minor = 0;
  int64_t saves_percent = 0;
  bool recommended = false;
};
// 1–12 packages, ids positive and unique, 1–24 months, both totals above zero and within the
// bound, "saves" 0–100 %, and at most one package recommended.
inline constexpr int64_t kMaxPremiumMonths = 24;
Problem check_premium_packages(const std::vector<PremiumPackage>& packages);

// A non-premium member's likes a UTC day: 1–10,000.
inline constexpr int64_t kMaxDailyLikeLimit = 10'000;
Problem check_daily_like_limit(int64_t limit);

struct Gift {
  int64_t id = 0;
  std::string icon;
  std::string name_he, name_en, name_de;
  int64_t price = 0;
};
// Gifts, each named once by a positive id: an icon from the app's own set ("/gifts/rose.svg":
// lower-case letters, digits and dashes; never another site's address), a name in each language
// of 1–30 characters, and a price of 50–100,000 credits (the chat's floor, migration 0004).
inline constexpr int64_t kMinGiftPrice = 50;
inline constexpr size_t kMaxGiftName = 30;
Problem check_gifts(const std::vector<Gift>& gifts);

// The wheel as it will spin, segments in order: 2–24 prizes, ids positive and unique, coins of
// 1–100,000 credits, 1–10 free spins, "nothing" with amount 0, weights 0–1,000,000 with a total
// above 0. And the house never promises what it cannot pay: a spin must pay on average
// (domain::wheel::expected_credits_per_spin, free spins counted) less than its price in credits,
// `spin_price`; a wheel whose free spins give one spin or more per draw pays for ever and is
// refused too (wheel_pays_too_much). docs/wheel.md.
inline constexpr size_t kMinWheelPrizes = 2;
inline constexpr size_t kMaxWheelPrizes = 24;
inline constexpr int64_t kMaxWheelCoins = 100'000;
inline constexpr int64_t kMaxWheelFreeSpins = 10;
Problem check_wheel(const std::vector<wheel::Prize>& prizes, int64_t spin_price);

// "price_ils_minor 7900 → 6900": what changed in one row, for the audit log; empty when nothing.
std::string describe_change(std::string_view field, int64_t before, int64_t after);

}  // namespace kesher::domain::admin_config
