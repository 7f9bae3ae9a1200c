// payment/initiate, the sandbox checkout and POST /api/payments/webhook/{provider}
// (docs/protocol.md, "Payments"; docs/decisions/0009-payments.md).
#include <spdlog/spdlog.h>

#include "domain/crypto.hpp"
#include "domain/money.hpp"
#include "domain/webhook_signature.hpp"
#include "modules/catalog_view.hpp"
#include "modules/events.hpp"
#include "modules/http_routes.hpp"
#include "modules/registry.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "protocol/form.hpp"
#include "store/catalog.hpp"
#include "store/payments.hpp"
#include "store/users.hpp"

namespace kesher::modules {

namespace {

using protocol::error_response;
using protocol::Fields;
using protocol::HttpRequest;
using protocol::HttpResponse;
using protocol::json_response;
using protocol::reply_error;
using protocol::reply_ok;

constexpr std::string_view kWebhookPrefix = "/api/payments/webhook/";
// The checkout may be shown in the site's own payment iframe, and nowhere else; it loads only its
// stylesheet and posts only to this origin.
constexpr std::string_view kCheckoutPolicy =
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; "
    "frame-ancestors 'self'; base-uri 'none'";

std::string_view order_type(const store::payments::Order& order) {
  return order.kind == "credits" ? "buy-credits" : "premium";
}

// payment/initiate: an order with the catalogue's price in the caller's currency.
json::object initiate(Request& request) {
  Fields fields(request.payload);
  auto provider_name = fields.string("provider");
  auto package_id = fields.integer("package_id");
  auto type = fields.string("type");
  if (fields.failed()) return fields.error_reply();
  const payments::PaymentProvider* provider =
      request.app.payment_provider(provider_name.value_or("sandbox"));
  if (!provider) return reply_error(errc::invalid_value, "provider");
  if (!type || (*type != "buy-credits" && *type != "premium")) {
    return reply_error(errc::invalid_value, "type");
  }
  if (!package_id) return reply_error(errc::invalid_value, "package_id");
  store::payments::Order order;
  order.id = "o_" + domain::random_token(16);
  order.user_id = request.connection.user_id;
  order.provider = std::string(provider->name());
  order.package_id = *package_id;
  order.created_at = order.updated_at = request.now;
  bool found = false;
  request.app.db->write([&](store::Session& db) {
    // The member's own language decides the currency (spec §4), as stored, not as the socket says.
    auto language = store::users::language_of(db, order.user_id);
    if (!language) return;
    auto currency = domain::currency_for_language(*language);
    order.currency = std::string(domain::currency_code(currency));
    if (*type == "buy-credits") {
      auto package = store::catalog::credit_package(db, *package_id);
      if (!package) return;
      order.kind = "credits";
      order.credits = package->credits;
      order.bonus = package->bonus(request.now);
      order.free_spins = package->free_spins;
      order.amount_minor = package->price_minor(currency);
    } else {
      auto package = store::catalog::premium_package(db, *package_id);
      if (!package) return;
      order.kind = "premium";
      order.months = package->months;
      order.amount_minor = package->total_minor(currency);
    }
    store::payments::insert_order(db, order);
    found = true;
  });
  if (!found) return reply_error(errc::invalid_value, "package_id");
  return reply_ok(json::object{{"order_id", order.id},
                               {"redirect_url", provider->checkout_url(order.id)},
                               {"amount", major_amount(order.amount_minor)},
                               {"currency", order.currency}});
}

HttpResponse html_page(unsigned status, std::string body) {
  HttpResponse response;
  response.status = status;
  response.content_type = "text/html; charset=utf-8";
  response.body = std::move(body);
  response.headers.emplace_back("Content-Security-Policy", std::string(kCheckoutPolicy));
  response.headers.emplace_back("X-Frame-Options", "SAMEORIGIN");
  response.headers.emplace_back("Cache-Control", "no-store");
  return response;
}

std::optional<store::payments::Order> load_order(app::Context& app, std::string_view id,
                                                 std::string* language) {
  std::optional<store::payments::Order> order;
  if (id.empty() || id.size() > 64) return order;
  app.db->read([&](store::Session& db) {
    order = store::payments::find_order(db, std::string(id));
    if (order && language) {
      *language = store::users::language_of(db, order->user_id).value_or("en");
    }
  });
  return order;
}

payments::CheckoutPage page_for(const store::payments::Order& order, std::string language) {
  payments::CheckoutPage page;
  page.language = std::move(language);
  page.order_id = order.id;
  page.currency = order.currency;
  page.amount_minor = order.amount_minor;
  page.kind = order.kind;
  page.credits = order.credits;
  page.bonus = order.bonus;
  page.months = order.months;
  page.state = order.state;
  return page;
}

HttpResponse checkout(app::Context& app, const HttpRequest& request, const json::object&) {
  std::string language;
  auto id = std::string_view(request.path).substr(payments::kCheckoutPrefix.size());
  auto order = load_order(app, id, &language);
  if (!order || order->provider != "sandbox") return error_response(404, errc::not_found);
  return html_page(200, payments::render_checkout(page_for(*order, language)));
}

HttpResponse stylesheet(app::Context&, const HttpRequest&, const json::object&) {
  HttpResponse response;
  response.content_type = "text/css; charset=utf-8";
  response.body = std::string(payments::checkout_stylesheet());
  response.headers.emplace_back("Cache-Control", "public, max-age=3600");
  return response;
}

std::string sandbox_event(const store::payments::Order& order, std::string_view type, int64_t now) {
  return protocol::serialize(json::object{{"id", "evt_" + domain::random_token(16)},
                                          {"type", type},
                                          {"order_id", order.id},
                                          {"amount", order.amount_minor},
                                          {"currency", order.currency},
                                          {"created", now}});
}

// The sandbox "processor": decides by the card and tells the webhook endpoint later, over HTTP,
// as a real processor would; the browser goes on to /payments/redirect, which grants nothing.
HttpResponse pay(app::Context& app, const HttpRequest& request, const json::object&) {
  std::string language;
  auto id = std::string_view(request.path).substr(payments::kPayPrefix.size());
  auto order = load_order(app, id, &language);
  if (!order || order->provider != "sandbox") return error_response(404, errc::not_found);
  auto page = page_for(*order, language);
  if (order->state != "created") return html_page(409, payments::render_checkout(page));
  auto form = protocol::parse_form(request.body).value_or(std::map<std::string, std::string>{});
  payments::CardForm card{form["number"], form["expiry"], form["cvc"], form["name"]};
  page.name = card.name.substr(0, 100);
  int64_t now = app.now();
  page.problem = payments::check_card(card, domain::utc_date(now));
  if (page.problem != payments::CardProblem::none) {
    return html_page(400, payments::render_checkout(page));
  }
  auto outcome = payments::card_outcome(card.number);
  if (outcome == payments::CardOutcome::declined) {
    page.declined = true;
    return html_page(402, payments::render_checkout(page));
  }
  std::string url = app.webhook_origin + std::string(kWebhookPrefix) + "sandbox";
  std::string secret(app.sandbox->webhook_secret());
  if (outcome == payments::CardOutcome::succeeds) {
    app.webhooks->send(url, sandbox_event(*order, "payment.succeeded", now), secret);
  } else {
    app.webhooks->send(url, sandbox_event(*order, "payment.failed", now + 3), secret,
                       payments::kFailureDelay);
  }
  return protocol::redirect_response(303, "/payments/redirect?order=" + order->id);
}

HttpResponse webhook(app::Context& app, const HttpRequest& request, const json::object&) {
  auto provider_name = std::string_view(request.path).substr(kWebhookPrefix.size());
  const payments::PaymentProvider* provider = app.payment_provider(provider_name);
  if (!provider) return error_response(404, errc::not_found);
  int64_t now = app.now();
  switch (domain::check_webhook_signature(request.payment_signature, request.body,
                                          provider->webhook_secret(), now)) {
    case domain::SignatureCheck::invalid:
      return error_response(400, errc::invalid_signature);
    case domain::SignatureCheck::stale:
      return error_response(400, errc::stale_signature);
    case domain::SignatureCheck::valid:
      break;
  }
  auto body = protocol::parse_object(request.body);
  if (!body) return error_response(400, errc::invalid_json);
  Fields fields(*body);
  store::payments::ProviderEvent event;
  event.provider = std::string(provider->name());
  auto event_id = fields.string("id");
  auto type = fields.string("type");
  auto order_id = fields.string("order_id");
  auto amount = fields.integer("amount");
  auto currency = fields.string("currency");
  if (fields.failed()) {
    return error_response(400, errc::invalid_field, {{"field", fields.invalid_field()}});
  }
  for (auto [name, present] : {std::pair{"id", event_id.has_value()},
                               {"type", type.has_value()},
                               {"order_id", order_id.has_value()},
                               {"amount", amount.has_value()},
                               {"currency", currency.has_value()}}) {
    if (!present) return error_response(400, errc::missing_field, {{"field", name}});
  }
  if (event_id->empty() || event_id->size() > 255) {
    return error_response(400, errc::invalid_value, {{"field", "id"}});
  }
  event.event_id = *event_id;
  event.type = *type;
  event.order_id = *order_id;
  event.amount_minor = *amount;
  event.currency = *currency;
  store::payments::EventResult result;
  app.db->write([&](store::Session& db) { result = store::payments::apply_event(db, event, now); });
  using store::payments::EventOutcome;
  switch (result.outcome) {
    case EventOutcome::unknown_order:
      return error_response(400, errc::unknown_order);
    case EventOutcome::amount_mismatch:
      return error_response(400, errc::amount_mismatch);
    case EventOutcome::duplicate:
      return json_response(200, json::object{{"received", 1}, {"duplicate", 1}});
    case EventOutcome::ignored:
      return json_response(200, json::object{{"received", 1}});
    case EventOutcome::applied:
      break;
  }
  const auto& order = result.order;
  if (order.state == "paid") {
    publish_event(
        app, order.user_id,
        json::object{
            {"module", "payment/complete"},
            {"data", json::object{
                         {"order_id", order.id},
                         {"type", order_type(order)},
                         {"credits", result.credits},
                         {"premium_until", result.premium_until ? json::value(*result.premium_until)
                                                                : json::value(nullptr)}}}});
  } else {
    publish_event(
        app, order.user_id,
        json::object{{"module", "payment/failed"},
                     {"data", json::object{{"order_id", order.id}, {"type", order_type(order)}}}});
  }
  return json_response(200, json::object{{"received", 1}});
}

}  // namespace

void register_payment_module(Router& router) {
  router.add("payment/initiate", protocol::Access::member, initiate);
}

void register_payment_routes(HttpRouter& router) {
  router.add({.method = "GET",
              .path = std::string(payments::kCheckoutStylesheet),
              .match = Match::exact,
              .handler = stylesheet});
  router.add({.method = "GET",
              .path = std::string(payments::kCheckoutPrefix),
              .match = Match::prefix,
              .handler = checkout});
  router.add({.method = "POST",
              .path = std::string(payments::kPayPrefix),
              .match = Match::prefix,
              .handler = pay,
              .form_body = true});
  // JSON, read raw: the signature covers the exact bytes, and is checked before any parsing.
  router.add({.method = "POST",
              .path = std::string(kWebhookPrefix),
              .match = Match::prefix,
              .handler = webhook});
}

}  // namespace kesher::modules
