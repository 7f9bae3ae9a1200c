// The admin side of the staff console against the real binary (docs/protocol.md "Admin: dashboard
// and configuration"): operators are refused; the dashboard's figures are the database's (a
// payment through the sandbox, seeded orders, messages, members and console answers); a
// configuration change is checked, audited, reaches a member's open socket and prices the next
// send and order.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <thread>

#include "console_support.hpp"
#include "domain/console.hpp"
#include "harness.hpp"

namespace kesher::test {
namespace {

using namespace std::chrono_literals;

constexpr const char* kWebhookSecret = "admin-config-webhook-secret";
constexpr int64_t kDay = 24 * 3600;

std::vector<int64_t> integers_of(const json::value& value) {
  std::vector<int64_t> list;
  for (const auto& item : value.as_array()) list.push_back(item.as_int64());
  return list;
}

class AdminConsole : public StaffTest {
 protected:
  void SetUp() override {
    start_server({"--payment-webhook-secret", kWebhookSecret});
    persona_ = add_persona(*server_, "noa-admin");
  }

  // A member pays for a credits package through the sandbox checkout, as a browser would.
  void buy_credits(WsClient& socket, int64_t package_id) {
    auto reply = socket.request(
        "payment/initiate",
        {{"provider", "sandbox"}, {"package_id", package_id}, {"type", "buy-credits"}});
    ASSERT_EQ(reply["request_status"], 1) << json::serialize(reply);
    std::string order_id(reply["data"].at("order_id").as_string());
    auto paid = http_request(
        server_->port(), "POST", "/payments/sandbox/pay/" + order_id,
        "number=4242+4242+4242+4242&expiry=12%2F39&cvc=123&name=Dana+Levi",
        {.origin = server_->origin(), .content_type = "application/x-www-form-urlencoded"});
    ASSERT_EQ(paid.status, 303) << paid.body;
    ASSERT_TRUE(socket.wait_event("payment/complete", 10s));
  }

