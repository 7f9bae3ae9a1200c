#include "domain/catalog.hpp"

namespace kesher::domain {

const std::vector<CreditPackage>& credit_packages() {
  static const std::vector<CreditPackage> packages{
      {1, 500, 29, 9, 0},
      {2, 1500, 79, 24, 10},
      {3, 5000, 229, 69, 20},
      {4, 7000, 299, 89, 25},
  };
  return packages;
}

const std::vector<PremiumPackage>& premium_packages() {
  static const std::vector<PremiumPackage> packages{
      {1, 1, 69, 19, 0, false},
      {2, 3, 159, 45, 23, true},
      {3, 6, 249, 69, 40, false},
  };
  return packages;
}

const std::vector<FeaturePrice>& feature_prices() {
  static const std::vector<FeaturePrice> prices{
      {"text", 50},   {"image", 70},      {"gift", 0},         {"spin", 100},
      {"boost", 500}, {"spotlight", 300}, {"top_search", 400},
  };
  return prices;
}

int price_of(std::string_view feature) {
  for (const auto& price : feature_prices()) {
    if (price.feature == feature) return price.credits;
  }
  return -1;
}

}  // namespace kesher::domain
