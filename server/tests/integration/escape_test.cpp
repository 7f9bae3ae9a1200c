// The escape from in-app browsers against the real binary (docs/protocol.md "Escaping in-app
// browsers"; docs/decisions/0014-in-app-browser-escape.md): a signed-in member's one-time token,
// exchanged once at GET /check/{token} for a fresh session; a used, expired or unknown token gets
// the explanation page and no session; the token endpoint refuses guests and other origins.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <thread>

#include "domain/crypto.hpp"
#include "harness.hpp"

using namespace kesher::test;

namespace {

int counter = 0;

class Escape : public ::testing::Test {
 protected:
  void SetUp() override {
    kesher::domain::crypto_init();
    clock_file_ =
        std::filesystem::temp_directory_path() /
        ("kesher-escape-clock-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
    set_clock_offset(0);
    server_ = std::make_unique<ServerProcess>(
        std::vector<std::string>{"--clock-offset-file", clock_file_.string()});
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove(clock_file_);
  }

  void set_clock_offset(int64_t seconds) { std::ofstream(clock_file_) << seconds; }

  Member member() {
    return register_member(*server_, "escape" + std::to_string(++counter) + "@example.com");
  }

  HttpResult ask_token(const std::string& cookie, const std::string& origin) {
    return http_request(server_->port(), "POST", "/api/auth/escape", "{}", {cookie, origin});
  }

  std::string token_for(const Member& m) {
    auto reply = ask_token(m.cookie, server_->origin());
    EXPECT_EQ(reply.status, 200) << reply.body;
    auto body = reply.json();
    EXPECT_EQ(body["expires_in"].as_int64(), 60);
    return std::string(body["token"].as_string());
  }

  // A browser without any cookie opening the link, as Chrome does after the intent.
  HttpResult exchange(const std::string& token, const std::string& query = {}) {
    return http_request(server_->port(), "GET", "/check/" + token + query);
  }

  // The member the session cookie signs in, or 0 (the socket's own check, session/validate).
  int64_t signed_in_as(const std::string& cookie) {
    auto socket = WsClient::connect(server_->port(), {server_->origin(), cookie, ""});
    if (!socket) return 0;
    auto reply = socket->request("session/validate");
    auto& data = reply["data"].as_object();
    if (data.at("authenticated").as_int64() != 1) return 0;
    return data.at("user").at("id").as_int64();
  }

  std::filesystem::path clock_file_;
  std::unique_ptr<ServerProcess> server_;
};

void expect_refused_page(const HttpResult& result) {
  EXPECT_EQ(result.status, 410);
  EXPECT_EQ(result.session_cookie(), "");
  EXPECT_EQ(result.headers.count("location"), 0u);
  EXPECT_NE(result.headers.at("content-type").find("text/html"), std::string::npos);
}

}  // namespace

TEST_F(Escape, TokenIsExchangedOnceForAFreshSession) {
  auto dana = member();
  auto token = token_for(dana);
  // Only the hash is stored, 60 s ahead.
  auto rows = query_rows(*server_,
                         "SELECT token_hash, expires_at - created_at FROM tokens WHERE purpose = "
                         "'escape' AND user_id = " +
                             std::to_string(dana.id));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].as_array()[0].as_string(), kesher::domain::sha256_hex(token));
  EXPECT_NE(rows[0].as_array()[0].as_string(), token);
  EXPECT_EQ(rows[0].as_array()[1].as_int64(), 60);

  auto first = exchange(token);
  EXPECT_EQ(first.status, 303);
  EXPECT_EQ(first.headers["location"], "/explore");
  std::string cookie = first.session_cookie();
  ASSERT_FALSE(cookie.empty());
  EXPECT_NE(cookie, dana.cookie);  // a new session, not the in-app browser's
  bool attributes_checked = false;
  for (const auto& set : first.set_cookies) {
    if (set.rfind("session=", 0) != 0) continue;
    EXPECT_NE(set.find("HttpOnly"), std::string::npos);
    EXPECT_NE(set.find("SameSite=Lax"), std::string::npos);
    EXPECT_NE(set.find("Path=/"), std::string::npos);
    attributes_checked = true;
  }
  EXPECT_TRUE(attributes_checked);
  EXPECT_EQ(signed_in_as(cookie), dana.id);
  // The in-app browser's own session goes on.
  EXPECT_EQ(signed_in_as(dana.cookie), dana.id);

  auto again = exchange(token);
  expect_refused_page(again);
}

