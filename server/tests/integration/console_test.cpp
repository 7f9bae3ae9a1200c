// The staff console against the real binary: staff sign-in and TOTP, cookies that do not cross,
// the queue, locks and leases, answering as a persona, presence, typing, the honesty rules, notes
// and the audit log (docs/protocol.md "The staff console").
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <future>
#include <thread>

#include "console_support.hpp"
#include "domain/honesty.hpp"
#include "domain/totp.hpp"
#include "harness.hpp"

namespace kesher::test {
namespace {

json::object send_text(WsClient& socket, int64_t to, const std::string& body,
                       const std::string& client_id = {}) {
  json::object payload{{"receiver_id", to}, {"message_type", "text"}, {"message_text", body}};
  if (!client_id.empty()) payload["client_id"] = client_id;
  return socket.request("send_message", payload);
}

json::object conversation(int64_t member, int64_t persona) {
  return json::object{{"member_id", member}, {"persona_id", persona}};
}

json::object with(json::object base, const json::object& more) {
  for (const auto& [key, value] : more) base[key] = value;
  return base;
}

class Console : public StaffTest {
 protected:
  void SetUp() override {
    clock_file_ =
        std::filesystem::temp_directory_path() /
        ("kesher-console-clock-" + std::to_string(::getpid()) + "-" + std::to_string(++runs_));
    std::ofstream(clock_file_) << 0;
    start_server({"--clock-offset-file", clock_file_.string(), "--console-max-locks", "2"});
    second_ = add_staff(*server_, "ops2@kesher.test", "operator");
    persona_ = add_persona(*server_, "noa-console");
  }
  void TearDown() override { std::filesystem::remove(clock_file_); }

  void move_clock(int64_t seconds) { std::ofstream(clock_file_) << seconds; }

  Member member(const json::object& overrides = {}) {
    Member m =
        register_member(*server_, "m" + std::to_string(++members_) + "@example.com", overrides);
    grant_credits(*server_, m, 5000);
    return m;
  }

