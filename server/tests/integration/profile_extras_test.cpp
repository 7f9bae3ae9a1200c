// The profile extras of spec §3 against the real binary: given at registration, checked on the
// server, shown to other members on the profile card and changed from profile edit.
#include <gtest/gtest.h>

#include <thread>

#include "harness.hpp"

using namespace kesher::test;

namespace {

class ProfileExtras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server_ = new ServerProcess(); }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  static std::string email(const std::string& tag) {
    static int counter = 0;
    return "extras-" + tag + std::to_string(++counter) + "@example.com";
  }
  static HttpResult register_with(const std::string& address, const json::value& extras) {
    auto body = registration_body(address);
    body["extras"] = extras;
    return http_request(server_->port(), "POST", "/api/auth/register", json::serialize(body),
                        {"", server_->origin()});
  }
  // A man looking for women in the default place, who can open the woman's card.
  static Member viewer() {
    return register_member(*server_, email("viewer"),
                           {{"gender", 1}, {"s_gender", 2}, {"s_age", "18,100"}});
  }
  static ServerProcess* server_;
};
ServerProcess* ProfileExtras::server_ = nullptr;

const json::value kExtras = json::parse(
    R"({"relationship_goal":"long_term","height":168,"industry":"healthcare",
        "interests":["hiking","music","coffee"],"smoke":"never","drink":"socially",
        "children":"none","family_plans":"want","personality":"in_between"})");

TEST_F(ProfileExtras, SavedAtRegistrationAndShownToAnotherMember) {
  auto registered = register_with(email("dana"), kExtras);
  ASSERT_EQ(registered.status, 201) << registered.body;
  auto own = registered.json().at("user").at("extras").as_object();
  EXPECT_EQ(own.at("relationship_goal"), "long_term");
  EXPECT_EQ(own.at("height"), 168);
  // Catalogue order, whatever order they were sent in.
  EXPECT_EQ(json::serialize(own.at("interests")), R"(["music","hiking","coffee"])");
  int64_t dana = registered.json().at("user").at("id").as_int64();
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM profile_extras WHERE user_id = " +
                                        std::to_string(dana)),
            11);

  auto socket = connect_member(*server_, viewer());
  auto card = socket->request("profile", {{"user_id", dana}});
  ASSERT_EQ(card["request_status"], 1) << json::serialize(card);
  const auto& shown = card["data"].at("user").at("extras").as_object();
  EXPECT_EQ(shown.at("industry"), "healthcare");
  EXPECT_EQ(shown.at("height"), 168);
  EXPECT_EQ(shown.at("family_plans"), "want");
  EXPECT_EQ(shown.at("personality"), "in_between");
  EXPECT_FALSE(shown.contains("ethnicity"));  // not answered
}

TEST_F(ProfileExtras, WithoutExtrasTheProfileHasAnEmptyObject) {
  auto body = registration_body(email("plain"));
  auto result = http_request(server_->port(), "POST", "/api/auth/register", json::serialize(body),
                             {"", server_->origin()});
  ASSERT_EQ(result.status, 201) << result.body;
  EXPECT_TRUE(result.json().at("user").at("extras").as_object().empty());
}

TEST_F(ProfileExtras, RegistrationRefusesBadExtrasWithTheirField) {
  struct Case {
    const char* extras;
    const char* field;
    const char* reason;
  };
  for (const Case& c : {
           Case{R"({"smoke":"cigars"})", "extras.smoke", "unknown_option"},
           Case{R"({"zodiac":"leo"})", "extras.zodiac", "unknown_field"},
           Case{R"({"height":"tall"})", "extras.height", "wrong_type"},
           Case{R"({"height":250})", "extras.height", "out_of_range"},
           Case{R"({"interests":"music"})", "extras.interests", "wrong_type"},
           Case{R"({"interests":["travel","music","movies","reading","cooking","sports",
                   "fitness","hiking","dancing","art","photography"]})",
                "extras.interests", "too_many"},
       }) {
    std::string address = email("bad");
    auto result = register_with(address, json::parse(c.extras));
    EXPECT_EQ(result.status, 400) << c.extras;
    auto body = result.json();
    EXPECT_EQ(body["error_code"], "invalid_extra") << c.extras;
    EXPECT_EQ(body["field"], c.field) << c.extras;
    EXPECT_EQ(body["reason"], c.reason) << c.extras;
    // Nothing was created.
    EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM users WHERE email = '" + address + "'"),
              0);
  }
  auto not_object = register_with(email("bad"), json::value("smoke"));
  EXPECT_EQ(not_object.status, 400);
  EXPECT_EQ(not_object.json()["error_code"], "invalid_field");
  EXPECT_EQ(not_object.json()["field"], "extras");
}