TEST_F(Escape, TokenExpiresAfterSixtySeconds) {
  auto dana = member();
  auto late = token_for(dana);
  auto in_time = token_for(dana);
  // The server's clock counts whole seconds and real time passes between issuing and exchanging
  // (a second boundary is crossed now and then, more often under a sanitizer), so "in time" is a
  // few seconds short of the limit rather than exactly one.
  set_clock_offset(56);
  auto ok = exchange(in_time);
  EXPECT_EQ(ok.status, 303);
  EXPECT_EQ(signed_in_as(ok.session_cookie()), dana.id);
  set_clock_offset(61);
  expect_refused_page(exchange(late));
}

TEST_F(Escape, UnknownAndMalformedTokensGetThePageAndNoSession) {
  auto dana = member();
  token_for(dana);
  expect_refused_page(exchange("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"));
  expect_refused_page(exchange("not%20a%20token"));
  expect_refused_page(exchange(std::string(200, 'a')));
  expect_refused_page(exchange("a/b"));
  // A reset or verify token is not an escape token.
  auto reset =
      http_request(server_->port(), "POST", "/api/auth/recover",
                   json::serialize(json::object{{"email", dana.email}}), {"", server_->origin()});
  ASSERT_EQ(reset.status, 200);
  expect_refused_page(exchange(newest_mail_link(*server_, "/recover/")));
}

TEST_F(Escape, HeadNeverSpendsAToken) {
  auto dana = member();
  auto token = token_for(dana);
  auto head = http_request(server_->port(), "HEAD", "/check/" + token);
  EXPECT_EQ(head.session_cookie(), "");
  auto get = exchange(token);
  EXPECT_EQ(get.status, 303);
  EXPECT_FALSE(get.session_cookie().empty());
}

// A login CSRF: another site's page sends a signed-in member's browser to /check/ with a token
// of the attacker's own account. The browser says the navigation came from another site
// (Sec-Fetch-Site: cross-site); the exchange is refused, the member stays signed in as themselves,
// and the token is not spent. Opened from outside any page ("none"), as the way out does, it works.
TEST_F(Escape, AnotherSitesPageCannotSignAMemberIntoSomeoneElsesAccount) {
  auto attacker = member();
  auto victim = member();
  auto token = token_for(attacker);
  for (const char* site : {"cross-site", "same-site"}) {
    HttpOptions options;
    options.cookie = victim.cookie;
    options.headers = {{"Sec-Fetch-Site", site}, {"Sec-Fetch-Mode", "navigate"}};
    auto refused = http_request(server_->port(), "GET", "/check/" + token, {}, options);
    EXPECT_EQ(refused.status, 403) << site;
    EXPECT_EQ(refused.session_cookie(), "") << site;
    EXPECT_EQ(refused.headers.count("location"), 0u) << site;
    EXPECT_NE(refused.headers.at("content-type").find("text/html"), std::string::npos) << site;
  }
  EXPECT_EQ(signed_in_as(victim.cookie), victim.id);
  auto unspent = query_rows(*server_, "SELECT used_at IS NULL FROM tokens WHERE token_hash = '" +
                                          kesher::domain::sha256_hex(token) + "'");
  ASSERT_EQ(unspent.size(), 1u);
  EXPECT_EQ(unspent[0].as_array()[0].as_int64(), 1);

  HttpOptions from_outside;
  from_outside.headers = {{"Sec-Fetch-Site", "none"}, {"Sec-Fetch-Mode", "navigate"}};
  auto opened = http_request(server_->port(), "GET", "/check/" + token, {}, from_outside);
  EXPECT_EQ(opened.status, 303);
  EXPECT_EQ(signed_in_as(opened.session_cookie()), attacker.id);
}

