#include <gtest/gtest.h>

#include "domain/admin_config.hpp"
#include "protocol/errors.hpp"

namespace kesher::domain::admin_config {
namespace {

std::vector<CreditPackage> packages() {
  return {{1, 500, 2900, 900, 0, 0, false, std::nullopt},
          {2, 1500, 7900, 2400, 10, 0, true, std::nullopt},
          {3, 5000, 22900, 6900, 20, 1, true, 1'800'000'000}};
}

std::string problem(const Problem& p) {
  return std::string(p.code) + ":" + p.field;
}

TEST(AdminConfigPackages, TheSeededCatalogueIsValid) {
  EXPECT_FALSE(check_credit_packages(packages()));
}

TEST(AdminConfigPackages, PricesAreAboveZeroAndWithinTheBound) {
  auto list = packages();
  list[1].price_ils_minor = 0;
  EXPECT_EQ(problem(check_credit_packages(list)), "invalid_price:packages[1].price_ils_minor");
  list = packages();
  list[2].price_usd_minor = -5;
  EXPECT_EQ(problem(check_credit_packages(list)), "invalid_price:packages[2].price_usd_minor");
  list = packages();
  list[0].price_usd_minor = kMaxPriceMinor + 1;
  EXPECT_EQ(problem(check_credit_packages(list)), "invalid_price:packages[0].price_usd_minor");
  list[0].price_usd_minor = kMaxPriceMinor;
  EXPECT_FALSE(check_credit_packages(list));
}

TEST(AdminConfigPackages, IdsAreUniqueAndPositive) {
  auto list = packages();
  list[2].id = 1;
  EXPECT_EQ(problem(check_credit_packages(list)), "duplicate_id:packages[2].id");
  list[2].id = 0;
  EXPECT_EQ(problem(check_credit_packages(list)), "invalid_value:packages[2].id");
  EXPECT_EQ(problem(check_credit_packages({})), "invalid_value:packages");
  EXPECT_EQ(
      problem(check_credit_packages(std::vector<CreditPackage>(kMaxPackages + 1, packages()[0]))),
      "invalid_value:packages");
}

TEST(AdminConfigPackages, CreditsDiscountsSpinsAndPromotionEnds) {
  auto list = packages();
  list[0].credits = 0;
  EXPECT_EQ(problem(check_credit_packages(list)), "invalid_value:packages[0].credits");
  list = packages();
  list[1].discount_percent = 101;
  EXPECT_EQ(problem(check_credit_packages(list)), "invalid_value:packages[1].discount_percent");
  list = packages();
  list[1].free_spins = -1;
  EXPECT_EQ(problem(check_credit_packages(list)), "invalid_value:packages[1].free_spins");
  list = packages();
  list[2].promo_ends = 0;
  EXPECT_EQ(problem(check_credit_packages(list)), "invalid_value:packages[2].promo_ends");
  // A promotion that has ended is simply over: the list can still be saved.
  list[2].promo_ends = 1;
  EXPECT_FALSE(check_credit_packages(list));
}

TEST(AdminConfigPrices, KnownFeaturesOnceAndMessagesCostSomething) {
  std::vector<std::string> known{"text", "image", "gift", "spin"};
  EXPECT_FALSE(check_feature_prices({{"text", 60}, {"gift", 0}}, known));
  EXPECT_EQ(problem(check_feature_prices({{"text", 0}}, known)), "invalid_price:prices[0].credits");
  EXPECT_EQ(problem(check_feature_prices({{"gift", 0}, {"image", 0}}, known)),
            "invalid_price:prices[1].credits");
  EXPECT_EQ(problem(check_feature_prices({{"spin", -1}}, known)),
            "invalid_price:prices[0].credits");
  EXPECT_EQ(problem(check_feature_prices({{"spin", kMaxFeatureCredits + 1}}, known)),
            "invalid_price:prices[0].credits");
  EXPECT_EQ(problem(check_feature_prices({{"text", 60}, {"text", 70}}, known)),
            "duplicate_id:prices[1].feature");
  EXPECT_EQ(problem(check_feature_prices({{"teleport", 5}}, known)),
            "invalid_value:prices[0].feature");
  EXPECT_EQ(problem(check_feature_prices({}, known)), "invalid_value:prices");
}

std::vector<wheel::Prize> default_wheel() {
  using wheel::PrizeKind;
  return {{1, 1, PrizeKind::coins, 50, 5200}, {2, 2, PrizeKind::coins, 100, 2500},
          {3, 3, PrizeKind::coins, 150, 700}, {4, 4, PrizeKind::freespin, 1, 845},
          {5, 5, PrizeKind::coins, 200, 500}, {6, 6, PrizeKind::coins, 350, 150},
          {7, 7, PrizeKind::coins, 500, 80},  {8, 8, PrizeKind::coins, 1000, 20},
          {9, 9, PrizeKind::coins, 5000, 4},  {10, 10, PrizeKind::coins, 10000, 1}};
}

TEST(AdminConfigWheel, TheDefaultWheelPaysLessThanItsPrice) {
  // docs/wheel.md: 93.66 credits per spin for a price of 100.
  EXPECT_FALSE(check_wheel(default_wheel(), 100));
  EXPECT_EQ(problem(check_wheel(default_wheel(), 93)), "wheel_pays_too_much:prizes");
  EXPECT_FALSE(check_wheel(default_wheel(), 94));
}

TEST(AdminConfigWheel, AWheelThatPaysTooMuchOrForEverIsRefused) {
  auto generous = default_wheel();
  generous[0].amount = 500;
  EXPECT_EQ(problem(check_wheel(generous, 100)), "wheel_pays_too_much:prizes");
  // Only free spins: every draw gives another, so a spin pays for ever.
  std::vector<wheel::Prize> endless{{1, 1, wheel::PrizeKind::freespin, 1, 1},
                                    {2, 2, wheel::PrizeKind::nothing, 0, 0}};
  EXPECT_EQ(problem(check_wheel(endless, 100)), "wheel_pays_too_much:prizes");
  std::vector<wheel::Prize> nothing{{1, 1, wheel::PrizeKind::nothing, 0, 1},
                                    {2, 2, wheel::PrizeKind::coins, 10, 1}};
  EXPECT_FALSE(check_wheel(nothing, 100));
}

TEST(AdminConfigWheel, SegmentsAreWellFormed) {
  auto wheel = default_wheel();
  wheel[3].amount = 0;
  EXPECT_EQ(problem(check_wheel(wheel, 100)), "invalid_value:prizes[3].amount");
  wheel = default_wheel();
  wheel[1].weight = -1;
  EXPECT_EQ(problem(check_wheel(wheel, 100)), "invalid_value:prizes[1].weight");
  wheel = default_wheel();
  wheel[1].weight = wheel::kMaxWeight + 1;
  EXPECT_EQ(problem(check_wheel(wheel, 100)), "invalid_value:prizes[1].weight");
  wheel = default_wheel();
  wheel[5].id = 2;
  EXPECT_EQ(problem(check_wheel(wheel, 100)), "duplicate_id:prizes[5].id");
  wheel = default_wheel();
  for (auto& prize : wheel) prize.weight = 0;
  EXPECT_EQ(problem(check_wheel(wheel, 100)), "invalid_value:prizes");
  EXPECT_EQ(problem(check_wheel({default_wheel()[0]}, 100)), "invalid_value:prizes");
  std::vector<wheel::Prize> odd{{1, 1, wheel::PrizeKind::nothing, 5, 1},
                                {2, 2, wheel::PrizeKind::coins, 10, 1}};
  EXPECT_EQ(problem(check_wheel(odd, 100)), "invalid_value:prizes[0].amount");
}

TEST(AdminConfigAudit, DescribesOnlyWhatChanged) {
  EXPECT_EQ(describe_change("price_ils_minor", 7900, 6900), "price_ils_minor 7900 → 6900");
  EXPECT_EQ(describe_change("credits", 5, 5), "");
}

}  // namespace
}  // namespace kesher::domain::admin_config
