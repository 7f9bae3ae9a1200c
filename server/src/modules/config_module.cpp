// configs, plugins, geodata and languages: what a client needs before anyone logs in.
#include <array>

#include "domain/catalog.hpp"
#include "domain/language.hpp"
#include "modules/registry.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"

namespace kesher::modules {

namespace {

using protocol::Fields;
using protocol::reply_error;
using protocol::reply_ok;

bool uses_shekels(const app::ConnectionState& connection) {
  return connection.language == "he";
}

json::value site_config() {
  return json::object{{"name", "Kesher"},
                      {"min_age", 18},
                      {"max_age", 99},
                      {"min_credits_to_send", domain::kMinimumCreditsToSend},
                      {"signup_credits", domain::kSignupCredits},
                      {"push_credits", domain::kPushOptInCredits},
                      {"photo_slots", domain::kPhotoSlots}};
}

json::value genders_config() {
  return json::array{json::object{{"id", 1}, {"key", "male"}},
                     json::object{{"id", 2}, {"key", "female"}},
                     json::object{{"id", 3}, {"key", "other"}}};
}

json::value answers_config() {
  json::array answers;
  for (int id = 1; id <= 6; ++id) {
    answers.push_back(json::object{{"id", id}, {"key", "answer" + std::to_string(id)}});
  }
  return answers;
}

json::value credits_config(bool shekels) {
  json::array packages;
  for (const auto& p : domain::credit_packages()) {
    packages.push_back(json::object{{"id", p.id},
                                    {"credits", p.credits},
                                    {"price", shekels ? p.price_ils : p.price_usd},
                                    {"discount", p.discount_percent},
                                    {"promo_active", 0},
                                    {"promo_ends", nullptr}});
  }
  return packages;
}

json::value premium_config(bool shekels) {
  json::array packages;
  for (const auto& p : domain::premium_packages()) {
    int total = shekels ? p.total_ils : p.total_usd;
    packages.push_back(json::object{{"id", p.id},
                                    {"months", p.months},
                                    {"total", total},
                                    {"price", (total + p.months - 1) / p.months},
                                    {"saves", p.saves_percent},
                                    {"recommended", p.recommended ? 1 : 0}});
  }
  return packages;
}

json::value prices_config() {
  json::array prices;
  for (const auto& p : domain::feature_prices()) {
    prices.push_back(json::object{{"feature", p.feature}, {"price", p.credits}});
  }
  return prices;
}

constexpr std::array<std::string_view, 6> kConfigKeys{"site",    "genders", "answers",
                                                      "credits", "premium", "prices"};

json::value config_value(std::string_view key, bool shekels) {
  if (key == "site") return site_config();
  if (key == "genders") return genders_config();
  if (key == "answers") return answers_config();
  if (key == "credits") return credits_config(shekels);
  if (key == "premium") return premium_config(shekels);
  return prices_config();
}

json::object configs(Request& request) {
  Fields fields(request.payload);
  auto keys = fields.strings("keys");
  if (fields.failed()) return fields.error_reply();
  std::vector<std::string> wanted =
      keys.value_or(std::vector<std::string>(kConfigKeys.begin(), kConfigKeys.end()));
  json::object data;
  for (const auto& key : wanted) {
    if (std::find(kConfigKeys.begin(), kConfigKeys.end(), key) == kConfigKeys.end()) {
      return reply_error(errc::invalid_value, "keys");
    }
    data[key] = config_value(key, uses_shekels(request.connection));
  }
  return reply_ok(std::move(data));
}

json::object plugins(Request& request) {
  Fields fields(request.payload);
  auto names = fields.strings("plugins");
  if (fields.failed()) return fields.error_reply();
  json::object data;
  for (const auto& name : names.value_or(std::vector<std::string>{"terms"})) {
    if (name == "terms") {
      data["terms"] = json::object{{"version", "2026-11"}, {"url", "/terms-and-conditions"}};
    }
  }
  return reply_ok(std::move(data));
}

json::object geodata(Request& request) {
  auto language =
      domain::parse_language(request.connection.geo_language).value_or(domain::Language::he);
  std::string_view country = language == domain::Language::de   ? "DE"
                             : language == domain::Language::en ? "US"
                                                                : "IL";
  return reply_ok(
      json::object{{"country", country}, {"language", request.connection.geo_language}});
}

json::object languages(Request& request) {
  Fields fields(request.payload);
  int64_t offset = fields.integer("currentLength").value_or(0);
  int64_t take = fields.integer("recordsToTake").value_or(20);
  if (fields.failed()) return fields.error_reply();
  if (offset < 0 || take < 1 || take > 100) return reply_error(errc::invalid_value);
  static const std::array<std::tuple<std::string_view, std::string_view, bool>, 3> kLanguages{
      {{"עברית", "he", true}, {"English", "en", false}, {"Deutsch", "de", false}}};
  json::array data;
  for (int64_t i = offset; i < static_cast<int64_t>(kLanguages.size()) && i < offset + take; ++i) {
    const auto& [name, prefix, rtl] = kLanguages[static_cast<size_t>(i)];
    data.push_back(json::object{{"name", name}, {"prefix", prefix}, {"rtl", rtl}});
  }
  return reply_ok(std::move(data));
}

}  // namespace

void register_config_module(Router& router) {
  router.add("configs", protocol::Access::guest, configs);
  router.add("plugins", protocol::Access::guest, plugins);
  router.add("geodata", protocol::Access::guest, geodata);
  router.add("languages", protocol::Access::guest, languages);
}

}  // namespace kesher::modules