  int64_t persona_ = 0;
};

TEST_F(AdminConsole, DashboardIsForAdminsAndCountsWhatTheDatabaseHolds) {
  int64_t now = now_seconds();
  int64_t today = now - now % kDay;
  std::string first_day = domain::console::utc_day(today - 3 * kDay),
              last_day = domain::console::utc_day(today);
  json::object range{{"from", first_day}, {"to", last_day}};

  auto operator_socket = signed_in_console(*server_, operator_);
  ASSERT_TRUE(operator_socket);
  EXPECT_EQ(text_of(operator_socket->request("console/admin/dashboard", range).at("error_code")),
            "forbidden");
  auto admin = signed_in_console(*server_, admin_);
  ASSERT_TRUE(admin);

  // Today: two members register; one buys package 2 in shekels and writes to the persona.
  auto dana = register_member(*server_, "dana@example.com", {{"language", "he"}, {"name", "דנה"}});
  register_member(*server_, "avi@example.com", {{"language", "he"}, {"name", "דנה"}});
  auto socket = connect_member(*server_, dana);
  socket->request("session/validate");
  buy_credits(*socket, 2);
  auto sent = socket->request(
      "send_message",
      {{"receiver_id", persona_}, {"message_type", "text"}, {"message_text", "Shalom Noa"}});
  ASSERT_EQ(sent["request_status"], 1) << json::serialize(sent);

  // Earlier days, written as the product would have written them. Three days ago: a member and a
  // persona were created (only the member counts), two package 1 orders were paid in shekels and
  // one in dollars; a refunded, a failed and an unpaid order are no revenue.
  std::string d3 = std::to_string(today - 3 * kDay + 3600);
  std::string d1 = std::to_string(today - kDay + 7200);
  execute_sql(*server_,
              "INSERT INTO users (kind, name, gender, birth_date, place_id, created_at, language) "
              "VALUES ('member', 'Old', 1, '1990-01-01', 293397, " +
                  d3 + ", 'he'), ('persona', 'Maya', 2, '1995-01-01', 293397, " + d3 + ", 'he')");
  std::string order_columns =
      "INSERT INTO payment_orders (id, user_id, provider, kind, package_id, credits, "
      "amount_minor, currency, state, created_at, updated_at) VALUES ";
  auto order = [&](const std::string& id, const std::string& kind, int64_t package, int64_t amount,
                   const std::string& currency, const std::string& state) {
    return "('" + id + "', " + std::to_string(dana.id) + ", 'sandbox', '" + kind + "', " +
           std::to_string(package) + ", 500, " + std::to_string(amount) + ", '" + currency +
           "', '" + state + "', " + d3 + ", " + d3 + ")";
  };
  execute_sql(*server_, order_columns + order("o_a", "credits", 1, 2900, "ILS", "paid") + ", " +
                            order("o_b", "credits", 1, 2900, "ILS", "paid") + ", " +
                            order("o_c", "credits", 1, 900, "USD", "paid") + ", " +
                            order("o_d", "premium", 2, 15900, "ILS", "refunded") + ", " +
                            order("o_e", "credits", 1, 2900, "ILS", "failed") + ", " +
                            order("o_f", "credits", 1, 2900, "ILS", "created"));
  // Yesterday: three messages from Dana to Noa, two answers, and five first answers whose waits
  // have a median of 30 s and a 90th percentile of 100 s (nearest rank).
  std::string pair = std::to_string(std::min(dana.id, persona_)) + ", " +
                     std::to_string(std::max(dana.id, persona_));
  std::string from_dana = "(" + std::to_string(dana.id) + ", " + std::to_string(persona_) + ", " +
                          pair + ", 'text', 'hi', 50, " + d1 + ")";
  std::string from_noa = "(" + std::to_string(persona_) + ", " + std::to_string(dana.id) + ", " +
                         pair + ", 'text', 'hey', 0, " + d1 + ")";
  execute_sql(*server_,
              "INSERT INTO messages (sender_id, receiver_id, low_id, high_id, type, body, price, "
              "created_at) VALUES " +
                  from_dana + ", " + from_dana + ", " + from_dana + ", " + from_noa + ", " +
                  from_noa);
  std::string answer_prefix = "(" + std::to_string(operator_.id) + ", " + std::to_string(persona_) +
                              ", " + std::to_string(dana.id) + ", ";
  std::string answers;
  for (int wait : {40, 10, 100, 30, 20}) {
    if (!answers.empty()) answers += ", ";
    answers += answer_prefix + std::to_string(wait) + ", " + d1 + ")";
  }
  execute_sql(*server_,
              "INSERT INTO console_answers (staff_id, persona_id, member_id, waited_seconds, "
              "answered_at) VALUES " +
                  answers);
  // Outside the range: nothing of this counts.
  execute_sql(*server_, order_columns + "('o_old', " + std::to_string(dana.id) +
                            ", 'sandbox', 'credits', 1, 500, 2900, 'ILS', 'paid', " +
                            std::to_string(today - 10 * kDay) + ", " +
                            std::to_string(today - 10 * kDay) + ")");

  auto reply = admin->request("console/admin/dashboard", range);
  ASSERT_EQ(reply["request_status"], 1) << json::serialize(reply);
  const auto& data = reply["data"].as_object();
  ASSERT_EQ(data.at("days").as_array().size(), 4u);
  EXPECT_EQ(text_of(data.at("days").at(0)), first_day);
  EXPECT_EQ(text_of(data.at("days").at(3)), last_day);
  EXPECT_EQ(integers_of(data.at("new_members")), (std::vector<int64_t>{1, 0, 0, 2}));
  EXPECT_EQ(integers_of(data.at("messages").at("from_members")),
            (std::vector<int64_t>{0, 0, 3, 1}));
  EXPECT_EQ(integers_of(data.at("messages").at("from_personas")),
            (std::vector<int64_t>{0, 0, 2, 0}));
  const auto& times = data.at("response_times");
  EXPECT_EQ(integers_of(times.at("answered")), (std::vector<int64_t>{0, 0, 5, 0}));
  EXPECT_EQ(integers_of(times.at("median_seconds")), (std::vector<int64_t>{0, 0, 30, 0}));
  EXPECT_EQ(integers_of(times.at("p90_seconds")), (std::vector<int64_t>{0, 0, 100, 0}));
  EXPECT_EQ(times.at("overall").at("answered"), 5);
  EXPECT_EQ(times.at("overall").at("median_seconds"), 30);

  // Revenue: one series per currency, kind and package, in minor units.
  std::map<std::string, std::vector<int64_t>> revenue;
  std::map<std::string, int64_t> orders;
  for (const auto& series : data.at("revenue").as_array()) {
    std::string key = text_of(series.at("currency")) + "/" + text_of(series.at("kind")) + "/" +
                      std::to_string(series.at("package_id").as_int64());
    revenue[key] = integers_of(series.at("amounts_minor"));
    orders[key] = series.at("orders").as_int64();
  }
  int64_t package_2_ils = query_integer(
      *server_, "SELECT amount_minor FROM payment_orders WHERE package_id = 2 AND state = 'paid'");
  EXPECT_GT(package_2_ils, 0);
  EXPECT_EQ(revenue.size(), 3u);
  EXPECT_EQ(revenue["ILS/credits/1"], (std::vector<int64_t>{5800, 0, 0, 0}));
  EXPECT_EQ(orders["ILS/credits/1"], 2);
  EXPECT_EQ(revenue["USD/credits/1"], (std::vector<int64_t>{900, 0, 0, 0}));
  EXPECT_EQ(revenue["ILS/credits/2"], (std::vector<int64_t>{0, 0, 0, package_2_ils}));

  // Ranges the dashboard refuses, each with the field at fault.
  auto refused = [&](const json::object& payload) {
    auto answer = admin->request("console/admin/dashboard", payload);
    return text_of(answer.at("error_code")) + ":" + text_of(answer.at("field"));
  };
  EXPECT_EQ(refused({{"to", last_day}}), "missing_field:from");
  EXPECT_EQ(refused({{"from", "2026-02-30"}, {"to", last_day}}), "invalid_value:from");
  EXPECT_EQ(refused({{"from", last_day}, {"to", first_day}}), "invalid_value:to");
  EXPECT_EQ(refused({{"from", "2025-01-01"}, {"to", "2026-01-02"}}), "invalid_value:to");
  EXPECT_EQ(refused({{"from", 20260101}, {"to", last_day}}), "invalid_field:from");
}

TEST_F(AdminConsole, ConfigChangesAreCheckedAuditedAndReachOpenSockets) {
  auto operator_socket = signed_in_console(*server_, operator_);
  ASSERT_TRUE(operator_socket);
  for (const char* module : {"console/admin/config/get", "console/admin/config/credit_packages",
                             "console/admin/config/premium_packages", "console/admin/config/prices",
                             "console/admin/config/wheel", "console/admin/config/like_limit"}) {
    EXPECT_EQ(
        text_of(operator_socket->request(module, {{"packages", json::array{}}}).at("error_code")),
        "forbidden")
        << module;
  }
  auto admin = signed_in_console(*server_, admin_);
  ASSERT_TRUE(admin);
  auto config = admin->request("console/admin/config/get");
  ASSERT_EQ(config["request_status"], 1) << json::serialize(config);
  json::array packages = config["data"].at("credit_packages").as_array();
  ASSERT_EQ(packages.size(), 4u);
  EXPECT_EQ(packages.at(1).at("id"), 2);
  EXPECT_EQ(packages.at(1).at("price_ils_minor"), 7900);

  // A member with the credits modal open: a Hebrew speaker, priced in shekels.
  auto dana = register_member(*server_, "dana@example.com", {{"language", "he"}, {"name", "דנה"}});
  grant_credits(*server_, dana, 1000);
  auto socket = connect_member(*server_, dana);
  socket->request("session/validate");
  socket->drain_events(200ms);

  // Refused, each with its code and field, and nothing changes.
  auto refused = [&](const std::string& module, const json::object& payload) {
    auto answer = admin->request(module, payload);
    return text_of(answer.at("error_code")) + ":" + text_of(answer.at("field"));
  };
  auto with_package = [&](size_t index, const std::string& key, json::value value) {
    json::array changed = packages;
    changed.at(index).as_object()[key] = value;
    return json::object{{"packages", changed}};
  };
  const std::string save_packages = "console/admin/config/credit_packages";
  EXPECT_EQ(refused(save_packages, with_package(1, "price_ils_minor", 0)),
            "invalid_price:packages[1].price_ils_minor");
  EXPECT_EQ(refused(save_packages, with_package(2, "id", 1)), "duplicate_id:packages[2].id");
  EXPECT_EQ(refused(save_packages, with_package(0, "discount_percent", 150)),
            "invalid_value:packages[0].discount_percent");
  EXPECT_EQ(refused(save_packages, with_package(0, "credits", "many")),
            "invalid_field:packages[0].credits");
  EXPECT_EQ(refused(save_packages, {{"packages", json::array{}}}), "invalid_value:packages");
  EXPECT_EQ(refused(save_packages, {}), "missing_field:packages");
  EXPECT_EQ(refused("console/admin/config/prices",
                    {{"prices", json::array{json::object{{"feature", "text"}, {"credits", 0}}}}}),
            "invalid_price:prices[0].credits");
  EXPECT_EQ(refused("console/admin/config/prices",
                    {{"prices", json::array{json::object{{"feature", "hug"}, {"credits", 5}}}}}),
            "invalid_value:prices[0].feature");
  EXPECT_EQ(query_integer(*server_, "SELECT price_ils_minor FROM credit_packages WHERE id = 2"),
            7900);
  EXPECT_EQ(query_integer(*server_, "SELECT credits FROM feature_prices WHERE feature = 'text'"),
            50);
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM audit_log WHERE action LIKE 'config%'"),
            0);

