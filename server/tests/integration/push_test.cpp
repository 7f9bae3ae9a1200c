// Web push end to end (docs/protocol.md "Web push", issue 13): the real server, and a real local
// push service, the npm package web-push-testing (web/package.json), which takes subscriptions
// made with the server's VAPID key, checks the VAPID token and decrypts what it receives. One
// server and one push service for the whole suite: CI time is tight.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <thread>

#include "domain/crypto.hpp"
#include "harness.hpp"
#include "support/files.hpp"

using namespace kesher::test;
namespace fs = std::filesystem;
using kesher::testing::read_file;

namespace {

// web/node_modules/web-push-testing, found from the repository's docs/protocol.md.
fs::path push_service_script() {
  return fs::path(KESHER_PROTOCOL_DOC).parent_path().parent_path() / "web" / "node_modules" /
         "web-push-testing" / "src" / "bin" / "server.js";
}

// web-push-testing in a temporary folder on a free port, stopped with the suite.
class PushService {
 public:
  PushService() : folder_(fs::temp_directory_path() / ("kesher-push-" + std::to_string(getpid()))) {
    fs::create_directories(folder_);
    std::string script = push_service_script().string();
    if (!fs::exists(script)) throw std::runtime_error(script + " missing: run npm ci in web/");
    // Node binds without SO_REUSEPORT, so the port is let go before it starts, and something
    // else may take it first: then the service exits (EADDRINUSE) and another port is tried.
    for (int attempt = 0; attempt < 5; ++attempt) {
      if (start(script)) return;
    }
    std::string log = read_file(folder_ / "service.log");
    stop();
    throw std::runtime_error("web-push-testing did not start: " + log);
  }
  ~PushService() { stop(); }
  void stop() {
    process_.reset();
    std::error_code ignored;
    fs::remove_all(folder_, ignored);
  }
  uint16_t port() const { return port_; }

  struct Browser {
    std::string hash;      // the service's clientHash
    json::object subject;  // PushSubscription.toJSON()
  };
  Browser subscribe(const std::string& application_server_key) {
    auto reply =
        http_request(port_, "POST", "/subscribe",
                     json::serialize(json::object{{"applicationServerKey", application_server_key},
                                                  {"userVisibleOnly", "true"}}));
    if (reply.status != 200) throw std::runtime_error("subscribe: " + reply.body);
    json::object data = reply.json().at("data").as_object();
    Browser browser{std::string(data.at("clientHash").as_string()), {}};
    browser.subject = json::object{{"endpoint", data.at("endpoint")}, {"keys", data.at("keys")}};
    return browser;
  }
  // What the browser has received so far, each decrypted message as the service keeps it.
  std::vector<std::string> received(const Browser& browser) {
    auto reply = http_request(port_, "POST", "/get-notifications",
                              json::serialize(json::object{{"clientHash", browser.hash}}));
    std::vector<std::string> messages;
    if (reply.status != 200) return messages;
    json::object body = reply.json();
    for (const auto& message : body.at("data").at("messages").as_array()) {
      messages.emplace_back(message.as_string());
    }
    return messages;
  }
  // Polls until `count` messages have arrived (or the timeout) and returns them.
  std::vector<std::string> wait_for(const Browser& browser, size_t count,
                                    std::chrono::milliseconds timeout = 5s) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    auto messages = received(browser);
    while (messages.size() < count && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(25ms);
      messages = received(browser);
    }
    return messages;
  }
  void expire(const Browser& browser) {
    auto reply = http_request(port_, "POST", "/expire-subscription/" + browser.hash);
    if (reply.status != 200) throw std::runtime_error("expire: " + reply.body);
  }

 private:
  // True once the service answers on a fresh port; false when it exited first. It is started on
  // the suite's (main) thread, so it goes with the test process however that ends.
  bool start(const std::string& script) {
    port_ = HeldPort().port();
    process_ = std::make_unique<ChildProcess>(
        std::vector<std::string>{"node", script, std::to_string(port_)}, folder_ / "service.log",
        ChildProcess::Options{.working_directory = folder_});
    for (int i = 0; i < 400; ++i) {
      if (!process_->running()) return false;
      try {
        if (http_request(port_, "POST", "/status").status == 200) return true;
      } catch (const std::exception&) {
        // Not listening yet.
      }
      std::this_thread::sleep_for(25ms);
    }
    process_.reset();
    return false;
  }

