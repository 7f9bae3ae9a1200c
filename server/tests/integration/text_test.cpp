// Member-typed text against the real binary: bio, chat text, names, emails and report reasons all
// pass the same text gate (domain::clean_text), so control characters, bidi overrides and other
// invisible characters never reach the database, and what is stored is NFC.
#include <gtest/gtest.h>

#include "harness.hpp"

using namespace kesher::test;
using namespace std::string_literals;

namespace {

std::string text_of(const json::value& value) {
  return std::string(value.as_string());
}

// NUL, an ANSI escape, a right-to-left override and a right-to-left isolate, around text that must
// survive as it is: pointed Hebrew, an emoji family joined by ZWJs, and a Windows line break.
const std::string kTyped =
    "Hello\0 there\x1b[31m \u202Eevil\u2067 "
    "\u05E9\u05B8\u05C1\u05DC\u05D5\u05B9\u05DD "
    "\U0001F468\u200D\U0001F469\u200D\U0001F467\r\nsecond line\u200B"s;
const std::string kStored =
    "Hello there[31m evil "
    "\u05E9\u05B8\u05C1\u05DC\u05D5\u05B9\u05DD "
    "\U0001F468\u200D\U0001F469\u200D\U0001F467\nsecond line";

class UserText : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server_ = new ServerProcess(); }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  static Member fresh_member(const json::object& overrides = {}) {
    static int counter = 0;
    return register_member(*server_, "text" + std::to_string(++counter) + "@example.com",
                           overrides);
  }
  static std::unique_ptr<WsClient> connect(const Member& member) {
    auto socket = connect_member(*server_, member);
    socket->request("session/validate");
    return socket;
  }
  // Whether the stored bytes are exactly `expected`, compared here with their length (so a NUL
  // cannot hide anything), on either engine.
  static bool stored_as(const std::string& column_sql, const std::string& expected) {
    auto rows = query_rows(*server_, "SELECT " + column_sql);
    if (rows.size() != 1 || rows[0].as_array().empty()) return false;
    const json::value& stored = rows[0].as_array()[0];
    return stored.is_string() && std::string(stored.as_string()) == expected;
  }
  static std::string user_column(const Member& member, const std::string& column) {
    return "(SELECT " + column + " FROM users WHERE id = " + std::to_string(member.id) + ")";
  }

  static ServerProcess* server_;
};
ServerProcess* UserText::server_ = nullptr;

TEST_F(UserText, BioIsStoredWithoutControlBidiOrInvisibleCharacters) {
  auto member = fresh_member();
  auto socket = connect(member);
  auto reply = socket->request("user/update", {{"key", "bio"}, {"value", kTyped}});
  ASSERT_EQ(reply["request_status"], 1) << serialize(reply);
  EXPECT_EQ(text_of(reply["data"].at("user").at("bio")), kStored);
  EXPECT_TRUE(stored_as(user_column(member, "bio"), kStored));
  EXPECT_EQ(text_of(socket->request("session/validate")["data"].at("user").at("bio")), kStored);

  auto invisible_only = socket->request("user/update", {{"key", "bio"}, {"value", "\u202E\u200B"}});
  EXPECT_EQ(text_of(invisible_only["data"].at("user").at("bio")), "");
}

TEST_F(UserText, ABioOfDeeplyNestedEntitiesIsRefusedAndTheServerCarriesOn) {
  auto member = fresh_member();
  auto socket = connect(member);
  // Near the frame limit, one level of entity per four bytes: the sanitizer build's server
  // overflowed its stack on this before strip_html bounded its passes.
  std::string nested = "< &amp;";
  for (int i = 0; i < 15000; ++i) nested += "amp;";
  nested += "lt;b>x";
  auto reply = socket->request("user/update", {{"key", "bio"}, {"value", nested}});
  EXPECT_EQ(reply["error_code"], "invalid_value");
  auto shallow =
      socket->request("user/update", {{"key", "bio"}, {"value", "&lt;b&gt;Hi&lt;/b&gt;"}});
  EXPECT_EQ(text_of(shallow["data"].at("user").at("bio")), "Hi");
}

