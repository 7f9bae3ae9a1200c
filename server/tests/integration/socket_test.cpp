// The realtime socket against the real binary: origin, limits, bad input, modules, logout.
#include <gtest/gtest.h>

#include "harness.hpp"

using namespace kesher::test;

class Socket : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server_ = new ServerProcess(); }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  static Member fresh_member() {
    static int counter = 0;
    return register_member(*server_, "socket" + std::to_string(++counter) + "@example.com");
  }
  static std::unique_ptr<WsClient> guest() {
    return WsClient::connect(server_->port(), {server_->origin(), "", ""});
  }
  static ServerProcess* server_;
};
ServerProcess* Socket::server_ = nullptr;

TEST_F(Socket, ForeignOriginGets403) {
  int status = 0;
  auto client = WsClient::connect(server_->port(), {"https://evil.example", "", ""}, &status);
  EXPECT_EQ(client, nullptr);
  EXPECT_EQ(status, 403);
  auto no_origin = WsClient::connect(server_->port(), {"", "", ""}, &status);
  EXPECT_EQ(no_origin, nullptr);
  EXPECT_EQ(status, 403);
}

TEST_F(Socket, CookieAuthenticatesAndFreeCreditsAreAnnouncedOnce) {
  auto member = fresh_member();
  auto socket = connect_member(*server_, member);
  ASSERT_TRUE(socket);
  auto reply = socket->request("session/validate");
  EXPECT_EQ(reply["request_status"], 1);
  EXPECT_EQ(reply["data"].at("authenticated"), 1);
  EXPECT_EQ(reply["data"].at("user").at("credits"), 200);
  auto claim = socket->wait_event("claim_free_credits");
  ASSERT_TRUE(claim);
  EXPECT_EQ((*claim)["claimed_credits"], 200);
  EXPECT_EQ((*claim)["request_details"].at("claimed"), true);

  auto second = connect_member(*server_, member);
  EXPECT_EQ(second->request("session/validate")["request_status"], 1);
  EXPECT_FALSE(second->wait_event("claim_free_credits", 300ms));

  // Exactly one ledger entry, and the ledger sums to the balance.
  std::string id = std::to_string(member.id);
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM credit_ledger WHERE user_id = " + id), 1);
  EXPECT_EQ(query_integer(*server_, "SELECT SUM(delta) FROM credit_ledger WHERE user_id = " + id),
            query_integer(*server_, "SELECT credits FROM users WHERE id = " + id));
}

TEST_F(Socket, ExplicitSessionFieldForNonBrowsers) {
  auto member = fresh_member();
  auto socket = guest();
  std::string secret = member.cookie.substr(std::string("session=").size());
  EXPECT_EQ(socket->request("session/validate", {{"session", secret}})["data"].at("authenticated"),
            1);
  auto bad = socket->request("session/validate", {{"session", "not-a-session"}});
  EXPECT_EQ(bad["request_status"], 0);
  EXPECT_EQ(bad["error_code"], "invalid_session");
  EXPECT_EQ(bad["data"].at("authenticated"), 0);
  EXPECT_EQ(socket->request("totals")["error_code"], "not_authenticated");
}

TEST_F(Socket, BadInputGetsErrorsAndTheSocketStaysUsable) {
  auto socket = guest();
  socket->send_text("{this is not json");
  EXPECT_EQ((*socket->receive())["error_code"], "malformed_json");
  socket->send_text("[1,2,3]");
  EXPECT_EQ((*socket->receive())["error_code"], "not_an_object");
  socket->send_text(R"({"rid":"x"})");
  EXPECT_EQ((*socket->receive())["error_code"], "missing_module");
  auto unknown = socket->request("no/such/module");
  EXPECT_EQ(unknown["error_code"], "unknown_module");
  EXPECT_EQ(unknown["module"], "no/such/module");
  auto wrong_type = socket->request("configs", {{"keys", "site"}});
  EXPECT_EQ(wrong_type["error_code"], "invalid_field");
  EXPECT_EQ(wrong_type["field"], "keys");
  EXPECT_EQ(socket->request("totals")["error_code"], "not_authenticated");
  EXPECT_EQ(socket->request("ping")["module"], "pong");
  EXPECT_TRUE(socket->is_open());
}