  fs::path folder_;
  uint16_t port_ = 0;
  std::unique_ptr<ChildProcess> process_;
};

json::object parsed(const std::string& message) {
  return json::parse(message).as_object();
}

class Push : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    service_ = new PushService();
    server_ = new ServerProcess({"--push-allow-loopback"});
    auto key = http_request(server_->port(), "GET", "/api/push/key");
    ASSERT_EQ(key.status, 200) << key.body;
    key_ = new std::string(key.json().at("public_key").as_string());
  }
  static void TearDownTestSuite() {
    delete server_;
    delete service_;
    delete key_;
  }

  static Member member(const std::string& email, const std::string& language = "he") {
    json::object overrides{{"language", language}};
    if (language == "he") overrides["name"] = "דנה";
    return register_member(*server_, email, overrides);
  }
  static HttpResult send_push(const Member& member, const json::value& body,
                              const std::string& origin = "") {
    return http_request(
        server_->port(), "POST", "/api/send-push", json::serialize(body),
        {.cookie = member.cookie, .origin = origin.empty() ? server_->origin() : origin});
  }
  static PushService::Browser subscribed(const Member& member) {
    auto browser = service_->subscribe(*key_);
    auto reply = send_push(member, json::object{{"subscriber", browser.subject}});
    EXPECT_EQ(reply.status, 200) << reply.body;
    // The confirmation arriving means the row is stored and the push path works.
    EXPECT_EQ(service_->wait_for(browser, 1).size(), 1u);
    return browser;
  }
  static int64_t count(const std::string& sql) { return query_integer(*server_, sql); }
  static int64_t subscriptions_of(const Member& member) {
    return count("SELECT COUNT(*) FROM push_subscriptions WHERE user_id = " +
                 std::to_string(member.id));
  }

  static PushService* service_;
  static ServerProcess* server_;
  static std::string* key_;
};

PushService* Push::service_ = nullptr;
ServerProcess* Push::server_ = nullptr;
std::string* Push::key_ = nullptr;

}  // namespace

TEST_F(Push, KeyIsThePublicHalfOfTheKeyInTheDataFolder) {
  auto reply = http_request(server_->port(), "GET", "/api/push/key");
  EXPECT_EQ(reply.headers["cache-control"], "no-cache");
  auto point = kesher::domain::base64url_decode(*key_);
  ASSERT_TRUE(point.has_value());
  EXPECT_EQ(point->size(), 65u);
  EXPECT_EQ((*point)[0], '\x04');
  EXPECT_TRUE(fs::exists(server_->data_dir() / "vapid.pem"));
  EXPECT_EQ(fs::status(server_->data_dir() / "vapid.pem").permissions() & fs::perms::group_all,
            fs::perms::none);
}

TEST_F(Push, SubscribingStoresItAndSendsTheServersOwnConfirmationInHebrew) {
  Member dana = member("push-dana@example.com");
  auto socket = connect_member(*server_, dana);
  ASSERT_TRUE(socket);
  auto browser = service_->subscribe(*key_);
  // The subscription as a JSON string, as the spec's client sends it; title and message are the
  // client's and must not be what arrives.
  auto reply = send_push(dana, json::object{{"title", "EVIL TITLE"},
                                            {"message", "client text"},
                                            {"subscriber", json::serialize(browser.subject)}});
  ASSERT_EQ(reply.status, 200) << reply.body;
  auto data = reply.json().at("data").as_object();
  EXPECT_EQ(data.at("subscribed"), true);
  EXPECT_EQ(data.at("reward").at("claimed"), true);
  EXPECT_EQ(data.at("reward").at("credits"), 200);

  auto messages = service_->wait_for(browser, 1);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0].find("EVIL"), std::string::npos);
  EXPECT_EQ(messages[0].find("client text"), std::string::npos);
  auto payload = parsed(messages[0]);
  EXPECT_EQ(payload.at("kind"), "confirm");
  EXPECT_EQ(payload.at("title"), "קשר");
  EXPECT_EQ(payload.at("body"), "ההתראות פועלות. נודיע לך כשיהיה משהו חדש.");
  EXPECT_EQ(payload.at("lang"), "he");
  EXPECT_EQ(payload.at("dir"), "rtl");
  EXPECT_EQ(payload.at("url"), "/explore");

  // The reward modal's event and the new balance on the member's socket.
  auto claimed = socket->wait_event("claim_free_credits");
  ASSERT_TRUE(claimed);
  EXPECT_EQ(claimed->at("request_details").at("reason"), "push");
  EXPECT_EQ(claimed->at("claimed_credits"), 200);
  auto credits = socket->wait_event("credits");
  ASSERT_TRUE(credits);
  EXPECT_EQ(credits->at("data").at("credits"), 400);  // the signup's 200 and the reward

  EXPECT_EQ(subscriptions_of(dana), 1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM push_subscriptions WHERE endpoint = '" +
                  std::string(browser.subject.at("endpoint").as_string()) +
                  "' AND user_id = " + std::to_string(dana.id)),
            1);
}

