#include <gtest/gtest.h>

#include "domain/admin.hpp"

namespace kesher::domain::admin {
namespace {

TEST(AdminRules, AReasonIsOneCleanLineOfAtMost200Characters) {
  EXPECT_EQ(check_reason("  goodwill\nafter an outage "), "goodwill after an outage");
  EXPECT_FALSE(check_reason(""));
  EXPECT_FALSE(check_reason("   \n "));
  EXPECT_FALSE(check_reason("\xff\xfe"));
  EXPECT_TRUE(check_reason(std::string(200, 'a')));
  EXPECT_FALSE(check_reason(std::string(201, 'a')));
  // Characters, not bytes: 200 Hebrew letters are 400 bytes.
  std::string hebrew;
  for (int i = 0; i < 200; ++i) hebrew += "א";
  EXPECT_TRUE(check_reason(hebrew));
}

TEST(AdminRules, CreditDeltasAreNonZeroAndBounded) {
  EXPECT_TRUE(valid_credit_delta(1));
  EXPECT_TRUE(valid_credit_delta(-1));
  EXPECT_TRUE(valid_credit_delta(kMaxCreditAdjustment));
  EXPECT_TRUE(valid_credit_delta(-kMaxCreditAdjustment));
  EXPECT_FALSE(valid_credit_delta(0));
  EXPECT_FALSE(valid_credit_delta(kMaxCreditAdjustment + 1));
  EXPECT_FALSE(valid_credit_delta(INT64_MIN));
}

TEST(AdminRules, AnAdjustmentKeyBelongsToItsStaffMemberAndClientId) {
  EXPECT_EQ(adjustment_key(3, "abc"), "admin_adjustment:3:abc");
  EXPECT_NE(adjustment_key(3, "abc"), adjustment_key(4, "abc"));
}

TEST(AdminRules, AMemberQueryMatchesIdsAndEscapesLikePatterns) {
  auto by_id = parse_member_query(" 812 ");
  ASSERT_TRUE(by_id);
  EXPECT_EQ(by_id->id, 812);
  EXPECT_EQ(by_id->like_pattern, "%812%");
  auto by_text = parse_member_query("dan_50%@x");
  ASSERT_TRUE(by_text);
  EXPECT_FALSE(by_text->id);
  EXPECT_EQ(by_text->like_pattern, "%dan\\_50\\%@x%");
  EXPECT_EQ(parse_member_query("a\\b")->like_pattern, "%a\\\\b%");
  EXPECT_FALSE(parse_member_query(""));
  EXPECT_FALSE(parse_member_query(std::string(101, 'x')));
  // Too many digits for an id is still text.
  EXPECT_FALSE(parse_member_query("99999999999999999999")->id);
}

TEST(AdminRules, ReportActionsAreDismissWarnAndBan) {
  for (auto name : {"dismiss", "warn", "ban"}) {
    auto action = parse_report_action(name);
    ASSERT_TRUE(action);
    EXPECT_EQ(report_action_name(*action), name);
  }
  EXPECT_FALSE(parse_report_action("Ban"));
  EXPECT_FALSE(parse_report_action(""));
}

TEST(AdminRules, StaffPasswordsAre12To128Characters) {
  EXPECT_FALSE(valid_staff_password(std::string(11, 'p')));
  EXPECT_TRUE(valid_staff_password(std::string(12, 'p')));
  EXPECT_TRUE(valid_staff_password(std::string(128, 'p')));
  EXPECT_FALSE(valid_staff_password(std::string(129, 'p')));
}

}  // namespace
}  // namespace kesher::domain::admin
