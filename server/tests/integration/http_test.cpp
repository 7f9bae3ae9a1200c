// Accounts and pages over real HTTP against the real binary.
#include <gtest/gtest.h>

#include <fstream>

#include "harness.hpp"

using namespace kesher::test;

class Http : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server_ = new ServerProcess(); }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  static std::string unique_email(const std::string& tag) {
    static int counter = 0;
    return tag + std::to_string(++counter) + "@example.com";
  }
  static HttpResult post(const std::string& path, const json::object& body,
                         const std::string& cookie = {}) {
    return http_request(server_->port(), "POST", path, json::serialize(body),
                        {cookie, server_->origin()});
  }
  static ServerProcess* server_;
};
ServerProcess* Http::server_ = nullptr;

TEST_F(Http, HealthAndSecurityHeaders) {
  auto health = http_request(server_->port(), "GET", "/healthz");
  EXPECT_EQ(health.status, 200);
  EXPECT_EQ(health.json().at("status").as_string(), "ok");
  auto page = http_request(server_->port(), "GET", "/privacy");
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.headers["content-security-policy"].find("frame-ancestors 'none'"),
            std::string::npos);
  EXPECT_EQ(page.headers["content-security-policy"].find("unsafe-inline"), std::string::npos);
  EXPECT_EQ(page.headers["x-content-type-options"], "nosniff");
  EXPECT_EQ(page.headers["referrer-policy"], "same-origin");
}

TEST_F(Http, RouteRulesWithoutSession) {
  auto explore = http_request(server_->port(), "GET", "/explore");
  EXPECT_EQ(explore.status, 302);
  EXPECT_EQ(explore.headers["location"], "/");
  EXPECT_EQ(http_request(server_->port(), "GET", "/chat/someone").status, 302);
  EXPECT_EQ(http_request(server_->port(), "GET", "/").status, 200);
  EXPECT_EQ(http_request(server_->port(), "GET", "/login").status, 200);
  EXPECT_EQ(http_request(server_->port(), "GET", "/no/such/page").status, 404);
  EXPECT_EQ(http_request(server_->port(), "GET", "/explore", {}, {"session=forged"}).status, 302);
}

TEST_F(Http, OnlyTheClientsPagesAreServedAsPages) {
  EXPECT_EQ(http_request(server_->port(), "GET", "/recover/a-token").status, 200);
  EXPECT_EQ(http_request(server_->port(), "GET", "/check").status, 200);
  EXPECT_EQ(http_request(server_->port(), "GET", "/payments/redirect").status, 200);
  // The client has no page for these (web/src/app/router.tsx, held to the server's list by
  // web/src/realtime/contract.test.ts).
  EXPECT_EQ(http_request(server_->port(), "GET", "/recover").status, 404);
  EXPECT_EQ(http_request(server_->port(), "GET", "/verify").status, 404);
  EXPECT_EQ(http_request(server_->port(), "GET", "/payments/elsewhere").status, 404);
}

TEST_F(Http, EachPathTakesItsMethods) {
  auto error_of = [](const HttpResult& result) {
    return std::to_string(result.status) + " " +
           std::string(result.json()["error_code"].as_string());
  };
  auto port = server_->port();
  HttpOptions same_origin{"", server_->origin()};
  EXPECT_EQ(error_of(http_request(port, "GET", "/api/auth/login")), "405 method_not_allowed");
  EXPECT_EQ(error_of(http_request(port, "GET", "/api/nowhere")), "405 method_not_allowed");
  EXPECT_EQ(error_of(http_request(port, "PUT", "/explore")), "405 method_not_allowed");
  EXPECT_EQ(error_of(http_request(port, "POST", "/verify/a-token")), "405 method_not_allowed");
  EXPECT_EQ(error_of(http_request(port, "DELETE", "/media/a.png")), "405 method_not_allowed");
  EXPECT_EQ(error_of(http_request(port, "POST", "/api/nowhere", "{}", same_origin)),
            "404 not_found");
  EXPECT_EQ(error_of(http_request(port, "POST", "/api/nowhere", "{oops", same_origin)),
            "400 invalid_json");
  EXPECT_EQ(error_of(http_request(port, "POST", "/api/auth/logout", "{}",
                                  {"", server_->origin(), "text/plain"})),
            "415 unsupported_media_type");
  EXPECT_EQ(error_of(http_request(port, "POST", "/api/auth/logout", "{}",
                                  {"", "http://elsewhere.example"})),
            "403 origin_forbidden");
  // Logout reads no body: whatever it is, the answer is the same.
  EXPECT_EQ(http_request(port, "POST", "/api/auth/logout", "{oops", same_origin).status, 200);
  EXPECT_EQ(error_of(http_request(port, "GET", "/media/missing.png")), "404 not_found");
}