TEST_F(Escape, RedirectsOnlyToPagesOfThisApp) {
  auto dana = member();
  auto chat = exchange(token_for(dana), "?next=%2Fchat%2F42");
  EXPECT_EQ(chat.status, 303);
  EXPECT_EQ(chat.headers["location"], "/chat/42");
  for (const char* next : {"?next=%2F%2Fevil.example%2F", "?next=https%3A%2F%2Fevil.example",
                           "?next=%2F%5Cevil.example", "?next=%2Flogin", "?next=%2Fcheck%2Fx",
                           "?next=%2Fexplore%0D%0ASet-Cookie%3A%20a%3Db", "?next=%zz"}) {
    auto result = exchange(token_for(dana), next);
    EXPECT_EQ(result.status, 303) << next;
    EXPECT_EQ(result.headers["location"], "/explore") << next;
  }
}

TEST_F(Escape, TokenRequestNeedsASessionAndThisOrigin) {
  auto dana = member();
  auto guest = ask_token("", server_->origin());
  EXPECT_EQ(guest.status, 401);
  EXPECT_EQ(guest.json()["error_code"].as_string(), "not_authenticated");
  auto forged = ask_token("session=forged", server_->origin());
  EXPECT_EQ(forged.status, 401);
  auto cross = ask_token(dana.cookie, "https://evil.example");
  EXPECT_EQ(cross.status, 403);
  EXPECT_EQ(cross.json()["error_code"].as_string(), "origin_forbidden");
  auto form = http_request(server_->port(), "POST", "/api/auth/escape", "a=b",
                           {dana.cookie, server_->origin(), "application/x-www-form-urlencoded"});
  EXPECT_EQ(form.status, 415);
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM tokens WHERE purpose = 'escape'"), 0);
  // After logout the old cookie asks for nothing.
  ASSERT_EQ(http_request(server_->port(), "POST", "/api/auth/logout", "{}",
                         {dana.cookie, server_->origin()})
                .status,
            200);
  EXPECT_EQ(ask_token(dana.cookie, server_->origin()).status, 401);
}

TEST_F(Escape, TokenRequestsAreLimitedPerMember) {
  auto dana = member();
  int granted = 0;
  int64_t refused_status = 0;
  for (int i = 0; i < 25; ++i) {
    auto reply = ask_token(dana.cookie, server_->origin());
    if (reply.status == 200) {
      ++granted;
    } else {
      refused_status = reply.status;
    }
  }
  EXPECT_EQ(granted, 20);
  EXPECT_EQ(refused_status, 429);
  // Another member has a budget of their own.
  EXPECT_EQ(ask_token(member().cookie, server_->origin()).status, 200);
}

TEST_F(Escape, ConcurrentExchangesOpenExactlyOneSession) {
  auto dana = member();
  for (int round = 0; round < 5; ++round) {
    auto token = token_for(dana);
    int64_t sessions_before = query_integer(
        *server_, "SELECT COUNT(*) FROM sessions WHERE user_id = " + std::to_string(dana.id));
    std::atomic<int> go{0};
    HttpResult results[2];
    std::thread threads[2];
    for (int i = 0; i < 2; ++i) {
      threads[i] = std::thread([&, i] {
        go.fetch_add(1);
        while (go.load() < 2) {
        }
        results[i] = exchange(token);
      });
    }
    for (auto& thread : threads) thread.join();
    int sessions = 0, refused = 0;
    for (const auto& result : results) {
      if (result.status == 303 && !result.session_cookie().empty()) ++sessions;
      if (result.status == 410 && result.session_cookie().empty()) ++refused;
    }
    EXPECT_EQ(sessions, 1) << "round " << round;
    EXPECT_EQ(refused, 1) << "round " << round;
    EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM sessions WHERE user_id = " +
                                          std::to_string(dana.id)),
              sessions_before + 1);
  }
}

TEST_F(Escape, ABannedMemberGetsNoSession) {
  auto dana = member();
  auto token = token_for(dana);
  execute_sql(*server_, "UPDATE users SET banned_at = 1 WHERE id = " + std::to_string(dana.id));
  expect_refused_page(exchange(token));
}