TEST_F(Push, ConfirmationFollowsTheMembersLanguage) {
  Member anna = member("push-anna@example.com", "de");
  auto browser = service_->subscribe(*key_);
  ASSERT_EQ(send_push(anna, json::object{{"subscriber", browser.subject}}).status, 200);
  auto messages = service_->wait_for(browser, 1);
  ASSERT_EQ(messages.size(), 1u);
  auto payload = parsed(messages[0]);
  EXPECT_EQ(payload.at("title"), "Kesher");
  EXPECT_EQ(payload.at("lang"), "de");
  EXPECT_EQ(payload.at("dir"), "ltr");
  EXPECT_EQ(payload.at("body"),
            "Benachrichtigungen sind an. Wir sagen dir Bescheid, wenn es etwas Neues gibt.");
}

TEST_F(Push, OfflineMemberGetsAGenericMessagePushAndNoneWhileOnline) {
  Member noa = member("push-noa@example.com");
  Member avi = member("push-avi@example.com", "en");
  auto browser = subscribed(noa);
  auto avi_socket = connect_member(*server_, avi);
  ASSERT_TRUE(avi_socket);

  auto sent = avi_socket->request("send_message", {{"receiver_id", noa.id},
                                                   {"message_type", "text"},
                                                   {"message_text", "meet me at the secret spot"}});
  ASSERT_EQ(sent.at("request_status"), 1) << json::serialize(sent);
  auto messages = service_->wait_for(browser, 2);
  ASSERT_EQ(messages.size(), 2u);
  EXPECT_EQ(messages[1].find("secret"), std::string::npos);
  auto payload = parsed(messages[1]);
  EXPECT_EQ(payload.at("kind"), "message");
  EXPECT_EQ(payload.at("body"), "יש לך הודעה חדשה");
  EXPECT_EQ(payload.at("title"), "קשר");
  EXPECT_EQ(payload.at("url"), json::value("/chat/" + std::to_string(avi.id)));
  EXPECT_EQ(payload.at("tag"), json::value("message:" + std::to_string(avi.id)));

  // With a socket open, the socket tells her, and no push goes out.
  auto noa_socket = connect_member(*server_, noa);
  ASSERT_TRUE(noa_socket);
  // The upgrade's answer comes just before the socket joins the hub; a reply proves it has.
  ASSERT_EQ(noa_socket->request("totals").at("request_status"), 1);
  ASSERT_EQ(avi_socket
                ->request("send_message", {{"receiver_id", noa.id},
                                           {"message_type", "text"},
                                           {"message_text", "are you there?"}})
                .at("request_status"),
            1);
  ASSERT_TRUE(noa_socket->wait_event("new_message"));
  // A confirmation (sent whatever the sockets) is queued behind anything the message caused:
  // when it arrives, a push for the message would have arrived before it.
  ASSERT_EQ(send_push(noa, json::object{{"subscriber", browser.subject}}).status, 200);
  messages = service_->wait_for(browser, 3);
  ASSERT_EQ(messages.size(), 3u);
  EXPECT_EQ(parsed(messages[2]).at("kind"), "confirm");
}