  // Package 2 becomes cheaper: the member's open socket hears it at once, in shekels.
  auto saved = admin->request(save_packages, with_package(1, "price_ils_minor", 6900));
  ASSERT_EQ(saved["request_status"], 1) << json::serialize(saved);
  EXPECT_EQ(saved["data"].at("credit_packages").at(1).at("price_ils_minor"), 6900);
  auto discount = socket->wait_event("update_credit_discount", 5s);
  ASSERT_TRUE(discount);
  EXPECT_EQ(discount->at("data").at("credits_packages").at(1).at("price"), 69);
  EXPECT_EQ(discount->at("data").at("credits_packages").at(1).at("currency"), "ILS");
  auto pushed = socket->wait_event("configs", 5s);
  ASSERT_TRUE(pushed);
  EXPECT_EQ(pushed->at("data").at("credits").at(1).at("price"), 69);
  // An order made now is priced from the new row.
  auto order = socket->request(
      "payment/initiate", {{"provider", "sandbox"}, {"package_id", 2}, {"type", "buy-credits"}});
  ASSERT_EQ(order["request_status"], 1) << json::serialize(order);
  EXPECT_EQ(order["data"].at("amount"), 69);

  // A text message costs 60 credits from now on: pushed, and charged at the next send.
  auto prices =
      admin->request("console/admin/config/prices",
                     {{"prices", json::array{json::object{{"feature", "text"}, {"credits", 60}}}}});
  ASSERT_EQ(prices["request_status"], 1) << json::serialize(prices);
  auto repriced = socket->wait_event("configs", 5s);
  ASSERT_TRUE(repriced);
  bool pushed_text_price = false;
  for (const auto& price : repriced->at("data").at("prices").as_array()) {
    if (price.at("feature") == "text") pushed_text_price = price.at("price") == 60;
  }
  EXPECT_TRUE(pushed_text_price) << json::serialize(*repriced);
  int64_t before =
      query_integer(*server_, "SELECT credits FROM users WHERE id = " + std::to_string(dana.id));
  auto sent = socket->request(
      "send_message",
      {{"receiver_id", persona_}, {"message_type", "text"}, {"message_text", "Shalom Noa"}});
  ASSERT_EQ(sent["request_status"], 1) << json::serialize(sent);
  EXPECT_EQ(
      query_integer(*server_, "SELECT credits FROM users WHERE id = " + std::to_string(dana.id)),
      before - 60);

