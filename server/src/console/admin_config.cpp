// The catalogue's configuration for admins: console/admin/config/get, .../credit_packages,
// .../premium_packages, .../prices, .../gifts, .../wheel and .../like_limit. Each change is checked
// by domain::admin_config, written with its audit entry (old → new values) in one transaction, and
// then reaches every open member socket: a fresh `configs` in the member's currency and
// `update_credit_discount`, so open credits screens show the new prices without a reload. Nothing
// is cached, so the next send or order uses the new price.
#include <algorithm>
#include <cstdio>

#include "console/console.hpp"
#include "domain/admin_config.hpp"
#include "domain/money.hpp"
#include "domain/referrals.hpp"
#include "domain/text.hpp"
#include "modules/catalog_view.hpp"
#include "modules/events.hpp"
#include "modules/wheel.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/admin_config.hpp"
#include "store/catalog.hpp"
#include "store/referrals.hpp"
#include "store/staff.hpp"
#include "store/users.hpp"
#include "store/wheel.hpp"

namespace kesher::console {

namespace {

using modules::Request;
using protocol::reply_error;
using protocol::reply_ok;
namespace json = boost::json;
namespace rules = domain::admin_config;

json::array gifts_view(const std::vector<rules::Gift>& gifts) {
  json::array list;
  for (const auto& g : gifts) {
    list.push_back(json::object{{"id", g.id},
                                {"icon", g.icon},
                                {"name_he", g.name_he},
                                {"name_en", g.name_en},
                                {"name_de", g.name_de},
                                {"price", g.price}});
  }
  return list;
}

// The catalogue as admins edit it: both currencies, in minor units, nothing derived.
json::object config_view(store::Session& db) {
  json::array credits;
  for (const auto& p : store::catalog::credit_packages(db)) {
    credits.push_back(json::object{
        {"id", p.id},
        {"credits", p.credits},
        {"price_ils_minor", p.price_ils_minor},
        {"price_usd_minor", p.price_usd_minor},
        {"discount_percent", p.discount_percent},
        {"free_spins", p.free_spins},
        {"promo_active", p.promo_active ? 1 : 0},
        {"promo_ends", p.promo_ends ? json::value(*p.promo_ends) : json::value(nullptr)}});
  }
  json::array premium;
  for (const auto& p : store::catalog::premium_packages(db)) {
    premium.push_back(json::object{{"id", p.id},
                                   {"months", p.months},
                                   {"total_ils_minor", p.total_ils_minor},
                                   {"total_usd_minor", p.total_usd_minor},
                                   {"saves_percent", p.saves_percent},
                                   {"recommended", p.recommended ? 1 : 0}});
  }
  json::array prices;
  for (const auto& p : store::catalog::feature_prices(db)) {
    prices.push_back(json::object{{"feature", p.feature}, {"credits", p.credits}});
  }
  json::array wheel;
  auto prizes = store::wheel::prizes(db);
  for (const auto& p : prizes) {
    wheel.push_back(json::object{{"id", p.id},
                                 {"kind", domain::wheel::kind_name(p.kind)},
                                 {"amount", p.amount},
                                 {"weight", p.weight}});
  }
  auto expected = domain::wheel::expected_credits_per_spin(prizes);
  return json::object{
      {"credit_packages", std::move(credits)},
      {"premium_packages", std::move(premium)},
      {"prices", std::move(prices)},
      {"wheel", std::move(wheel)},
      {"wheel_expected_credits", expected ? json::value(*expected) : json::value(nullptr)},
      {"daily_like_limit", store::admin_config::daily_like_limit(db)},
      {"referral_reward", store::referrals::reward(db)},
      {"gifts", gifts_view(store::admin_config::gifts(db))},
  };
}

// Every open member socket gets the new catalogue in its member's currency.
void publish_catalogue(app::Context& app) {
  modules::publish_credit_packages(app);
  int64_t now = app.now();
  std::vector<store::catalog::CreditPackage> credits;
  std::vector<store::catalog::PremiumPackage> premium;
  std::vector<store::catalog::FeaturePrice> prices;
  app.db->read([&](store::Session& db) {
    credits = store::catalog::credit_packages(db);
    premium = store::catalog::premium_packages(db);
    prices = store::catalog::feature_prices(db);
  });
  json::object by_currency[2];
  for (auto currency : {domain::Currency::ils, domain::Currency::usd}) {
    by_currency[static_cast<int>(currency)] = json::object{
        {"module", "configs"},
        {"request_status", 1},
        {"data", json::object{{"credits", modules::credit_packages_view(credits, currency, now)},
                              {"premium", modules::premium_packages_view(premium, currency)},
                              {"prices", modules::feature_prices_view(prices)}}}};
  }
  for (int64_t user_id : app.hub.online_users()) {
    std::optional<std::string> language;
    app.db->read([&](store::Session& db) { language = store::users::language_of(db, user_id); });
    if (!language) continue;
    modules::publish_event(app, user_id,
                           by_currency[static_cast<int>(domain::currency_for_language(*language))]);
  }
}

json::object get(Request& request) {
  json::object view;
  request.app.db->read([&](store::Session& db) { view = config_view(db); });
  return reply_ok(std::move(view));
}

// A list of objects under `name`, or the reply that refuses it.
const json::array* list_of(const json::object& payload, std::string_view name,
                           json::object& refusal) {
  const auto* value = payload.if_contains(name);
  if (!value) {
    refusal = reply_error(errc::missing_field, name);
    return nullptr;
  }
  if (!value->is_array()) {
    refusal = reply_error(errc::invalid_field, name);
    return nullptr;
  }
  for (const auto& item : value->as_array()) {
    if (!item.is_object()) {
      refusal = reply_error(errc::invalid_field, name);
      return nullptr;
    }
  }
  return &value->as_array();
}

std::string field_at(std::string_view list, size_t index, std::string_view field) {
  return std::string(list) + "[" + std::to_string(index) + "]." + std::string(field);
}

void append(std::string& detail, const std::string& part) {
  if (part.empty()) return;
  if (!detail.empty()) detail += "; ";
  detail += part;
}

std::string package_changes(const store::catalog::CreditPackage& before,
                            const rules::CreditPackage& after) {
  std::string changes;
  auto add = [&](std::string_view field, int64_t old_value, int64_t new_value) {
    auto change = rules::describe_change(field, old_value, new_value);
    if (change.empty()) return;
    if (!changes.empty()) changes += ", ";
    changes += change;
  };
  add("credits", before.credits, after.credits);
  add("price_ils_minor", before.price_ils_minor, after.price_ils_minor);
  add("price_usd_minor", before.price_usd_minor, after.price_usd_minor);
  add("discount_percent", before.discount_percent, after.discount_percent);
  add("free_spins", before.free_spins, after.free_spins);
  add("promo_active", before.promo_active ? 1 : 0, after.promo_active ? 1 : 0);
  add("promo_ends", before.promo_ends.value_or(0), after.promo_ends.value_or(0));
  return changes;
}

json::object save_credit_packages(Request& request) {
  json::object refusal;
  const auto* list = list_of(request.payload, "packages", refusal);
  if (!list) return refusal;
  std::vector<rules::CreditPackage> packages;
  for (size_t i = 0; i < list->size(); ++i) {
    const auto& item = (*list)[i].as_object();
    protocol::Fields fields(item);
    rules::CreditPackage p;
    auto id = fields.integer("id");
    auto credits = fields.integer("credits");
    auto ils = fields.integer("price_ils_minor");
    auto usd = fields.integer("price_usd_minor");
    auto discount = fields.integer("discount_percent");
    auto spins = fields.integer("free_spins");
    auto promo = fields.integer("promo_active");
    std::optional<int64_t> ends;
    const auto* ends_value = item.if_contains("promo_ends");
    if (ends_value && !ends_value->is_null()) ends = fields.integer("promo_ends");
    if (fields.failed()) {
      return reply_error(errc::invalid_field, field_at("packages", i, fields.invalid_field()));
    }
    const std::pair<std::string_view, const std::optional<int64_t>*> required[] = {
        {"id", &id}, {"credits", &credits}, {"price_ils_minor", &ils}, {"price_usd_minor", &usd}};
    for (const auto& [name, value] : required) {
      if (!*value) return reply_error(errc::missing_field, field_at("packages", i, name));
    }
    if (promo && *promo != 0 && *promo != 1) {
      return reply_error(errc::invalid_value, field_at("packages", i, "promo_active"));
    }
    p.id = *id;
    p.credits = *credits;
    p.price_ils_minor = *ils;
    p.price_usd_minor = *usd;
    p.discount_percent = discount.value_or(0);
    p.free_spins = spins.value_or(0);
    p.promo_active = promo.value_or(0) == 1;
    p.promo_ends = ends;
    packages.push_back(p);
  }
  if (auto problem = rules::check_credit_packages(packages)) {
    return reply_error(problem.code, problem.field);
  }
  int64_t staff_id = request.connection.staff_id;
  json::object view;
  request.app.db->write([&](store::Session& db) {
    auto before = store::catalog::credit_packages(db);
    std::string detail;
    for (const auto& old : before) {
      bool kept = std::any_of(packages.begin(), packages.end(),
                              [&](const auto& p) { return p.id == old.id; });
      if (!kept) append(detail, "package " + std::to_string(old.id) + " removed");
    }
    for (const auto& p : packages) {
      auto old =
          std::find_if(before.begin(), before.end(), [&](const auto& b) { return b.id == p.id; });
      if (old == before.end()) {
        append(detail, "package " + std::to_string(p.id) + " added: credits " +
                           std::to_string(p.credits) + ", price_ils_minor " +
                           std::to_string(p.price_ils_minor) + ", price_usd_minor " +
                           std::to_string(p.price_usd_minor));
      } else {
        auto changes = package_changes(*old, p);
        if (!changes.empty()) append(detail, "package " + std::to_string(p.id) + ": " + changes);
      }
    }
    store::admin_config::replace_credit_packages(db, packages);
    store::staff::audit(db, staff_id, "config_credit_packages", "credit_packages", "",
                        detail.empty() ? "unchanged" : detail, request.now);
    view = config_view(db);
  });
  publish_catalogue(request.app);
  return reply_ok(std::move(view));
}

json::object save_prices(Request& request) {
  json::object refusal;
  const auto* list = list_of(request.payload, "prices", refusal);
  if (!list) return refusal;
  std::vector<rules::FeaturePrice> prices;
  for (size_t i = 0; i < list->size(); ++i) {
    protocol::Fields fields((*list)[i].as_object());
    auto feature = fields.string("feature");
    auto credits = fields.integer("credits");
    if (fields.failed()) {
      return reply_error(errc::invalid_field, field_at("prices", i, fields.invalid_field()));
    }
    if (!feature) return reply_error(errc::missing_field, field_at("prices", i, "feature"));
    if (!credits) return reply_error(errc::missing_field, field_at("prices", i, "credits"));
    prices.push_back({*feature, *credits});
  }
  std::vector<store::catalog::FeaturePrice> before;
  request.app.db->read([&](store::Session& db) { before = store::catalog::feature_prices(db); });
  std::vector<std::string> known;
  for (const auto& p : before) known.push_back(p.feature);
  if (auto problem = rules::check_feature_prices(prices, known)) {
    return reply_error(problem.code, problem.field);
  }
  int64_t staff_id = request.connection.staff_id;
  json::object view;
  json::object reply;
  request.app.db->write([&](store::Session& db) {
    // A spin's new price must stay above what the wheel pays (checked against the wheel as it is
    // in this transaction, so a wheel saved meanwhile cannot slip between).
    for (size_t i = 0; i < prices.size(); ++i) {
      if (prices[i].feature != "spin") continue;
      if (rules::check_wheel(store::wheel::prizes(db), prices[i].credits)) {
        reply = reply_error(errc::wheel_pays_too_much, field_at("prices", i, "credits"));
        return;
      }
    }
    std::string detail;
    for (const auto& old : store::catalog::feature_prices(db)) {
      for (const auto& p : prices) {
        if (p.feature == old.feature) {
          append(detail, rules::describe_change(p.feature, old.credits, p.credits));
        }
      }
    }
    store::admin_config::set_feature_prices(db, prices);
    store::staff::audit(db, staff_id, "config_prices", "feature_prices", "",
                        detail.empty() ? "unchanged" : detail, request.now);
    view = config_view(db);
  });
  if (!reply.empty()) return reply;
  publish_catalogue(request.app);
  return reply_ok(std::move(view));
}

json::object save_premium_packages(Request& request) {
  json::object refusal;
  const auto* list = list_of(request.payload, "packages", refusal);
  if (!list) return refusal;
  std::vector<rules::PremiumPackage> packages;
  for (size_t i = 0; i < list->size(); ++i) {
    protocol::Fields fields((*list)[i].as_object());
    auto id = fields.integer("id");
    auto months = fields.integer("months");
    auto ils = fields.integer("total_ils_minor");
    auto usd = fields.integer("total_usd_minor");
    auto saves = fields.integer("saves_percent");
    auto recommended = fields.integer("recommended");
    if (fields.failed()) {
      return reply_error(errc::invalid_field, field_at("packages", i, fields.invalid_field()));
    }
    const std::pair<std::string_view, const std::optional<int64_t>*> required[] = {
        {"id", &id}, {"months", &months}, {"total_ils_minor", &ils}, {"total_usd_minor", &usd}};
    for (const auto& [name, value] : required) {
      if (!*value) return reply_error(errc::missing_field, field_at("packages", i, name));
    }
    if (recommended && *recommended != 0 && *recommended != 1) {
      return reply_error(errc::invalid_value, field_at("packages", i, "recommended"));
    }
    packages.push_back({*id, *months, *ils, *usd, saves.value_or(0), recommended.value_or(0) == 1});
  }
  if (auto problem = rules::check_premium_packages(packages)) {
    return reply_error(problem.code, problem.field);
  }
  int64_t staff_id = request.connection.staff_id;
  json::object view;
  request.app.db->write([&](store::Session& db) {
    auto before = store::catalog::premium_packages(db);
    std::string detail;
    for (const auto& old : before) {
      bool kept = std::any_of(packages.begin(), packages.end(),
                              [&](const auto& p) { return p.id == old.id; });
      if (!kept) append(detail, "premium " + std::to_string(old.id) + " removed");
    }
    for (const auto& p : packages) {
      auto old =
          std::find_if(before.begin(), before.end(), [&](const auto& b) { return b.id == p.id; });
      if (old == before.end()) {
        append(detail, "premium " + std::to_string(p.id) + " added: months " +
                           std::to_string(p.months) + ", total_ils_minor " +
                           std::to_string(p.total_ils_minor) + ", total_usd_minor " +
                           std::to_string(p.total_usd_minor));
        continue;
      }
      std::string changes;
      auto add = [&](std::string_view field, int64_t was, int64_t now) {
        auto change = rules::describe_change(field, was, now);
        if (change.empty()) return;
        if (!changes.empty()) changes += ", ";
        changes += change;
      };
      add("months", old->months, p.months);
      add("total_ils_minor", old->total_ils_minor, p.total_ils_minor);
      add("total_usd_minor", old->total_usd_minor, p.total_usd_minor);
      add("saves_percent", old->saves_percent, p.saves_percent);
      add("recommended", old->recommended ? 1 : 0, p.recommended ? 1 : 0);
      if (!changes.empty()) append(detail, "premium " + std::to_string(p.id) + ": " + changes);
    }
    store::admin_config::replace_premium_packages(db, packages);
    store::staff::audit(db, staff_id, "config_premium_packages", "premium_packages", "",
                        detail.empty() ? "unchanged" : detail, request.now);
    view = config_view(db);
  });
  publish_catalogue(request.app);
  return reply_ok(std::move(view));
}

json::object save_like_limit(Request& request) {
  protocol::Fields fields(request.payload);
  auto limit = fields.integer("daily_like_limit");
  if (fields.failed()) return fields.error_reply();
  if (!limit) return reply_error(errc::missing_field, "daily_like_limit");
  if (auto problem = rules::check_daily_like_limit(*limit)) {
    return reply_error(problem.code, problem.field);
  }
  int64_t staff_id = request.connection.staff_id;
  json::object view;
  request.app.db->write([&](store::Session& db) {
    int64_t before = store::admin_config::daily_like_limit(db);
    store::admin_config::set_daily_like_limit(db, *limit);
    auto detail = rules::describe_change("daily_like_limit", before, *limit);
    store::staff::audit(db, staff_id, "config_like_limit", "settings", "daily_like_limit",
                        detail.empty() ? "unchanged" : detail, request.now);
    view = config_view(db);
  });
  return reply_ok(std::move(view));
}

// The credits a member gets for each person who signs up through their link and verifies
// (docs/protocol.md "Referrals"); 0 turns rewards off.
json::object save_referral_reward(Request& request) {
  protocol::Fields fields(request.payload);
  auto reward = fields.integer("referral_reward");
  if (fields.failed()) return fields.error_reply();
  if (!reward) return reply_error(errc::missing_field, "referral_reward");
  if (!domain::valid_referral_reward(*reward)) {
    return reply_error(errc::invalid_value, "referral_reward");
  }
  int64_t staff_id = request.connection.staff_id;
  json::object view;
  request.app.db->write([&](store::Session& db) {
    int64_t before = store::referrals::reward(db);
    store::referrals::set_reward(db, *reward);
    auto detail = rules::describe_change("referral_reward", before, *reward);
    store::staff::audit(db, staff_id, "config_referral_reward", "settings", "referral_reward",
                        detail.empty() ? "unchanged" : detail, request.now);
    view = config_view(db);
  });
  return reply_ok(std::move(view));
}

json::object save_gifts(Request& request) {
  json::object refusal;
  const auto* list = list_of(request.payload, "gifts", refusal);
  if (!list) return refusal;
  std::vector<rules::Gift> gifts;
  for (size_t i = 0; i < list->size(); ++i) {
    protocol::Fields fields((*list)[i].as_object());
    auto id = fields.integer("id");
    auto icon = fields.string("icon");
    auto price = fields.integer("price");
    std::optional<std::string> names[3] = {fields.string("name_he"), fields.string("name_en"),
                                           fields.string("name_de")};
    if (fields.failed()) {
      return reply_error(errc::invalid_field, field_at("gifts", i, fields.invalid_field()));
    }
    const std::pair<std::string_view, bool> required[] = {{"id", id.has_value()},
                                                          {"icon", icon.has_value()},
                                                          {"name_he", names[0].has_value()},
                                                          {"name_en", names[1].has_value()},
                                                          {"name_de", names[2].has_value()},
                                                          {"price", price.has_value()}};
    for (const auto& [name, present] : required) {
      if (!present) return reply_error(errc::missing_field, field_at("gifts", i, name));
    }
    rules::Gift gift{*id, *icon, {}, {}, {}, *price};
    std::string* cleaned[3] = {&gift.name_he, &gift.name_en, &gift.name_de};
    constexpr std::string_view kNameFields[3] = {"name_he", "name_en", "name_de"};
    for (size_t n = 0; n < 3; ++n) {
      // Names are shown to members: the same gate as every text they read.
      auto text = domain::clean_text(domain::strip_html(*names[n]), domain::TextKind::line);
      if (!text) return reply_error(errc::invalid_value, field_at("gifts", i, kNameFields[n]));
      *cleaned[n] = *text;
    }
    gifts.push_back(std::move(gift));
  }
  if (auto problem = rules::check_gifts(gifts)) return reply_error(problem.code, problem.field);
  int64_t staff_id = request.connection.staff_id;
  json::object view;
  json::object reply;
  request.app.db->write([&](store::Session& db) {
    auto before = store::admin_config::gifts(db);
    std::string detail;
    for (const auto& old : before) {
      auto now =
          std::find_if(gifts.begin(), gifts.end(), [&](const auto& g) { return g.id == old.id; });
      if (now == gifts.end()) {
        // Messages refer to every gift ever offered: none can leave the catalogue.
        reply = reply_error(errc::invalid_value, "gifts");
        return;
      }
      std::string changes;
      auto add = [&](std::string_view field, const std::string& was, const std::string& is) {
        if (was == is) return;
        if (!changes.empty()) changes += ", ";
        changes += std::string(field) + " " + was + " → " + is;
      };
      add("icon", old.icon, now->icon);
      add("name_he", old.name_he, now->name_he);
      add("name_en", old.name_en, now->name_en);
      add("name_de", old.name_de, now->name_de);
      add("price", std::to_string(old.price), std::to_string(now->price));
      if (!changes.empty()) append(detail, "gift " + std::to_string(old.id) + ": " + changes);
    }
    for (const auto& g : gifts) {
      bool known =
          std::any_of(before.begin(), before.end(), [&](const auto& b) { return b.id == g.id; });
      if (!known) append(detail, "gift " + std::to_string(g.id) + " added: " + g.name_en);
    }
    store::admin_config::upsert_gifts(db, gifts);
    store::staff::audit(db, staff_id, "config_gifts", "gifts", "",
                        detail.empty() ? "unchanged" : detail, request.now);
    view = config_view(db);
  });
  if (!reply.empty()) return reply;
  return reply_ok(std::move(view));
}

std::string prize_text(const domain::wheel::Prize& p) {
  return std::string(domain::wheel::kind_name(p.kind)) + " " + std::to_string(p.amount) +
         " weight " + std::to_string(p.weight);
}

json::object save_wheel(Request& request) {
  json::object refusal;
  const auto* list = list_of(request.payload, "prizes", refusal);
  if (!list) return refusal;
  std::vector<domain::wheel::Prize> prizes;
  for (size_t i = 0; i < list->size(); ++i) {
    protocol::Fields fields((*list)[i].as_object());
    auto id = fields.integer("id");
    auto kind_text = fields.string("kind");
    auto amount = fields.integer("amount");
    auto weight = fields.integer("weight");
    if (fields.failed()) {
      return reply_error(errc::invalid_field, field_at("prizes", i, fields.invalid_field()));
    }
    const std::pair<std::string_view, bool> required[] = {
        {"id", id.has_value()}, {"kind", kind_text.has_value()}, {"weight", weight.has_value()}};
    for (const auto& [name, present] : required) {
      if (!present) return reply_error(errc::missing_field, field_at("prizes", i, name));
    }
    auto kind = domain::wheel::parse_kind(*kind_text);
    if (!kind) return reply_error(errc::invalid_value, field_at("prizes", i, "kind"));
    prizes.push_back({*id, static_cast<int64_t>(i + 1), *kind, amount.value_or(0), *weight});
  }
  int64_t staff_id = request.connection.staff_id;
  json::object view;
  json::object reply;
  request.app.db->write([&](store::Session& db) {
    int64_t spin_price = store::catalog::price_of(db, "spin");
    if (auto problem = rules::check_wheel(prizes, spin_price)) {
      reply = reply_error(problem.code, problem.field);
      return;
    }
    auto before = store::wheel::prizes(db);
    std::string detail;
    for (size_t i = 0; i < std::max(before.size(), prizes.size()); ++i) {
      std::string was = i < before.size() ? prize_text(before[i]) : "none";
      std::string now = i < prizes.size() ? prize_text(prizes[i]) : "none";
      if (was != now) {
        append(detail, "segment " + std::to_string(i + 1) + ": " + was + " → " + now);
      }
    }
    auto old_value = domain::wheel::expected_credits_per_spin(before);
    auto new_value = domain::wheel::expected_credits_per_spin(prizes);
    char expected[96];
    std::snprintf(expected, sizeof expected, "expected credits per spin %.2f → %.2f (price %lld)",
                  old_value.value_or(0.0), new_value.value_or(0.0),
                  static_cast<long long>(spin_price));
    append(detail, expected);
    store::admin_config::replace_wheel_prizes(db, prizes);
    store::staff::audit(db, staff_id, "config_wheel", "wheel_prizes", "", detail, request.now);
    view = config_view(db);
  });
  if (!reply.empty()) return reply;
  // Open wheels and odds pages redraw from the new prizes.
  auto event = modules::wheel_prizes_event(request.app);
  for (int64_t user_id : request.app.hub.online_users()) {
    modules::publish_event(request.app, user_id, event);
  }
  return reply_ok(std::move(view));
}

}  // namespace

void register_admin_config_modules(modules::Router& router) {
  router.add("console/admin/config/get", protocol::Access::admin, get);
  router.add("console/admin/config/credit_packages", protocol::Access::admin, save_credit_packages);
  router.add("console/admin/config/prices", protocol::Access::admin, save_prices);
  router.add("console/admin/config/wheel", protocol::Access::admin, save_wheel);
  router.add("console/admin/config/premium_packages", protocol::Access::admin,
             save_premium_packages);
  router.add("console/admin/config/like_limit", protocol::Access::admin, save_like_limit);
  router.add("console/admin/config/referral_reward", protocol::Access::admin, save_referral_reward);
  router.add("console/admin/config/gifts", protocol::Access::admin, save_gifts);
}

}  // namespace kesher::console
