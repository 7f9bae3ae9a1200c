// Paid boosts (boost/buy, boost/status) and how boosted people are served in Discover:
// docs/protocol.md "Boosts".
#include <unordered_set>

#include "domain/chat.hpp"
#include "domain/crypto.hpp"
#include "modules/boosted.hpp"
#include "modules/events.hpp"
#include "modules/registry.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/boosts.hpp"
#include "store/catalog.hpp"

namespace kesher::modules {

namespace rules = domain::boosts;

namespace {

using protocol::Fields;
using protocol::reply_error;
using protocol::reply_ok;

// Running boosts looked at per reply: far more than a page takes, so that ones outside the
// viewer's search do not hide the rest.
constexpr int64_t kRunningScanned = 200;

json::object boost_view(const rules::Boost& boost) {
  auto left = rules::impressions_left(boost);
  return json::object{{"kind", rules::kind_name(boost.kind)},
                      {"impressions", boost.impressions},
                      {"impressions_left", left ? json::value(*left) : json::value(nullptr)},
                      {"started_at", boost.started_at},
                      {"ends_at", boost.ends_at}};
}

json::object buy(Request& request) {
  Fields fields(request.payload);
  auto kind_name = fields.string("kind");
  auto client_id = fields.string("client_id");
  if (fields.failed()) return fields.error_reply();
  auto kind = rules::parse_kind(kind_name.value_or(""));
  if (!kind) return reply_error(errc::invalid_value, "kind");
  if (client_id && !domain::chat::valid_client_id(*client_id)) {
    return reply_error(errc::invalid_value, "client_id");
  }
  int64_t me = request.connection.user_id;
  // One client_id is one purchase, whatever kind a retry names.
  std::string key = "boost:" + std::to_string(me) + ":" +
                    (client_id ? "c:" + *client_id : "r:" + domain::random_token(16));
  std::string feature(rules::kind_name(*kind));
  int64_t price = -1;
  store::boosts::BuyOutcome outcome;
  request.app.db->write([&](store::Session& db) {
    price = store::catalog::price_of(db, feature);
    if (price > 0) outcome = store::boosts::buy(db, me, *kind, price, key, request.now);
  });
  if (price <= 0) throw std::runtime_error("the catalogue has no price for " + feature);
  if (outcome.status == store::boosts::BuyStatus::not_enough_credits) {
    json::object reply = reply_error(errc::not_enough_credits);
    reply["request_details"] = json::object{{"credits", outcome.credits}, {"required", price}};
    return reply;
  }
  bool bought = outcome.status == store::boosts::BuyStatus::bought;
  if (bought) {
    publish_event(
        request.app, me,
        json::object{{"module", "credits"}, {"data", json::object{{"credits", outcome.credits}}}},
        request.connection.connection.get());
  }
  json::object reply = reply_ok(boost_view(outcome.boost));
  reply["request_details"] = json::object{{"kind", feature},
                                          {"credits", outcome.credits},
                                          {"credits_spent", bought ? price : 0},
                                          {"replayed", bought ? 0 : 1}};
  return reply;
}

json::object status(Request& request) {
  json::array data;
  request.app.db->read([&](store::Session& db) {
    for (const auto& boost :
         store::boosts::running_of(db, request.connection.user_id, request.now)) {
      data.push_back(boost_view(boost));
    }
  });
  return reply_ok(std::move(data));
}

}  // namespace

rules::Audience audience_of(const store::Search& search) {
  return rules::Audience{search.gender, search.born_from, search.born_to, search.spans,
                         search.languages};
}

std::vector<store::PersonRow> serve_boosted(
    app::Context& app, store::Session& db, const Viewer& viewer, rules::Kind kind,
    const rules::Audience& audience, const std::function<bool(const store::PersonRow&)>& eligible,
    int64_t now) {
  // A few more than a page takes: another viewer may serve a boost's last impression meanwhile.
  struct Pick {
    int64_t boost_id;
    store::PersonRow person;
  };
  std::vector<Pick> picked;
  for (const auto& running : store::boosts::running(db, kind, now, kRunningScanned)) {
    if (picked.size() >= 2 * rules::kBoostedPerPage) break;
    if (running.user_id == viewer.id) continue;
    auto person = store::social::person(db, viewer.id, running.user_id);
    if (!person || person->persona) continue;
    rules::Candidate candidate{person->gender, person->birth_date, person->cell, person->language};
    if (!rules::in_audience(audience, candidate)) continue;
    if (eligible && !eligible(*person)) continue;
    picked.push_back({running.boost_id, std::move(*person)});
  }
  std::vector<store::PersonRow> served;
  if (picked.empty()) return served;
  app.db->write([&](store::Session& write) {
    served.clear();
    for (const auto& pick : picked) {
      if (served.size() >= rules::kBoostedPerPage) break;
      if (store::boosts::count_impression(write, pick.boost_id, now)) {
        served.push_back(pick.person);
      }
    }
  });
  return served;
}

json::array lead_with_boosted(const app::Context& app, const Viewer& viewer,
                              const std::vector<store::PersonRow>& boosted,
                              const std::vector<store::PersonRow>& rest, bool drop_repeats,
                              size_t limit, int64_t now) {
  json::array people;
  std::unordered_set<int64_t> shown;
  for (const auto& person : boosted) {
    if (people.size() >= limit) break;
    json::object view = person_view(app, viewer, person, now);
    view["boosted"] = 1;
    people.push_back(std::move(view));
    shown.insert(person.id);
  }
  for (const auto& person : rest) {
    if (people.size() >= limit) break;
    if (drop_repeats && shown.contains(person.id)) continue;
    people.push_back(person_view(app, viewer, person, now));
  }
  return people;
}

void register_boost_module(Router& router) {
  router.add("boost/buy", protocol::Access::member, buy);
  router.add("boost/status", protocol::Access::member, status);
}

}  // namespace kesher::modules