TEST_F(Push, RewardIsGrantedExactlyOnceUnderConcurrency) {
  Member maya = member("push-maya@example.com");
  std::vector<PushService::Browser> browsers;
  for (int i = 0; i < 8; ++i) browsers.push_back(service_->subscribe(*key_));
  std::vector<HttpResult> replies(browsers.size());
  std::vector<std::thread> threads;
  std::atomic<bool> go{false};
  for (size_t i = 0; i < browsers.size(); ++i) {
    threads.emplace_back([&, i] {
      while (!go) std::this_thread::yield();
      replies[i] = send_push(maya, json::object{{"subscriber", browsers[i].subject}});
    });
  }
  go = true;
  for (auto& thread : threads) thread.join();
  int ok = 0, limited = 0, claimed = 0;
  for (const auto& reply : replies) {
    if (reply.status == 200) {
      ++ok;
      if (reply.json().at("data").at("reward").at("claimed") == true) ++claimed;
    } else if (reply.status == 429) {
      ++limited;
      EXPECT_EQ(reply.json().at("error_code"), "rate_limited");
    }
  }
  // Five per ten minutes per member; the rest are refused, and the reward is granted once.
  EXPECT_EQ(ok, 5);
  EXPECT_EQ(limited, 3);
  EXPECT_EQ(claimed, 1);
  std::string id = std::to_string(maya.id);
  int64_t balance = count("SELECT credits FROM users WHERE id = " + id);
  EXPECT_EQ(balance, 400);
  EXPECT_EQ(count("SELECT SUM(delta) FROM credit_ledger WHERE user_id = " + id), balance);
  EXPECT_EQ(
      count("SELECT COUNT(*) FROM credit_ledger WHERE reason = 'push_bonus' AND user_id = " + id),
      1);
  EXPECT_EQ(subscriptions_of(maya), 5);
}

TEST_F(Push, LikeIsPushedAndAGoneSubscriptionIsDeletedAfter410) {
  Member lena = member("push-lena@example.com", "de");
  Member tom = member("push-tom@example.com", "en");
  auto browser = subscribed(lena);
  auto tom_socket = connect_member(*server_, tom);
  ASSERT_TRUE(tom_socket);
  ASSERT_EQ(
      tom_socket->request("swipe", {{"swiped_user_id", lena.id}, {"like", 1}}).at("request_status"),
      1);
  auto messages = service_->wait_for(browser, 2);
  ASSERT_EQ(messages.size(), 2u);
  auto like = parsed(messages[1]);
  EXPECT_EQ(like.at("kind"), "like");
  EXPECT_EQ(like.at("body"), "Jemand mag dich");
  EXPECT_EQ(like.at("url"), "/likesme");
  // Who liked is premium: the push does not say.
  EXPECT_EQ(messages[1].find(std::to_string(tom.id)), std::string::npos);

  service_->expire(browser);
  ASSERT_EQ(subscriptions_of(lena), 1);
  ASSERT_EQ(
      tom_socket
          ->request("send_message",
                    {{"receiver_id", lena.id}, {"message_type", "text"}, {"message_text", "hallo"}})
          .at("request_status"),
      1);
  auto deadline = std::chrono::steady_clock::now() + 5s;
  while (subscriptions_of(lena) != 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(25ms);
  }
  EXPECT_EQ(subscriptions_of(lena), 0);
}

TEST_F(Push, MatchIsPushedToTheOfflineSide) {
  Member ella = member("push-ella@example.com", "en");
  Member ben = member("push-ben@example.com", "en");
  auto browser = subscribed(ella);
  auto ella_socket = connect_member(*server_, ella);
  ASSERT_TRUE(ella_socket);
  ASSERT_EQ(
      ella_socket->request("swipe", {{"swiped_user_id", ben.id}, {"like", 1}}).at("request_status"),
      1);
  // She leaves: once the server has closed her connection, her socket has left the hub.
  uint16_t ella_port = ella_socket->local_port();
  ella_socket.reset();
  auto deadline = std::chrono::steady_clock::now() + 5s;
  while (server_->established_connections({ella_port}) > 0 &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(10ms);
  }
  auto ben_socket = connect_member(*server_, ben);
  ASSERT_TRUE(ben_socket);
  auto reply = ben_socket->request("swipe", {{"swiped_user_id", ella.id}, {"like", 1}});
  ASSERT_EQ(reply.at("request_details").at("is_matched"), 1) << json::serialize(reply);
  auto messages = service_->wait_for(browser, 2);
  ASSERT_EQ(messages.size(), 2u);
  auto match = parsed(messages[1]);
  EXPECT_EQ(match.at("kind"), "match");
  EXPECT_EQ(match.at("body"), "You have a new match!");
  EXPECT_EQ(match.at("url"), "/match");
}

