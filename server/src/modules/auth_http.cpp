// Accounts over HTTP (brief §3): register, login, logout, recover, reset (and its link check),
// verify.
#include <spdlog/spdlog.h>

#include "domain/catalog.hpp"
#include "domain/crypto.hpp"
#include "domain/routes.hpp"
#include "domain/validation.hpp"
#include "mail/templates.hpp"
#include "media/files.hpp"
#include "modules/http_api.hpp"
#include "modules/person_view.hpp"
#include "modules/sessions.hpp"
#include "modules/user_view.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/auth_tokens.hpp"
#include "store/ledger.hpp"
#include "store/users.hpp"

namespace kesher::modules {

namespace {

namespace json = boost::json;
using protocol::HttpRequest;
using protocol::HttpResponse;

constexpr int64_t kResetTokenSeconds = 3600;
constexpr int64_t kVerifyTokenSeconds = 7 * 24 * 3600;
constexpr int64_t kRecoveryWaitSeconds = 60;

HttpResponse json_response(unsigned status, const json::object& body) {
  HttpResponse response;
  response.status = status;
  response.body = protocol::serialize(body);
  return response;
}

HttpResponse error_response(unsigned status, std::string_view code, json::object extra = {}) {
  extra["error_code"] = code;
  extra["message"] = code;
  return json_response(status, extra);
}

HttpResponse redirect(std::string location) {
  HttpResponse response;
  response.status = 302;
  response.content_type = "text/plain";
  response.headers.emplace_back("Location", std::move(location));
  response.headers.emplace_back("Cache-Control", "no-store");
  return response;
}

// Reads required typed fields; the first problem becomes the error response.
class BodyReader {
 public:
  explicit BodyReader(const json::object& body) : fields_(body) {}

  std::string text(std::string_view name) { return require(name, fields_.string(name)); }
  int64_t number(std::string_view name) { return require(name, fields_.integer(name)); }
  std::optional<std::string> optional_text(std::string_view name) { return fields_.string(name); }

  std::optional<HttpResponse> problem() const {
    if (fields_.failed()) {
      return error_response(400, errc::invalid_field, {{"field", fields_.invalid_field()}});
    }
    if (!missing_.empty()) return error_response(400, errc::missing_field, {{"field", missing_}});
    return std::nullopt;
  }

 private:
  template <class T>
  T require(std::string_view name, std::optional<T> value) {
    if (!value && missing_.empty() && !fields_.failed()) missing_ = std::string(name);
    return value.value_or(T{});
  }

