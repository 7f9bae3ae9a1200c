// configs, plugins, geodata and languages: what a client needs before anyone logs in.
#include <array>

#include "domain/catalog.hpp"
#include "domain/language.hpp"
#include "modules/catalog_view.hpp"
#include "modules/registry.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"

namespace kesher::modules {

namespace {

using protocol::Fields;
using protocol::reply_error;
using protocol::reply_ok;

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

constexpr std::array<std::string_view, 6> kConfigKeys{"site",    "genders", "answers",
                                                      "credits", "premium", "prices"};

// The catalogue's keys are rows in the database (store/catalog.hpp), in the caller's currency.
json::value config_value(Request& request, std::string_view key) {
  if (key == "site") return site_config();
  if (key == "genders") return genders_config();
  if (key == "answers") return answers_config();
  auto currency = domain::currency_for_language(request.connection.language);
  json::value value;
  request.app.db->read([&](store::Session& db) {
    if (key == "credits") {
      value = credit_packages_view(store::catalog::credit_packages(db), currency, request.now);
    } else if (key == "premium") {
      value = premium_packages_view(store::catalog::premium_packages(db), currency);
    } else {
      value = feature_prices_view(store::catalog::feature_prices(db));
    }
  });
  return value;
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
    data[key] = config_value(request, key);
  }
  return reply_ok(std::move(data));
}

json::object credits_promo(Request& request) {
  std::vector<store::catalog::CreditPackage> packages;
  request.app.db->read([&](store::Session& db) { packages = store::catalog::credit_packages(db); });
  return reply_ok(promotion_view(packages, request.now));
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
  router.add("credits_promo", protocol::Access::guest, credits_promo);
  router.add("geodata", protocol::Access::guest, geodata);
  router.add("languages", protocol::Access::guest, languages);
}

}  // namespace kesher::modules