  std::filesystem::path clock_file_;
  Staff second_;
  int64_t persona_ = 0;
  int members_ = 0;
  static inline int runs_ = 0;
};

TEST_F(Console, StaffSignInWithTheirOwnCookieAndAdminsNeedTotp) {
  auto wrong = console_login(*server_, {{"email", operator_.email}, {"password", "nope nope"}});
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(text_of(wrong.json().at("error_code")), "invalid_credentials");
  auto unknown = console_login(*server_, {{"email", "who@kesher.test"}, {"password", "x"}});
  EXPECT_EQ(text_of(unknown.json().at("error_code")), "invalid_credentials");
  auto malformed = console_login(*server_, {{"email", 12}, {"password", "x"}});
  EXPECT_EQ(malformed.status, 400);
  EXPECT_EQ(text_of(malformed.json().at("error_code")), "invalid_field");

  auto good =
      console_login(*server_, {{"email", operator_.email}, {"password", operator_.password}});
  ASSERT_EQ(good.status, 200) << good.body;
  EXPECT_EQ(text_of(good.json().at("staff").at("role")), "operator");
  ASSERT_EQ(good.set_cookies.size(), 1u);
  const std::string& cookie = good.set_cookies.front();
  EXPECT_EQ(cookie.rfind("staff_session=", 0), 0u) << cookie;
  EXPECT_NE(cookie.find("Path=/console;"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("HttpOnly"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("SameSite=Strict"), std::string::npos) << cookie;

  // An admin: the password alone is not enough, and a wrong code is refused.
  auto no_code = console_login(*server_, {{"email", admin_.email}, {"password", admin_.password}});
  EXPECT_EQ(no_code.status, 401);
  EXPECT_EQ(text_of(no_code.json().at("error_code")), "totp_required");
  EXPECT_TRUE(staff_cookie_of(no_code).empty());
  ASSERT_FALSE(admin_.secret.empty());
  std::string code = domain::totp::code_at(admin_.secret, now_seconds());
  std::string wrong_code = code == "000000" ? "111111" : "000000";
  auto bad_code = console_login(
      *server_, {{"email", admin_.email}, {"password", admin_.password}, {"totp", wrong_code}});
  EXPECT_EQ(text_of(bad_code.json().at("error_code")), "invalid_totp");
  auto stale = console_login(*server_,
                             {{"email", admin_.email},
                              {"password", admin_.password},
                              {"totp", domain::totp::code_at(admin_.secret, now_seconds() - 600)}});
  EXPECT_EQ(text_of(stale.json().at("error_code")), "invalid_totp");
  auto admin = console_login(
      *server_, {{"email", admin_.email}, {"password", admin_.password}, {"totp", code}});
  ASSERT_EQ(admin.status, 200) << admin.body;
  EXPECT_EQ(text_of(admin.json().at("staff").at("role")), "admin");
  // The same code never opens twice (RFC 6238 §5.2), nor does an older one.
  auto replayed = console_login(
      *server_, {{"email", admin_.email}, {"password", admin_.password}, {"totp", code}});
  EXPECT_EQ(replayed.status, 401);
  EXPECT_EQ(text_of(replayed.json().at("error_code")), "invalid_totp");
  auto older =
      console_login(*server_, {{"email", admin_.email},
                               {"password", admin_.password},
                               {"totp", domain::totp::code_at(admin_.secret, now_seconds() - 30)}});
  EXPECT_EQ(text_of(older.json().at("error_code")), "invalid_totp");

  // A cross-site login is refused like a member's.
  auto cross = http_request(
      server_->port(), "POST", "/console/api/login",
      json::serialize(json::object{{"email", operator_.email}, {"password", operator_.password}}),
      {.origin = "https://evil.example"});
  EXPECT_EQ(cross.status, 403);

  // Adding the same email twice fails, and a short password is refused.
  auto twice = run_kesher_command(server_->data_dir(), {"staff", "add", "--email", operator_.email},
                                  "another password");
  EXPECT_NE(twice.status, 0);
  auto short_password = run_kesher_command(server_->data_dir(),
                                           {"staff", "add", "--email", "new@kesher.test"}, "short");
  EXPECT_NE(short_password.status, 0);
}

TEST_F(Console, StaffAndMemberCookiesDoNotCross) {
  Member dana = member();
  // A member's session opens no console socket; neither does no cookie or a forged one.
  int status = 0;
  auto as_member = WsClient::connect(
      server_->port(),
      {.origin = server_->origin(), .cookie = dana.cookie, .target = "/console/ws"}, &status);
  EXPECT_FALSE(as_member);
  EXPECT_EQ(status, 401);
  Staff forged = operator_;
  forged.cookie = "staff_session=" + dana.cookie.substr(dana.cookie.find('=') + 1);
  EXPECT_FALSE(connect_console(*server_, forged, &status));
  EXPECT_EQ(status, 401);

  auto console = signed_in_console(*server_, operator_);
  ASSERT_TRUE(console);
  EXPECT_EQ(text_of(console->request("console/me").at("data").at("staff").at("email")),
            operator_.email);

  // The staff cookie on the member socket is a guest's: member modules answer not_authenticated.
  auto member_socket =
      WsClient::connect(server_->port(), {.origin = server_->origin(), .cookie = operator_.cookie});
  ASSERT_TRUE(member_socket);
  EXPECT_EQ(text_of(member_socket->request("user/contacts").at("error_code")), "not_authenticated");
  EXPECT_EQ(member_socket->request("session/validate").at("request_status").as_int64(), 0);
  // …and no member upload.
  auto upload = http_request(server_->port(), "POST", "/upload", "x",
                             {.cookie = operator_.cookie,
                              .origin = server_->origin(),
                              .content_type = "multipart/form-data; boundary=b"});
  EXPECT_EQ(upload.status, 401);

  // A member module on the console socket is unknown there, and another origin is refused.
  EXPECT_EQ(text_of(console->request("user/contacts").at("error_code")), "unknown_module");
  EXPECT_FALSE(WsClient::connect(
      server_->port(),
      {.origin = "https://evil.example", .cookie = operator_.cookie, .target = "/console/ws"},
      &status));
  EXPECT_EQ(status, 403);

  // Roles: an operator calling an admin module is refused; an admin is not.
  EXPECT_EQ(text_of(console->request("console/audit").at("error_code")), "forbidden");
  EXPECT_EQ(
      text_of(
          console->request("console/break_lock", conversation(dana.id, persona_)).at("error_code")),
      "forbidden");
  auto admin = signed_in_console(*server_, admin_);
  EXPECT_EQ(admin->request("console/audit").at("request_status").as_int64(), 1);

  // Logging out closes the console's sockets (4001) and the cookie opens nothing after.
  auto out = http_request(server_->port(), "POST", "/console/api/logout", "{}",
                          {.cookie = operator_.cookie, .origin = server_->origin()});
  EXPECT_EQ(out.status, 200);
  EXPECT_EQ(console->wait_closed(), 4001);
  EXPECT_FALSE(connect_console(*server_, operator_, &status));
  EXPECT_EQ(status, 401);
}

TEST_F(Console, TheQueueFillsLiveAsMembersWriteAndFiltersByLanguage) {
  auto console = signed_in_console(*server_, operator_);
  Member dana = member({{"language", "he"}, {"name", "דנה"}});
  Member erik = member({{"language", "en"}});
  int64_t english_persona = add_persona(*server_, "emma", "en");
  auto dana_socket = connect_member(*server_, dana);
  auto erik_socket = connect_member(*server_, erik);
  EXPECT_TRUE(console->request("console/queue").at("data").as_array().empty());

  ASSERT_EQ(send_text(*dana_socket, persona_, "hi Noa").at("request_status").as_int64(), 1);
  auto upsert = console->wait_event("console/queue/upsert");
  ASSERT_TRUE(upsert);
  const auto& item = upsert->at("data").as_object();
  EXPECT_EQ(item.at("member_id").as_int64(), dana.id);
  EXPECT_EQ(item.at("persona_id").as_int64(), persona_);
  EXPECT_EQ(text_of(item.at("preview")), "hi Noa");
  EXPECT_EQ(text_of(item.at("member").at("language")), "he");
  EXPECT_EQ(text_of(item.at("persona").at("name")), "Noa");
  EXPECT_EQ(item.at("waiting").as_int64(), 1);
  EXPECT_TRUE(item.at("lock").is_null());
  int64_t first_wait = item.at("waiting_since").as_int64();

  std::this_thread::sleep_for(1100ms);
  ASSERT_EQ(send_text(*erik_socket, english_persona, "hello Emma").at("request_status").as_int64(),
            1);
  ASSERT_EQ(send_text(*dana_socket, persona_, "are you there?").at("request_status").as_int64(), 1);
  auto queue = console->request("console/queue").at("data").as_array();
  ASSERT_EQ(queue.size(), 2u);
  // Oldest waiting first: dana's first message came before erik's.
  EXPECT_EQ(queue.at(0).at("member_id").as_int64(), dana.id);
  EXPECT_EQ(queue.at(0).at("waiting").as_int64(), 2);
  EXPECT_EQ(queue.at(0).at("waiting_since").as_int64(), first_wait);
  EXPECT_EQ(queue.at(1).at("member_id").as_int64(), erik.id);
  auto english = console->request("console/queue", {{"language", "en"}}).at("data").as_array();
  ASSERT_EQ(english.size(), 1u);
  EXPECT_EQ(english.at(0).at("member_id").as_int64(), erik.id);
  EXPECT_EQ(console->request("console/queue", {{"language", "de"}}).at("data").as_array().size(),
            0u);
  EXPECT_EQ(text_of(console->request("console/queue", {{"language", "fr"}}).at("error_code")),
            "invalid_value");
  EXPECT_EQ(text_of(console->request("console/queue", {{"language", 7}}).at("error_code")),
            "invalid_field");
  // Members writing to members fill no queue.
  ASSERT_EQ(send_text(*dana_socket, erik.id, "hi Erik").at("request_status").as_int64(), 1);
  EXPECT_EQ(console->request("console/queue").at("data").as_array().size(), 2u);
}

TEST_F(Console, TwoOperatorsClaimAtOnceAndExactlyOneWins) {
  auto first = signed_in_console(*server_, operator_);
  auto second = signed_in_console(*server_, second_);
  for (int round = 0; round < 5; ++round) {
    Member m = member();
    auto payload = conversation(m.id, persona_);
    auto a =
        std::async(std::launch::async, [&] { return first->request("console/claim", payload); });
    auto b =
        std::async(std::launch::async, [&] { return second->request("console/claim", payload); });
    auto ra = a.get(), rb = b.get();
    int wins =
        (ra.at("request_status").as_int64() == 1) + (rb.at("request_status").as_int64() == 1);
    EXPECT_EQ(wins, 1) << json::serialize(ra) << " " << json::serialize(rb);
    const auto& loser = ra.at("request_status").as_int64() == 1 ? rb : ra;
    EXPECT_EQ(text_of(loser.at("error_code")), "locked");
    EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM console_locks WHERE member_id = " +
                                          std::to_string(m.id)),
              1);
    // The one who lost sees who holds it.
    int64_t holder = loser.at("data").at("lock").at("staff_id").as_int64();
    EXPECT_TRUE(holder == operator_.id || holder == second_.id);
    first->request("console/release", payload);
    second->request("console/release", payload);
  }
}

TEST_F(Console, LocksAreLimitedAndAdminsCanBreakThem) {
  auto console = signed_in_console(*server_, operator_);
  Member a = member(), b = member(), c = member();
  EXPECT_EQ(console->request("console/claim", conversation(a.id, persona_))
                .at("request_status")
                .as_int64(),
            1);
  // Claiming one's own lock again renews it and does not count twice.
  EXPECT_EQ(console->request("console/claim", conversation(a.id, persona_))
                .at("request_status")
                .as_int64(),
            1);
  EXPECT_EQ(console->request("console/claim", conversation(b.id, persona_))
                .at("request_status")
                .as_int64(),
            1);
  auto third = console->request("console/claim", conversation(c.id, persona_));
  EXPECT_EQ(text_of(third.at("error_code")), "too_many_locks");
  EXPECT_EQ(third.at("data").at("max_locks").as_int64(), 2);
  // A member is not a persona, and nobody unknown can be claimed.
  EXPECT_EQ(text_of(console->request("console/claim", conversation(a.id, b.id)).at("error_code")),
            "not_found");
  EXPECT_EQ(text_of(console->request("console/claim", conversation(a.id, 999999)).at("error_code")),
            "not_found");
  EXPECT_EQ(text_of(console->request("console/claim", {{"member_id", "x"}, {"persona_id", 1}})
                        .at("error_code")),
            "invalid_field");
  EXPECT_EQ(text_of(console->request("console/claim", {{"persona_id", 1}}).at("error_code")),
            "invalid_value");
  EXPECT_EQ(console->request("console/me").at("data").at("locks").as_array().size(), 2u);

  auto admin = signed_in_console(*server_, admin_);
  auto broken = admin->request("console/break_lock", conversation(a.id, persona_));
  EXPECT_EQ(broken.at("request_status").as_int64(), 1) << json::serialize(broken);
  auto lost = console->wait_event("console/lock_lost");
  ASSERT_TRUE(lost);
  EXPECT_EQ(text_of(lost->at("data").at("reason")), "broken");
  EXPECT_EQ(lost->at("data").at("member_id").as_int64(), a.id);
  EXPECT_EQ(
      text_of(admin->request("console/break_lock", conversation(a.id, persona_)).at("error_code")),
      "not_locked");
  EXPECT_EQ(
      text_of(console->request("console/release", conversation(a.id, persona_)).at("error_code")),
      "not_locked");
  // The freed slot can be used again.
  EXPECT_EQ(console->request("console/claim", conversation(c.id, persona_))
                .at("request_status")
                .as_int64(),
            1);
}

TEST_F(Console, ALeaseLapsesWhenTheConsoleGoesQuietAndThePersonaGoesOffline) {
  Member dana = member();
  auto dana_socket = connect_member(*server_, dana);
  ASSERT_EQ(send_text(*dana_socket, persona_, "hi").at("request_status").as_int64(), 1);
  auto contact = [&] {
    return dana_socket->request("user/contact/get_by_id", {{"contact_id", persona_}})
        .at("data")
        .at("status")
        .as_int64();
  };
  EXPECT_EQ(contact(), 0) << "nobody holds the persona's conversations: it is offline";

  auto console = signed_in_console(*server_, operator_);
  auto claimed = console->request("console/claim", conversation(dana.id, persona_));
  ASSERT_EQ(claimed.at("request_status").as_int64(), 1);
  auto online = dana_socket->wait_event("onlines");
  ASSERT_TRUE(online) << "dana wrote to the persona, so she hears its presence";
  EXPECT_EQ(text_of(online->at("type")), "online");
  EXPECT_EQ(online->at("user_id").as_int64(), persona_);
  EXPECT_EQ(contact(), 1);

  // Renewing keeps it; then the console goes quiet past the lease (90 s).
  move_clock(60);
  auto renewed = console->request("console/renew").at("data").as_array();
  ASSERT_EQ(renewed.size(), 1u);
  move_clock(120);
  std::this_thread::sleep_for(1500ms);
  EXPECT_EQ(contact(), 1) << "renewed at +60 s, the lease runs to +150 s";
  move_clock(200);
  auto lost = console->wait_event("console/lock_lost", 5s);
  ASSERT_TRUE(lost);
  EXPECT_EQ(text_of(lost->at("data").at("reason")), "expired");
  auto offline = dana_socket->wait_event("onlines");
  ASSERT_TRUE(offline);
  EXPECT_EQ(text_of(offline->at("type")), "offline");
  EXPECT_EQ(contact(), 0);
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM console_locks"), 0);
  // Another operator can take it now.
  auto other = signed_in_console(*server_, second_);
  EXPECT_EQ(other->request("console/claim", conversation(dana.id, persona_))
                .at("request_status")
                .as_int64(),
            1);
}

TEST_F(Console, AnAnswerReachesEveryMemberSocketFreeOfChargeAndLeavesTheQueue) {
  Member dana = member();
  auto phone = connect_member(*server_, dana);
  auto laptop = connect_member(*server_, dana);
  ASSERT_EQ(send_text(*phone, persona_, "hi Noa", "c-dana-1").at("request_status").as_int64(), 1);
  ASSERT_TRUE(laptop->wait_event("new_message")) << "the member's own message, on her other socket";
  int64_t credits_before =
      query_integer(*server_, "SELECT credits FROM users WHERE id = " + std::to_string(dana.id));

  auto console = signed_in_console(*server_, operator_);
  auto payload = conversation(dana.id, persona_);
  // Without the lock nothing can be read or sent.
  EXPECT_EQ(text_of(console->request("console/conversation", payload).at("error_code")),
            "not_locked");
  EXPECT_EQ(text_of(console
                        ->request("console/send",
                                  with(payload, {{"message_text", "hi"}, {"client_id", "x1"}}))
                        .at("error_code")),
            "not_locked");
  ASSERT_EQ(console->request("console/claim", payload).at("request_status").as_int64(), 1);
  auto context = console->request("console/conversation", payload);
  ASSERT_EQ(context.at("request_status").as_int64(), 1) << json::serialize(context);
  EXPECT_EQ(text_of(context.at("data").at("member").at("name")), "Dana");
  EXPECT_EQ(text_of(context.at("data").at("persona").at("bio")), "Loves the sea");
  EXPECT_EQ(context.at("data").at("persona").at("virtual").as_int64(), 1);
  auto history = context.at("data").at("messages").as_array();
  ASSERT_EQ(history.size(), 1u) << json::serialize(history);
  EXPECT_EQ(text_of(history.at(0).at("message")), "hi Noa");
  EXPECT_EQ(history.at(0).at("isMe").as_int64(), 0);

  auto reply = console->request("console/send",
                                with(payload, {{"message_type", "text"},
                                               {"message_text", "Hi Dana! How was your day?"},
                                               {"client_id", "op-1"}}));
  ASSERT_EQ(reply.at("request_status").as_int64(), 1) << json::serialize(reply);
  EXPECT_EQ(reply.at("data").at("price").as_int64(), 0);
  EXPECT_EQ(reply.at("data").at("operator").at("id").as_int64(), operator_.id);
  for (auto* socket : {phone.get(), laptop.get()}) {
    auto event = socket->wait_event("new_message");
    ASSERT_TRUE(event);
    const auto& m = event->at("request_details").as_object();
    EXPECT_EQ(m.at("sender_id").as_int64(), persona_);
    EXPECT_EQ(text_of(m.at("message")), "Hi Dana! How was your day?");
    EXPECT_FALSE(m.contains("operator")) << "the operator is never shown to members";
  }
  auto contact = phone->request("user/contact/get_by_id", {{"contact_id", persona_}}).at("data");
  EXPECT_EQ(contact.at("unread").as_int64(), 1);
  EXPECT_EQ(text_of(contact.at("last_m")), "Hi Dana! How was your day?");
  EXPECT_EQ(contact.at("virtual").as_int64(), 1);
  EXPECT_EQ(
      query_integer(*server_, "SELECT credits FROM users WHERE id = " + std::to_string(dana.id)),
      credits_before)
      << "the member pays nothing for the persona's answer";
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM credit_ledger WHERE user_id = " +
                                        std::to_string(persona_)),
            0)
      << "and neither does the persona";
  EXPECT_EQ(query_integer(*server_, "SELECT operator_id FROM messages WHERE sender_id = " +
                                        std::to_string(persona_)),
            operator_.id);
  auto removed = console->wait_event("console/queue/remove");
  ASSERT_TRUE(removed);
  EXPECT_EQ(removed->at("data").at("member_id").as_int64(), dana.id);
  EXPECT_TRUE(console->request("console/queue").at("data").as_array().empty());

