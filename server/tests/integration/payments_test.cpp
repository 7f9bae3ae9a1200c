// Payments against the real binary: payment/initiate, the sandbox checkout posted like a browser,
// the sandbox's webhook arriving over loopback, forged, stale and mismatched webhooks, repeats
// and concurrent repeats, premium months and their expiry on a moved clock (docs/protocol.md,
// "Payments"; docs/decisions/0009-payments.md).
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <thread>

#include "consistency.hpp"
#include "domain/webhook_signature.hpp"
#include "harness.hpp"

using namespace kesher::test;

namespace {

constexpr const char* kSecret = "integration-webhook-secret";
int counter = 0;

int64_t wall_clock() {
  return static_cast<int64_t>(std::time(nullptr));
}

class Payments : public ::testing::Test {
 protected:
  void SetUp() override {
    clock_file_ = std::filesystem::temp_directory_path() /
                  ("kesher-clock-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
    set_clock_offset(0);
    server_ = std::make_unique<ServerProcess>(
        std::vector<std::string>{"--payment-webhook-secret", kSecret, "--clock-offset-file",
                                 clock_file_.string(), "--session-ttl", "31536000"});
  }
  void TearDown() override {
    EXPECT_EQ(consistency_problems(*server_), std::vector<std::string>{});
    server_.reset();
    std::filesystem::remove(clock_file_);
  }

  void set_clock_offset(int64_t seconds) {
    offset_ = seconds;
    std::ofstream(clock_file_) << seconds;
  }
  int64_t server_now() const { return wall_clock() + offset_; }

  Member member(const std::string& language = "en") {
    json::object overrides{{"language", language}};
    if (language == "he") overrides["name"] = "דנה";
    return register_member(*server_, "buyer" + std::to_string(++counter) + "@example.com",
                           overrides);
  }

  // A socket that has validated, as the client does first: replies are in the member's language.
  std::unique_ptr<WsClient> connect(const Member& m) {
    auto socket = connect_member(*server_, m);
    socket->request("session/validate");
    return socket;
  }

  json::object initiate(WsClient& socket, int64_t package_id, const std::string& type) {
    return socket.request("payment/initiate",
                          {{"provider", "sandbox"}, {"package_id", package_id}, {"type", type}});
  }

  HttpResult pay(const std::string& order_id, const std::string& card) {
    HttpOptions options;
    options.origin = server_->origin();
    options.content_type = "application/x-www-form-urlencoded";
    std::string number = card;
    std::replace(number.begin(), number.end(), ' ', '+');
    return http_request(server_->port(), "POST", "/payments/sandbox/pay/" + order_id,
                        "number=" + number + "&expiry=12%2F39&cvc=123&name=Dana+Levi", options);
  }

  // A webhook as the provider would send it, signed at `signed_at` (default: the server's now).
  HttpResult webhook(const json::object& event, std::optional<int64_t> signed_at = std::nullopt,
                     const std::string& secret = kSecret) {
    std::string body = json::serialize(event);
    std::string signature =
        kesher::domain::sign_webhook(secret, signed_at.value_or(server_now()), body);
    return raw_webhook(body, signature);
  }
  HttpResult raw_webhook(const std::string& body, const std::string& signature) {
    HttpOptions options;
    options.headers = {{"Kesher-Signature", signature}};
    return http_request(server_->port(), "POST", "/api/payments/webhook/sandbox", body, options);
  }

  json::object event_for(const json::object& order, const std::string& event_id,
                         std::string type = "payment.succeeded") {
    std::string id(order.at("order_id").as_string());
    return json::object{{"id", event_id},
                        {"type", type},
                        {"order_id", id},
                        {"amount", query_integer(*server_,
                                                 "SELECT amount_minor FROM "
                                                 "payment_orders WHERE id = '" +
                                                     id + "'")},
                        {"currency", order.at("currency")},
                        {"created", server_now()}};
  }

  int64_t credits(const Member& m) {
    return query_integer(*server_, "SELECT credits FROM users WHERE id = " + std::to_string(m.id));
  }
  std::string state_of(const std::string& order_id) {
    auto rows =
        query_rows(*server_, "SELECT state FROM payment_orders WHERE id = '" + order_id + "'");
    return rows.empty() ? "" : std::string(rows.at(0).as_array().at(0).as_string());
  }

  std::filesystem::path clock_file_;
  int64_t offset_ = 0;
  std::unique_ptr<ServerProcess> server_;
};

TEST_F(Payments, CataloguePricesComeInTheCallersCurrency) {
  auto he = member("he");
  auto en = member("en");
  auto he_socket = connect(he);
  auto en_socket = connect(en);
  auto he_credits = he_socket->request(
      "configs", {{"keys", json::array{"credits", "premium", "prices"}}})["data"];
  auto five_thousand = he_credits.at("credits").as_array().at(2).as_object();
  EXPECT_EQ(five_thousand.at("credits"), 5000);
  EXPECT_EQ(five_thousand.at("price"), 229);
  EXPECT_EQ(five_thousand.at("currency"), "ILS");
  EXPECT_EQ(five_thousand.at("bonus"), 1000);
  EXPECT_EQ(five_thousand.at("free_spins"), 1);
  auto premium = he_credits.at("premium").as_array().at(1).as_object();
  EXPECT_EQ(premium.at("total"), 159);
  EXPECT_EQ(premium.at("price"), 53);
  EXPECT_EQ(premium.at("recommended"), 1);
  auto en_credits = en_socket->request("configs", {{"keys", json::array{"credits"}}})["data"];
  EXPECT_EQ(en_credits.at("credits").as_array().at(2).at("price"), 69);
  EXPECT_EQ(en_credits.at("credits").as_array().at(2).at("currency"), "USD");
  auto promo = en_socket->request("credits_promo");
  EXPECT_EQ(promo["data"].at("active"), 1);
  EXPECT_EQ(promo["data"].at("discount"), 25);

  // A promotion's end passing reaches every member's socket, in their currency.
  execute_sql(*server_, "UPDATE credit_packages SET promo_ends = " +
                            std::to_string(server_now() + 2) + " WHERE id = 4");
  auto update = he_socket->wait_event("update_credit_discount", 6s);
  ASSERT_TRUE(update);
  auto packages = update->at("data").at("credits_packages").as_array();
  EXPECT_EQ(packages.at(3).at("promo_active"), 0);
  EXPECT_EQ(packages.at(3).at("bonus"), 0);
  EXPECT_EQ(packages.at(3).at("currency"), "ILS");
  auto en_update = en_socket->wait_event("update_credit_discount", 3s);
  ASSERT_TRUE(en_update);
  EXPECT_EQ(en_update->at("data").at("credits_packages").at(3).at("currency"), "USD");
  EXPECT_EQ(en_socket->request("credits_promo")["data"].at("discount"), 20);
}

TEST_F(Payments, SandboxCheckoutPaysOnceThroughTheWebhook) {
  auto buyer = member("he");
  auto first = connect(buyer);
  auto second = connect(buyer);
  auto reply = initiate(*first, 3, "buy-credits");
  ASSERT_EQ(reply["request_status"], 1) << json::serialize(reply);
  auto order = reply["data"].as_object();
  std::string order_id(order.at("order_id").as_string());
  EXPECT_EQ(order.at("amount"), 229);
  EXPECT_EQ(order.at("currency"), "ILS");
  EXPECT_EQ(order.at("redirect_url").as_string(), "/payments/sandbox/checkout/" + order_id);

  auto page = http_request(server_->port(), "GET", "/payments/sandbox/checkout/" + order_id);
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.body.find("dir=\"rtl\""), std::string::npos);
  EXPECT_NE(page.body.find("229.00"), std::string::npos);
  EXPECT_NE(page.headers["content-security-policy"].find("frame-ancestors 'self'"),
            std::string::npos);
  EXPECT_NE(page.headers["x-frame-options"], "DENY");
  // The browser posts where the page's form says: that must be the route that takes the card.
  EXPECT_NE(page.body.find("action=\"/payments/sandbox/pay/" + order_id + "\""), std::string::npos)
      << page.body;
  auto css = http_request(server_->port(), "GET", "/payments/sandbox/checkout.css");
  EXPECT_EQ(css.status, 200);
  EXPECT_EQ(css.headers["content-type"], "text/css; charset=utf-8");