TEST_F(Socket, OversizedFrameClosesWith1009) {
  auto socket = guest();
  socket->send_text(R"({"module":"ping","pad":")" + std::string(70 * 1024, 'x') + "\"}");
  EXPECT_EQ(socket->wait_closed(), 1009);
  // The server itself carries on.
  EXPECT_EQ(guest()->request("ping")["module"], "pong");
}

// On a server of its own: guests share one budget per address, and this test spends it.
TEST(SocketLimits, GuestMessageRateIsLimitedAndRefusalsNameTheRequest) {
  ServerProcess server;
  // Guests share a budget per address: four times a member's (a burst of 240).
  auto socket = WsClient::connect(server.port(), {server.origin(), "", ""});
  ASSERT_TRUE(socket);
  for (int i = 0; i < 400; ++i) {
    socket->send_text(R"({"module":"ping","rid":"p)" + std::to_string(i) + R"("})");
  }
  int pongs = 0, limited = 0;
  while (auto message = socket->receive(1s)) {
    if ((*message)["module"] == "pong") ++pongs;
    if ((*message)["error_code"] == "rate_limited") {
      ++limited;
      EXPECT_EQ((*message)["module"], "ping");
      EXPECT_TRUE(message->contains("rid"));
    }
    if (pongs + limited == 400) break;
  }
  EXPECT_GE(pongs, 240);
  EXPECT_GT(limited, 0);
  EXPECT_EQ(pongs + limited, 400);
}

TEST_F(Socket, ConfigsPluginsGeodataLanguages) {
  auto socket = guest();
  auto configs = socket->request(
      "configs",
      {{"keys", json::array{"site", "genders", "answers", "credits", "premium", "prices"}}});
  ASSERT_EQ(configs["request_status"], 1);
  const auto& data = configs["data"].as_object();
  EXPECT_EQ(data.at("site").at("min_credits_to_send"), 50);
  EXPECT_EQ(data.at("answers").as_array().size(), 6u);
  EXPECT_FALSE(data.at("prices").as_array().empty());
  EXPECT_EQ(socket->request("configs", {{"keys", json::array{"secrets"}}})["error_code"],
            "invalid_value");
  EXPECT_EQ(
      socket->request("plugins", {{"plugins", json::array{"terms"}}})["data"].at("terms").at("url"),
      "/terms-and-conditions");
  EXPECT_EQ(socket->request("geodata")["data"].at("language"), "he");
  auto german = WsClient::connect(server_->port(), {server_->origin(), "", "de-DE,de;q=0.9"});
  EXPECT_EQ(german->request("geodata")["data"].at("language"), "de");
  auto languages = socket->request("languages", {{"currentLength", 0}, {"recordsToTake", 20}});
  ASSERT_EQ(languages["data"].as_array().size(), 3u);
  EXPECT_EQ(languages["data"].as_array()[0].at("prefix"), "he");
  EXPECT_EQ(languages["data"].as_array()[0].at("rtl"), true);
}

TEST_F(Socket, SearchLocationInHebrewEnglishGerman) {
  auto socket = guest();
  auto hebrew = socket->request("search_location", {{"search", "תל"}, {"lang", "he"}});
  ASSERT_EQ(hebrew["request_status"], 1);
  ASSERT_FALSE(hebrew["data"].as_array().empty());
  EXPECT_EQ(hebrew["data"].as_array()[0].at("place_id"), 293397);
  EXPECT_NE(std::string(hebrew["data"].as_array()[0].at("description").as_string()).find("תל אביב"),
            std::string::npos);
  auto german = socket->request("search_location", {{"search", "münch"}, {"lang", "de"}});
  EXPECT_EQ(german["data"].as_array().at(0).at("place_id"), 2867714);
  auto serialized = json::serialize(german);
  EXPECT_EQ(serialized.find("48.1"), std::string::npos);  // no coordinates
  EXPECT_EQ(socket->request("search_location", {{"search", ""}})["error_code"], "invalid_value");
  EXPECT_EQ(socket->request("search_location", {{"search", 5}})["error_code"], "invalid_field");
}