  // The same client_id again is a replay: nothing new is stored.
  auto again = console->request(
      "console/send",
      with(payload, {{"message_text", "Hi Dana! How was your day?"}, {"client_id", "op-1"}}));
  EXPECT_EQ(again.at("request_details").at("replayed").as_int64(), 1);
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM messages WHERE sender_id = " +
                                        std::to_string(persona_)),
            1);

  // A gift and one of the persona's photos go the same way, free.
  execute_sql(*server_, "INSERT INTO photos (user_id, url, position, created_at) VALUES (" +
                            std::to_string(persona_) + ", '/media/personas/noa-1.svg', 1, 0)");
  int64_t photo =
      query_integer(*server_, "SELECT id FROM photos WHERE user_id = " + std::to_string(persona_));
  auto gift = console->request(
      "console/send",
      with(payload, {{"message_type", "gift"}, {"gift_id", 3}, {"client_id", "g"}}));
  ASSERT_EQ(gift.at("request_status").as_int64(), 1) << json::serialize(gift);
  EXPECT_EQ(gift.at("data").at("price").as_int64(), 0);
  auto picture = console->request(
      "console/send",
      with(payload, {{"message_type", "pphoto"}, {"photo_id", photo}, {"client_id", "p"}}));
  ASSERT_EQ(picture.at("request_status").as_int64(), 1) << json::serialize(picture);
  auto shown = phone->wait_event("new_message");  // the gift
  shown = phone->wait_event("new_message");       // the photo
  ASSERT_TRUE(shown);
  EXPECT_EQ(text_of(shown->at("request_details").at("message")), "/media/personas/noa-1.svg");
  // Someone else's photo is not the persona's to send.
  auto foreign = console->request(
      "console/send",
      with(payload, {{"message_type", "pphoto"}, {"photo_id", 999999}, {"client_id", "q"}}));
  EXPECT_EQ(text_of(foreign.at("error_code")), "invalid_value");

  // The statistics count the answer.
  auto stats = console->request("console/stats", {{"days", 1}}).at("data");
  ASSERT_EQ(stats.at("operators").as_array().size(), 1u);
  EXPECT_EQ(stats.at("operators").at(0).at("answered").as_int64(), 1);
  EXPECT_EQ(text_of(stats.at("operators").at(0).at("label")), operator_.email);
  EXPECT_EQ(stats.at("personas").at(0).at("id").as_int64(), persona_);
  EXPECT_EQ(text_of(console->request("console/stats", {{"days", 90}}).at("error_code")),
            "invalid_value");
}

