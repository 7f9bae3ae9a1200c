// Web push over HTTP (docs/protocol.md "Web push"): the server's VAPID key, a member's
// subscription with the opt-in reward (POST /api/send-push, spec §7), and unsubscribing.
#include <spdlog/spdlog.h>

#include "modules/events.hpp"
#include "modules/http_routes.hpp"
#include "modules/push_notify.hpp"
#include "modules/sessions.hpp"
#include "protocol/errors.hpp"
#include "push/subscription.hpp"
#include "store/ledger.hpp"
#include "store/push_subscriptions.hpp"
#include "store/users.hpp"

namespace kesher::modules {

namespace {

namespace rules = domain::push;
using protocol::error_response;
using protocol::HttpRequest;
using protocol::HttpResponse;
using protocol::json_response;

struct Caller {
  int64_t user_id = 0;
  std::string session_hash;
};

std::optional<Caller> caller_of(app::Context& app, const HttpRequest& request) {
  std::string hash = session_hash_of(request.session_cookie);
  auto session = session_for_hash(app, hash);
  if (!session) return std::nullopt;
  return Caller{session->user_id, std::move(hash)};
}

HttpResponse public_key(app::Context& app, const HttpRequest&, const json::object&) {
  const auto& sender = app.push;
  if (!sender) return error_response(404, errc::not_found);
  HttpResponse response =
      json_response(200, json::object{{"public_key", sender->key().public_key_base64url()}});
  response.headers.emplace_back("Cache-Control", "no-cache");
  return response;
}

// `subscriber` is PushSubscription.toJSON() as an object, or that JSON as a string (spec §7).
push::SubscriptionVerdict read_subscriber(const json::object& body) {
  const json::value* subscriber = body.if_contains("subscriber");
  if (!subscriber) return {std::nullopt, errc::missing_field, "subscriber"};
  if (const auto* object = subscriber->if_object()) return push::check_subscription(*object);
  if (const auto* text = subscriber->if_string()) return push::parse_subscription(*text);
  return {std::nullopt, errc::invalid_field, "subscriber"};
}

json::object claimed_event() {
  return json::object{{"module", "claim_free_credits"},
                      {"request_status", 1},
                      {"request_details", json::object{{"claimed", true}, {"reason", "push"}}},
                      {"claimed_credits", rules::kOptInCredits}};
}

// Stores the caller's subscription for this sign-in, grants the opt-in reward once per account,
// and sends the confirmation to that subscription only. `title` and `message` are ignored: the
// server never sends text a client chose.
HttpResponse send_push(app::Context& app, const HttpRequest& request, const json::object& body) {
  auto caller = caller_of(app, request);
  if (!caller) return error_response(401, errc::not_authenticated);
  auto verdict = read_subscriber(body);
  if (!verdict) {
    json::object detail;
    if (!verdict.field.empty()) detail["field"] = std::string(verdict.field);
    return error_response(400, verdict.error, std::move(detail));
  }
  int64_t now = app.now();
  // Counted after the checks: only a subscription that would be stored and pushed to costs.
  if (int64_t wait = app.throttles.push_subscribe_by_member->try_record(
          "member:" + std::to_string(caller->user_id), now)) {
    return error_response(429, errc::rate_limited, {{"retry_after", wait}});
  }
  const push::Subscription& subscription = *verdict.subscription;
  store::push_subscriptions::Stored stored;
  bool claimed = false;
  bool signed_in = true;
  int64_t balance = 0;
  domain::Language language = domain::Language::he;
  app.db->write([&](store::Session& db) {
    // The session may have ended since it was read: no row for a signed-out browser.
    if (!store::sessions::find_active(db, caller->session_hash, now)) {
      signed_in = false;
      return;
    }
    int64_t id = store::push_subscriptions::upsert(
        db,
        {caller->user_id, caller->session_hash, subscription.endpoint, subscription.p256dh,
         subscription.auth},
        now);
    stored = {id, caller->user_id, subscription.endpoint, subscription.p256dh, subscription.auth};
    claimed = store::push_subscriptions::grant_opt_in_reward(db, caller->user_id,
                                                             rules::kOptInCredits, now);
    balance = store::ledger::balance(db, caller->user_id);
    if (auto code = store::users::language_of(db, caller->user_id)) {
      language = domain::parse_language(*code).value_or(domain::Language::he);
    }
  });
  if (!signed_in) return error_response(401, errc::not_authenticated);
  push_to(app, stored, {rules::Kind::confirm}, language);
  if (claimed) {
    // The reward modal and banner, as for the signup credits, and the balance on every socket.
    publish_event(app, caller->user_id, claimed_event());
    publish_event(
        app, caller->user_id,
        json::object{{"module", "credits"}, {"data", json::object{{"credits", balance}}}});
  }
  return json_response(
      200, json::object{{"data", json::object{{"subscribed", true},
                                              {"reward",
                                               json::object{{"claimed", claimed},
                                                            {"credits", rules::kOptInCredits}}}}}});
}

HttpResponse unsubscribe(app::Context& app, const HttpRequest& request, const json::object& body) {
  auto caller = caller_of(app, request);
  if (!caller) return error_response(401, errc::not_authenticated);
  const json::value* endpoint = body.if_contains("endpoint");
  if (!endpoint) return error_response(400, errc::missing_field, {{"field", "endpoint"}});
  const auto* text = endpoint->if_string();
  if (!text) return error_response(400, errc::invalid_field, {{"field", "endpoint"}});
  bool removed = false;
  std::string endpoint_text(*text);
  app.db->write([&](store::Session& db) {
    removed = store::push_subscriptions::remove_own(db, caller->user_id, endpoint_text);
  });
  return json_response(200, json::object{{"data", json::object{{"removed", removed}}}});
}

}  // namespace

void register_push_routes(HttpRouter& router) {
  router.add(
      {.method = "GET", .path = "/api/push/key", .match = Match::exact, .handler = public_key});
  router.add({.method = "POST",
              .path = "/api/send-push",
              .match = Match::exact,
              .handler = send_push,
              .json_body = true});
  router.add({.method = "POST",
              .path = "/api/push/unsubscribe",
              .match = Match::exact,
              .handler = unsubscribe,
              .json_body = true});
}

}  // namespace kesher::modules
