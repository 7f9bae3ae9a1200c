// The lucky wheel (spinofluck/prizes, spinofluck/buy_spin, spinofluck/spin) and the credits
// history: docs/protocol.md "The wheel" and "credits/history"; the odds in docs/wheel.md.
#include <sodium.h>
#include <spdlog/spdlog.h>

#include <cmath>

#include "domain/chat.hpp"
#include "domain/crypto.hpp"
#include "domain/wheel.hpp"
#include "modules/events.hpp"
#include "modules/paging.hpp"
#include "modules/registry.hpp"
#include "modules/wheel.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/catalog.hpp"
#include "store/ledger_history.hpp"
#include "store/wheel.hpp"

namespace kesher::modules {

namespace {

using protocol::Fields;
using protocol::reply_error;
using protocol::reply_ok;
namespace rules = domain::wheel;

constexpr int64_t kHistoryPage = 20;

// Odds shown to members are rounded to 6 decimals: exact enough to add up, short to read.
double rounded(double value, double scale = 1e6) {
  return std::round(value * scale) / scale;
}

json::object prize_view(const rules::Prize& prize) {
  bool coins = prize.kind == rules::PrizeKind::coins;
  return json::object{{"id", prize.id},
                      {"position", prize.position},
                      {"kind", rules::kind_name(prize.kind)},
                      {"amount", prize.amount},
                      {"coins", coins ? prize.amount : 0},
                      {"free", prize.kind == rules::PrizeKind::freespin ? 1 : 0}};
}

// Every prize as spinofluck/prizes lists it, with its weight and odds.
json::array prizes_view(const std::vector<rules::Prize>& wheel) {
  auto odds = rules::odds(wheel);
  json::array data;
  for (size_t i = 0; i < wheel.size(); ++i) {
    json::object view = prize_view(wheel[i]);
    view["weight"] = wheel[i].weight;
    view["odds"] = rounded(odds[i]);
    data.push_back(std::move(view));
  }
  return data;
}

json::object prizes_reply(store::Session& db) {
  auto wheel = store::wheel::prizes(db);
  json::object reply = reply_ok(prizes_view(wheel));
  auto expected = rules::expected_credits_per_spin(wheel);
  reply["request_details"] = json::object{
      {"spin_price", store::catalog::price_of(db, "spin")},
      {"total_weight", rules::total_weight(wheel)},
      {"expected_credits", expected ? json::value(rounded(*expected, 100)) : json::value(nullptr)}};
  return reply;
}

json::object prizes(Request& request) {
  json::object reply;
  request.app.db->read([&](store::Session& db) { reply = prizes_reply(db); });
  return reply;
}

// A client_id (send_message's rules) makes a purchase or a spin idempotent; without one each
// request is new.
std::variant<std::optional<std::string>, json::object> read_client_id(Request& request) {
  Fields fields(request.payload);
  auto client_id = fields.string("client_id");
  if (fields.failed()) return fields.error_reply();
  if (client_id && !domain::chat::valid_client_id(*client_id)) {
    return reply_error(errc::invalid_value, "client_id");
  }
  return client_id;
}

std::string purchase_key(std::string_view what, int64_t user_id,
                         const std::optional<std::string>& client_id) {
  return std::string(what) + ":" + std::to_string(user_id) + ":" +
         (client_id ? "c:" + *client_id : "r:" + domain::random_token(16));
}

json::object not_enough(int64_t credits, int64_t required) {
  json::object reply = reply_error(errc::not_enough_credits);
  reply["request_details"] = json::object{{"credits", credits}, {"required", required}};
  return reply;
}

void publish_credits(Request& request, int64_t credits) {
  publish_event(request.app, request.connection.user_id,
                json::object{{"module", "credits"}, {"data", json::object{{"credits", credits}}}},
                request.connection.connection.get());
}

json::object buy_spin(Request& request) {
  auto parsed = read_client_id(request);
  if (auto* error = std::get_if<json::object>(&parsed)) return std::move(*error);
  auto client_id = std::get<std::optional<std::string>>(parsed);
  int64_t me = request.connection.user_id;
  std::string key = purchase_key("spin_purchase", me, client_id);
  int64_t price = -1;
  store::wheel::BuyOutcome outcome;
  request.app.db->write([&](store::Session& db) {
    price = store::catalog::price_of(db, "spin");
    if (price > 0) outcome = store::wheel::buy_spin(db, me, price, key, request.now);
  });
  if (price <= 0) throw std::runtime_error("the catalogue has no spin price");
  if (outcome.status == store::wheel::BuyStatus::not_enough_credits) {
    return not_enough(outcome.credits, price);
  }
  bool bought = outcome.status == store::wheel::BuyStatus::bought;
  if (bought) publish_credits(request, outcome.credits);
  json::object reply = reply_ok();
  reply["request_details"] = json::object{{"success", 1},
                                          {"credits", outcome.credits},
                                          {"credits_spent", bought ? price : 0},
                                          {"sof_spin_available", outcome.spins},
                                          {"replayed", bought ? 0 : 1}};
  return reply;
}

uint32_t secure_uniform(uint32_t upper) {
  return randombytes_uniform(upper);
}

// docs/protocol.md "notification": the banner for a reward; nothing for an empty segment.
std::optional<json::object> prize_notification(const rules::Prize& prize) {
  if (prize.amount <= 0) return std::nullopt;
  if (prize.kind == rules::PrizeKind::coins) {
    return json::object{{"module", "notification"},
                        {"type", "wheel_credits"},
                        {"coins", prize.amount},
                        {"message", "You won " + std::to_string(prize.amount) + " credits"}};
  }
  if (prize.kind == rules::PrizeKind::freespin) {
    return json::object{
        {"module", "notification"},
        {"type", "freespin"},
        {"coins", 0},
        {"spins", prize.amount},
        {"message", prize.amount == 1 ? std::string("You won a free spin")
                                      : "You won " + std::to_string(prize.amount) + " free spins"}};
  }
  return std::nullopt;
}

json::object spin(Request& request) {
  auto parsed = read_client_id(request);
  if (auto* error = std::get_if<json::object>(&parsed)) return std::move(*error);
  auto client_id = std::get<std::optional<std::string>>(parsed);
  int64_t me = request.connection.user_id;
  const rules::UniformSource fallback = secure_uniform;
  const rules::UniformSource& random =
      request.app.wheel_random ? request.app.wheel_random : fallback;
  store::wheel::SpinOutcome outcome;
  json::array wheel;
  request.app.db->write([&](store::Session& db) {
    outcome = store::wheel::spin(db, me, client_id, random, request.now);
    wheel = prizes_view(store::wheel::prizes(db));
  });
  using store::wheel::SpinStatus;
  if (outcome.status == SpinStatus::no_free_spin) {
    json::object reply = reply_error(errc::no_free_spin);
    reply["request_details"] =
        json::object{{"credits", outcome.credits}, {"sof_spin_available", outcome.spins}};
    return reply;
  }
  if (outcome.status == SpinStatus::no_prize) {
    spdlog::error("spinofluck/spin: the wheel has no prize that can be drawn");
    return reply_error(errc::internal_error);
  }
  const rules::Prize& prize = outcome.prize;
  bool won = outcome.status == SpinStatus::won;
  if (won) {
    if (auto event = prize_notification(prize)) {
      publish_event(request.app, me, *event, request.connection.connection.get());
      request.after_reply.push_back(std::move(*event));
    }
    if (prize.kind == rules::PrizeKind::coins && prize.amount > 0) {
      publish_credits(request, outcome.credits);
    }
  }
  // Spec §7: data.type "spin" is a free spin, otherwise data.value is the coins won.
  std::string_view type = prize.kind == rules::PrizeKind::freespin ? "spin"
                          : prize.kind == rules::PrizeKind::coins  ? "coins"
                                                                   : "nothing";
  json::object reply =
      reply_ok(json::object{{"id", prize.id},
                            {"position", prize.position},
                            {"type", type},
                            {"value", prize.kind == rules::PrizeKind::coins ? prize.amount : 0}});
  // The prize as spinofluck/prizes lists it (with its odds), so the client finds its segment.
  json::value drawn = prize_view(prize);
  for (const auto& entry : wheel) {
    if (entry.as_object().at("id") == json::value(prize.id)) drawn = entry;
  }
  reply["request_details"] = json::object{{"prize", drawn},
                                          {"spin_id", outcome.spin_id},
                                          {"credits", outcome.credits},
                                          {"sof_spin_available", outcome.spins},
                                          {"replayed", won ? 0 : 1}};
  return reply;
}

json::object history(Request& request) {
  Fields fields(request.payload);
  auto page = read_page(fields, kHistoryPage, kHistoryPage);
  if (auto* error = std::get_if<json::object>(&page)) return std::move(*error);
  const Page& slice = std::get<Page>(page);
  json::array data;
  request.app.db->read([&](store::Session& db) {
    for (const auto& entry :
         store::ledger::history(db, request.connection.user_id, slice.offset, slice.take)) {
      data.push_back(json::object{{"id", entry.id},
                                  {"delta", entry.delta},
                                  {"reason", entry.reason},
                                  {"reference", entry.reference},
                                  {"time", entry.time},
                                  {"balance", entry.balance}});
    }
  });
  return reply_ok(std::move(data));
}

}  // namespace

json::object wheel_prizes_event(app::Context& app) {
  json::object event;
  app.db->read([&](store::Session& db) { event = prizes_reply(db); });
  event["module"] = "spinofluck/prizes";
  return event;
}

void register_wheel_module(Router& router) {
  router.add("spinofluck/prizes", protocol::Access::member, prizes);
  router.add("spinofluck/buy_spin", protocol::Access::member, buy_spin);
  router.add("spinofluck/spin", protocol::Access::member, spin);
  router.add("credits/history", protocol::Access::member, history);
}

}  // namespace kesher::modules
