// The console's HTTP side: its pages, staff sign-in and sign-out, uploads for personas and the
// staff's picture links (docs/protocol.md "The staff console").
#include <spdlog/spdlog.h>

#include <charconv>

#include "console/audit.hpp"
#include "console/console.hpp"
#include "console/views.hpp"
#include "domain/crypto.hpp"
#include "domain/media_links.hpp"
#include "domain/totp.hpp"
#include "domain/validation.hpp"
#include "modules/media_http.hpp"
#include "modules/sessions.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/console.hpp"
#include "store/personas.hpp"
#include "store/staff.hpp"

namespace kesher::console {

namespace {

namespace json = boost::json;
using protocol::error_response;
using protocol::HttpRequest;
using protocol::HttpResponse;
using protocol::json_response;

constexpr std::string_view kConsolePrefix = "/console";

std::string cookie_attributes(const app::Context& app, int64_t max_age) {
  // Strict and on /console only: the member app never carries it, and no other site can.
  std::string attributes =
      "; Path=/console; HttpOnly; SameSite=Strict; Max-Age=" + std::to_string(max_age);
  if (app.secure_cookies()) attributes += "; Secure";
  return attributes;
}

struct StaffSession {
  store::staff::StaffRecord staff;
  std::string hash;
  int64_t expires_at = 0;
};

std::optional<StaffSession> staff_session(app::Context& app, const std::string& cookie) {
  std::string hash = modules::session_hash_of(cookie);
  if (hash.empty()) return std::nullopt;
  std::optional<StaffSession> found;
  int64_t now = app.now();
  app.db->read([&](store::Session& db) {
    auto session = store::staff::find_session(db, hash, now);
    if (!session) return;
    auto staff = store::staff::find_by_id(db, session->staff_id);
    if (staff && !staff->disabled)
      found = StaffSession{std::move(*staff), hash, session->expires_at};
  });
  return found;
}

HttpResponse console_page(app::Context&, const HttpRequest&, const json::object&) {
  HttpResponse response;
  response.serve_index = true;
  response.serve_page = "/console.html";
  return response;
}

HttpResponse login(app::Context& app, const HttpRequest& request, const json::object& body) {
  protocol::Fields fields(body);
  auto email_text = fields.string("email");
  auto password = fields.string("password");
  auto code = fields.string("totp");
  if (fields.failed()) {
    return error_response(400, errc::invalid_field, {{"field", fields.invalid_field()}});
  }
  if (!email_text || !password) {
    return error_response(400, errc::missing_field,
                          {{"field", !email_text ? "email" : "password"}});
  }
  int64_t now = app.now();
  std::string email = domain::check_email(*email_text).value.value_or(*email_text);
  // The members' login throttles, with keys of their own.
  std::string account = "staff:" + email;
  std::string address = "staff-ip:" + request.remote_ip;
  if (int64_t wait = app.throttles.login_by_ip->try_record(address, now)) {
    return error_response(429, errc::too_many_attempts, {{"retry_after", wait}});
  }
  if (int64_t wait = app.throttles.login_by_account->try_record(account, now)) {
    app.throttles.login_by_ip->forget_latest(address);
    return error_response(429, errc::too_many_attempts, {{"retry_after", wait}});
  }
  std::optional<store::staff::StaffRecord> staff;
  app.db->read([&](store::Session& db) { staff = store::staff::find_by_email(db, email); });
  bool valid = false;
  if (staff && !staff->disabled) {
    valid = domain::verify_password(*password, staff->password_hash);
  } else {
    domain::verify_password_decoy(*password);
  }
  auto refuse = [&](std::string_view code_name, std::string_view reason) {
    app.db->write([&](store::Session& db) {
      store::staff::audit(db, staff ? std::optional<int64_t>(staff->id) : std::nullopt,
                          "login_failed", "staff", email, std::string(reason), now);
    });
    return error_response(401, code_name);
  };
  if (!valid) return refuse(errc::invalid_credentials, "password");
  if (staff->role == "admin") {
    // An admin's password alone opens nothing (RFC 6238, docs/decisions/0011), and a code
    // opens once: a step accepted before is refused.
    if (!code || code->empty()) return error_response(401, errc::totp_required);
    auto step = staff->totp_secret.empty()
                    ? std::nullopt
                    : domain::totp::verify_step(staff->totp_secret, *code, now);
    bool fresh = false;
    if (step) {
      app.db->write([&](store::Session& db) {
        fresh = store::staff::accept_totp_step(db, staff->id, *step);
      });
    }
    if (!fresh) return refuse(errc::invalid_totp, step ? "totp replayed" : "totp");
  }
  app.throttles.login_by_account->clear(account);
  app.throttles.login_by_ip->forget_latest(address);

  std::string secret = domain::random_token(32);
  std::string hash = domain::sha256_hex(secret);
  std::string previous = modules::session_hash_of(request.staff_cookie);
  app.db->write([&](store::Session& db) {
    if (!previous.empty()) store::staff::revoke_session(db, previous, now);
    store::staff::insert_session(db, hash, staff->id, now,
                                 now + app.config.staff_session_ttl_seconds);
    store::staff::audit(db, staff->id, "login", "staff", std::to_string(staff->id), "", now);
  });
  if (!previous.empty()) app.console_hub.close_session(previous, bus::kCloseLoggedOut);
  HttpResponse response = json_response(200, json::object{{"staff", staff_view(*staff)}});
  response.headers.emplace_back(
      "Set-Cookie",
      "staff_session=" + secret + cookie_attributes(app, app.config.staff_session_ttl_seconds));
  response.headers.emplace_back("Cache-Control", "no-store");
  return response;
}

HttpResponse logout(app::Context& app, const HttpRequest& request, const json::object&) {
  if (auto session = staff_session(app, request.staff_cookie)) {
    int64_t now = app.now();
    app.db->write([&](store::Session& db) {
      store::staff::revoke_session(db, session->hash, now);
      store::staff::audit(db, session->staff.id, "logout", "staff",
                          std::to_string(session->staff.id), "", now);
    });
    app.console_hub.close_session(session->hash, bus::kCloseLoggedOut);
  }
  HttpResponse response = json_response(200, json::object{{"ok", true}});
  response.headers.emplace_back("Set-Cookie", "staff_session=" + cookie_attributes(app, 0));
  return response;
}

std::optional<int64_t> query_integer(std::string_view query, std::string_view name) {
  size_t at = 0;
  while (at <= query.size()) {
    size_t end = query.find('&', at);
    if (end == std::string_view::npos) end = query.size();
    std::string_view pair = query.substr(at, end - at);
    if (pair.size() > name.size() && pair.substr(0, name.size()) == name &&
        pair[name.size()] == '=') {
      std::string_view digits = pair.substr(name.size() + 1);
      int64_t value = 0;
      auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
      if (ec == std::errc() && ptr == digits.data() + digits.size() && value > 0) return value;
      return std::nullopt;
    }
    at = end + 1;
  }
  return std::nullopt;
}

// Before the picture waits for a decoding thread: the staff member, and a persona whose
// conversation they hold (an admin: any persona, for its profile photos); then it is that
// persona's upload (one at a time per persona).
std::optional<HttpResponse> admit_upload(app::Context& app, HttpRequest& request) {
  auto session = staff_session(app, request.staff_cookie);
  if (!session) return error_response(401, errc::not_authenticated);
  auto persona = query_integer(request.query, "persona_id");
  if (!persona) return error_response(400, errc::invalid_value, {{"field", "persona_id"}});
  bool holds = false;
  int64_t now = app.now();
  bool admin = session->staff.role == "admin";
  app.db->read([&](store::Session& db) {
    holds = admin ? store::personas::find(db, *persona).has_value()
                  : store::console::holds_persona(db, session->staff.id, *persona, now);
  });
  if (!holds) return error_response(403, errc::not_locked);
  if (!app.uploads_running.try_claim(*persona)) {
    return error_response(409, errc::upload_in_progress);
  }
  request.user_id = *persona;
  request.staff_id = session->staff.id;
  return std::nullopt;
}

HttpResponse upload(app::Context& app, const HttpRequest& request, const json::object&) {
  if (request.staff_id == 0) return error_response(401, errc::not_authenticated);
  auto stored = modules::store_upload(app, request);
  if (auto* refusal = std::get_if<HttpResponse>(&stored)) return std::move(*refusal);
  const auto& row = std::get<store::MediaRow>(stored);
  audit(app, request.staff_id, "upload", "media", row.name,
        "persona " + std::to_string(request.user_id));
  int64_t expires_at = app.now() + domain::kSignedLinkSeconds;
  return json_response(
      200,
      json::object{
          {"data", domain::upload_path(row.name)},
          {"preview", staff_link(app, row.name, request.staff_id, expires_at)},
          {"media", json::object{{"id", row.name}, {"width", row.width}, {"height", row.height}}}});
}

HttpResponse media_file(app::Context& app, const HttpRequest& request, const json::object&) {
  auto name =
      domain::upload_name_from_link(std::string_view(request.path).substr(kConsolePrefix.size()));
  if (!name) return error_response(404, errc::not_found);
  auto session = staff_session(app, request.staff_cookie);
  // No staff member, no viewer: only public pictures open.
  int64_t viewer = session ? staff_viewer(session->staff.id) : 0;
  return modules::serve_upload(app, request, *name, viewer);
}

}  // namespace

void authenticate_console_socket(app::Context& app, app::ConnectionState& socket,
                                 const std::string& staff_cookie) {
  auto session = staff_session(app, staff_cookie);
  if (!session) return;
  socket.staff_id = session->staff.id;
  socket.staff_role = session->staff.role;
  socket.session_hash = session->hash;
  socket.session_expires_at = session->expires_at;
}

void register_console_routes(modules::HttpRouter& router) {
  using modules::Match;
  router.add({.method = "GET", .path = "/console", .match = Match::exact, .handler = console_page});
  router.add(
      {.method = "GET", .path = "/console/", .match = Match::prefix, .handler = console_page});
  router.add({.method = "POST",
              .path = "/console/api/login",
              .match = Match::exact,
              .handler = login,
              .json_body = true,
              .lane = protocol::HttpLane::password});
  router.add({.method = "POST",
              .path = "/console/api/logout",
              .match = Match::exact,
              .handler = logout,
              .json_body = true});
  router.add({.method = "POST",
              .path = "/console/api/upload",
              .match = Match::exact,
              .handler = upload,
              .multipart_body = true,
              .lane = protocol::HttpLane::media,
              .admit = admit_upload});
  router.add({.method = "GET",
              .path = "/console/media/u/",
              .match = Match::prefix,
              .handler = media_file});
}

}  // namespace kesher::console