  // A form from another site is refused like every cross-site POST.
  HttpOptions foreign;
  foreign.origin = "https://evil.example";
  foreign.content_type = "application/x-www-form-urlencoded";
  EXPECT_EQ(http_request(server_->port(), "POST", "/payments/sandbox/pay/" + order_id,
                         "number=4242424242424242", foreign)
                .status,
            403);

  auto paid = pay(order_id, "4242 4242 4242 4242");
  EXPECT_EQ(paid.status, 303);
  EXPECT_EQ(paid.headers["location"], "/payments/redirect?order=" + order_id);
  for (auto* socket : {first.get(), second.get()}) {
    auto complete = socket->wait_event("payment/complete", 10s);
    ASSERT_TRUE(complete);
    EXPECT_EQ(complete->at("data").at("order_id").as_string(), order_id);
    EXPECT_EQ(complete->at("data").at("type"), "buy-credits");
    EXPECT_EQ(complete->at("data").at("credits"), 200 + 5000 + 1000);
  }
  EXPECT_EQ(credits(buyer), 6200);
  EXPECT_EQ(state_of(order_id), "paid");
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM credit_ledger WHERE reference = '" +
                                        order_id + "'"),
            1);
  EXPECT_EQ(query_integer(*server_,
                          "SELECT free_spins FROM users WHERE id = " + std::to_string(buyer.id)),
            1);
  // The return page grants nothing, and a paid order cannot be paid again.
  EXPECT_EQ(http_request(server_->port(), "GET", "/payments/redirect?order=" + order_id).status,
            200);
  EXPECT_EQ(pay(order_id, "4242 4242 4242 4242").status, 409);
  std::this_thread::sleep_for(500ms);
  EXPECT_EQ(credits(buyer), 6200);
}

