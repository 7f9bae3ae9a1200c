// The escape from in-app browsers over HTTP (docs/protocol.md "Escaping in-app browsers";
// docs/decisions/0014-in-app-browser-escape.md): a signed-in member asks for a one-time token, and
// GET /check/{token}, opened in the real browser, trades it for a fresh session cookie. No session
// id ever travels in a URL.
#include <spdlog/spdlog.h>

#include "domain/crypto.hpp"
#include "domain/escape.hpp"
#include "modules/http_routes.hpp"
#include "modules/sessions.hpp"
#include "protocol/errors.hpp"
#include "protocol/form.hpp"
#include "store/admin_members.hpp"
#include "store/auth_tokens.hpp"

namespace kesher::modules {

namespace {

namespace rules = domain::escape;
using protocol::error_response;
using protocol::HttpRequest;
using protocol::HttpResponse;
using protocol::json_response;

constexpr std::string_view kPurpose = "escape";
constexpr std::string_view kCheck = "/check/";

// POST /api/auth/escape: a token for the caller's session's member, 60 s, single use; only its
// SHA-256 is stored.
HttpResponse issue(app::Context& app, const HttpRequest& request, const json::object&) {
  auto session = session_for_hash(app, session_hash_of(request.session_cookie));
  if (!session) return error_response(401, errc::not_authenticated);
  int64_t now = app.now();
  if (int64_t wait = app.throttles.escape_by_member->try_record(
          "member:" + std::to_string(session->user_id), now)) {
    return error_response(429, errc::rate_limited, {{"retry_after", wait}});
  }
  std::string token = domain::random_token(32);
  app.db->write([&](store::Session& db) {
    store::tokens::insert(db, domain::sha256_hex(token), session->user_id, kPurpose, now,
                          now + rules::kTokenSeconds);
  });
  HttpResponse response =
      json_response(200, json::object{{"token", token}, {"expires_in", rules::kTokenSeconds}});
  response.headers.emplace_back("Cache-Control", "no-store");
  return response;
}

// A used, expired or unknown token: the app's page (its /check route explains, in the visitor's
// language), 410, and no cookie. A request another site's page started: the same page, 403.
HttpResponse refused_page(unsigned status = 410) {
  HttpResponse response;
  response.status = status;
  response.serve_index = true;
  response.content_type = "text/html; charset=utf-8";
  response.headers.emplace_back("Cache-Control", "no-store");
  response.headers.emplace_back("Referrer-Policy", "no-referrer");
  return response;
}

// The way out leaves no trace of where it came from: no referrer for the page it lands on.
HttpResponse see_other(std::string location) {
  HttpResponse response = protocol::redirect_response(303, std::move(location));
  response.headers.emplace_back("Referrer-Policy", "no-referrer");
  return response;
}

std::string next_of(std::string_view query) {
  auto fields = protocol::parse_form(query);
  if (!fields) return std::string(rules::kDefaultPath);
  auto next = fields->find("next");
  return rules::return_path(next == fields->end() ? std::string_view() : next->second);
}

// GET /check/{token}?next=/path: the token's member gets a new session here, and is sent on to
// `next` (a page of this app) or /explore. Spending the token and opening the session are one
// write transaction, so two exchanges of one token never both succeed.
HttpResponse exchange(app::Context& app, const HttpRequest& request, const json::object&) {
  std::string_view token = std::string_view(request.path).substr(kCheck.size());
  // A HEAD (a link preview, a prefetch) never spends a token.
  if (request.method == "HEAD" || !rules::plausible_token(token)) return refused_page();
  // Not spent: the token's member may still open it from the app.
  if (!rules::exchange_allowed_from(request.fetch_site)) return refused_page(403);
  int64_t now = app.now();
  std::string hash = domain::sha256_hex(token);
  std::string previous = session_hash_of(request.session_cookie);
  std::optional<IssuedSession> session;
  app.db->write([&](store::Session& db) {
    auto user_id = store::tokens::consume(db, hash, kPurpose, now);
    if (!user_id || store::admin::is_banned(db, *user_id)) return;
    // As at login: a new id, and the one this browser brought is retired (session fixation).
    if (!previous.empty()) store::sessions::revoke(db, previous, now);
    session = issue_session(db, app, *user_id, now);
  });
  if (!session) return refused_page();
  if (!previous.empty()) app.hub.close_session(previous, bus::kCloseLoggedOut);
  HttpResponse response = see_other(next_of(request.query));
  response.headers.emplace_back("Set-Cookie", session_cookie(app, session->secret));
  return response;
}

}  // namespace

void register_escape_routes(HttpRouter& router) {
  router.add({.method = "POST",
              .path = "/api/auth/escape",
              .match = Match::exact,
              .handler = issue,
              .json_body = true});
  router.add(
      {.method = "GET", .path = std::string(kCheck), .match = Match::prefix, .handler = exchange});
}

}  // namespace kesher::modules