TEST_F(Console, TypingFollowsRealActionsBothWays) {
  Member dana = member(), noam = member();
  auto dana_socket = connect_member(*server_, dana);
  auto noam_socket = connect_member(*server_, noam);
  // The server joins a socket to the hub just after the upgrade's answer; a reply proves Noam's
  // has joined, so the first notice cannot go out before it.
  ASSERT_EQ(noam_socket->request("session/validate").at("request_status").as_int64(), 1);
  // Between members: passed on, at most once per two seconds per pair.
  EXPECT_EQ(
      dana_socket->request("typing", {{"receiver_id", noam.id}}).at("request_status").as_int64(),
      1);
  auto typing = noam_socket->wait_event("typing");
  ASSERT_TRUE(typing);
  EXPECT_EQ(typing->at("data").at("user_id").as_int64(), dana.id);
  dana_socket->request("typing", {{"receiver_id", noam.id}});
  EXPECT_FALSE(noam_socket->wait_event("typing", 500ms)) << "throttled";
  EXPECT_EQ(text_of(dana_socket->request("typing", {{"receiver_id", "x"}}).at("error_code")),
            "invalid_field");
  EXPECT_EQ(text_of(dana_socket->request("typing", {{"receiver_id", dana.id}}).at("error_code")),
            "not_found");
  // A blocked pair hears nothing.
  ASSERT_EQ(
      noam_socket->request("user/block", {{"user_id", dana.id}}).at("request_status").as_int64(),
      1);
  std::this_thread::sleep_for(2100ms);
  dana_socket->request("typing", {{"receiver_id", noam.id}});
  EXPECT_FALSE(noam_socket->wait_event("typing", 500ms));

  // Member → persona reaches the operator holding the conversation, and back.
  auto console = signed_in_console(*server_, operator_);
  ASSERT_EQ(send_text(*dana_socket, persona_, "hi").at("request_status").as_int64(), 1);
  ASSERT_EQ(console->request("console/claim", conversation(dana.id, persona_))
                .at("request_status")
                .as_int64(),
            1);
  dana_socket->request("typing", {{"receiver_id", persona_}});
  auto seen = console->wait_event("console/typing");
  ASSERT_TRUE(seen);
  EXPECT_EQ(seen->at("data").at("member_id").as_int64(), dana.id);
  EXPECT_EQ(console->request("console/typing", conversation(dana.id, persona_))
                .at("request_status")
                .as_int64(),
            1);
  auto from_persona = dana_socket->wait_event("typing");
  ASSERT_TRUE(from_persona);
  EXPECT_EQ(from_persona->at("data").at("user_id").as_int64(), persona_);
  // Not for a conversation the operator does not hold.
  EXPECT_EQ(
      text_of(console->request("console/typing", conversation(noam.id, persona_)).at("error_code")),
      "not_locked");
  // A new message from the member reaches the holder's console too.
  ASSERT_EQ(send_text(*dana_socket, persona_, "still there?").at("request_status").as_int64(), 1);
  auto message = console->wait_event("console/message");
  ASSERT_TRUE(message);
  EXPECT_EQ(text_of(message->at("data").at("message").at("message")), "still there?");
}