TEST_F(ProfileExtras, ProfileEditChangesAndClearsThem) {
  auto registered = register_with(email("edit"), kExtras);
  ASSERT_EQ(registered.status, 201) << registered.body;
  Member me{"", "", registered.session_cookie(), registered.json().at("user").at("id").as_int64()};
  auto socket = connect_member(*server_, me);

  auto changed = socket->request(
      "user/update",
      {{"key", "extras"},
       {"value", json::parse(R"({"smoke":"quitting","height":181,"pets":"dog","drink":null,
                                 "interests":["yoga"]})")}});
  ASSERT_EQ(changed["request_status"], 1) << json::serialize(changed);
  const auto& mine = changed["data"].at("user").at("extras").as_object();
  EXPECT_EQ(mine.at("smoke"), "quitting");
  EXPECT_EQ(mine.at("height"), 181);
  EXPECT_EQ(mine.at("pets"), "dog");
  EXPECT_FALSE(mine.contains("drink"));                  // cleared
  EXPECT_EQ(mine.at("relationship_goal"), "long_term");  // untouched
  EXPECT_EQ(json::serialize(mine.at("interests")), R"(["yoga"])");

  // Another member sees the change.
  auto other = connect_member(*server_, viewer());
  auto card = other->request("profile", {{"user_id", me.id}});
  ASSERT_EQ(card["request_status"], 1) << json::serialize(card);
  EXPECT_EQ(card["data"].at("user").at("extras").at("smoke"), "quitting");
  EXPECT_FALSE(card["data"].at("user").at("extras").as_object().contains("drink"));

  // And a fresh sign-in brings them back.
  auto validated = connect_member(*server_, me)->request("session/validate");
  EXPECT_EQ(validated["data"].at("user").at("extras").at("pets"), "dog");
}

TEST_F(ProfileExtras, ProfileEditRefusesBadExtrasAndKeepsTheOldOnes) {
  auto registered = register_with(email("refuse"), kExtras);
  ASSERT_EQ(registered.status, 201) << registered.body;
  Member me{"", "", registered.session_cookie(), registered.json().at("user").at("id").as_int64()};
  auto socket = connect_member(*server_, me);

  auto unknown = socket->request(
      "user/update",
      {{"key", "extras"}, {"value", {{"smoke", "regularly"}, {"drink", "bottles"}}}});
  EXPECT_EQ(unknown["request_status"], 0);
  EXPECT_EQ(unknown["error_code"], "invalid_extra");
  EXPECT_EQ(unknown["field"], "extras.drink");
  EXPECT_EQ(unknown["reason"], "unknown_option");

  auto wrong_type =
      socket->request("user/update", {{"key", "extras"}, {"value", {{"height", "181"}}}});
  EXPECT_EQ(wrong_type["error_code"], "invalid_extra");
  EXPECT_EQ(wrong_type["reason"], "wrong_type");

  auto not_object = socket->request("user/update", {{"key", "extras"}, {"value", 5}});
  EXPECT_EQ(not_object["error_code"], "invalid_field");

  auto missing = socket->request("user/update", {{"key", "extras"}});
  EXPECT_EQ(missing["error_code"], "invalid_value");

  // The refused changes left everything as it was, the valid "smoke" of the first one (regularly)
  // included.
  auto validated = socket->request("session/validate");
  const auto& extras = validated["data"].at("user").at("extras");
  EXPECT_EQ(extras.at("smoke"), "never");
  EXPECT_EQ(extras.at("drink"), "socially");
  EXPECT_EQ(extras.at("height"), 168);
}

TEST_F(ProfileExtras, ErasureDeletesThem) {
  auto registered = register_with(email("erase"), kExtras);
  ASSERT_EQ(registered.status, 201) << registered.body;
  Member me{"", "correct horse", registered.session_cookie(),
            registered.json().at("user").at("id").as_int64()};
  std::string rows = "SELECT COUNT(*) FROM profile_extras WHERE user_id = " + std::to_string(me.id);
  ASSERT_EQ(query_integer(*server_, rows), 11);
  auto socket = connect_member(*server_, me);
  socket->send(
      json::object{{"module", "account/erase"}, {"rid", "erase"}, {"password", me.password}});
  for (int i = 0; i < 100 && query_integer(*server_, rows) != 0; ++i) {
    std::this_thread::sleep_for(50ms);
  }
  EXPECT_EQ(query_integer(*server_, rows), 0);
  EXPECT_EQ(query_integer(*server_, "SELECT erased_at IS NOT NULL FROM users WHERE id = " +
                                        std::to_string(me.id)),
            1);
}

}  // namespace
