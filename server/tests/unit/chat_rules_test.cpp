#include <gtest/gtest.h>

#include "domain/chat.hpp"

using namespace kesher::domain::chat;
using namespace std::string_literals;

TEST(ChatRules, TextIsTrimmedAndCleanedOfControlCharacters) {
  EXPECT_EQ(check_text("  hello\x01 world \n").text, "hello world");
  EXPECT_EQ(check_text("line one\nline two").text, "line one\nline two");
  EXPECT_EQ(check_text("\xE2\x80\x8F  \xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D ").text,
            "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D");
  EXPECT_EQ(check_text("").error, "empty_message");
  EXPECT_EQ(check_text(" \t\n\x02 ").error, "empty_message");
  EXPECT_EQ(check_text("\xC3\x28").error, "invalid_value") << "invalid UTF-8";
}

TEST(ChatRules, TextGoesThroughTheTextGateLikeTheBio) {
  EXPECT_EQ(check_text("a\0b\x1b[2J \u202Ec\u2067d"s).text, "ab[2J cd");
  EXPECT_EQ(check_text("\u200B\u2066\u200D").error, "empty_message");
  const std::string family = "\U0001F468\u200D\U0001F469\u200D\U0001F467";
  EXPECT_EQ(check_text(family).text, family);
  EXPECT_EQ(check_text("Ju\u0308rgen\r\nhi").text, "J\u00FCrgen\nhi");
}

TEST(ChatRules, TextLengthCountsCodePointsNotBytes) {
  std::string hebrew;
  for (size_t i = 0; i < kMaxTextLength; ++i) hebrew += "\xD7\x90";  // 2 bytes each
  EXPECT_TRUE(check_text(hebrew).error.empty());
  EXPECT_EQ(check_text(hebrew + "\xD7\x90").error, "message_too_long");
}

TEST(ChatRules, ClientIdsAreShortAndPlain) {
  EXPECT_TRUE(valid_client_id("c-lq2x9-4f2a_1"));
  EXPECT_FALSE(valid_client_id(""));
  EXPECT_FALSE(valid_client_id("has space"));
  EXPECT_FALSE(valid_client_id("semi:colon"));
  EXPECT_TRUE(valid_client_id(std::string(64, 'a')));
  EXPECT_FALSE(valid_client_id(std::string(65, 'a')));
}

TEST(ChatRules, SendingNeedsFiftyCreditsAndNeverLessThanThePrice) {
  EXPECT_EQ(required_balance(50), 50);
  EXPECT_EQ(required_balance(30), 50);
  EXPECT_EQ(required_balance(1500), 1500);
}

TEST(ChatRules, ReadIdsAreParsedForgivingly) {
  EXPECT_EQ(parse_message_ids("981,982"), (std::vector<int64_t>{981, 982}));
  EXPECT_EQ(parse_message_ids(" 5 , x,5,-3,0,7"), (std::vector<int64_t>{5, 7}));
  EXPECT_TRUE(parse_message_ids("").empty());
  std::string many;
  for (int i = 1; i <= 150; ++i) many += std::to_string(i) + ",";
  EXPECT_EQ(parse_message_ids(many).size(), kMaxReadIds);
}

TEST(ChatRules, KindsPairsAndDebitKeys) {
  EXPECT_EQ(parse_kind("text"), MessageKind::text);
  EXPECT_EQ(parse_kind("gift"), MessageKind::gift);
  EXPECT_EQ(parse_kind("image"), MessageKind::image);
  EXPECT_EQ(parse_kind("pphoto"), MessageKind::pphoto);
  EXPECT_FALSE(parse_kind("video"));
  EXPECT_FALSE(parse_kind("IMAGE"));
  for (auto kind :
       {MessageKind::text, MessageKind::gift, MessageKind::image, MessageKind::pphoto}) {
    EXPECT_EQ(parse_kind(kind_name(kind)), kind);
  }
  EXPECT_EQ(pair_of(9, 3).low, 3);
  EXPECT_EQ(pair_of(3, 9).high, 9);
  EXPECT_EQ(debit_key(12, "c-1", 99), "send:12:c-1");
  EXPECT_EQ(debit_key(12, "", 99), "message:99");
}