TEST_F(Http, RegisterSetsAnHttpOnlyCookieAndRouteRulesFollowIt) {
  auto result = post("/api/auth/register", registration_body(unique_email("reg")));
  ASSERT_EQ(result.status, 201) << result.body;
  ASSERT_EQ(result.set_cookies.size(), 1u);
  const auto& cookie = result.set_cookies.front();
  EXPECT_NE(cookie.find("HttpOnly"), std::string::npos);
  EXPECT_NE(cookie.find("SameSite=Lax"), std::string::npos);
  EXPECT_NE(cookie.find("Path=/"), std::string::npos);
  auto user = result.json().at("user").as_object();
  EXPECT_EQ(user.at("credits").as_int64(), 200);
  EXPECT_EQ(user.at("age").as_int64() >= 18, true);
  EXPECT_EQ(user.at("city").as_string(), "Tel Aviv");
  EXPECT_FALSE(user.contains("lat"));
  EXPECT_FALSE(user.contains("password_hash"));

  std::string session = result.session_cookie();
  auto explore = http_request(server_->port(), "GET", "/explore", {}, {session});
  EXPECT_EQ(explore.status, 200);
  auto home = http_request(server_->port(), "GET", "/", {}, {session});
  EXPECT_EQ(home.status, 302);
  EXPECT_EQ(home.headers["location"], "/explore");
}

struct RegistrationCase {
  const char* field;
  json::value value;
  int status;
  const char* error_code;
};

TEST_F(Http, EveryRegistrationErrorCode) {
  const std::vector<RegistrationCase> cases{
      {"email", json::value("not-an-email"), 400, "invalid_email"},
      {"password", json::value("short"), 400, "password_too_short"},
      {"password", json::value(std::string(129, 'x')), 400, "password_too_long"},
      {"name", json::value("Dana1"), 400, "invalid_name"},
      {"name", json::value(std::string(21, 'a')), 400, "invalid_name"},
      {"birth_month", json::value(13), 400, "invalid_month"},
      {"birth_day", json::value(31), 400, "invalid_day"},  // with month 4 below
      {"birth_year", json::value(1800), 400, "invalid_birth_date"},
      {"birth_year", json::value(2015), 400, "underage"},
      {"gender", json::value(7), 400, "invalid_gender"},
      {"s_gender", json::value(3), 400, "invalid_looking_for"},
      {"s_age", json::value("40,25"), 400, "invalid_age_range"},
      {"place_id", json::value(1), 400, "invalid_place"},
      {"answer", json::value(9), 400, "invalid_answer"},
      {"language", json::value("fr"), 400, "invalid_language"},
      {"gender", json::value("woman"), 400, "invalid_field"},
  };
  for (const auto& c : cases) {
    auto body = registration_body(unique_email("err"));
    body[c.field] = c.value;
    if (std::string(c.error_code) == "invalid_day") body["birth_month"] = 4;
    auto result = post("/api/auth/register", body);
    EXPECT_EQ(result.status, c.status) << c.field << ": " << result.body;
    EXPECT_EQ(result.json()["error_code"], c.error_code) << c.field;
  }
  auto hebrew_name = registration_body(unique_email("he"));
  hebrew_name["language"] = "he";  // the name "Dana" is Latin: Hebrew letters are required
  EXPECT_EQ(post("/api/auth/register", hebrew_name).json()["error_code"], "invalid_name");
  hebrew_name["name"] = "דנה";
  EXPECT_EQ(post("/api/auth/register", hebrew_name).status, 201);

  auto missing = registration_body(unique_email("missing"));
  missing.erase("place_id");
  auto result = post("/api/auth/register", missing);
  EXPECT_EQ(result.json()["error_code"], "missing_field");
  EXPECT_EQ(result.json()["field"], "place_id");

  auto bad_json =
      http_request(server_->port(), "POST", "/api/auth/register", "{oops", {"", server_->origin()});
  EXPECT_EQ(bad_json.status, 400);
  EXPECT_EQ(bad_json.json()["error_code"], "invalid_json");

  auto huge = http_request(server_->port(), "POST", "/api/auth/register",
                           std::string(70 * 1024, 'x'), {"", server_->origin()});
  EXPECT_EQ(huge.status, 413);
  EXPECT_EQ(huge.json()["error_code"], "payload_too_large");
}