TEST_F(Console, AMeetingOrContactDetailsAreRefusedAndNothingIsSent) {
  Member dana = member();
  auto dana_socket = connect_member(*server_, dana);
  ASSERT_EQ(send_text(*dana_socket, persona_, "can we meet?").at("request_status").as_int64(), 1);
  auto console = signed_in_console(*server_, operator_);
  auto payload = conversation(dana.id, persona_);
  ASSERT_EQ(console->request("console/claim", payload).at("request_status").as_int64(), 1);
  struct Case {
    std::string text;
    std::string code;
  };
  for (const auto& attempt : std::vector<Case>{
           {"Let's meet tonight at my place", "meeting_arrangement"},
           {"בוא ניפגש מחר בערב", "meeting_arrangement"},
           {"Wir treffen uns morgen bei mir", "meeting_arrangement"},
           {"call me on 052-123-4567", "contact_phone"},
           {"write to noa.levi@gmail.com", "contact_email"},
           {"find me on www.example.com", "contact_url"},
       }) {
    auto refused = console->request(
        "console/send", with(payload, {{"message_text", attempt.text}, {"client_id", "h"}}));
    EXPECT_EQ(text_of(refused.at("error_code")), attempt.code) << attempt.text;
    EXPECT_FALSE(text_of(refused.at("data").at("match")).empty()) << attempt.text;
  }
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM messages WHERE sender_id = " +
                                        std::to_string(persona_)),
            0);
  EXPECT_FALSE(dana_socket->wait_event("new_message", 300ms));
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM audit_log WHERE action = 'send_refused'"),
            6);
  // Every canned reply passes the same rules.
  auto canned = console->request("console/canned").at("data").as_array();
  ASSERT_GE(canned.size(), 15u);
  for (const auto& reply : canned) {
    std::string text = text_of(reply.at("text"));
    EXPECT_EQ(domain::honesty::check_operator_text(text).breach, domain::honesty::Breach::none)
        << text;
  }
  EXPECT_EQ(console->request("console/canned", {{"language", "de"}}).at("data").as_array().size(),
            5u);
}

