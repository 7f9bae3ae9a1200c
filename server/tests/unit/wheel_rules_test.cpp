// The lucky wheel's draw and odds, and the boost rules: pure functions, no I/O.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "domain/boosts.hpp"
#include "domain/wheel.hpp"

namespace kesher {
namespace {

using domain::wheel::Prize;
using domain::wheel::PrizeKind;

// The seeded catalogue of migration 0011 (docs/wheel.md).
std::vector<Prize> default_wheel() {
  return {{1, 1, PrizeKind::coins, 50, 5200}, {2, 2, PrizeKind::coins, 100, 2500},
          {3, 3, PrizeKind::coins, 150, 700}, {4, 4, PrizeKind::freespin, 1, 845},
          {5, 5, PrizeKind::coins, 200, 500}, {6, 6, PrizeKind::coins, 350, 150},
          {7, 7, PrizeKind::coins, 500, 80},  {8, 8, PrizeKind::coins, 1000, 20},
          {9, 9, PrizeKind::coins, 5000, 4},  {10, 10, PrizeKind::coins, 10000, 1}};
}

domain::wheel::UniformSource fixed(uint32_t roll) {
  return [roll](uint32_t) { return roll; };
}

TEST(WheelDraw, EachPrizeOwnsExactlyItsWeightOfTheRolls) {
  std::vector<Prize> wheel{{1, 1, PrizeKind::coins, 50, 3},
                           {2, 2, PrizeKind::nothing, 0, 0},
                           {3, 3, PrizeKind::freespin, 1, 2}};
  std::vector<size_t> drawn;
  for (uint32_t roll = 0; roll < 5; ++roll)
    drawn.push_back(*domain::wheel::draw(wheel, fixed(roll)));
  EXPECT_EQ(drawn, (std::vector<size_t>{0, 0, 0, 2, 2}));
  uint32_t asked = 0;
  domain::wheel::draw(wheel, [&](uint32_t upper) {
    asked = upper;
    return 0u;
  });
  EXPECT_EQ(asked, 5u);
}

TEST(WheelDraw, NothingIsDrawnFromAWheelThatCannotPay) {
  std::vector<Prize> empty;
  EXPECT_FALSE(domain::wheel::draw(empty, fixed(0)));
  std::vector<Prize> zero{{1, 1, PrizeKind::coins, 50, 0}};
  EXPECT_FALSE(domain::wheel::draw(zero, fixed(0)));
  std::vector<Prize> negative{{1, 1, PrizeKind::coins, 50, 5}, {2, 2, PrizeKind::coins, 5, -1}};
  EXPECT_FALSE(domain::wheel::draw(negative, fixed(0)));
  std::vector<Prize> huge{{1, 1, PrizeKind::coins, 50, domain::wheel::kMaxWeight + 1}};
  EXPECT_FALSE(domain::wheel::draw(huge, fixed(0)));
  // A source that breaks its contract draws nothing rather than past the end.
  std::vector<Prize> one{{1, 1, PrizeKind::coins, 50, 1}};
  EXPECT_FALSE(domain::wheel::draw(one, fixed(1)));
}

TEST(WheelOdds, TheDefaultWheelPaysNinetyFourCreditsASpinOfAHundred) {
  auto wheel = default_wheel();
  EXPECT_EQ(domain::wheel::total_weight(wheel), 10000);
  auto odds = domain::wheel::odds(wheel);
  EXPECT_DOUBLE_EQ(odds[0], 0.52);
  EXPECT_DOUBLE_EQ(odds[9], 0.0001);
  double sum = 0;
  for (double p : odds) sum += p;
  EXPECT_NEAR(sum, 1.0, 1e-12);
  // 85.75 credits a draw; 8.45% of draws give another: V = 85.75 / (1 - 0.0845).
  EXPECT_NEAR(*domain::wheel::expected_credits_per_spin(wheel), 85.75 / 0.9155, 1e-9);
  EXPECT_LT(*domain::wheel::expected_credits_per_spin(wheel), 100.0);
}

TEST(WheelOdds, AWheelThatWouldPayForEverHasNoExpectedValue) {
  std::vector<Prize> forever{{1, 1, PrizeKind::freespin, 1, 1}};
  EXPECT_FALSE(domain::wheel::expected_credits_per_spin(forever));
  std::vector<Prize> doubling{{1, 1, PrizeKind::freespin, 2, 1}, {2, 2, PrizeKind::coins, 5, 1}};
  EXPECT_FALSE(domain::wheel::expected_credits_per_spin(doubling));
}

// Over 10,000 draws with a fixed seed every prize's count is within five standard deviations
// (σ = √(n·p·(1−p))) of n·p, plus one for the rarest; and the chi-square statistic over the nine
// degrees of freedom stays under 27.88 (the 0.1% critical value).
TEST(WheelOdds, TenThousandSeededDrawsFollowTheConfiguredOdds) {
  auto wheel = default_wheel();
  auto odds = domain::wheel::odds(wheel);
  auto random = domain::wheel::seeded_source(20261125);
  constexpr int kDraws = 10000;
  std::vector<int> counts(wheel.size(), 0);
  for (int i = 0; i < kDraws; ++i) ++counts[*domain::wheel::draw(wheel, random)];
  double chi_square = 0;
  for (size_t i = 0; i < wheel.size(); ++i) {
    double expected = kDraws * odds[i];
    double sigma = std::sqrt(kDraws * odds[i] * (1 - odds[i]));
    EXPECT_LE(std::abs(counts[i] - expected), 5 * sigma + 1) << "prize " << wheel[i].id;
    chi_square += (counts[i] - expected) * (counts[i] - expected) / expected;
  }
  EXPECT_LT(chi_square, 27.88);
}

TEST(WheelOdds, TheSameSeedGivesTheSameDraws) {
  auto a = domain::wheel::seeded_source(7), b = domain::wheel::seeded_source(7);
  for (int i = 0; i < 100; ++i) {
    uint32_t x = a(1000);
    EXPECT_LT(x, 1000u);
    EXPECT_EQ(x, b(1000));
  }
}

TEST(WheelKinds, NamesRoundTrip) {
  for (auto kind : {PrizeKind::coins, PrizeKind::freespin, PrizeKind::nothing}) {
    EXPECT_EQ(domain::wheel::parse_kind(domain::wheel::kind_name(kind)), kind);
  }
  EXPECT_FALSE(domain::wheel::parse_kind("jackpot"));
}

// ---- boosts ----

namespace boosts = domain::boosts;

TEST(BoostRules, APurchaseStartsAHundredImpressionsForADay) {
  auto boost = boosts::bought(std::nullopt, boosts::Kind::boost, 1000);
  EXPECT_EQ(boost.impressions, 0);
  EXPECT_EQ(boost.impressions_limit, 100);
  EXPECT_EQ(boost.ends_at, 1000 + 24 * 3600);
  EXPECT_EQ(boosts::impressions_left(boost), 100);
  auto top = boosts::bought(std::nullopt, boosts::Kind::top_search, 1000);
  EXPECT_EQ(top.impressions_limit, 0);
  EXPECT_EQ(boosts::impressions_left(top), std::nullopt);
}

TEST(BoostRules, ABoostEndsAfterItsImpressionsOrItsHours) {
  auto boost = boosts::bought(std::nullopt, boosts::Kind::spotlight, 0);
  boost.impressions = 99;
  EXPECT_TRUE(boosts::active(boost, 10));
  boost.impressions = 100;
  EXPECT_FALSE(boosts::active(boost, 10));
  EXPECT_EQ(boosts::impressions_left(boost), 0);
  boost.impressions = 0;
  EXPECT_TRUE(boosts::active(boost, 24 * 3600 - 1));
  EXPECT_FALSE(boosts::active(boost, 24 * 3600));
  auto top = boosts::bought(std::nullopt, boosts::Kind::top_search, 0);
  top.impressions = 5000;  // counted, never a limit
  EXPECT_TRUE(boosts::active(top, 100));
  EXPECT_FALSE(boosts::active(top, 24 * 3600));
}

TEST(BoostRules, BuyingAgainWhileOneRunsExtendsIt) {
  auto running = boosts::bought(std::nullopt, boosts::Kind::boost, 0);
  running.impressions = 40;
  auto extended = boosts::bought(running, boosts::Kind::boost, 3600);
  EXPECT_EQ(extended.impressions, 40);
  EXPECT_EQ(extended.impressions_limit, 200);
  EXPECT_EQ(extended.started_at, 0);
  EXPECT_EQ(extended.ends_at, 48 * 3600);
  // An ended one is replaced by a new one.
  running.impressions = 100;
  auto renewed = boosts::bought(running, boosts::Kind::boost, 3600);
  EXPECT_EQ(renewed.impressions, 0);
  EXPECT_EQ(renewed.impressions_limit, 100);
  EXPECT_EQ(renewed.started_at, 3600);
}

TEST(BoostRules, TheAudienceIsTheViewersSearch) {
  boosts::Audience audience{
      2, "1986-01-01", "2001-12-31", std::vector<domain::CellSpan>{{10, 3, 6}}, {"he", "en"}};
  boosts::Candidate dana{2, "1994-05-17", {10, 4}, "en"};
  EXPECT_TRUE(boosts::in_audience(audience, dana));
  auto other = dana;
  other.gender = 1;
  EXPECT_FALSE(boosts::in_audience(audience, other));
  other = dana;
  other.birth_date = "1985-12-31";
  EXPECT_FALSE(boosts::in_audience(audience, other));
  other = dana;
  other.cell = {11, 4};
  EXPECT_FALSE(boosts::in_audience(audience, other));
  other.cell = {10, 7};
  EXPECT_FALSE(boosts::in_audience(audience, other));
  other = dana;
  other.language = "de";
  EXPECT_FALSE(boosts::in_audience(audience, other));
  audience.spans = std::nullopt;  // the spotlight strip: anywhere
  other = dana;
  other.cell = {400, 400};
  EXPECT_TRUE(boosts::in_audience(audience, other));
}

TEST(BoostRules, KindsRoundTrip) {
  for (auto kind : {boosts::Kind::boost, boosts::Kind::top_search, boosts::Kind::spotlight}) {
    EXPECT_EQ(boosts::parse_kind(boosts::kind_name(kind)), kind);
  }
  EXPECT_FALSE(boosts::parse_kind("rocket"));
}

}  // namespace
}  // namespace kesher