TEST_F(Http, EmailAlreadyRegistered) {
  std::string email = unique_email("dup");
  EXPECT_EQ(post("/api/auth/register", registration_body(email)).status, 201);
  auto again = registration_body(email);
  again["email"] = "  " + std::string(1, static_cast<char>(std::toupper(email[0]))) +
                   email.substr(1) + " ";  // same address, other case and spaces
  auto result = post("/api/auth/register", again);
  EXPECT_EQ(result.status, 409);
  EXPECT_EQ(result.json()["error_code"], "email_taken");
}

TEST_F(Http, ForeignOriginIsRefused) {
  auto result =
      http_request(server_->port(), "POST", "/api/auth/login",
                   R"({"email":"a@b.co","password":"12345678"})", {"", "https://evil.example"});
  EXPECT_EQ(result.status, 403);
  EXPECT_EQ(result.json()["error_code"], "origin_forbidden");
}

TEST_F(Http, LoginRotatesTheSessionAndRefusesWrongPasswords) {
  auto member = register_member(*server_, unique_email("login"));
  auto wrong = post("/api/auth/login", {{"email", member.email}, {"password", "wrong password"}});
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(wrong.json()["error_code"], "invalid_credentials");
  auto unknown =
      post("/api/auth/login", {{"email", "nobody@example.com"}, {"password", "wrong password"}});
  EXPECT_EQ(unknown.status, 401);
  EXPECT_EQ(unknown.body, wrong.body);  // an unknown account looks the same

  auto ok = post("/api/auth/login", {{"email", member.email}, {"password", member.password}},
                 member.cookie);
  ASSERT_EQ(ok.status, 200) << ok.body;
  std::string fresh = ok.session_cookie();
  EXPECT_FALSE(fresh.empty());
  EXPECT_NE(fresh, member.cookie);
  // The cookie the browser brought to the login is retired.
  EXPECT_EQ(http_request(server_->port(), "GET", "/explore", {}, {member.cookie}).status, 302);
  EXPECT_EQ(http_request(server_->port(), "GET", "/explore", {}, {fresh}).status, 200);
}

TEST_F(Http, FailedLoginsAreThrottledPerAccount) {
  auto member = register_member(*server_, unique_email("throttle"));
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(
        post("/api/auth/login", {{"email", member.email}, {"password", "wrong password"}}).status,
        401);
  }
  auto blocked = post("/api/auth/login", {{"email", member.email}, {"password", member.password}});
  EXPECT_EQ(blocked.status, 429);
  EXPECT_EQ(blocked.json()["error_code"], "too_many_attempts");
  EXPECT_GT(blocked.json()["retry_after"].as_int64(), 0);
}

TEST_F(Http, LogoutKillsTheSession) {
  auto member = register_member(*server_, unique_email("logout"));
  auto result = post("/api/auth/logout", {}, member.cookie);
  EXPECT_EQ(result.status, 200);
  ASSERT_EQ(result.set_cookies.size(), 1u);
  EXPECT_NE(result.set_cookies.front().find("Max-Age=0"), std::string::npos);
  EXPECT_EQ(http_request(server_->port(), "GET", "/explore", {}, {member.cookie}).status, 302);
}