  // Every change is in the audit log with the admin, and the old and new values.
  auto audit = query_rows(*server_,
                          "SELECT s.email, a.action, a.detail FROM audit_log a JOIN staff s ON "
                          "s.id = a.staff_id WHERE a.action LIKE 'config%' ORDER BY a.id");
  ASSERT_EQ(audit.size(), 2u) << json::serialize(audit);
  EXPECT_EQ(text_of(audit.at(0).at(0)), admin_.email);
  EXPECT_EQ(text_of(audit.at(0).at(1)), "config_credit_packages");
  EXPECT_EQ(text_of(audit.at(0).at(2)), "package 2: price_ils_minor 7900 → 6900");
  EXPECT_EQ(text_of(audit.at(1).at(1)), "config_prices");
  EXPECT_EQ(text_of(audit.at(1).at(2)), "text 50 → 60");

  // The wheel: the house never promises more than a spin costs, whether the prizes grow or the
  // spin gets cheaper; an honest change reaches open wheels with its odds.
  json::array wheel = prices["data"].at("wheel").as_array();
  ASSERT_EQ(wheel.size(), 10u);
  auto with_prize = [&](size_t index, const std::string& key, json::value value) {
    json::array changed = wheel;
    changed.at(index).as_object()[key] = value;
    return json::object{{"prizes", changed}};
  };
  const std::string save_wheel = "console/admin/config/wheel";
  EXPECT_EQ(refused(save_wheel, with_prize(0, "amount", 500)), "wheel_pays_too_much:prizes");
  EXPECT_EQ(refused(save_wheel, with_prize(3, "amount", 0)), "invalid_value:prizes[3].amount");
  EXPECT_EQ(refused(save_wheel, with_prize(2, "kind", "jackpot")), "invalid_value:prizes[2].kind");
  EXPECT_EQ(refused("console/admin/config/prices",
                    {{"prices", json::array{json::object{{"feature", "spin"}, {"credits", 90}}}}}),
            "wheel_pays_too_much:prices[0].credits");
  socket->drain_events(100ms);
  auto honest = admin->request(save_wheel, with_prize(9, "weight", 0));
  ASSERT_EQ(honest["request_status"], 1) << json::serialize(honest);
  EXPECT_LT(honest["data"].at("wheel_expected_credits").as_double(), 100.0);
  auto odds = socket->wait_event("spinofluck/prizes", 5s);
  ASSERT_TRUE(odds);
  EXPECT_EQ(odds->at("data").at(9).at("weight"), 0);
  EXPECT_EQ(query_integer(*server_, "SELECT weight FROM wheel_prizes WHERE position = 10"), 0);
  auto wheel_audit = query_rows(
      *server_, "SELECT detail FROM audit_log WHERE action = 'config_wheel' ORDER BY id");
  ASSERT_EQ(wheel_audit.size(), 1u);
  EXPECT_NE(text_of(wheel_audit.at(0).at(0))
                .find("segment 10: coins 10000 weight 1 → coins 10000 weight 0"),
            std::string::npos)
      << wheel_audit;