  protocol::Fields fields_;
  std::string missing_;
};

struct Registration {
  store::NewUser user;
  std::string password;
};

std::variant<Registration, HttpResponse> check_registration(const app::Context& app,
                                                            const json::object& body, int64_t now) {
  BodyReader reader(body);
  auto email = reader.text("email");
  auto password = reader.text("password");
  auto name = reader.text("name");
  auto gender = reader.number("gender");
  auto s_gender = reader.number("s_gender");
  auto s_age = reader.text("s_age");
  auto year = reader.number("birth_year");
  auto month = reader.number("birth_month");
  auto day = reader.number("birth_day");
  auto place_id = reader.number("place_id");
  auto answer = reader.number("answer");
  auto language_code = reader.optional_text("language").value_or("he");
  if (auto problem = reader.problem()) return *problem;

  auto language = domain::parse_language(language_code);
  if (!language) return error_response(400, errc::invalid_language);
  auto checked_email = domain::check_email(email);
  if (!checked_email) return error_response(400, checked_email.error);
  auto checked_password = domain::check_password(password);
  if (!checked_password) return error_response(400, checked_password.error);
  auto checked_name = domain::check_name(name, *language);
  if (!checked_name) return error_response(400, checked_name.error);
  auto birth = domain::check_birth_date(year, month, day, domain::utc_date(now));
  if (!birth) return error_response(400, birth.error);
  if (!domain::valid_gender(gender)) return error_response(400, errc::invalid_gender);
  if (!domain::valid_search_gender(s_gender)) return error_response(400, errc::invalid_looking_for);
  auto range = domain::check_age_range(s_age);
  if (!range) return error_response(400, errc::invalid_age_range);
  if (!app.places->find(place_id)) return error_response(400, errc::invalid_place);
  if (!domain::valid_answer(answer)) return error_response(400, errc::invalid_answer);

  Registration registration;
  auto& u = registration.user;
  u.email = *checked_email.value;
  u.name = *checked_name.value;
  u.gender = static_cast<int>(gender);
  u.birth_date = *birth.value;
  u.answer = static_cast<int>(answer);
  u.language = std::string(domain::language_code(*language));
  u.place_id = place_id;
  u.s_gender = static_cast<int>(s_gender);
  u.s_age_min = range.value->first;
  u.s_age_max = range.value->second;
  registration.password = password;
  return registration;
}

std::string issue_token(store::Session& db, int64_t user_id, std::string_view purpose, int64_t now,
                        int64_t lifetime) {
  std::string token = domain::random_token(32);
  store::tokens::insert(db, domain::sha256_hex(token), user_id, purpose, now, now + lifetime);
  return token;
}

void send_mail_safely(app::Context& app, const mail::Mail& message) {
  try {
    app.mailer->send(message);
  } catch (const std::exception& e) {
    spdlog::error("mail to {} failed: {}", message.to, e.what());
  }
}

HttpResponse signed_in(app::Context& app, unsigned status, const store::UserRecord& user,
                       const IssuedSession& session, int64_t now) {
  HttpResponse response = json_response(status, json::object{{"user", self_view(app, user, now)}});
  response.headers.emplace_back("Set-Cookie", session_cookie(app, session.secret));
  response.headers.emplace_back("Cache-Control", "no-store");
  return response;
}

HttpResponse register_account(app::Context& app, const json::object& body) {
  int64_t now = app.now();
  auto checked = check_registration(app, body, now);
  if (auto* problem = std::get_if<HttpResponse>(&checked)) return *problem;
  auto& registration = std::get<Registration>(checked);
  registration.user.password_hash = domain::hash_password(registration.password);

  std::optional<store::UserRecord> user;
  IssuedSession session;
  std::string verify_token;
  app.db->write([&](store::Session& db) {
    if (store::users::find_by_email(db, registration.user.email)) return;
    int64_t id = store::users::insert(db, registration.user, now);
    store::social::set_cell(db, id, cell_of_place(app, registration.user.place_id));
    // The signup bonus is keyed by the account, so it can never be granted twice.
    store::ledger::apply(
        db, {id, domain::kSignupCredits, "signup_bonus", "", "signup_bonus:" + std::to_string(id)},
        now);
    session = issue_session(db, app, id, now);
    verify_token = issue_token(db, id, "verify", now, kVerifyTokenSeconds);
    user = store::users::find_by_id(db, id);
  });
  if (!user) return error_response(409, errc::email_taken);
  send_mail_safely(app, mail::verification_mail(user->email, user->language, user->name,
                                                app.public_origin + "/verify/" + verify_token));
  return signed_in(app, 201, *user, session, now);
}

std::string client_key(const HttpRequest& request) {
  return "ip:" + request.remote_ip;
}

HttpResponse login(app::Context& app, const HttpRequest& request, const json::object& body) {
  BodyReader reader(body);
  auto email_text = reader.text("email");
  auto password = reader.text("password");
  if (auto problem = reader.problem()) return *problem;
  int64_t now = app.now();
  std::string email = domain::check_email(email_text).value.value_or(email_text);
  std::string account_key = "account:" + email;
  int64_t wait = std::max(app.throttles.login_by_account.blocked_for(account_key, now),
                          app.throttles.login_by_ip.blocked_for(client_key(request), now));
  if (wait > 0) return error_response(429, errc::too_many_attempts, {{"retry_after", wait}});

  std::optional<store::UserRecord> user;
  app.db->read([&](store::Session& db) { user = store::users::find_by_email(db, email); });
  bool valid = false;
  if (user && !user->password_hash.empty()) {
    valid = domain::verify_password(password, user->password_hash);
  } else {
    domain::verify_password_decoy(password);
  }
  if (!valid) {
    app.throttles.login_by_account.record(account_key, now);
    app.throttles.login_by_ip.record(client_key(request), now);
    return error_response(401, errc::invalid_credentials);
  }
  app.throttles.login_by_account.clear(account_key);
  IssuedSession session;
  std::string previous = session_hash_of(request.session_cookie);
  app.db->write([&](store::Session& db) {
    // A new id at every login; the one the browser brought is retired (session fixation).
    if (!previous.empty()) store::sessions::revoke(db, previous, now);
    session = issue_session(db, app, user->id, now);
  });
  if (!previous.empty()) app.hub.close_session(previous, bus::kCloseLoggedOut);
  return signed_in(app, 200, *user, session, now);
}

HttpResponse logout(app::Context& app, const HttpRequest& request) {
  std::string hash = session_hash_of(request.session_cookie);
  if (!hash.empty()) {
    int64_t now = app.now();
    app.db->write([&](store::Session& db) { store::sessions::revoke(db, hash, now); });
    app.hub.close_session(hash, bus::kCloseLoggedOut);
  }
  HttpResponse response = json_response(200, json::object{{"ok", true}});
  response.headers.emplace_back("Set-Cookie", cleared_session_cookie(app));
  return response;
}

HttpResponse recover(app::Context& app, const HttpRequest& request, const json::object& body) {
  BodyReader reader(body);
  auto email_text = reader.text("email");
  auto language = reader.optional_text("language");
  if (auto problem = reader.problem()) return *problem;
  auto email = domain::check_email(email_text);
  if (!email) return error_response(400, errc::invalid_email);
  int64_t now = app.now();
  std::string email_key = "recover:" + *email.value;
  int64_t wait = std::max(app.throttles.recover_by_email.blocked_for(email_key, now),
                          app.throttles.recover_by_ip.blocked_for(client_key(request), now));
  if (wait > 0) return error_response(429, errc::recovery_throttled, {{"seconds", wait}});
  app.throttles.recover_by_email.record(email_key, now);
  app.throttles.recover_by_ip.record(client_key(request), now);

  std::optional<store::UserRecord> user;
  std::string token;
  app.db->write([&](store::Session& db) {
    user = store::users::find_by_email(db, *email.value);
    if (user) token = issue_token(db, user->id, "reset", now, kResetTokenSeconds);
  });
  if (user) {
    std::string mail_language =
        language && domain::parse_language(*language) ? *language : user->language;
    send_mail_safely(app, mail::reset_mail(user->email, mail_language, user->name,
                                           app.public_origin + "/recover/" + token));
  }
  // The same answer whether or not the address has an account.
  return json_response(200, json::object{{"ok", true}, {"wait_seconds", kRecoveryWaitSeconds}});
}

HttpResponse reset_password(app::Context& app, const json::object& body) {
  BodyReader reader(body);
  auto token = reader.text("token");
  auto password = reader.text("password");
  if (auto problem = reader.problem()) return *problem;
  auto checked = domain::check_password(password);
  if (!checked) return error_response(400, checked.error);
  if (token.empty() || token.size() > 128) return error_response(400, errc::invalid_token);
  std::string hash = domain::hash_password(password);
  int64_t now = app.now();
  std::optional<int64_t> user_id;
  std::vector<std::string> revoked;
  app.db->write([&](store::Session& db) {
    user_id = store::tokens::consume(db, domain::sha256_hex(token), "reset", now);
    if (!user_id) return;
    store::users::set_password_hash(db, *user_id, hash);
    revoked = store::sessions::revoke_all(db, *user_id, now);
  });
  if (!user_id) return error_response(400, errc::invalid_token);
  for (const auto& session : revoked) app.hub.close_session(session, bus::kCloseLoggedOut);
  return json_response(200, json::object{{"ok", true}});
}

// Lets the recover page tell a used or unknown link before the member types a new password.
HttpResponse check_reset_token(app::Context& app, const json::object& body) {
  BodyReader reader(body);
  auto token = reader.text("token");
  if (auto problem = reader.problem()) return *problem;
  bool valid = false;
  if (!token.empty() && token.size() <= 128) {
    int64_t now = app.now();
    app.db->read([&](store::Session& db) {
      valid = store::tokens::is_live(db, domain::sha256_hex(token), "reset", now);
    });
  }
  return json_response(200, json::object{{"valid", valid}});
}

HttpResponse verify_email(app::Context& app, std::string_view token) {
  std::optional<int64_t> user_id;
  if (!token.empty() && token.size() <= 128) {
    int64_t now = app.now();
    app.db->write([&](store::Session& db) {
      user_id = store::tokens::consume(db, domain::sha256_hex(token), "verify", now);
      if (user_id) store::users::set_email_verified(db, *user_id);
    });
  }
  return redirect(user_id ? "/explore?verified=1" : "/?verify=failed");
}

HttpResponse page(app::Context& app, const HttpRequest& request) {
  HttpResponse response;
  response.serve_index = true;
  response.content_type = "text/html; charset=utf-8";
  auto access = domain::classify_route(request.path);
  if (access == domain::RouteAccess::unknown) {
    response.status = 404;
    return response;
  }
  if (access == domain::RouteAccess::open_page) return response;
  bool signed_in = user_for_session_hash(app, session_hash_of(request.session_cookie)).has_value();
  if (access == domain::RouteAccess::protected_page && !signed_in) return redirect("/");
  if (access == domain::RouteAccess::guest_only && signed_in) return redirect("/explore");
  return response;
}

bool same_origin(const app::Context& app, const HttpRequest& request) {
  // Browsers send Origin on every cross-site POST; its absence means a same-origin or non-browser
  // client, which the SameSite=Lax cookie already covers.
  return request.origin.empty() || app.origin_allowed(request.origin);
}

HttpResponse api(app::Context& app, const HttpRequest& request) {
  if (request.method != "POST") return error_response(405, errc::method_not_allowed);
  if (!same_origin(app, request)) return error_response(403, errc::origin_forbidden);
  std::optional<json::object> body = json::object{};
  if (request.path != "/api/auth/logout") {
    body = protocol::parse_object(request.body);
    if (!body) return error_response(400, errc::invalid_json);
  }
  if (request.path == "/api/auth/register") return register_account(app, *body);
  if (request.path == "/api/auth/login") return login(app, request, *body);
  if (request.path == "/api/auth/logout") return logout(app, request);
  if (request.path == "/api/auth/recover") return recover(app, request, *body);
  if (request.path == "/api/auth/reset") return reset_password(app, *body);
  if (request.path == "/api/auth/reset/check") return check_reset_token(app, *body);
  return error_response(404, errc::not_found);
}

}  // namespace

HttpResponse handle_http(app::Context& app, const HttpRequest& request) {
  try {
    if (request.path.rfind("/api/", 0) == 0) return api(app, request);
    if (request.method != "GET" && request.method != "HEAD") {
      return error_response(405, errc::method_not_allowed);
    }
    constexpr std::string_view kMedia = "/media/";
    if (request.path.rfind(kMedia, 0) == 0) {
      return media::serve_file(std::filesystem::path(app.config.data_dir) / "media",
                               std::string_view(request.path).substr(kMedia.size()));
    }
    constexpr std::string_view kVerify = "/verify/";
    if (request.path.rfind(kVerify, 0) == 0) {
      return verify_email(app, std::string_view(request.path).substr(kVerify.size()));
    }
    return page(app, request);
  } catch (const std::exception& e) {
    spdlog::error("{} {} failed: {}", request.method, request.path, e.what());
    return error_response(500, errc::internal_error);
  }
}

}  // namespace kesher::modules