TEST_F(UserText, NoInvisibleCharacterHidesATagInABioOrAReason) {
  auto member = fresh_member(), other = fresh_member();
  auto socket = connect(member);
  auto reply = socket->request(
      "user/update", {{"key", "bio"}, {"value", "<\u200Bscript>alert(1)</script> <\u2066b>hi"}});
  ASSERT_EQ(reply["request_status"], 1) << serialize(reply);
  EXPECT_EQ(text_of(reply["data"].at("user").at("bio")), "alert(1) hi");
  auto report = socket->request(
      "user/report", {{"user_id", other.id}, {"reason", "spam <\u200Bimg src=x onerror=y>"}});
  ASSERT_EQ(report["request_status"], 1) << serialize(report);
  EXPECT_TRUE(stored_as(
      "(SELECT reason FROM reports WHERE reporter_id = " + std::to_string(member.id) + ")",
      "spam"));
}

TEST_F(UserText, ChatTextIsCleanedExactlyLikeTheBio) {
  auto sender = fresh_member(), receiver = fresh_member();
  auto from = connect(sender), to = connect(receiver);
  auto reply = from->request(
      "send_message",
      {{"receiver_id", receiver.id}, {"message_type", "text"}, {"message_text", kTyped}});
  ASSERT_EQ(reply["request_status"], 1) << serialize(reply);
  auto event = to->wait_event("new_message");
  ASSERT_TRUE(event);
  EXPECT_EQ(text_of(event->at("request_details").at("message")), kStored);
  EXPECT_TRUE(stored_as(
      "(SELECT body FROM messages WHERE sender_id = " + std::to_string(sender.id) + ")", kStored));

  auto invisible_only = from->request("send_message", {{"receiver_id", receiver.id},
                                                       {"message_type", "text"},
                                                       {"message_text", "\u202E\u2066\u200D\x1b"}});
  EXPECT_EQ(invisible_only["error_code"], "empty_message");
}

TEST_F(UserText, NamesLoseInvisibleCharactersAndAreStoredInNfc) {
  auto member = fresh_member({{"name", "No\u2067a\u200B"}});
  EXPECT_TRUE(stored_as(user_column(member, "name"), "Noa"));

  auto socket = connect(member);
  auto update = [&](const std::string& value) {
    return socket->request("user/update", {{"key", "name"}, {"value", value}});
  };
  auto renamed = update(
      "Da\0n\x1b"
      "a\u202E"s);
  ASSERT_EQ(renamed["request_status"], 1) << serialize(renamed);
  EXPECT_EQ(text_of(renamed["data"].at("user").at("name")), "Dana");
  EXPECT_TRUE(stored_as(user_column(member, "name"), "Dana"));

  // A decomposed ü (u + U+0308) is the same name as "Jürgen" and is stored composed.
  auto composed = update("Ju\u0308rgen");
  ASSERT_EQ(composed["request_status"], 1) << serialize(composed);
  EXPECT_TRUE(stored_as(user_column(member, "name"), "J\u00FCrgen"));

  EXPECT_EQ(update("\u202E\u200B")["error_code"], "invalid_name");
  EXPECT_TRUE(stored_as(user_column(member, "name"), "J\u00FCrgen"));
}

TEST_F(UserText, EmailsWithInvisibleCharactersAreRefused) {
  auto body = registration_body("dana\u202E@example.com");
  auto result = http_request(server_->port(), "POST", "/api/auth/register", serialize(body));
  EXPECT_EQ(result.status, 400);
  EXPECT_EQ(result.json()["error_code"], "invalid_email");
}

TEST_F(UserText, ReportReasonsAreOneCleanLine) {
  auto reporter = fresh_member(), reported = fresh_member();
  auto socket = connect(reporter);
  auto reply = socket->request(
      "user/report", {{"user_id", reported.id}, {"reason", "fake\0\x1b\u202E\r\nprofile\u2066"s}});
  ASSERT_EQ(reply["request_status"], 1) << serialize(reply);
  EXPECT_TRUE(stored_as(
      "(SELECT reason FROM reports WHERE reporter_id = " + std::to_string(reporter.id) + ")",
      "fake profile"));
}

}  // namespace