TEST_F(Payments, DeclinedAndFailingCardsGrantNothing) {
  auto buyer = member();
  auto socket = connect(buyer);
  std::string declined_id(initiate(*socket, 1, "buy-credits")["data"].at("order_id").as_string());
  auto declined = pay(declined_id, "4000 0000 0000 0002");
  EXPECT_EQ(declined.status, 402);
  EXPECT_NE(declined.body.find("declined"), std::string::npos);
  auto invalid = pay(declined_id, "4242 4242 4242 4241");
  EXPECT_EQ(invalid.status, 400);

  std::string failing_id(initiate(*socket, 2, "buy-credits")["data"].at("order_id").as_string());
  EXPECT_EQ(pay(failing_id, "4000 0000 0000 0119").status, 303);
  auto failed = socket->wait_event("payment/failed", 10s);
  ASSERT_TRUE(failed);
  EXPECT_EQ(failed->at("data").at("order_id").as_string(), failing_id);
  EXPECT_EQ(state_of(failing_id), "failed");
  EXPECT_EQ(state_of(declined_id), "created");
  EXPECT_FALSE(socket->wait_event("payment/complete", 500ms));
  EXPECT_EQ(credits(buyer), 200);
}

TEST_F(Payments, ForgedStaleAndMismatchedWebhooksChangeNothing) {
  auto buyer = member();
  auto socket = connect(buyer);
  auto order = initiate(*socket, 2, "buy-credits")["data"].as_object();
  std::string order_id(order.at("order_id").as_string());
  auto event = event_for(order, "evt_forged");

  auto forged = webhook(event, std::nullopt, "not-the-secret");
  EXPECT_EQ(forged.status, 400);
  EXPECT_EQ(forged.json()["error_code"], "invalid_signature");
  EXPECT_EQ(raw_webhook(json::serialize(event), "").json()["error_code"], "invalid_signature");
  EXPECT_EQ(raw_webhook(json::serialize(event), "t=1,v1=zz").json()["error_code"],
            "invalid_signature");
  auto stale = webhook(event, server_now() - 301);
  EXPECT_EQ(stale.status, 400);
  EXPECT_EQ(stale.json()["error_code"], "stale_signature");
  auto cheaper = event;
  cheaper["amount"] = 1;
  EXPECT_EQ(webhook(cheaper).json()["error_code"], "amount_mismatch");
  auto other_currency = event;
  other_currency["currency"] = "ILS";
  EXPECT_EQ(webhook(other_currency).json()["error_code"], "amount_mismatch");
  auto unknown = event;
  unknown["order_id"] = "o_unknown";
  EXPECT_EQ(webhook(unknown).json()["error_code"], "unknown_order");

  EXPECT_EQ(credits(buyer), 200);
  EXPECT_EQ(state_of(order_id), "created");
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM payment_events"), 0);
  EXPECT_FALSE(socket->wait_event("payment/complete", 300ms));
  // Signed within the tolerance, the same event then applies.
  EXPECT_EQ(webhook(event, server_now() - 299).status, 200);
  EXPECT_EQ(credits(buyer), 200 + 1500 + 150);
}