TEST_F(Socket, UserUpdateValidatesEveryKey) {
  auto member = fresh_member();
  auto socket = connect_member(*server_, member);
  socket->request("session/validate");
  auto update = [&](const std::string& key, json::value value) {
    return socket->request("user/update", {{"key", key}, {"value", value}});
  };
  auto renamed = update("name", "Noa");
  EXPECT_EQ(renamed["request_status"], 1);
  EXPECT_EQ(renamed["data"].at("user").at("name"), "Noa");
  EXPECT_EQ(update("name", "Noa2")["error_code"], "invalid_name");
  EXPECT_EQ(update("bio", "<b>Hello</b><script>x</script>")["data"].at("user").at("bio"), "Hellox");
  EXPECT_EQ(update("age", 30)["error_code"], "age_locked");
  EXPECT_EQ(update("s_radious", 25)["data"].at("user").at("s_radius"), 25);
  EXPECT_EQ(update("s_radious", 0)["error_code"], "invalid_value");
  EXPECT_EQ(update("s_age", "30,45")["data"].at("user").at("s_age"), "30,45");
  EXPECT_EQ(update("s_age", "45,30")["error_code"], "invalid_value");
  EXPECT_EQ(update("s_gender", 2)["data"].at("user").at("s_gender"), 2);
  EXPECT_EQ(update("gender", 9)["error_code"], "invalid_value");
  EXPECT_EQ(update("answer", 6)["data"].at("user").at("answer"), 6);
  EXPECT_EQ(update("place_id", 2950159)["data"].at("user").at("city"), "Berlin");
  EXPECT_EQ(update("place_id", 12345)["error_code"], "invalid_value");
  EXPECT_EQ(update("language", "de")["data"].at("user").at("language"), "de");
  EXPECT_EQ(update("language", "xx")["error_code"], "invalid_value");
  EXPECT_EQ(update("credits", 1000000)["error_code"], "invalid_key");
  EXPECT_EQ(update("premium", 1)["error_code"], "invalid_key");
  EXPECT_EQ(update("name", 42)["error_code"], "invalid_field");
  auto validated = socket->request("session/validate")["data"].at("user");
  EXPECT_EQ(validated.at("credits"), 200);
  EXPECT_EQ(validated.at("premium"), 0);
  EXPECT_EQ(validated.at("name"), "Noa");
}

TEST_F(Socket, TotalsForMembers) {
  auto member = fresh_member();
  auto socket = connect_member(*server_, member);
  auto totals = socket->request("totals");
  EXPECT_EQ(totals["request_status"], 1);
  EXPECT_EQ(totals["data"].at("fans_new"), 0);
  EXPECT_EQ(totals["data"].at("matches").at("total"), 0);
}

TEST_F(Socket, LogoutClosesTheSessionsSockets) {
  auto member = fresh_member();
  auto first = connect_member(*server_, member);
  auto second = connect_member(*server_, member);
  ASSERT_EQ(first->request("session/validate")["request_status"], 1);
  auto result = http_request(server_->port(), "POST", "/api/auth/logout", "{}",
                             {member.cookie, server_->origin()});
  EXPECT_EQ(result.status, 200);
  EXPECT_EQ(first->wait_closed(), 4001);
  EXPECT_EQ(second->wait_closed(), 4001);
  auto again = connect_member(*server_, member);
  EXPECT_EQ(again->request("session/validate")["error_code"], "invalid_session");
}

TEST(Lifecycle, SigtermClosesSocketsAndExitsCleanly) {
  ServerProcess server;
  auto member = register_member(server, "lifecycle@example.com");
  auto socket = connect_member(server, member);
  ASSERT_EQ(socket->request("session/validate")["request_status"], 1);
  EXPECT_EQ(server.stop(), 0);
  EXPECT_EQ(socket->wait_closed(), 1001);
}

TEST(Lifecycle, DataSurvivesARestart) {
  ServerProcess server;
  auto member = register_member(server, "restart@example.com");
  server.restart();
  auto socket = connect_member(server, member);
  ASSERT_TRUE(socket);
  auto reply = socket->request("session/validate");
  EXPECT_EQ(reply["data"].at("authenticated"), 1);
  EXPECT_EQ(reply["data"].at("user").at("credits"), 200);
}