TEST_F(Http, PasswordResetIsSingleUseAndRevokesSessions) {
  auto member = register_member(*server_, unique_email("reset"));
  auto socket = connect_member(*server_, member);
  ASSERT_TRUE(socket);
  ASSERT_EQ(socket->request("session/validate")["request_status"], 1);

  auto recover = post("/api/auth/recover", {{"email", member.email}, {"language", "en"}});
  EXPECT_EQ(recover.status, 200);
  auto unknown = post("/api/auth/recover", {{"email", "ghost@example.com"}, {"language", "en"}});
  EXPECT_EQ(unknown.status, 200);
  EXPECT_EQ(unknown.body, recover.body);  // the same answer for an unknown address

  auto again = post("/api/auth/recover", {{"email", member.email}});
  EXPECT_EQ(again.status, 429);
  EXPECT_EQ(again.json()["error_code"], "recovery_throttled");
  EXPECT_GT(again.json()["seconds"].as_int64(), 0);

  std::string token = newest_mail_link(*server_, "/recover/");
  ASSERT_FALSE(token.empty());
  auto weak = post("/api/auth/reset", {{"token", token}, {"password", "short"}});
  EXPECT_EQ(weak.json()["error_code"], "password_too_short");
  auto reset = post("/api/auth/reset", {{"token", token}, {"password", "brand new secret"}});
  EXPECT_EQ(reset.status, 200) << reset.body;
  auto reuse = post("/api/auth/reset", {{"token", token}, {"password", "another secret"}});
  EXPECT_EQ(reuse.status, 400);
  EXPECT_EQ(reuse.json()["error_code"], "invalid_token");

  EXPECT_EQ(socket->wait_closed(), 4001);  // the old session's socket is closed
  EXPECT_EQ(http_request(server_->port(), "GET", "/explore", {}, {member.cookie}).status, 302);
  EXPECT_EQ(
      post("/api/auth/login", {{"email", member.email}, {"password", member.password}}).status,
      401);
  EXPECT_EQ(
      post("/api/auth/login", {{"email", member.email}, {"password", "brand new secret"}}).status,
      200);
}

TEST_F(Http, ResetLinkCheckReadsWithoutSpendingTheToken) {
  auto member = register_member(*server_, unique_email("check"));
  ASSERT_EQ(post("/api/auth/recover", {{"email", member.email}, {"language", "en"}}).status, 200);
  std::string token = newest_mail_link(*server_, "/recover/");
  ASSERT_FALSE(token.empty());

  auto valid = [&](const std::string& candidate) {
    auto check = post("/api/auth/reset/check", {{"token", candidate}});
    EXPECT_EQ(check.status, 200) << check.body;
    return check.json()["valid"].as_bool();
  };
  EXPECT_TRUE(valid(token));
  EXPECT_TRUE(valid(token));  // checking twice spends nothing
  EXPECT_FALSE(valid("made-up-token"));
  EXPECT_FALSE(valid(""));
  EXPECT_FALSE(valid(std::string(300, 'a')));
  EXPECT_EQ(post("/api/auth/reset/check", json::object{}).json()["error_code"], "missing_field");
  EXPECT_EQ(post("/api/auth/reset/check", {{"token", 7}}).json()["error_code"], "invalid_field");

  // The token still works after the checks, and is dead once used.
  EXPECT_EQ(post("/api/auth/reset", {{"token", token}, {"password", "brand new secret"}}).status,
            200);
  EXPECT_FALSE(valid(token));
}

TEST_F(Http, VerificationLinkWorksOnce) {
  auto member = register_member(*server_, unique_email("verify"));
  std::string token = newest_mail_link(*server_, "/verify/");
  ASSERT_FALSE(token.empty());
  auto first = http_request(server_->port(), "GET", "/verify/" + token);
  EXPECT_EQ(first.status, 302);
  EXPECT_EQ(first.headers["location"], "/explore?verified=1");
  auto second = http_request(server_->port(), "GET", "/verify/" + token);
  EXPECT_EQ(second.headers["location"], "/?verify=failed");
  EXPECT_EQ(query_integer(*server_, "SELECT email_verified FROM users WHERE id = " +
                                        std::to_string(member.id)),
            1);
}