TEST_F(Payments, RepeatedEventsApplyOnce) {
  auto buyer = member();
  auto socket = connect(buyer);
  auto order = initiate(*socket, 1, "buy-credits")["data"].as_object();
  auto event = event_for(order, "evt_twice");
  EXPECT_EQ(webhook(event).json()["received"], 1);
  auto again = webhook(event);
  EXPECT_EQ(again.status, 200);
  EXPECT_EQ(again.json()["duplicate"], 1);
  EXPECT_EQ(credits(buyer), 700);

  auto second = initiate(*socket, 4, "buy-credits")["data"].as_object();
  auto burst = event_for(second, "evt_burst");
  std::vector<std::thread> senders;
  std::atomic<int> ok{0};
  for (int i = 0; i < 10; ++i) {
    senders.emplace_back([&] {
      if (webhook(burst).status == 200) ++ok;
    });
  }
  for (auto& t : senders) t.join();
  EXPECT_EQ(ok.load(), 10);
  EXPECT_EQ(credits(buyer), 700 + 7000 + 1750);
  EXPECT_EQ(query_integer(*server_,
                          "SELECT COUNT(*) FROM credit_ledger WHERE reason = "
                          "'purchase'"),
            2);
  EXPECT_EQ(query_integer(*server_,
                          "SELECT free_spins FROM users WHERE id = " + std::to_string(buyer.id)),
            1);
}

TEST_F(Payments, PremiumMonthsAddUpAndExpire) {
  auto buyer = member();
  auto fan = register_member(*server_, "fan" + std::to_string(++counter) + "@example.com",
                             {{"gender", 1}, {"s_gender", 2}});
  auto fan_socket = connect(fan);
  ASSERT_EQ(
      fan_socket->request("swipe", {{"swiped_user_id", buyer.id}, {"like", 1}})["request_status"],
      1);
  auto socket = connect(buyer);
  auto fans_locked = [&] {
    auto reply = socket->request("user/fans", {{"currentLength", 0}, {"recordsToTake", 20}});
    return reply["data"].as_array().at(0).as_object().at("locked") == 1;
  };
  EXPECT_TRUE(fans_locked());

  auto three = initiate(*socket, 2, "premium")["data"].as_object();
  EXPECT_EQ(three.at("amount"), 45);
  ASSERT_EQ(webhook(event_for(three, "evt_three")).status, 200);
  auto complete = socket->wait_event("payment/complete", 5s);
  ASSERT_TRUE(complete);
  int64_t after_three = complete->at("data").at("premium_until").as_int64();
  EXPECT_GT(after_three, server_now() + 88 * 86400);
  EXPECT_LT(after_three, server_now() + 93 * 86400);
  EXPECT_FALSE(fans_locked());

  auto one = initiate(*socket, 1, "premium")["data"].as_object();
  ASSERT_EQ(webhook(event_for(one, "evt_one")).status, 200);
  complete = socket->wait_event("payment/complete", 5s);
  ASSERT_TRUE(complete);
  int64_t after_four = complete->at("data").at("premium_until").as_int64();
  EXPECT_GE(after_four - after_three, 28 * 86400);  // added to the running subscription
  EXPECT_LE(after_four - after_three, 31 * 86400);
  auto self = socket->request("session/validate")["data"].at("user");
  EXPECT_EQ(self.at("premium"), 1);
  EXPECT_EQ(self.at("premium_until"), after_four);

  // Past the end, every reply knows: no renewal, the fans lock again.
  set_clock_offset(after_four - wall_clock() + 1);
  EXPECT_TRUE(fans_locked());
  auto validated = socket->request("session/validate")["data"].at("user");
  EXPECT_EQ(validated.at("premium"), 0);
  EXPECT_EQ(validated.at("premium_until"), after_four);
}

}  // namespace
