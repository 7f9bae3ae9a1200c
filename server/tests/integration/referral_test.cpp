// Referrals and the landing's member count against the real binary (issue 14; docs/protocol.md
// "Referrals", "GET /api/stats/members"): the link's cookie, the referrer recorded at
// registration, the reward paid through the ledger once, only after the referred member verified
// their email, never for oneself nor twice for one mailbox; and the count the landing shows.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include "consistency.hpp"
#include "console_support.hpp"
#include "domain/referrals.hpp"
#include "harness.hpp"

using namespace kesher::test;

namespace {

int counter = 0;

class Referrals : public ::testing::Test {
 protected:
  void SetUp() override { server_ = std::make_unique<ServerProcess>(); }
  void TearDown() override {
    EXPECT_EQ(consistency_problems(*server_), std::vector<std::string>{});
  }

  // The member's link as settings shows it (referral/info).
  std::string slug_of(const Member& member) {
    auto socket = connect_member(*server_, member);
    auto reply = socket->request("referral/info");
    EXPECT_EQ(reply.at("request_status"), 1) << json::serialize(reply);
    const auto& data = reply.at("data").as_object();
    std::string slug = text_of(data.at("slug"));
    EXPECT_EQ(text_of(data.at("path")), "/ref/" + slug);
    return slug;
  }

  // Follows a link like a browser and returns the cookie it was given ("" when none).
  std::string follow(const std::string& target) {
    auto result = http_request(server_->port(), "GET", target);
    EXPECT_EQ(result.status, 302) << target;
    EXPECT_EQ(result.headers["location"], "/") << target;
    for (const auto& cookie : result.set_cookies) {
      if (cookie.rfind("ref=", 0) == 0) return cookie;
    }
    return "";
  }

  // Registers with the browser's `ref` cookie (its value only, as a browser sends it back).
  Member register_with(const std::string& email, const std::string& ref_cookie) {
    HttpOptions options;
    std::string value = ref_cookie.substr(0, ref_cookie.find(';'));
    options.cookie = value;
    // Each sign-up from its own loopback address: the per-address sign-up budget is not tested
    // here.
    options.source_address = "127.0.0." + std::to_string(2 + (++counter % 250));
    auto result = http_request(server_->port(), "POST", "/api/auth/register",
                               json::serialize(registration_body(email)), options);
    EXPECT_EQ(result.status, 201) << result.body;
    if (!value.empty()) {
      bool cleared = false;
      for (const auto& cookie : result.set_cookies) {
        if (cookie.rfind("ref=;", 0) == 0 && cookie.find("Max-Age=0") != std::string::npos) {
          cleared = true;
        }
      }
      EXPECT_TRUE(cleared) << "the referral cookie is forgotten once used";
    }
    Member member{email, "correct horse", result.session_cookie(), 0};
    member.id = result.json().at("user").at("id").as_int64();
    return member;
  }

  // The verification link mailed to this address that no earlier step has used.
  std::string verify_token(const std::string& email) {
    for (const auto& entry : std::filesystem::directory_iterator(server_->data_dir() / "outbox")) {
      std::ifstream in(entry.path());
      std::string text((std::istreambuf_iterator<char>(in)), {});
      if (text.find("To: " + email + "\r\n") == std::string::npos) continue;
      auto at = text.find("/verify/");
      if (at == std::string::npos) continue;
      auto end = text.find_first_of("\r\n", at);
      std::string token = text.substr(at + 8, end - at - 8);
      if (used_tokens_.insert(token).second) return token;
    }
    ADD_FAILURE() << "no new verification mail to " << email;
    return "";
  }

  void verify(const std::string& email) {
    auto result = http_request(server_->port(), "GET", "/verify/" + verify_token(email));
    EXPECT_EQ(result.status, 302);
    EXPECT_EQ(result.headers["location"], "/explore?verified=1");
  }

