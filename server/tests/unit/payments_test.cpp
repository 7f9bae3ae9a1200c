// Money rules, webhook signatures, the sandbox's cards, form bodies, webhook retries, and the
// store's payment unit of work with its refund, on a temporary SQLite file.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "domain/money.hpp"
#include "domain/webhook_signature.hpp"
#include "payments/sandbox.hpp"
#include "payments/webhook_sender.hpp"
#include "protocol/form.hpp"
#include "store/catalog.hpp"
#include "store/ledger.hpp"
#include "store/payments.hpp"
#include "store/spins.hpp"
#include "store_fixture.hpp"

using namespace kesher;

namespace {

constexpr int64_t kJan31 = 1769817600 + 12 * 3600;  // 2026-01-31 12:00:00 UTC

TEST(MoneyRules, BonusOnlyWhilePromotionRuns) {
  EXPECT_EQ(domain::promotion_bonus(5000, 20, true), 1000);
  EXPECT_EQ(domain::promotion_bonus(1500, 10, true), 150);
  EXPECT_EQ(domain::promotion_bonus(999, 25, true), 249);  // rounded down
  EXPECT_EQ(domain::promotion_bonus(5000, 20, false), 0);
  EXPECT_TRUE(domain::promotion_running(true, std::nullopt, 100));
  EXPECT_TRUE(domain::promotion_running(true, 101, 100));
  EXPECT_FALSE(domain::promotion_running(true, 100, 100));
  EXPECT_FALSE(domain::promotion_running(false, 101, 100));
}

TEST(MoneyRules, CurrencyAndMajorUnits) {
  EXPECT_EQ(domain::currency_for_language("he"), domain::Currency::ils);
  EXPECT_EQ(domain::currency_for_language("de"), domain::Currency::usd);
  EXPECT_EQ(domain::currency_code(domain::Currency::usd), "USD");
  auto whole = domain::minor_to_major(22900);
  EXPECT_TRUE(whole.whole);
  EXPECT_EQ(whole.units, 229);
  auto cents = domain::minor_to_major(4967);
  EXPECT_FALSE(cents.whole);
  EXPECT_DOUBLE_EQ(cents.value, 49.67);
  EXPECT_EQ(domain::per_month_minor(15900, 3), 5300);
  EXPECT_EQ(domain::per_month_minor(4500, 3), 1500);
  EXPECT_EQ(domain::per_month_minor(24900, 6), 4150);
  EXPECT_EQ(domain::per_month_minor(100, 3), 33);
  EXPECT_EQ(domain::per_month_minor(200, 3), 67);  // half up
}

TEST(MoneyRules, PremiumMonthsCountFromNowOrAddUp) {
  // From now when there is no running subscription; calendar months, the day clamped.
  EXPECT_EQ(domain::premium_extended_until(std::nullopt, 1, kJan31), 1772280000);  // 28 Feb 12:00
  EXPECT_EQ(domain::premium_extended_until(kJan31 - 1, 1, kJan31), 1772280000);    // expired
  // Added to a subscription that still runs.
  int64_t first = domain::premium_extended_until(std::nullopt, 3, kJan31);
  int64_t both = domain::premium_extended_until(first, 1, kJan31);
  EXPECT_EQ(first, 1777550400);  // 30 Apr 12:00 (31 Apr does not exist)
  EXPECT_EQ(both, 1780142400);   // 30 May 12:00
  EXPECT_EQ(domain::premium_extended_until(std::nullopt, 12, kJan31), 1801396800);  // 2027-01-31
  EXPECT_EQ(domain::premium_extended_until(first, -3, first), 1769774400);          // 30 Jan 12:00
  EXPECT_TRUE(domain::premium_active(kJan31 + 1, kJan31));
  EXPECT_FALSE(domain::premium_active(kJan31, kJan31));
  EXPECT_FALSE(domain::premium_active(std::nullopt, kJan31));
}

TEST(WebhookSignature, SignedBodyChecksAndAnythingElseIsRefused) {
  std::string body = R"({"id":"evt_1","amount":100})";
  std::string header = domain::sign_webhook("secret", 1000, body);
  EXPECT_EQ(header.substr(0, 7), "t=1000,");
  using enum domain::SignatureCheck;
  EXPECT_EQ(domain::check_webhook_signature(header, body, "secret", 1000), valid);
  EXPECT_EQ(domain::check_webhook_signature(header, body, "secret", 1300), valid);
  EXPECT_EQ(domain::check_webhook_signature(header, body, "secret", 1301), stale);
  EXPECT_EQ(domain::check_webhook_signature(header, body, "secret", 699), stale);
  EXPECT_EQ(domain::check_webhook_signature(header, body + " ", "secret", 1000), invalid);
  EXPECT_EQ(domain::check_webhook_signature(header, body, "other", 1000), invalid);
  // A stale forgery learns nothing about the time: the signature is checked first.
  EXPECT_EQ(domain::check_webhook_signature(header, body, "other", 99999), invalid);
  std::string v1 = header.substr(header.find("v1=") + 3);
  EXPECT_EQ(domain::check_webhook_signature("t=1001,v1=" + v1, body, "secret", 1000), invalid);
  // Another scheme is skipped; a second v1 (a rolled secret) may match.
  EXPECT_EQ(domain::check_webhook_signature(
                "v0=abc, t=1000, v1=" + std::string(64, 'a') + ",v1=" + v1, body, "secret", 1000),
            valid);
}

TEST(WebhookSignature, ParserRefusesMalformedHeaders) {
  std::string hex(64, 'a');
  EXPECT_TRUE(domain::parse_signature_header("t=5,v1=" + hex));
  for (const std::string& bad : std::vector<std::string>{
           "", "t=5", "v1=" + hex, "t=,v1=" + hex, "t=-5,v1=" + hex, "t=5,t=6,v1=" + hex,
           "t=5,v1=" + hex.substr(1), "t=5,v1=" + hex + "0", "t=5,v1=" + std::string(64, 'A'),
           "t=5;v1=" + hex, "t=1234567890123,v1=" + hex, "t=5,junk"}) {
    EXPECT_FALSE(domain::parse_signature_header(bad)) << bad;
  }
}

TEST(SandboxCards, TestCardsAndFormChecks) {
  domain::Date today{2026, 5, 10};
  payments::CardForm card{"4242 4242 4242 4242", "12/30", "123", "Dana Levi"};
  EXPECT_EQ(payments::check_card(card, today), payments::CardProblem::none);
  EXPECT_EQ(payments::card_outcome(card.number), payments::CardOutcome::succeeds);
  EXPECT_EQ(payments::card_outcome("4000 0000 0000 0002"), payments::CardOutcome::declined);
  EXPECT_EQ(payments::card_outcome("4000-0000-0000-0119"), payments::CardOutcome::fails_later);
  auto with = [&](auto change) {
    payments::CardForm c = card;
    change(c);
    return payments::check_card(c, today);
  };
  using enum payments::CardProblem;
  EXPECT_EQ(with([](auto& c) { c.number = "4242 4242 4242 4241"; }), number);  // Luhn
  EXPECT_EQ(with([](auto& c) { c.number = "4242x4242"; }), number);
  EXPECT_EQ(with([](auto& c) { c.expiry = "04/26"; }), expiry);
  EXPECT_EQ(with([](auto& c) { c.expiry = "05/26"; }), none);
  EXPECT_EQ(with([](auto& c) { c.expiry = "13/30"; }), expiry);
  EXPECT_EQ(with([](auto& c) { c.expiry = "1230"; }), expiry);
  EXPECT_EQ(with([](auto& c) { c.cvc = "12"; }), cvc);
  EXPECT_EQ(with([](auto& c) { c.cvc = "12a"; }), cvc);
  EXPECT_EQ(with([](auto& c) { c.name = "  "; }), name);
}

TEST(SandboxCheckout, PageIsEscapedAndTranslated) {
  payments::CheckoutPage page;
  page.language = "he";
  page.order_id = "o_<x>";
  page.currency = "ILS";
  page.amount_minor = 22900;
  page.kind = "credits";
  page.credits = 5000;
  page.bonus = 1000;
  page.name = "\"><script>";
  std::string html = payments::render_checkout(page);
  EXPECT_NE(html.find("dir=\"rtl\""), std::string::npos);
  EXPECT_NE(html.find("229.00"), std::string::npos);
  EXPECT_NE(html.find("5,000"), std::string::npos);
  EXPECT_EQ(html.find("<script>"), std::string::npos);
  EXPECT_EQ(html.find("o_<x>"), std::string::npos);
  page.language = "de";
  page.currency = "USD";
  page.amount_minor = 123456;
  EXPECT_NE(payments::render_checkout(page).find("1.234,56"), std::string::npos);
}

TEST(FormBody, DecodesAndRefusesBadEscapes) {
  auto form = protocol::parse_form("number=4242+4242&name=D%C3%A1na&empty=&flag&number=2");
  ASSERT_TRUE(form);
  EXPECT_EQ(form->at("number"), "4242 4242");
  EXPECT_EQ(form->at("name"), "D\xC3\xA1na");
  EXPECT_EQ(form->at("empty"), "");
  EXPECT_EQ(form->at("flag"), "");
  EXPECT_FALSE(protocol::parse_form("a=%4"));
  EXPECT_FALSE(protocol::parse_form("a=%zz"));
  EXPECT_TRUE(protocol::is_form_content_type("application/x-www-form-urlencoded; charset=UTF-8"));
  EXPECT_FALSE(protocol::is_form_content_type("application/json"));
}

// Answers with the statuses given, then 200.
class ScriptedPoster : public payments::HttpPoster {
 public:
  explicit ScriptedPoster(std::vector<int> statuses) : statuses_(std::move(statuses)) {}
  int post(const std::string&, const std::vector<std::pair<std::string, std::string>>& headers,
           const std::string& body) override {
    for (const auto& [name, value] : headers) {
      if (name == "Kesher-Signature") {
        if (domain::check_webhook_signature(value, body, "s", 1000) !=
            domain::SignatureCheck::valid) {
          signatures_ok = false;
        }
      }
    }
    int call = calls++;
    return call < static_cast<int>(statuses_.size()) ? statuses_[call] : 200;
  }
  std::atomic<int> calls{0};
  std::atomic<bool> signatures_ok{true};