  // Premium: one recommended package at most; a new total reaches the open socket's configs.
  json::array premium = honest["data"].at("premium_packages").as_array();
  ASSERT_EQ(premium.size(), 3u);
  json::array two_recommended = premium;
  two_recommended.at(0).as_object()["recommended"] = 1;
  EXPECT_EQ(refused("console/admin/config/premium_packages", {{"packages", two_recommended}}),
            "invalid_value:packages[1].recommended");
  json::array cheaper = premium;
  cheaper.at(2).as_object()["total_usd_minor"] = 5900;
  socket->drain_events(100ms);
  auto saved_premium =
      admin->request("console/admin/config/premium_packages", {{"packages", cheaper}});
  ASSERT_EQ(saved_premium["request_status"], 1) << json::serialize(saved_premium);
  ASSERT_TRUE(socket->wait_event("configs", 5s));

  // The like limit: refused out of range; at 1, a member's second like of the day is refused
  // and the reply names the limit in force.
  EXPECT_EQ(refused("console/admin/config/like_limit", {{"daily_like_limit", 0}}),
            "invalid_value:daily_like_limit");
  auto limited = admin->request("console/admin/config/like_limit", {{"daily_like_limit", 1}});
  ASSERT_EQ(limited["request_status"], 1) << json::serialize(limited);
  EXPECT_EQ(limited["data"].at("daily_like_limit"), 1);
  execute_sql(*server_,
              "INSERT INTO users (kind, name, gender, birth_date, place_id, created_at, "
              "persona_key, language, bio) VALUES ('persona', 'Maya', 2, '1995-01-01', 293397, "
              "0, 'maya-admin', 'he', 'Reads a lot')");
  int64_t maya = query_integer(*server_, "SELECT id FROM users WHERE persona_key = 'maya-admin'");
  auto first_like = socket->request("swipe", {{"swiped_user_id", persona_}, {"like", 1}});
  EXPECT_EQ(first_like["request_status"], 1) << json::serialize(first_like);
  auto second_like = socket->request("swipe", {{"swiped_user_id", maya}, {"like", 1}});
  EXPECT_EQ(text_of(second_like["error_code"]), "like_limit_reached");
  EXPECT_EQ(second_like["request_details"].at("limit"), 1);

