#include <gtest/gtest.h>

#include <set>
#include <string>

#include "domain/referrals.hpp"

using namespace kesher::domain;

TEST(ReferralRules, SlugsAreSixteenHexDigitsAndDiffer) {
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) {
    std::string slug = new_referral_slug();
    EXPECT_EQ(slug.size(), 16u);
    EXPECT_TRUE(valid_referral_slug(slug)) << slug;
    seen.insert(slug);
  }
  EXPECT_EQ(seen.size(), 200u);
}

TEST(ReferralRules, OnlyTheSlugShapeIsLookedUp) {
  EXPECT_TRUE(valid_referral_slug("0123456789abcdef"));
  EXPECT_FALSE(valid_referral_slug(""));
  EXPECT_FALSE(valid_referral_slug("0123456789abcde"));     // 15
  EXPECT_FALSE(valid_referral_slug("0123456789abcdef0"));   // 17
  EXPECT_FALSE(valid_referral_slug("0123456789ABCDEF"));    // upper case
  EXPECT_FALSE(valid_referral_slug("0123456789abcdeg"));    // not hex
  EXPECT_FALSE(valid_referral_slug("0123456789abcd'f"));    // quote
  EXPECT_FALSE(valid_referral_slug("12"));                  // a member id is no slug
  EXPECT_FALSE(valid_referral_slug("0123456789abcdef/x"));  // another segment
}

TEST(ReferralRules, MailboxIdentityFoldsTheCommonAliases) {
  EXPECT_EQ(mailbox_identity("Dana@Example.com"), "dana@example.com");
  EXPECT_EQ(mailbox_identity("dana+kesher@example.com"), "dana@example.com");
  EXPECT_EQ(mailbox_identity("dana+a+b@example.com"), "dana@example.com");
  // Dots are one mailbox at Gmail only.
  EXPECT_EQ(mailbox_identity("Dana.Levi+k@googlemail.com"), "danalevi@gmail.com");
  EXPECT_EQ(mailbox_identity("d.a.n.a@gmail.com"), "dana@gmail.com");
  EXPECT_EQ(mailbox_identity("dana.levi@example.com"), "dana.levi@example.com");
  EXPECT_NE(mailbox_identity("dana.levi@example.com"), mailbox_identity("danalevi@example.com"));
  // A local part that is only a tag is kept as it is.
  EXPECT_EQ(mailbox_identity("+tag@example.com"), "+tag@example.com");
}

TEST(ReferralRules, TheRewardIsZeroToTenThousand) {
  EXPECT_TRUE(valid_referral_reward(0));
  EXPECT_TRUE(valid_referral_reward(kReferralReward));
  EXPECT_TRUE(valid_referral_reward(kMaxReferralReward));
  EXPECT_FALSE(valid_referral_reward(-1));
  EXPECT_FALSE(valid_referral_reward(kMaxReferralReward + 1));
}

TEST(MemberFigure, NothingUnderAHundred) {
  EXPECT_EQ(member_figure(0), std::nullopt);
  EXPECT_EQ(member_figure(99), std::nullopt);
  EXPECT_EQ(member_figure(-5), std::nullopt);
}

TEST(MemberFigure, RoundsDownToTwoSignificantDigits) {
  EXPECT_EQ(member_figure(100), (MemberFigure{100, false}));
  EXPECT_EQ(member_figure(101), (MemberFigure{100, true}));
  EXPECT_EQ(member_figure(357), (MemberFigure{350, true}));
  EXPECT_EQ(member_figure(999), (MemberFigure{990, true}));
  EXPECT_EQ(member_figure(1000), (MemberFigure{1000, false}));
  EXPECT_EQ(member_figure(1234), (MemberFigure{1200, true}));
  EXPECT_EQ(member_figure(1299), (MemberFigure{1200, true}));
  EXPECT_EQ(member_figure(12345), (MemberFigure{12000, true}));
  EXPECT_EQ(member_figure(99999), (MemberFigure{99000, true}));
}

TEST(MemberFigure, OverAHundredThousandOnlyAboveIt) {
  EXPECT_EQ(member_figure(100000), (MemberFigure{100000, false}));
  EXPECT_EQ(member_figure(100001), (MemberFigure{100000, true}));
  EXPECT_EQ(member_figure(109999), (MemberFigure{100000, true}));
  EXPECT_EQ(member_figure(987654), (MemberFigure{980000, true}));
  EXPECT_EQ(member_figure(2'000'000), (MemberFigure{2'000'000, false}));
}

TEST(MemberFigure, NeverMoreThanTheCount) {
  for (int64_t n = 100; n < 30000; n += 7) {
    auto figure = member_figure(n);
    ASSERT_TRUE(figure);
    EXPECT_LE(figure->shown, n);
    EXPECT_EQ(figure->over, figure->shown < n);
    // Two significant digits: within 10 % below.
    EXPECT_GT(figure->shown * 10, n * 9 - 1) << n;
  }
}
