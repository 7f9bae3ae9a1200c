#include "domain/admin_config.hpp"

#include <algorithm>
#include <set>

#include "domain/text.hpp"
#include "protocol/errors.hpp"

namespace kesher::domain::admin_config {

namespace {

std::string at(std::string_view list, size_t index, std::string_view field) {
  return std::string(list) + "[" + std::to_string(index) + "]." + std::string(field);
}

}  // namespace

Problem check_credit_packages(const std::vector<CreditPackage>& packages) {
  if (packages.empty() || packages.size() > kMaxPackages) {
    return {errc::invalid_value, "packages"};
  }
  std::set<int64_t> ids;
  for (size_t i = 0; i < packages.size(); ++i) {
    const auto& p = packages[i];
    if (p.id <= 0) return {errc::invalid_value, at("packages", i, "id")};
    if (!ids.insert(p.id).second) return {errc::duplicate_id, at("packages", i, "id")};
    if (p.credits <= 0 || p.credits > kMaxPackageCredits) {
      return {errc::invalid_value, at("packages", i, "credits")};
    }
    if (p.price_ils_minor <= 0 || p.price_ils_minor > kMaxPriceMinor) {
      return {errc::invalid_price, at("packages", i, "price_ils_minor")};
    }
    if (p.price_usd_minor <= 0 || p.price_usd_minor > kMaxPriceMinor) {
      return {errc::invalid_price, at("packages", i, "price_usd_minor")};
    }
    if (p.discount_percent < 0 || p.discount_percent > 100) {
      return {errc::invalid_value, at("packages", i, "discount_percent")};
    }
    if (p.free_spins < 0 || p.free_spins > kMaxFreeSpins) {
      return {errc::invalid_value, at("packages", i, "free_spins")};
    }
    if (p.promo_ends && *p.promo_ends <= 0) {
      return {errc::invalid_value, at("packages", i, "promo_ends")};
    }
  }
  return {};
}

Problem check_feature_prices(const std::vector<FeaturePrice>& prices,
                             const std::vector<std::string>& known) {
  if (prices.empty()) return {errc::invalid_value, "prices"};
  std::set<std::string> seen;
  for (size_t i = 0; i < prices.size(); ++i) {
    const auto& p = prices[i];
    if (std::find(known.begin(), known.end(), p.feature) == known.end()) {
      return {errc::invalid_value, at("prices", i, "feature")};
    }
    if (!seen.insert(p.feature).second) return {errc::duplicate_id, at("prices", i, "feature")};
    bool message = p.feature == "text" || p.feature == "image";
    if (p.credits < (message ? 1 : 0) || p.credits > kMaxFeatureCredits) {
      return {errc::invalid_price, at("prices", i, "credits")};
    }
  }
  return {};
}

Problem check_premium_packages(const std::vector<PremiumPackage>& packages) {
  if (packages.empty() || packages.size() > kMaxPackages) {
    return {errc::invalid_value, "packages"};
  }
  std::set<int64_t> ids;
  int recommended = 0;
  for (size_t i = 0; i < packages.size(); ++i) {
    const auto& p = packages[i];
    if (p.id <= 0) return {errc::invalid_value, at("packages", i, "id")};
    if (!ids.insert(p.id).second) return {errc::duplicate_id, at("packages", i, "id")};
    if (p.months < 1 || p.months > kMaxPremiumMonths) {
      return {errc::invalid_value, at("packages", i, "months")};
    }
    if (p.total_ils_minor <= 0 || p.total_ils_minor > kMaxPriceMinor) {
      return {errc::invalid_price, at("packages", i, "total_ils_minor")};
    }
    if (p.total_usd_minor <= 0 || p.total_usd_minor > kMaxPriceMinor) {
      return {errc::invalid_price, at("packages", i, "total_usd_minor")};
    }
    if (p.saves_percent < 0 || p.saves_percent > 100) {
      return {errc::invalid_value, at("packages", i, "saves_percent")};
    }
    if (p.recommended && ++recommended > 1) {
      return {errc::invalid_value, at("packages", i, "recommended")};
    }
  }
  return {};
}

Problem check_daily_like_limit(int64_t limit) {
  if (limit < 1 || limit > kMaxDailyLikeLimit) return {errc::invalid_value, "daily_like_limit"};
  return {};
}

namespace {

bool gift_icon(std::string_view icon) {
  constexpr std::string_view kPrefix = "/gifts/", kSuffix = ".svg";
  if (icon.size() <= kPrefix.size() + kSuffix.size() || !icon.starts_with(kPrefix) ||
      !icon.ends_with(kSuffix)) {
    return false;
  }
  auto name = icon.substr(kPrefix.size(), icon.size() - kPrefix.size() - kSuffix.size());
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

}  // namespace

Problem check_gifts(const std::vector<Gift>& gifts) {
  if (gifts.empty()) return {errc::invalid_value, "gifts"};
  std::set<int64_t> ids;
  for (size_t i = 0; i < gifts.size(); ++i) {
    const auto& g = gifts[i];
    if (g.id <= 0) return {errc::invalid_value, at("gifts", i, "id")};
    if (!ids.insert(g.id).second) return {errc::duplicate_id, at("gifts", i, "id")};
    if (!gift_icon(g.icon)) return {errc::invalid_value, at("gifts", i, "icon")};
    const std::pair<std::string_view, const std::string*> names[] = {
        {"name_he", &g.name_he}, {"name_en", &g.name_en}, {"name_de", &g.name_de}};
    for (const auto& [field, name] : names) {
      size_t length = utf8_length(*name);
      if (length == 0 || length > kMaxGiftName || !valid_utf8(*name)) {
        return {errc::invalid_value, at("gifts", i, field)};
      }
    }
    if (g.price < kMinGiftPrice || g.price > kMaxFeatureCredits) {
      return {errc::invalid_price, at("gifts", i, "price")};
    }
  }
  return {};
}

Problem check_wheel(const std::vector<wheel::Prize>& prizes, int64_t spin_price) {
  if (prizes.size() < kMinWheelPrizes || prizes.size() > kMaxWheelPrizes) {
    return {errc::invalid_value, "prizes"};
  }
  std::set<int64_t> ids;
  for (size_t i = 0; i < prizes.size(); ++i) {
    const auto& p = prizes[i];
    if (p.id <= 0) return {errc::invalid_value, at("prizes", i, "id")};
    if (!ids.insert(p.id).second) return {errc::duplicate_id, at("prizes", i, "id")};
    bool amount_ok = p.kind == wheel::PrizeKind::coins ? p.amount >= 1 && p.amount <= kMaxWheelCoins
                     : p.kind == wheel::PrizeKind::freespin
                         ? p.amount >= 1 && p.amount <= kMaxWheelFreeSpins
                         : p.amount == 0;
    if (!amount_ok) return {errc::invalid_value, at("prizes", i, "amount")};
    if (p.weight < 0 || p.weight > wheel::kMaxWeight) {
      return {errc::invalid_value, at("prizes", i, "weight")};
    }
  }
  if (wheel::total_weight(prizes) <= 0) return {errc::invalid_value, "prizes"};
  auto expected = wheel::expected_credits_per_spin(prizes);
  if (!expected || *expected >= static_cast<double>(spin_price)) {
    return {errc::wheel_pays_too_much, "prizes"};
  }
  return {};
}

std::string describe_change(std::string_view field, int64_t before, int64_t after) {
  if (before == after) return {};
  return std::string(field) + " " + std::to_string(before) + " → " + std::to_string(after);
}

}  // namespace kesher::domain::admin_config