  // Gifts: the app's own icons, a name in each language (cleaned like any text members read),
  // and none removed, since messages refer to them.
  json::array gifts = limited["data"].at("gifts").as_array();
  ASSERT_EQ(gifts.size(), 20u);
  auto with_gift = [&](const std::string& key, json::value value) {
    json::array changed = gifts;
    changed.at(0).as_object()[key] = value;
    return json::object{{"gifts", changed}};
  };
  const std::string save_gifts = "console/admin/config/gifts";
  EXPECT_EQ(refused(save_gifts, with_gift("icon", "https://evil.example/rose.svg")),
            "invalid_value:gifts[0].icon");
  EXPECT_EQ(refused(save_gifts, with_gift("price", 10)), "invalid_price:gifts[0].price");
  EXPECT_EQ(refused(save_gifts, with_gift("name_de", "  ")), "invalid_value:gifts[0].name_de");
  json::array fewer = gifts;
  fewer.pop_back();
  EXPECT_EQ(refused(save_gifts, {{"gifts", fewer}}), "invalid_value:gifts");
  json::array renamed = gifts;
  renamed.at(0).as_object()["name_de"] = "<b>Rote Rose</b>";
  renamed.at(0).as_object()["price"] = 80;
  auto saved_gifts = admin->request(save_gifts, {{"gifts", renamed}});
  ASSERT_EQ(saved_gifts["request_status"], 1) << json::serialize(saved_gifts);
  EXPECT_EQ(saved_gifts["data"].at("gifts").at(0).at("name_de"), "Rote Rose");
  EXPECT_EQ(query_integer(*server_, "SELECT price FROM gifts WHERE id = 1"), 80);

  // Canned replies pass the honesty rules when they are written, not only when they are sent.
  EXPECT_EQ(text_of(operator_socket
                        ->request("console/admin/canned/save",
                                  {{"language", "en"}, {"title", "Hi"}, {"text", "Hello"}})
                        .at("error_code")),
            "forbidden");
  auto contact = admin->request(
      "console/admin/canned/save",
      {{"language", "en"}, {"title", "Call me"}, {"text", "Call me on 054-123-4567 tonight"}});
  EXPECT_EQ(text_of(contact["error_code"]), "contact_phone");
  EXPECT_EQ(refused("console/admin/canned/save",
                    {{"language", "fr"}, {"title", "Salut"}, {"text", "Bonjour"}}),
            "invalid_value:language");
  auto canned =
      admin->request("console/admin/canned/save",
                     {{"language", "en"}, {"title", "Weekend"}, {"text", "How was your weekend?"}});
  ASSERT_EQ(canned["request_status"], 1) << json::serialize(canned);
  int64_t canned_id = canned["data"].at("id").as_int64();
  auto listed = operator_socket->request("console/canned", {{"language", "en"}});
  EXPECT_NE(json::serialize(listed).find("How was your weekend?"), std::string::npos);
  EXPECT_EQ(admin->request("console/admin/canned/delete", {{"id", canned_id}})["request_status"],
            1);
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM canned_replies WHERE id = " +
                                        std::to_string(canned_id)),
            0);
  EXPECT_EQ(query_integer(*server_,
                          "SELECT COUNT(*) FROM audit_log WHERE action IN ('canned_add', "
                          "'canned_delete') AND object_id = '" +
                              std::to_string(canned_id) + "'"),
            2);

  auto actions = query_rows(*server_,
                            "SELECT action, detail FROM audit_log WHERE action LIKE 'config%' "
                            "ORDER BY id");
  ASSERT_EQ(actions.size(), 6u) << json::serialize(actions);
  EXPECT_EQ(text_of(actions.at(3).at(0)), "config_premium_packages");
  EXPECT_EQ(text_of(actions.at(3).at(1)), "premium 3: total_usd_minor 6900 → 5900");
  EXPECT_EQ(text_of(actions.at(4).at(0)), "config_like_limit");
  EXPECT_EQ(text_of(actions.at(4).at(1)), "daily_like_limit 50 → 1");
  EXPECT_EQ(text_of(actions.at(5).at(1)), "gift 1: name_de Rose → Rote Rose, price 60 → 80");
}

}  // namespace
}  // namespace kesher::test