  int64_t rewards_of(const Member& member) {
    return query_integer(*server_,
                         "SELECT COUNT(*) FROM credit_ledger WHERE reason = "
                         "'referral_bonus' AND user_id = " +
                             std::to_string(member.id));
  }
  int64_t balance_of(const Member& member) {
    return query_integer(*server_,
                         "SELECT credits FROM users WHERE id = " + std::to_string(member.id));
  }
  int64_t referrer_of(const Member& member) {
    return query_integer(*server_, "SELECT COALESCE(referred_by, 0) FROM users WHERE id = " +
                                       std::to_string(member.id));
  }

  std::unique_ptr<ServerProcess> server_;
  std::set<std::string> used_tokens_;
};

TEST_F(Referrals, EveryMemberHasTheirOwnUnguessableSlug) {
  auto dana = register_member(*server_, "dana-slug@example.com");
  auto avi = register_member(*server_, "avi-slug@example.com");
  std::string a = slug_of(dana);
  std::string b = slug_of(avi);
  EXPECT_TRUE(kesher::domain::valid_referral_slug(a)) << a;
  EXPECT_TRUE(kesher::domain::valid_referral_slug(b)) << b;
  EXPECT_NE(a, b);
  // Stable: asked again, the same link.
  EXPECT_EQ(slug_of(dana), a);
  auto socket = connect_member(*server_, dana);
  auto reply = socket->request("referral/info");
  EXPECT_EQ(reply.at("data").at("reward"), 100);
  EXPECT_EQ(reply.at("data").at("referred"), 0);
  // Members only.
  auto guest = WsClient::connect(server_->port(), {server_->origin(), "", ""});
  EXPECT_NE(guest->request("referral/info").at("request_status"), 1);
}

TEST_F(Referrals, TheLinkSetsALaxHttpOnlyCookieForThirtyDays) {
  auto dana = register_member(*server_, "dana-cookie@example.com");
  std::string slug = slug_of(dana);
  std::string cookie = follow("/ref/" + slug);
  ASSERT_FALSE(cookie.empty());
  EXPECT_EQ(cookie.substr(0, cookie.find(';')), "ref=" + slug);
  EXPECT_NE(cookie.find("HttpOnly"), std::string::npos);
  EXPECT_NE(cookie.find("SameSite=Lax"), std::string::npos);
  EXPECT_NE(cookie.find("Path=/"), std::string::npos);
  EXPECT_NE(cookie.find("Max-Age=2592000"), std::string::npos);
}

TEST_F(Referrals, PaysOnceOnlyAfterTheReferredMemberVerifies) {
  auto dana = register_member(*server_, "dana-pays@example.com");
  int64_t before = balance_of(dana);
  auto avi = register_with("avi-pays@example.com", follow("/ref/" + slug_of(dana)));
  EXPECT_EQ(referrer_of(avi), dana.id);
  // Registered, not verified: nothing yet.
  EXPECT_EQ(rewards_of(dana), 0);
  EXPECT_EQ(balance_of(dana), before);

  auto socket = connect_member(*server_, dana);
  socket->request("session/validate");
  socket->drain_events(200ms);
  verify("avi-pays@example.com");
  EXPECT_EQ(rewards_of(dana), 1);
  EXPECT_EQ(balance_of(dana), before + 100);
  // The referrer hears of it live: the balance and the banner.
  auto credits = socket->wait_event("credits");
  ASSERT_TRUE(credits);
  EXPECT_EQ(credits->at("data").at("credits"), before + 100);
  auto banner = socket->wait_event("notification");
  ASSERT_TRUE(banner);
  EXPECT_EQ(banner->at("type"), "coins");
  EXPECT_EQ(banner->at("coins"), 100);

  // In the referrer's credits history, with its reason.
  auto history = socket->request("credits/history", {{"currentLength", 0}, {"recordsToTake", 10}});
  ASSERT_EQ(history.at("request_status"), 1);
  const auto& newest = history.at("data").as_array().at(0).as_object();
  EXPECT_EQ(newest.at("reason"), "referral_bonus");
  EXPECT_EQ(newest.at("delta"), 100);

  // The referred member's own ledger has no such entry.
  EXPECT_EQ(rewards_of(avi), 0);
  auto info = socket->request("referral/info");
  EXPECT_EQ(info.at("data").at("referred"), 1);
}

TEST_F(Referrals, VerifyingTwiceAtOnceStillPaysOnce) {
  auto dana = register_member(*server_, "dana-race@example.com");
  register_with("avi-race@example.com", follow("/ref/" + slug_of(dana)));
  std::string token = verify_token("avi-race@example.com");
  std::vector<std::thread> threads;
  std::vector<int> statuses(6);
  for (size_t i = 0; i < statuses.size(); ++i) {
    threads.emplace_back([&, i] {
      auto result = http_request(server_->port(), "GET", "/verify/" + token);
      statuses[i] = result.headers["location"] == "/explore?verified=1" ? 1 : 0;
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 1), 1);
  EXPECT_EQ(rewards_of(dana), 1);
  EXPECT_EQ(query_integer(*server_,
                          "SELECT COUNT(*) FROM credit_ledger WHERE idempotency_key "
                          "LIKE 'referral:%'"),
            1);
}

TEST_F(Referrals, NeverForOneself) {
  auto dana = register_member(*server_, "dana.levi@gmail.com");
  std::string cookie = follow("/ref/" + slug_of(dana));
  // The same mailbox under another spelling: Gmail ignores dots and +tags.
  register_with("danalevi+again@googlemail.com", cookie);
  verify("danalevi+again@googlemail.com");
  EXPECT_EQ(rewards_of(dana), 0);
  // A member signed in who follows their own link and signs up again gains nothing either, and
  // no account is ever its own referrer.
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM users WHERE referred_by = id"), 0);
}

TEST_F(Referrals, UnknownSlugsAreHarmless) {
  auto dana = register_member(*server_, "dana-unknown@example.com");
  for (const std::string& target :
       std::vector<std::string>{"/ref/0000000000000000", "/ref/not-a-slug", "/ref/%27%3B--",
                                "/ref/" + std::to_string(dana.id), "/ref", "/ref/"}) {
    EXPECT_EQ(follow(target), "") << target;
  }
  // A made-up cookie at registration records nobody.
  auto avi = register_with("avi-unknown@example.com", "ref=0123456789abcdef");
  auto eli = register_with("eli-unknown@example.com", "ref=x'; DROP TABLE users; --");
  EXPECT_EQ(referrer_of(avi), 0);
  EXPECT_EQ(referrer_of(eli), 0);
  verify("avi-unknown@example.com");
  EXPECT_EQ(query_integer(*server_,
                          "SELECT COUNT(*) FROM credit_ledger WHERE reason = "
                          "'referral_bonus'"),
            0);
  // A banned member's link leads nowhere.
  std::string slug = slug_of(dana);
  execute_sql(*server_, "UPDATE users SET banned_at = 1 WHERE id = " + std::to_string(dana.id));
  EXPECT_EQ(follow("/ref/" + slug), "");
}

TEST_F(Referrals, OneMailboxPaysOnceEvenAfterErasureAndANewAccount) {
  auto dana = register_member(*server_, "dana-mailbox@example.com");
  auto avi = register_with("avi-mailbox@example.com", follow("/ref/" + slug_of(dana)));
  verify("avi-mailbox@example.com");
  ASSERT_EQ(rewards_of(dana), 1);

  // Avi erases the account and signs up again with the same address through the same link…
  auto socket = connect_member(*server_, avi);
  socket->request("session/validate");
  ASSERT_EQ(socket->request("account/erase", {{"password", avi.password}}).at("request_status"), 1);
  socket->wait_closed();
  // The erased account keeps neither its link nor who invited it.
  EXPECT_EQ(
      query_integer(*server_, "SELECT COUNT(*) FROM users WHERE id = " + std::to_string(avi.id) +
                                  " AND referral_slug IS NULL AND referred_by IS NULL"),
      1);
  auto again = register_with("avi-mailbox@example.com", follow("/ref/" + slug_of(dana)));
  EXPECT_EQ(referrer_of(again), dana.id);
  verify("avi-mailbox@example.com");
  EXPECT_EQ(rewards_of(dana), 1);

  // …and through another member's link, under a +tag of the same mailbox.
  auto eli = register_member(*server_, "eli-mailbox@example.com");
  register_with("avi-mailbox+2@example.com", follow("/ref/" + slug_of(eli)));
  verify("avi-mailbox+2@example.com");
  EXPECT_EQ(rewards_of(eli), 0);

  // A new mailbox through the same link still pays.
  register_with("noa-mailbox@example.com", follow("/ref/" + slug_of(dana)));
  verify("noa-mailbox@example.com");
  EXPECT_EQ(rewards_of(dana), 2);
}

TEST_F(Referrals, TheRewardComesFromTheSettingsAndZeroTurnsItOff) {
  auto dana = register_member(*server_, "dana-setting@example.com");
  execute_sql(*server_, "UPDATE settings SET value = 250 WHERE key = 'referral_reward'");
  int64_t before = balance_of(dana);
  register_with("avi-setting@example.com", follow("/ref/" + slug_of(dana)));
  verify("avi-setting@example.com");
  EXPECT_EQ(balance_of(dana), before + 250);
  execute_sql(*server_, "UPDATE settings SET value = 0 WHERE key = 'referral_reward'");
  register_with("eli-setting@example.com", follow("/ref/" + slug_of(dana)));
  verify("eli-setting@example.com");
  EXPECT_EQ(balance_of(dana), before + 250);
  EXPECT_EQ(rewards_of(dana), 1);
}

TEST_F(Referrals, AdminsSetTheRewardInTheConsole) {
  auto operator_ = add_staff(*server_, "operator-referral@kesher.test", "operator");
  auto admin = add_staff(*server_, "admin-referral@kesher.test", "admin");
  auto operator_socket = signed_in_console(*server_, operator_);
  ASSERT_TRUE(operator_socket);
  auto forbidden =
      operator_socket->request("console/admin/config/referral_reward", {{"referral_reward", 5}});
  EXPECT_EQ(forbidden["error_code"], "forbidden") << json::serialize(forbidden);
  auto console = signed_in_console(*server_, admin);
  ASSERT_TRUE(console);
  auto config = console->request("console/admin/config/get");
  ASSERT_EQ(config["request_status"], 1) << json::serialize(config);
  EXPECT_EQ(config["data"].at("referral_reward"), 100) << json::serialize(config);
  auto refused = [&](json::object payload) {
    auto reply = console->request("console/admin/config/referral_reward", std::move(payload));
    if (!reply.contains("error_code")) return json::serialize(reply);
    return text_of(reply.at("error_code")) + ":" +
           (reply.contains("field") ? text_of(reply.at("field")) : std::string());
  };
  EXPECT_EQ(refused({}), "missing_field:referral_reward");
  EXPECT_EQ(refused({{"referral_reward", -1}}), "invalid_value:referral_reward");
  EXPECT_EQ(refused({{"referral_reward", 10001}}), "invalid_value:referral_reward");
  EXPECT_EQ(refused({{"referral_reward", "many"}}), "invalid_field:referral_reward");
  auto saved = console->request("console/admin/config/referral_reward", {{"referral_reward", 40}});
  ASSERT_EQ(saved.at("request_status"), 1) << json::serialize(saved);
  EXPECT_EQ(saved.at("data").at("referral_reward"), 40);
  auto audit =
      query_rows(*server_, "SELECT detail FROM audit_log WHERE action = 'config_referral_reward'");
  ASSERT_EQ(audit.size(), 1u);
  EXPECT_EQ(text_of(audit.at(0).at(0)), "referral_reward 100 → 40");

  auto dana = register_member(*server_, "dana-console@example.com");
  int64_t before = balance_of(dana);
  register_with("avi-console@example.com", follow("/ref/" + slug_of(dana)));
  verify("avi-console@example.com");
  EXPECT_EQ(balance_of(dana), before + 40);
}

// The landing's count: what GET /api/stats/members answers, as the landing reads it.
class MemberCount : public ::testing::Test {
 protected:
  void SetUp() override {
    clock_file_ = std::filesystem::temp_directory_path() /
                  ("kesher-clock-members-" + std::to_string(::getpid()));
    std::ofstream(clock_file_) << 0;
    server_ = std::make_unique<ServerProcess>(
        std::vector<std::string>{"--clock-offset-file", clock_file_.string()});
  }
  void TearDown() override {
    EXPECT_EQ(consistency_problems(*server_), std::vector<std::string>{});
    server_.reset();
    std::filesystem::remove(clock_file_);
  }

  json::object stats() {
    auto result = http_request(server_->port(), "GET", "/api/stats/members");
    EXPECT_EQ(result.status, 200);
    EXPECT_EQ(result.headers["cache-control"], "public, max-age=60");
    return result.json();
  }

  // `n` members written straight into the database, of a kind and state.
  void add_rows(int n, const std::string& kind, const std::string& extra_column = "",
                const std::string& extra_value = "") {
    std::string columns = "kind, email, name, gender, birth_date, place_id, created_at";
    std::string values = "'" + kind + "', '" + kind + std::to_string(++batch_) +
                         "-' || x || '@example.com', 'Row', 1, '1990-01-01', 293397, 1";
    if (!extra_column.empty()) {
      columns += ", " + extra_column;
      values += ", " + extra_value;
    }
    execute_sql(*server_,
                "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < " +
                    std::to_string(n) + ") INSERT INTO users (" + columns + ") SELECT " + values +
                    " FROM n");
  }

  // The database's own count of the landing's members: real accounts, not erased nor banned.
  int64_t database_members() {
    return query_integer(*server_,
                         "SELECT COUNT(*) FROM users WHERE kind = 'member' AND erased_at IS NULL "
                         "AND banned_at IS NULL");
  }

  std::filesystem::path clock_file_;
  std::unique_ptr<ServerProcess> server_;
  int batch_ = 0;
};

TEST_F(MemberCount, NoFigureUnderAHundredMembers) {
  for (int i = 0; i < 3; ++i) register_member(*server_, "few" + std::to_string(i) + "@example.com");
  add_rows(150, "persona");  // staff-run profiles are no members
  auto body = stats();
  EXPECT_TRUE(body.at("members").is_null()) << json::serialize(body);
  EXPECT_EQ(body.at("over"), false);
}

TEST_F(MemberCount, TheFigureIsTheDatabasesCountRoundedDown) {
  for (int i = 0; i < 3; ++i)
    register_member(*server_, "real" + std::to_string(i) + "@example.com");
  add_rows(1231, "member");
  add_rows(400, "persona");
  add_rows(20, "member", "erased_at", "1");
  add_rows(7, "member", "banned_at", "1");
  ASSERT_EQ(database_members(), 1234);
  auto body = stats();
  EXPECT_EQ(body.at("members"), 1200) << json::serialize(body);
  EXPECT_EQ(body.at("over"), true);
  auto expected = kesher::domain::member_figure(database_members());
  ASSERT_TRUE(expected);
  EXPECT_EQ(body.at("members"), expected->shown);

  // Read at most once a minute: more members show after it.
  add_rows(1000, "member");
  EXPECT_EQ(stats().at("members"), 1200);
  std::ofstream(clock_file_) << 61;  // read at every look at the clock
  body = stats();
  EXPECT_EQ(body.at("members"), 2200);
  EXPECT_EQ(body.at("members"), kesher::domain::member_figure(database_members())->shown);
  EXPECT_EQ(body.at("over"), true);
}

TEST_F(MemberCount, ExactlyAHundredThousandIsNotOver) {
  add_rows(100000, "member");
  auto body = stats();
  EXPECT_EQ(body.at("members"), 100000);
  EXPECT_EQ(body.at("over"), false);
}

}  // namespace