TEST_F(Console, NotesAndTheAuditLogRecordEveryStaffAction) {
  Member dana = member();
  auto dana_socket = connect_member(*server_, dana);
  ASSERT_EQ(send_text(*dana_socket, persona_, "hi").at("request_status").as_int64(), 1);
  auto console = signed_in_console(*server_, operator_);
  auto payload = conversation(dana.id, persona_);
  // A pair's note needs the lock; a member's own note does not.
  auto unlocked = console->request(
      "console/notes/save", with(payload, {{"category", "job"}, {"text", "Nurse in Haifa"}}));
  EXPECT_EQ(text_of(unlocked.at("error_code")), "not_locked");
  ASSERT_EQ(console->request("console/claim", payload).at("request_status").as_int64(), 1);
  auto note = console->request("console/notes/save",
                               with(payload, {{"category", "job"}, {"text", "Nurse in Haifa"}}));
  ASSERT_EQ(note.at("request_status").as_int64(), 1) << json::serialize(note);
  int64_t note_id = note.at("data").at("id").as_int64();
  auto own =
      console->request("console/notes/save",
                       {{"member_id", dana.id}, {"category", "name"}, {"text", "Goes by Dani"}});
  ASSERT_EQ(own.at("request_status").as_int64(), 1);
  EXPECT_TRUE(own.at("data").at("persona_id").is_null());
  auto edited = console->request(
      "console/notes/save",
      with(payload, {{"id", note_id}, {"category", "job"}, {"text", "Head nurse in Haifa"}}));
  EXPECT_EQ(text_of(edited.at("data").at("text")), "Head nurse in Haifa");
  EXPECT_EQ(text_of(console
                        ->request("console/notes/save",
                                  with(payload, {{"category", "address"}, {"text", "x"}}))
                        .at("error_code")),
            "invalid_value");
  EXPECT_EQ(text_of(console
                        ->request("console/notes/save",
                                  with(payload, {{"category", "job"}, {"text", "   "}}))
                        .at("error_code")),
            "empty_message");
  EXPECT_EQ(
      text_of(console
                  ->request("console/notes/save",
                            with(payload, {{"category", "job"}, {"text", std::string(501, 'a')}}))
                  .at("error_code")),
      "message_too_long");
  auto context = console->request("console/conversation", payload).at("data");
  EXPECT_EQ(context.at("notes").as_array().size(), 2u);
  ASSERT_EQ(
      console->request("console/notes/delete", {{"id", note_id}}).at("request_status").as_int64(),
      1);
  EXPECT_EQ(text_of(console->request("console/notes/delete", {{"id", note_id}}).at("error_code")),
            "not_found");
  ASSERT_EQ(console
                ->request("console/send",
                          with(payload, {{"message_text", "Hi Dana!"}, {"client_id", "a1"}}))
                .at("request_status")
                .as_int64(),
            1);
  ASSERT_EQ(console->request("console/release", payload).at("request_status").as_int64(), 1);

  auto admin = signed_in_console(*server_, admin_);
  auto entries = admin->request("console/audit", {{"recordsToTake", 100}}).at("data").as_array();
  std::multiset<std::string> actions;
  for (const auto& entry : entries) {
    if (entry.at("staff_id").is_int64() && entry.at("staff_id").as_int64() == operator_.id) {
      actions.insert(text_of(entry.at("action")));
    }
  }
  for (const char* action :
       {"login", "claim", "note_add", "note_update", "note_delete", "send", "release"}) {
    EXPECT_TRUE(actions.contains(action)) << action;
  }
  EXPECT_EQ(actions.count("note_add"), 2u);
  // Newest first, and paged by id.
  ASSERT_GE(entries.size(), 2u);
  EXPECT_GT(entries.at(0).at("id").as_int64(), entries.at(1).at("id").as_int64());
  auto older =
      admin->request("console/audit", {{"before_id", entries.at(0).at("id")}, {"recordsToTake", 1}})
          .at("data")
          .as_array();
  ASSERT_EQ(older.size(), 1u);
  EXPECT_EQ(older.at(0).at("id").as_int64(), entries.at(1).at("id").as_int64());
  // A failed login is recorded as well.
  console_login(*server_, {{"email", operator_.email}, {"password", "wrong wrong"}});
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM audit_log WHERE action = 'login_failed'"),
            1);
}

