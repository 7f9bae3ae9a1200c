// The admin side of the console against the real binary: members (search, view, credit
// adjustments, refunds, bans), reports, staff and the audit search (docs/protocol.md "Admin:
// members, reports and staff"). Few tests, each checking much: every one starts a server.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>

#include "consistency.hpp"
#include "console_support.hpp"
#include "harness.hpp"

namespace kesher::test {
namespace {

constexpr const char* kWebhookSecret = "admin-members-webhook-secret";

HttpResult member_login(const ServerProcess& server, const std::string& email,
                        const std::string& password) {
  return http_request(server.port(), "POST", "/api/auth/login",
                      json::serialize(json::object{{"email", email}, {"password", password}}),
                      {.origin = server.origin()});
}

class AdminMembers : public StaffTest {
 protected:
  void SetUp() override { start_server({"--payment-webhook-secret", kWebhookSecret}); }
  void TearDown() override {
    EXPECT_EQ(consistency_problems(*server_), std::vector<std::string>{});
  }

  Member member(const std::string& name = "Dana") {
    return register_member(*server_, "member" + std::to_string(++members_) + "@example.com",
                           {{"name", name}, {"language", "en"}});
  }

  std::unique_ptr<WsClient> online(const Member& m) {
    auto socket = connect_member(*server_, m);
    EXPECT_EQ(socket->request("session/validate")["request_status"], 1);
    return socket;
  }

  int64_t credits(int64_t member_id) {
    return query_integer(*server_,
                         "SELECT credits FROM users WHERE id = " + std::to_string(member_id));
  }

  // The audit entries of one action on one object, through the admin's own search.
  size_t audited(WsClient& admin, const std::string& action, const std::string& type,
                 const std::string& id) {
    auto reply = admin.request(
        "console/admin/audit/search",
        {{"action", action}, {"object_type", type}, {"object_id", id}, {"recordsToTake", 200}});
    EXPECT_EQ(reply["request_status"], 1) << json::serialize(reply);
    return reply["data"].as_array().size();
  }