 private:
  std::vector<int> statuses_;
};

TEST(WebhookSender, RetriesWithBackoffUntil2xx) {
  payments::RetryPolicy policy{std::chrono::milliseconds(5), std::chrono::milliseconds(40), 10};
  EXPECT_EQ(payments::retry_delay(policy, 1).count(), 5);
  EXPECT_EQ(payments::retry_delay(policy, 2).count(), 10);
  EXPECT_EQ(payments::retry_delay(policy, 5).count(), 40);  // capped
  auto poster = std::make_unique<ScriptedPoster>(std::vector<int>{0, 500, 503});
  auto* seen = poster.get();
  payments::WebhookSender sender(
      std::move(poster), [] { return int64_t{1000}; }, policy);
  sender.send("http://127.0.0.1:1/hook", "{}", "s");
  for (int i = 0; i < 500 && sender.pending() > 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(sender.pending(), 0u);
  EXPECT_EQ(seen->calls.load(), 4);
  EXPECT_TRUE(seen->signatures_ok.load());
}

class PaymentStoreTest : public kesher::testing::StoreFixture {
 protected:
  void SetUp() override {
    StoreFixture::SetUp();
    member_ = add_user("buyer@example.com");
  }

  store::payments::Order order(std::string kind, int64_t package_id) {
    store::payments::Order o;
    o.id = "o_" + std::to_string(++orders_);
    o.user_id = member_;
    o.provider = "sandbox";
    o.kind = kind;
    o.package_id = package_id;
    o.currency = "ILS";
    db_->write([&](store::Session& db) {
      if (o.kind == "credits") {
        auto p = store::catalog::credit_package(db, package_id);
        o.credits = p->credits;
        o.bonus = p->bonus(kJan31);
        o.free_spins = p->free_spins;
        o.amount_minor = p->price_ils_minor;
      } else {
        auto p = store::catalog::premium_package(db, package_id);
        o.months = p->months;
        o.amount_minor = p->total_ils_minor;
      }
      store::payments::insert_order(db, o);
    });
    return o;
  }

  store::payments::EventResult deliver(const store::payments::Order& o, std::string event_id,
                                       std::string type = "payment.succeeded") {
    store::payments::EventResult result;
    db_->write([&](store::Session& db) {
      result = store::payments::apply_event(
          db, {"sandbox", event_id, type, o.id, o.amount_minor, o.currency}, kJan31);
    });
    return result;
  }

  int64_t balance() {
    int64_t value = 0;
    db_->read([&](store::Session& db) {
      value = store::ledger::balance(db, member_);
      EXPECT_EQ(value, store::ledger::sum_of_entries(db, member_));
    });
    return value;
  }

  int64_t spins() {
    int64_t value = 0;
    db_->read([&](store::Session& db) { value = store::spins::available(db, member_); });
    return value;
  }

  void spend(int64_t credits) {
    db_->write([&](store::Session& db) {
      store::ledger::Entry entry{member_, -credits, "send", "", "spend:" + std::to_string(credits)};
      ASSERT_EQ(store::ledger::apply(db, entry, kJan31), store::ledger::Outcome::applied);
    });
  }

  int64_t member_ = 0;
  int orders_ = 0;
};

TEST_F(PaymentStoreTest, CatalogueIsSeededFromTodaysValues) {
  db_->read([&](store::Session& db) {
    auto credits = store::catalog::credit_packages(db);
    ASSERT_EQ(credits.size(), 4u);
    EXPECT_EQ(credits[2].credits, 5000);
    EXPECT_EQ(credits[2].price_ils_minor, 22900);
    EXPECT_EQ(credits[2].free_spins, 1);
    EXPECT_EQ(credits[3].free_spins, 1);
    EXPECT_EQ(credits[1].free_spins, 0);
    EXPECT_EQ(credits[2].bonus(kJan31), 1000);
    EXPECT_EQ(store::catalog::premium_packages(db).size(), 3u);
    EXPECT_EQ(store::catalog::price_of(db, "text"), 50);
    EXPECT_EQ(store::catalog::price_of(db, "image"), 70);
    EXPECT_THROW(store::catalog::price_of(db, "unknown"), store::StoreError);
  });
}

TEST_F(PaymentStoreTest, APaidOrderIsGrantedOnce) {
  auto o = order("credits", 3);
  auto first = deliver(o, "evt_1");
  EXPECT_EQ(first.outcome, store::payments::EventOutcome::applied);
  EXPECT_EQ(first.order.state, "paid");
  EXPECT_EQ(first.credits, 6000);
  EXPECT_EQ(deliver(o, "evt_1").outcome, store::payments::EventOutcome::duplicate);
  // Another event for the same paid order is recorded and grants nothing.
  EXPECT_EQ(deliver(o, "evt_2").outcome, store::payments::EventOutcome::ignored);
  EXPECT_EQ(balance(), 6000);
  EXPECT_EQ(spins(), 1);
}

TEST_F(PaymentStoreTest, MismatchedOrUnknownEventsChangeNothing) {
  auto o = order("credits", 1);
  store::payments::EventResult result;
  db_->write([&](store::Session& db) {
    result = store::payments::apply_event(
        db, {"sandbox", "evt_x", "payment.succeeded", o.id, o.amount_minor + 1, "ILS"}, kJan31);
  });
  EXPECT_EQ(result.outcome, store::payments::EventOutcome::amount_mismatch);
  db_->write([&](store::Session& db) {
    result = store::payments::apply_event(
        db, {"sandbox", "evt_x", "payment.succeeded", o.id, o.amount_minor, "USD"}, kJan31);
  });
  EXPECT_EQ(result.outcome, store::payments::EventOutcome::amount_mismatch);
  auto missing = o;
  missing.id = "o_missing";
  EXPECT_EQ(deliver(missing, "evt_y").outcome, store::payments::EventOutcome::unknown_order);
  EXPECT_EQ(balance(), 0);
  // The refused event id was not recorded: the right delivery still applies.
  EXPECT_EQ(deliver(o, "evt_x").outcome, store::payments::EventOutcome::applied);
  EXPECT_EQ(balance(), 500);
}

TEST_F(PaymentStoreTest, PremiumMonthsAddUp) {
  auto three = order("premium", 2);
  auto one = order("premium", 1);
  EXPECT_EQ(deliver(three, "evt_a").premium_until, 1777550400);
  EXPECT_EQ(deliver(one, "evt_b").premium_until, 1780142400);
}

TEST_F(PaymentStoreTest, RefundTakesBackOnlyWhatIsUnspent) {
  auto o = order("credits", 3);  // 5,000 + 1,000 bonus + 1 spin
  deliver(o, "evt_1");
  spend(4500);
  store::payments::RefundResult refund;
  db_->write([&](store::Session& db) { refund = store::payments::refund(db, o.id, kJan31); });
  EXPECT_TRUE(refund.refunded);
  EXPECT_EQ(refund.credits_taken, 1500);
  EXPECT_EQ(refund.spins_taken, 1);
  EXPECT_EQ(balance(), 0);
  EXPECT_EQ(spins(), 0);
  // Once only.
  db_->write([&](store::Session& db) { refund = store::payments::refund(db, o.id, kJan31); });
  EXPECT_FALSE(refund.refunded);
  EXPECT_EQ(balance(), 0);
}

TEST_F(PaymentStoreTest, RefundOfAnUntouchedPurchaseTakesItAll) {
  auto o = order("credits", 2);  // 1,500 + 150
  deliver(o, "evt_1");
  store::payments::RefundResult refund;
  db_->write([&](store::Session& db) { refund = store::payments::refund(db, o.id, kJan31); });
  EXPECT_EQ(refund.credits_taken, 1650);
  EXPECT_EQ(balance(), 0);
}

TEST_F(PaymentStoreTest, PremiumRefundShortensTheSubscription) {
  auto three = order("premium", 2);
  auto one = order("premium", 1);
  deliver(three, "evt_a");
  deliver(one, "evt_b");
  store::payments::RefundResult refund;
  db_->write([&](store::Session& db) { refund = store::payments::refund(db, one.id, kJan31); });
  EXPECT_EQ(refund.premium_until, 1777550400);  // 30 May - 1 month = 30 Apr
  db_->write([&](store::Session& db) { refund = store::payments::refund(db, three.id, kJan31); });
  EXPECT_EQ(refund.premium_until, std::nullopt);  // 30 Jan lies in the past
}

}  // namespace