TEST_F(Console, OperatorsSendPicturesThroughTheMediaPipeline) {
  Member dana = member();
  auto dana_socket = connect_member(*server_, dana);
  ASSERT_EQ(send_text(*dana_socket, persona_, "send me a picture").at("request_status").as_int64(),
            1);
  auto console = signed_in_console(*server_, operator_);
  auto payload = conversation(dana.id, persona_);
  std::string png = noise_picture("png");
  std::string boundary = "kesherboundary";
  std::string body = "--" + boundary +
                     "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n"
                     "Content-Type: image/png\r\n\r\n" +
                     png + "\r\n--" + boundary + "--\r\n";
  HttpOptions options{.cookie = operator_.cookie,
                      .origin = server_->origin(),
                      .content_type = "multipart/form-data; boundary=" + boundary};
  auto target = "/console/api/upload?persona_id=" + std::to_string(persona_);
  auto not_held = http_request(server_->port(), "POST", target, body, options);
  EXPECT_EQ(not_held.status, 403);
  EXPECT_EQ(text_of(not_held.json().at("error_code")), "not_locked");
  ASSERT_EQ(console->request("console/claim", payload).at("request_status").as_int64(), 1);
  auto uploaded = http_request(server_->port(), "POST", target, body, options);
  ASSERT_EQ(uploaded.status, 200) << uploaded.body;
  std::string path = text_of(uploaded.json().at("data"));
  std::string preview = text_of(uploaded.json().at("preview"));
  EXPECT_EQ(path.rfind("/media/u/", 0), 0u) << path;
  // The preview opens for this staff member only.
  auto opened = http_request(server_->port(), "GET", preview, {}, {.cookie = operator_.cookie});
  EXPECT_EQ(opened.status, 200) << preview << " " << opened.body;
  EXPECT_EQ(http_request(server_->port(), "GET", preview, {}, {.cookie = dana.cookie}).status, 403);
  EXPECT_EQ(http_request(server_->port(), "GET", preview).status, 403);

  auto sent = console->request(
      "console/send",
      with(payload, {{"message_type", "image"}, {"message_text", path}, {"client_id", "img"}}));
  ASSERT_EQ(sent.at("request_status").as_int64(), 1) << json::serialize(sent);
  EXPECT_EQ(text_of(sent.at("data").at("message")).rfind("/console/media/u/", 0), 0u);
  auto event = dana_socket->wait_event("new_message");
  ASSERT_TRUE(event);
  std::string link = text_of(event->at("request_details").at("message"));
  EXPECT_EQ(link.rfind("/media/u/", 0), 0u) << link;
  EXPECT_EQ(http_request(server_->port(), "GET", link, {}, {.cookie = dana.cookie}).status, 200);
  // A member's own upload is not the persona's to send.
  auto foreign =
      console->request("console/send", with(payload, {{"message_type", "image"},
                                                      {"message_text", "/media/u/someone-else.jpg"},
                                                      {"client_id", "img2"}}));
  EXPECT_EQ(text_of(foreign.at("error_code")), "invalid_value");
}

TEST(ConsolePages, TheConsoleIsItsOwnPage) {
  ServerProcess server;
  auto page = http_request(server.port(), "GET", "/console");
  EXPECT_EQ(page.status, 200);
  EXPECT_EQ(page.headers["cache-control"], "no-cache");
  auto deep = http_request(server.port(), "GET", "/console/queue");
  EXPECT_EQ(deep.status, 200);
  EXPECT_EQ(deep.body, page.body);
  EXPECT_EQ(http_request(server.port(), "GET", "/console/api/login").status, 405);
}

}  // namespace
}  // namespace kesher::test