TEST_F(Push, SendPushRefusesBadInputWithClearCodes) {
  Member ori = member("push-ori@example.com");
  auto browser = service_->subscribe(*key_);
  auto expect_error = [](const HttpResult& reply, int status, const std::string& code,
                         const std::string& field = "") {
    EXPECT_EQ(reply.status, status) << reply.body;
    auto body = reply.json();
    EXPECT_EQ(body.at("error_code"), json::value(code)) << reply.body;
    if (!field.empty()) {
      EXPECT_EQ(body.at("field"), json::value(field)) << reply.body;
    }
  };
  auto raw = http_request(server_->port(), "POST", "/api/send-push",
                          "{\"subscriber\":", {.cookie = ori.cookie, .origin = server_->origin()});
  expect_error(raw, 400, "invalid_json");
  expect_error(send_push(ori, json::object{{"title", "t"}}), 400, "missing_field", "subscriber");
  expect_error(send_push(ori, json::object{{"subscriber", 7}}), 400, "invalid_field", "subscriber");
  expect_error(send_push(ori, json::object{{"subscriber", "{not json"}}), 400, "invalid_json");

  json::object off_curve = browser.subject;
  off_curve["keys"].as_object()["p256dh"] =
      kesher::domain::base64url_encode(std::string("\x04") + std::string(64, '\x01'));
  expect_error(send_push(ori, json::object{{"subscriber", off_curve}}), 400, "invalid_value",
               "keys.p256dh");
  json::object remote_http = browser.subject;
  remote_http["endpoint"] = "http://push.example.com/notify/abc";
  expect_error(send_push(ori, json::object{{"subscriber", remote_http}}), 400, "invalid_value",
               "endpoint");
  json::object no_auth = browser.subject;
  no_auth["keys"].as_object().erase("auth");
  expect_error(send_push(ori, json::object{{"subscriber", no_auth}}), 400, "missing_field",
               "keys.auth");

  auto no_session = http_request(server_->port(), "POST", "/api/send-push",
                                 json::serialize(json::object{{"subscriber", browser.subject}}),
                                 {.origin = server_->origin()});
  expect_error(no_session, 401, "not_authenticated");
  auto foreign =
      send_push(ori, json::object{{"subscriber", browser.subject}}, "http://evil.example");
  expect_error(foreign, 403, "origin_forbidden");

  EXPECT_EQ(subscriptions_of(ori), 0);
  EXPECT_TRUE(service_->received(browser).empty());
  // Refusals cost nothing of the budget: five good ones still go through.
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(
        send_push(ori, json::object{{"subscriber", service_->subscribe(*key_).subject}}).status,
        200);
  }
}

TEST_F(Push, UnsubscribeRemovesOnlyTheCallersOwnRow) {
  Member gil = member("push-gil@example.com");
  Member rut = member("push-rut@example.com");
  auto browser = subscribed(gil);
  std::string endpoint(browser.subject.at("endpoint").as_string());
  auto unsubscribe = [&](const Member& who) {
    return http_request(server_->port(), "POST", "/api/push/unsubscribe",
                        json::serialize(json::object{{"endpoint", endpoint}}),
                        {.cookie = who.cookie, .origin = server_->origin()});
  };
  auto foreign = unsubscribe(rut);
  ASSERT_EQ(foreign.status, 200);
  EXPECT_EQ(foreign.json().at("data").at("removed"), false);
  EXPECT_EQ(subscriptions_of(gil), 1);
  auto own = unsubscribe(gil);
  ASSERT_EQ(own.status, 200);
  EXPECT_EQ(own.json().at("data").at("removed"), true);
  EXPECT_EQ(subscriptions_of(gil), 0);
}

TEST_F(Push, LogoutDeletesTheSubscriptionsOfThatSignInOnly) {
  Member yael = member("push-yael@example.com");
  auto login = http_request(
      server_->port(), "POST", "/api/auth/login",
      json::serialize(json::object{{"email", yael.email}, {"password", yael.password}}),
      {.origin = server_->origin()});
  ASSERT_EQ(login.status, 200) << login.body;
  Member other_device = yael;
  other_device.cookie = login.session_cookie();
  auto first = subscribed(yael);
  auto second = subscribed(other_device);
  ASSERT_EQ(subscriptions_of(yael), 2);
  auto logout = http_request(server_->port(), "POST", "/api/auth/logout", "{}",
                             {.cookie = yael.cookie, .origin = server_->origin()});
  ASSERT_EQ(logout.status, 200);
  EXPECT_EQ(subscriptions_of(yael), 1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM push_subscriptions WHERE endpoint = '" +
                  std::string(second.subject.at("endpoint").as_string()) + "'"),
            1);
}