  int members_ = 0;
};

TEST_F(AdminMembers, OperatorsAreForbiddenAndAdminsFindAndViewMembers) {
  auto dana = member("Dana");
  auto yael = member("Yael");
  auto ops = signed_in_console(*server_, operator_);
  for (const char* module :
       {"console/admin/members/search", "console/admin/members/get",
        "console/admin/members/adjust_credits", "console/admin/members/refund",
        "console/admin/members/ban", "console/admin/members/unban", "console/admin/reports/list",
        "console/admin/reports/resolve", "console/admin/staff/list", "console/admin/staff/add",
        "console/admin/staff/disable", "console/admin/staff/enable", "console/admin/staff/reset",
        "console/admin/audit/search"}) {
    auto reply = ops->request(module, {{"member_id", dana.id}, {"query", "Dana"}});
    EXPECT_EQ(text_of(reply["error_code"]), "forbidden") << module;
  }
  // The operator changed nothing.
  EXPECT_EQ(credits(dana.id), 200);

  auto admin = signed_in_console(*server_, admin_);
  auto by_name = admin->request("console/admin/members/search", {{"query", "yae"}});
  ASSERT_EQ(by_name["request_status"], 1) << json::serialize(by_name);
  ASSERT_EQ(by_name["data"].as_array().size(), 1u);
  EXPECT_EQ(by_name["data"].at(0).at("id"), yael.id);
  EXPECT_EQ(text_of(by_name["data"].at(0).at("email")), yael.email);
  auto by_email = admin->request("console/admin/members/search", {{"query", "@EXAMPLE.com"}});
  EXPECT_EQ(by_email["data"].as_array().size(), 2u);
  // Paged, newest account first.
  auto paged = admin->request("console/admin/members/search",
                              {{"query", "example"}, {"currentLength", 1}, {"recordsToTake", 1}});
  ASSERT_EQ(paged["data"].as_array().size(), 1u);
  EXPECT_EQ(paged["data"].at(0).at("id"), dana.id);
  auto by_id = admin->request("console/admin/members/search", {{"query", std::to_string(dana.id)}});
  ASSERT_FALSE(by_id["data"].as_array().empty());
  EXPECT_EQ(by_id["data"].at(0).at("id"), dana.id);
  // LIKE's wildcards are text here.
  EXPECT_TRUE(
      admin->request("console/admin/members/search", {{"query", "%"}})["data"].as_array().empty());
  EXPECT_EQ(text_of(admin->request("console/admin/members/search", {{"query", ""}})["error_code"]),
            "invalid_value");

  auto view = admin->request("console/admin/members/get", {{"member_id", dana.id}});
  ASSERT_EQ(view["request_status"], 1) << json::serialize(view);
  const auto& data = view["data"].as_object();
  EXPECT_EQ(text_of(data.at("email")), dana.email);
  EXPECT_EQ(data.at("credits"), 200);
  EXPECT_EQ(data.at("ledger_sum"), 200);
  EXPECT_TRUE(data.at("banned").is_null());
  EXPECT_EQ(data.at("profile").at("name"), "Dana");
  EXPECT_TRUE(data.at("profile").at("photos").is_array());
  ASSERT_EQ(data.at("ledger").as_array().size(), 1u);
  EXPECT_EQ(data.at("ledger").at(0).at("reason"), "signup_bonus");
  EXPECT_TRUE(data.at("payments").as_array().empty());
  EXPECT_EQ(
      text_of(admin->request("console/admin/members/get", {{"member_id", 999999}})["error_code"]),
      "not_found");
}

TEST_F(AdminMembers, CreditAdjustmentsGoThroughTheLedgerAndReachTheMember) {
  auto dana = member();
  auto phone = online(dana);
  auto admin = signed_in_console(*server_, admin_);
  auto adjust = [&](int64_t delta, const std::string& reason, const std::string& client_id) {
    return admin->request(
        "console/admin/members/adjust_credits",
        {{"member_id", dana.id}, {"delta", delta}, {"reason", reason}, {"client_id", client_id}});
  };
  auto added = adjust(50, "Goodwill after the outage", "adj-1");
  ASSERT_EQ(added["request_status"], 1) << json::serialize(added);
  EXPECT_EQ(added["data"].at("credits"), 250);
  EXPECT_EQ(added["data"].at("replayed"), 0);
  auto event = phone->wait_event("credits");
  ASSERT_TRUE(event);
  EXPECT_EQ(event->at("data").at("credits"), 250);

  // The same client_id again changes nothing.
  auto again = adjust(50, "Goodwill after the outage", "adj-1");
  EXPECT_EQ(again["data"].at("replayed"), 1);
  EXPECT_EQ(again["data"].at("credits"), 250);
  // Never below zero, and a reason is required.
  auto overdraft = adjust(-251, "Chargeback", "adj-2");
  EXPECT_EQ(text_of(overdraft["error_code"]), "not_enough_credits");
  EXPECT_EQ(overdraft["data"].at("credits"), 250);
  EXPECT_EQ(text_of(adjust(10, "", "adj-3")["error_code"]), "invalid_value");
  EXPECT_EQ(text_of(adjust(10, " \n ", "adj-3")["field"]), "reason");
  EXPECT_EQ(text_of(adjust(10, std::string(201, 'r'), "adj-3")["field"]), "reason");
  EXPECT_EQ(text_of(adjust(0, "nothing", "adj-3")["field"]), "delta");
  EXPECT_EQ(text_of(adjust(10, "why", "bad id!")["field"]), "client_id");
  auto removed = adjust(-250, "Chargeback", "adj-4");
  ASSERT_EQ(removed["request_status"], 1) << json::serialize(removed);
  EXPECT_EQ(removed["data"].at("credits"), 0);
  EXPECT_EQ(credits(dana.id), 0);
  EXPECT_EQ(query_integer(*server_, "SELECT SUM(delta) FROM credit_ledger WHERE user_id = " +
                                        std::to_string(dana.id)),
            0);
  EXPECT_EQ(query_integer(*server_,
                          "SELECT COUNT(*) FROM credit_ledger WHERE reason = 'admin_adjustment'"),
            2);
  EXPECT_EQ(audited(*admin, "adjust_credits", "member", std::to_string(dana.id)), 2u);
  auto entries = admin->request("console/admin/audit/search",
                                {{"staff_id", admin_.id}, {"action", "adjust_credits"}})["data"];
  ASSERT_EQ(entries.as_array().size(), 2u);
  EXPECT_EQ(entries.at(1).at("detail"), "50: Goodwill after the outage");
  EXPECT_EQ(text_of(entries.at(0).at("email")), admin_.email);
}

TEST_F(AdminMembers, ARefundTakesBackOnlyTheUnspentCredits) {
  auto buyer = member();
  auto phone = online(buyer);
  auto order = phone->request(
      "payment/initiate", {{"provider", "sandbox"}, {"package_id", 1}, {"type", "buy-credits"}});
  ASSERT_EQ(order["request_status"], 1) << json::serialize(order);
  std::string order_id(order["data"].at("order_id").as_string());
  HttpOptions form;
  form.origin = server_->origin();
  form.content_type = "application/x-www-form-urlencoded";
  auto paid =
      http_request(server_->port(), "POST", "/payments/sandbox/pay/" + order_id,
                   "number=4242+4242+4242+4242&expiry=12%2F39&cvc=123&name=Dana+Levi", form);
  ASSERT_EQ(paid.status, 303) << paid.body;
  ASSERT_TRUE(phone->wait_event("payment/complete", 10s));
  ASSERT_EQ(credits(buyer.id), 700);  // 200 at sign-up and the package's 500
  // Spend 400 of them: four spins.
  for (int i = 0; i < 4; ++i) {
    auto spin = phone->request("spinofluck/buy_spin", {{"client_id", "spin" + std::to_string(i)}});
    ASSERT_EQ(spin["request_status"], 1) << json::serialize(spin);
  }
  ASSERT_EQ(credits(buyer.id), 300);

  auto admin = signed_in_console(*server_, admin_);
  auto view = admin->request("console/admin/members/get", {{"member_id", buyer.id}});
  ASSERT_EQ(view["data"].at("payments").as_array().size(), 1u);
  EXPECT_EQ(text_of(view["data"].at("payments").at(0).at("order_id")), order_id);
  EXPECT_EQ(view["data"].at("payments").at(0).at("state"), "paid");

  phone->drain_events(0ms);
  auto refund = admin->request("console/admin/members/refund", {{"order_id", order_id}});
  ASSERT_EQ(refund["request_status"], 1) << json::serialize(refund);
  EXPECT_EQ(refund["data"].at("credits_taken"), 300);  // of 500: 200 were spent already
  EXPECT_EQ(refund["data"].at("credits"), 0);
  EXPECT_EQ(credits(buyer.id), 0);
  auto event = phone->wait_event("credits");
  ASSERT_TRUE(event);
  EXPECT_EQ(event->at("data").at("credits"), 0);
  EXPECT_EQ(query_integer(*server_,
                          "SELECT COUNT(*) FROM payment_orders WHERE state = "
                          "'refunded' AND id = '" +
                              order_id + "'"),
            1);
  EXPECT_EQ(query_integer(*server_, "SELECT delta FROM credit_ledger WHERE reason = 'refund'"),
            -300);
  EXPECT_EQ(text_of(admin->request("console/admin/members/refund",
                                   {{"order_id", order_id}})["error_code"]),
            "not_refundable");
  EXPECT_EQ(text_of(admin->request("console/admin/members/refund",
                                   {{"order_id", "o_unknown"}})["error_code"]),
            "not_found");
  EXPECT_EQ(audited(*admin, "refund", "order", order_id), 1u);
}

TEST_F(AdminMembers, ABanSignsTheMemberOutAndKeepsThemOutUntilUnbanned) {
  auto dana = member();
  auto phone = online(dana);
  auto laptop = online(dana);
  auto admin = signed_in_console(*server_, admin_);
  EXPECT_EQ(text_of(admin->request("console/admin/members/ban",
                                   {{"member_id", dana.id}, {"reason", ""}})["field"]),
            "reason");
  auto banned = admin->request("console/admin/members/ban",
                               {{"member_id", dana.id}, {"reason", "Scamming other members"}});
  ASSERT_EQ(banned["request_status"], 1) << json::serialize(banned);
  // Every open socket closes at once, as at a logout.
  EXPECT_EQ(phone->wait_closed(3s), 4001);
  EXPECT_EQ(laptop->wait_closed(3s), 4001);
  // The old cookie opens nothing, the password no longer signs in, and the email cannot sign up.
  auto stale = connect_member(*server_, dana);
  EXPECT_EQ(text_of(stale->request("session/validate")["error_code"]), "invalid_session");
  auto login = member_login(*server_, dana.email, dana.password);
  EXPECT_EQ(login.status, 403) << login.body;
  EXPECT_EQ(text_of(login.json()["error_code"]), "account_banned");
  EXPECT_TRUE(login.session_cookie().empty());
  // A wrong password says nothing about the ban.
  EXPECT_EQ(text_of(member_login(*server_, dana.email, "wrong password").json()["error_code"]),
            "invalid_credentials");
  auto again = http_request(server_->port(), "POST", "/api/auth/register",
                            json::serialize(registration_body(dana.email)));
  EXPECT_EQ(again.status, 403) << again.body;
  EXPECT_EQ(text_of(again.json()["error_code"]), "account_banned");
  // Even once the account no longer holds that address (erased, or changed by hand).
  execute_sql(*server_,
              "UPDATE users SET email = 'moved@example.com' WHERE id = " + std::to_string(dana.id));
  auto moved = http_request(server_->port(), "POST", "/api/auth/register",
                            json::serialize(registration_body(dana.email)));
  EXPECT_EQ(text_of(moved.json()["error_code"]), "account_banned");
  execute_sql(*server_, "UPDATE users SET email = '" + dana.email +
                            "' WHERE id = " + std::to_string(dana.id));

  auto view = admin->request("console/admin/members/get", {{"member_id", dana.id}});
  EXPECT_EQ(view["data"].at("banned").at("reason"), "Scamming other members");
  EXPECT_EQ(text_of(admin->request("console/admin/members/ban",
                                   {{"member_id", dana.id}, {"reason", "twice"}})["field"]),
            "member_id");

  auto lifted = admin->request("console/admin/members/unban",
                               {{"member_id", dana.id}, {"reason", "Appeal accepted"}});
  ASSERT_EQ(lifted["request_status"], 1) << json::serialize(lifted);
  auto back = member_login(*server_, dana.email, dana.password);
  EXPECT_EQ(back.status, 200) << back.body;
  EXPECT_FALSE(back.session_cookie().empty());
  EXPECT_EQ(text_of(admin->request("console/admin/members/unban",
                                   {{"member_id", dana.id}, {"reason", "again"}})["field"]),
            "member_id");
  EXPECT_EQ(audited(*admin, "ban", "member", std::to_string(dana.id)), 1u);
  EXPECT_EQ(audited(*admin, "unban", "member", std::to_string(dana.id)), 1u);
}

TEST_F(AdminMembers, ReportsAreDismissedWarnedOrEndInABan) {
  auto reporter = member("Ruth");
  auto rude = member("Rude");
  auto other = member("Other");
  auto reporter_socket = online(reporter);
  auto rude_socket = online(rude);
  auto sent = rude_socket->request(
      "send_message",
      {{"receiver_id", reporter.id}, {"message_type", "text"}, {"message_text", "You again?"}});
  ASSERT_EQ(sent["request_status"], 1) << json::serialize(sent);
  ASSERT_EQ(reporter_socket->request(
                "user/report", {{"user_id", rude.id}, {"reason", "harassment"}})["request_status"],
            1);
  ASSERT_EQ(reporter_socket->request("user/report",
                                     {{"user_id", other.id}, {"reason", "fake"}})["request_status"],
            1);

  auto admin = signed_in_console(*server_, admin_);
  auto listed = admin->request("console/admin/reports/list");
  ASSERT_EQ(listed["request_status"], 1) << json::serialize(listed);
  auto items = listed["data"].as_array();
  ASSERT_EQ(items.size(), 2u);
  // Open reports, oldest first, with the reported member and the messages between the two.
  const auto& first = items.at(0).as_object();
  int64_t rude_report = first.at("id").as_int64();
  EXPECT_EQ(first.at("reported_id"), rude.id);
  EXPECT_EQ(first.at("reason"), "harassment");
  EXPECT_TRUE(first.at("resolution").is_null());
  EXPECT_EQ(first.at("reported").at("name"), "Rude");
  EXPECT_EQ(text_of(first.at("reported").at("email")), rude.email);
  EXPECT_EQ(first.at("reporter").at("id"), reporter.id);
  ASSERT_EQ(first.at("messages").as_array().size(), 1u);
  EXPECT_EQ(first.at("messages").at(0).at("text"), "You again?");
  int64_t other_report = items.at(1).at("id").as_int64();

  auto resolve = [&](int64_t id, const std::string& action, const std::string& note) {
    return admin->request("console/admin/reports/resolve",
                          {{"report_id", id}, {"action", action}, {"note", note}});
  };
  EXPECT_EQ(text_of(resolve(rude_report, "scold", "x")["field"]), "action");
  EXPECT_EQ(text_of(resolve(rude_report, "warn", "")["field"]), "note");
  // A warning reaches the member's open socket as a notification.
  auto warned = resolve(rude_report, "warn", "Please keep your messages friendly");
  ASSERT_EQ(warned["request_status"], 1) << json::serialize(warned);
  auto notice = rude_socket->wait_event("notification");
  ASSERT_TRUE(notice);
  EXPECT_EQ(notice->at("type"), "warning");
  EXPECT_EQ(notice->at("message"), "Please keep your messages friendly");
  EXPECT_EQ(text_of(resolve(rude_report, "dismiss", "")["field"]), "report_id");
  // A member who is offline sees the warning at their next sign-in, once.
  auto warned_offline = resolve(other_report, "warn", "Use your own photos");
  ASSERT_EQ(warned_offline["request_status"], 1) << json::serialize(warned_offline);
  auto other_socket = connect_member(*server_, other);
  other_socket->request("session/validate");
  auto later = other_socket->wait_event("notification");
  ASSERT_TRUE(later);
  EXPECT_EQ(later->at("message"), "Use your own photos");
  auto second_socket = connect_member(*server_, other);
  second_socket->request("session/validate");
  EXPECT_FALSE(second_socket->wait_event("notification", 500ms));

  // A new report, and a ban from it: the member's socket closes.
  ASSERT_EQ(
      reporter_socket->request(
          "user/report", {{"user_id", rude.id}, {"reason", "harassment again"}})["request_status"],
      1);
  auto open = admin->request("console/admin/reports/list", {{"open_only", 1}})["data"].as_array();
  ASSERT_EQ(open.size(), 1u);
  int64_t third = open.at(0).at("id").as_int64();
  auto banned = resolve(third, "ban", "Harassment after a warning");
  ASSERT_EQ(banned["request_status"], 1) << json::serialize(banned);
  EXPECT_EQ(rude_socket->wait_closed(3s), 4001);
  EXPECT_EQ(member_login(*server_, rude.email, rude.password).status, 403);
  auto all = admin->request("console/admin/reports/list")["data"].as_array();
  ASSERT_EQ(all.size(), 3u);
  for (const auto& item : all) EXPECT_FALSE(item.at("resolution").is_null());
  EXPECT_TRUE(
      admin->request("console/admin/reports/list", {{"open_only", 1}})["data"].as_array().empty());
  EXPECT_EQ(audited(*admin, "report_warn", "report", std::to_string(rude_report)), 1u);
  EXPECT_EQ(audited(*admin, "report_warn", "report", std::to_string(other_report)), 1u);
  EXPECT_EQ(audited(*admin, "report_ban", "report", std::to_string(third)), 1u);
  EXPECT_EQ(audited(*admin, "ban", "member", std::to_string(rude.id)), 1u);
}

TEST_F(AdminMembers, AdminsAddDisableAndResetStaff) {
  auto admin = signed_in_console(*server_, admin_);
  auto weak =
      admin->request("console/admin/staff/add",
                     {{"email", "new@kesher.test"}, {"role", "operator"}, {"password", "short"}});
  EXPECT_EQ(text_of(weak["field"]), "password");
  auto added = admin->request(
      "console/admin/staff/add",
      {{"email", "New@Kesher.test"}, {"role", "operator"}, {"password", "a long enough secret"}});
  ASSERT_EQ(added["request_status"], 1) << json::serialize(added);
  Staff newcomer{added["data"].at("staff").at("id").as_int64(),
                 "new@kesher.test",
                 "a long enough secret",
                 {},
                 {}};
  EXPECT_FALSE(added["data"].as_object().contains("totp_secret"));
  EXPECT_EQ(text_of(admin->request("console/admin/staff/add",
                                   {{"email", "new@kesher.test"},
                                    {"role", "operator"},
                                    {"password", "another secret!"}})["error_code"]),
            "email_taken");
  auto second_admin = admin->request(
      "console/admin/staff/add",
      {{"email", "boss@kesher.test"}, {"role", "admin"}, {"password", "a long enough secret"}});
  ASSERT_EQ(second_admin["request_status"], 1) << json::serialize(second_admin);
  Staff boss{second_admin["data"].at("staff").at("id").as_int64(),
             "boss@kesher.test",
             "a long enough secret",
             text_of(second_admin["data"].at("totp_secret")),
             {}};
  EXPECT_NE(text_of(second_admin["data"].at("otpauth_uri")).find("otpauth://totp/"),
            std::string::npos);
  auto boss_socket = signed_in_console(*server_, boss);

  auto newcomer_socket = signed_in_console(*server_, newcomer);
  // A reply on the socket: it is surely attached when the list is read.
  ASSERT_EQ(newcomer_socket->request("console/me")["request_status"], 1);
  auto listed = admin->request("console/admin/staff/list")["data"].as_array();
  ASSERT_EQ(listed.size(), 4u);
  auto entry = std::find_if(listed.begin(), listed.end(), [&](const json::value& s) {
    return s.at("id").as_int64() == newcomer.id;
  });
  ASSERT_NE(entry, listed.end());
  EXPECT_EQ(entry->at("online"), 1);
  EXPECT_EQ(entry->at("disabled"), 0);
  EXPECT_TRUE(entry->at("locks").as_array().empty());

  // Disabling closes their console at once and refuses their next login.
  EXPECT_EQ(
      text_of(admin->request("console/admin/staff/disable", {{"staff_id", admin_.id}})["field"]),
      "staff_id");
  ASSERT_EQ(
      admin->request("console/admin/staff/disable", {{"staff_id", newcomer.id}})["request_status"],
      1);
  EXPECT_EQ(newcomer_socket->wait_closed(3s), 4001);
  EXPECT_EQ(text_of(console_login_as(*server_, newcomer).json()["error_code"]),
            "invalid_credentials");
  ASSERT_EQ(
      admin->request("console/admin/staff/enable", {{"staff_id", newcomer.id}})["request_status"],
      1);
  EXPECT_EQ(console_login_as(*server_, newcomer).status, 200);

  // A reset: a new password, and for an admin a new TOTP secret; their consoles close.
  auto reset = admin->request("console/admin/staff/reset",
                              {{"staff_id", boss.id}, {"password", "a brand new secret"}});
  ASSERT_EQ(reset["request_status"], 1) << json::serialize(reset);
  EXPECT_EQ(boss_socket->wait_closed(3s), 4001);
  std::string new_secret = text_of(reset["data"].at("totp_secret"));
  EXPECT_FALSE(new_secret.empty());
  EXPECT_NE(new_secret, boss.secret);
  EXPECT_EQ(console_login_as(*server_, boss).status, 401);  // the old password
  boss.password = "a brand new secret";
  boss.secret = new_secret;
  EXPECT_EQ(console_login_as(*server_, boss).status, 200);

  for (const auto& [action, id] :
       std::vector<std::pair<std::string, int64_t>>{{"staff_add", newcomer.id},
                                                    {"staff_add", boss.id},
                                                    {"staff_disable", newcomer.id},
                                                    {"staff_enable", newcomer.id},
                                                    {"staff_reset", boss.id}}) {
    EXPECT_EQ(audited(*admin, action, "staff", std::to_string(id)), 1u) << action;
  }
  // The search filters by staff member and is paged, newest first.
  auto page = admin
                  ->request("console/admin/audit/search",
                            {{"staff_id", admin_.id}, {"recordsToTake", 2}})["data"]
                  .as_array();
  ASSERT_EQ(page.size(), 2u);
  EXPECT_EQ(page.at(0).at("action"), "staff_reset");
  auto older = admin
                   ->request("console/admin/audit/search", {{"staff_id", admin_.id},
                                                            {"before_id", page.at(1).at("id")},
                                                            {"recordsToTake", 200}})["data"]
                   .as_array();
  for (const auto& e : older) EXPECT_LT(e.at("id").as_int64(), page.at(1).at("id").as_int64());
  EXPECT_EQ(text_of(admin->request("console/admin/audit/search",
                                   {{"action", std::string(65, 'a')}})["field"]),
            "action");
}

}  // namespace
}  // namespace kesher::test
