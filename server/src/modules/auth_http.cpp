// Accounts over HTTP (brief §3): register, login, logout, recover, reset (and its link check),
// verify.
#include <spdlog/spdlog.h>

#include "domain/catalog.hpp"
#include "domain/crypto.hpp"
#include "domain/index_page.hpp"
#include "domain/profile_extras.hpp"
#include "domain/routes.hpp"
#include "domain/validation.hpp"
#include "mail/templates.hpp"
#include "modules/explore_page.hpp"
#include "modules/http_routes.hpp"
#include "modules/person_view.hpp"
#include "modules/referrals.hpp"
#include "modules/sessions.hpp"
#include "modules/user_view.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/admin_members.hpp"
#include "store/auth_tokens.hpp"
#include "store/ledger.hpp"
#include "store/profile_extras.hpp"
#include "store/push_subscriptions.hpp"
#include "store/users.hpp"

namespace kesher::modules {

namespace {

namespace json = boost::json;
using protocol::error_response;
using protocol::HttpRequest;
using protocol::HttpResponse;
using protocol::json_response;

constexpr int64_t kResetTokenSeconds = 3600;
constexpr int64_t kVerifyTokenSeconds = 7 * 24 * 3600;
constexpr int64_t kRecoveryWaitSeconds = 60;
constexpr int64_t kDeviceTokenSeconds = 365 * 24 * 3600;

HttpResponse redirect(std::string location) {
  return protocol::redirect_response(302, std::move(location));
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
  domain::extras::Changes extras;  // the optional profile extras, checked
};

// The optional "extras" of a registration: checked like profile edit's, but nothing to clear.
std::optional<HttpResponse> check_registration_extras(const json::object& body,
                                                      domain::extras::Changes& out) {
  auto it = body.find("extras");
  if (it == body.end() || it->value().is_null()) return std::nullopt;
  auto checked = domain::extras::check_changes(it->value(), false);
  if (!checked) {
    if (checked.problem.field.empty()) {
      return error_response(400, errc::invalid_field, {{"field", "extras"}});
    }
    return error_response(
        400, errc::invalid_extra,
        {{"field", "extras." + checked.problem.field}, {"reason", checked.problem.reason}});
  }
  out = std::move(*checked.changes);
  return std::nullopt;
}

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
  if (auto problem = check_registration_extras(body, registration.extras)) return *problem;
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
                       const std::vector<store::ProfilePhoto>& photos,
                       const domain::extras::Extras& extras, const IssuedSession& session,
                       int64_t now) {
  HttpResponse response =
      json_response(status, json::object{{"user", self_view(app, user, photos, extras, now)}});
  response.headers.emplace_back("Set-Cookie", session_cookie(app, session.secret));
  response.headers.emplace_back("Cache-Control", "no-store");
  return response;
}

std::string client_key(const HttpRequest& request) {
  return "ip:" + request.remote_ip;
}

HttpResponse throttled(int64_t wait) {
  return error_response(429, errc::too_many_attempts, {{"retry_after", wait}});
}

HttpResponse register_account(app::Context& app, const HttpRequest& request,
                              const json::object& body) {
  int64_t now = app.now();
  auto checked = check_registration(app, body, now);
  if (auto* problem = std::get_if<HttpResponse>(&checked)) return *problem;
  auto& registration = std::get<Registration>(checked);
  if (int64_t wait = app.throttles.register_by_ip->try_record(client_key(request), now)) {
    return throttled(wait);
  }
  // A taken address is answered before any hashing: hashing is the expensive part.
  bool taken = false, banned = false;
  app.db->read([&](store::Session& db) {
    banned = store::admin::email_banned(db, registration.user.email);
    taken = store::users::find_by_email(db, registration.user.email).has_value();
  });
  // A banned address never signs up again (docs/protocol.md "Admin: members, reports and staff").
  if (banned) return error_response(403, errc::account_banned);
  if (taken) return error_response(409, errc::email_taken);
  registration.user.password_hash = domain::hash_password(registration.password);

  std::optional<store::UserRecord> user;
  domain::extras::Extras extras;
  IssuedSession session;
  std::string verify_token;
  app.db->write([&](store::Session& db) {
    if (store::users::find_by_email(db, registration.user.email) ||
        store::admin::email_banned(db, registration.user.email)) {
      return;
    }
    int64_t id = store::users::insert(db, registration.user, now);
    store::social::set_cell(db, id, cell_of_place(app, registration.user.place_id));
    // The member's own referral link, and who referred them (the `ref` cookie of GET /ref/{slug}).
    start_referrals(db, id, referrer_of(db, request));
    store::profile_extras::apply(db, id, registration.extras);
    extras = store::profile_extras::of_user(db, id);
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
  HttpResponse response = signed_in(app, 201, *user, {}, extras, session, now);
  if (!request.referral_cookie.empty()) {
    response.headers.emplace_back("Set-Cookie", cleared_referral_cookie(app));
  }
  return response;
}

std::string account_key(std::string_view email) {
  return "account:" + std::string(email);
}

// A device cookie names a browser that has signed in to an account before (OWASP's "device
// cookies"): its login attempts are counted on their own, so that a stranger's wrong guesses,
// which lock the account for unknown browsers, never lock the owner out. It grants nothing else.
std::string device_cookie(const app::Context& app, const std::string& secret) {
  std::string cookie =
      "device=" + secret +
      "; Path=/api/auth; HttpOnly; SameSite=Strict; Max-Age=" + std::to_string(kDeviceTokenSeconds);
  if (app.secure_cookies()) cookie += "; Secure";
  return cookie;
}

std::string issue_device(store::Session& db, int64_t user_id, int64_t now) {
  std::string secret = domain::random_token(32);
  store::devices::insert(db, domain::sha256_hex(secret), user_id, now, now + kDeviceTokenSeconds);
  return secret;
}

// Takes one attempt from the budget that applies; 0 when the attempt may go ahead.
int64_t take_login_attempt(app::Throttles& throttles, const HttpRequest& request,
                           const std::string& account, const std::string& device, int64_t now) {
  if (!device.empty()) return throttles.login_by_device->try_record(device, now);
  std::string address = client_key(request);
  if (int64_t wait = throttles.login_by_ip->try_record(address, now)) return wait;
  int64_t wait = throttles.login_by_account->try_record(account, now);
  if (wait) throttles.login_by_ip->forget_latest(address);
  return wait;
}

HttpResponse login(app::Context& app, const HttpRequest& request, const json::object& body) {
  BodyReader reader(body);
  auto email_text = reader.text("email");
  auto password = reader.text("password");
  if (auto problem = reader.problem()) return *problem;
  int64_t now = app.now();
  std::string email = domain::check_email(email_text).value.value_or(email_text);
  std::string device_hash = session_hash_of(request.device_cookie);

  std::optional<store::UserRecord> user;
  std::optional<int64_t> device_owner;
  app.db->read([&](store::Session& db) {
    user = store::users::find_by_email(db, email);
    if (!device_hash.empty()) {
      device_owner = store::devices::owner(db, device_hash, now);
    }
  });
  bool known_device = user && device_owner == user->id;
  std::string device_key = known_device ? "device:" + device_hash : std::string();
  if (int64_t wait =
          take_login_attempt(app.throttles, request, account_key(email), device_key, now)) {
    return throttled(wait);
  }

  bool valid = false;
  if (user && !user->password_hash.empty()) {
    valid = domain::verify_password(password, user->password_hash);
  } else {
    domain::verify_password_decoy(password);
  }
  if (!valid) return error_response(401, errc::invalid_credentials);
  if (known_device) {
    app.throttles.login_by_device->clear(device_key);
  } else {
    app.throttles.login_by_account->clear(account_key(email));
    app.throttles.login_by_ip->forget_latest(client_key(request));
  }
  IssuedSession session;
  std::string device_secret;
  std::vector<store::ProfilePhoto> photos;
  domain::extras::Extras extras;
  std::string previous = session_hash_of(request.session_cookie);
  bool banned = false;
  app.db->write([&](store::Session& db) {
    // Checked after the password, and in the transaction that would open the session: a ban
    // that lands meanwhile is never outrun.
    banned = store::admin::is_banned(db, user->id);
    if (banned) return;
    photos = store::photos::of_user(db, user->id);
    extras = store::profile_extras::of_user(db, user->id);
    // A new id at every login; the one the browser brought is retired (session fixation).
    if (!previous.empty()) store::sessions::revoke(db, previous, now);
    session = issue_session(db, app, user->id, now);
    if (!known_device) device_secret = issue_device(db, user->id, now);
  });
  if (banned) return error_response(403, errc::account_banned);
  if (!previous.empty()) app.hub.close_session(previous, bus::kCloseLoggedOut);
  HttpResponse response = signed_in(app, 200, *user, photos, extras, session, now);
  if (!device_secret.empty()) {
    response.headers.emplace_back("Set-Cookie", device_cookie(app, device_secret));
  }
  return response;
}

HttpResponse logout(app::Context& app, const HttpRequest& request) {
  std::string hash = session_hash_of(request.session_cookie);
  if (!hash.empty()) {
    int64_t now = app.now();
    app.db->write([&](store::Session& db) {
      store::sessions::revoke(db, hash, now);
      // This browser's push subscriptions go with its sign-in (docs/protocol.md "Web push").
      store::push_subscriptions::remove_session(db, hash);
    });
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
  int64_t wait = std::max(app.throttles.recover_by_email->blocked_for(email_key, now),
                          app.throttles.recover_by_ip->blocked_for(client_key(request), now));
  if (wait > 0) return error_response(429, errc::recovery_throttled, {{"seconds", wait}});
  app.throttles.recover_by_email->record(email_key, now);
  app.throttles.recover_by_ip->record(client_key(request), now);

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

HttpResponse reset_password(app::Context& app, const HttpRequest& request,
                            const json::object& body) {
  BodyReader reader(body);
  auto token = reader.text("token");
  auto password = reader.text("password");
  if (auto problem = reader.problem()) return *problem;
  auto checked = domain::check_password(password);
  if (!checked) return error_response(400, checked.error);
  if (token.empty() || token.size() > 128) return error_response(400, errc::invalid_token);
  int64_t now = app.now();
  if (int64_t wait = app.throttles.reset_by_ip->try_record(client_key(request), now)) {
    return throttled(wait);
  }
  // The token is checked before the password is hashed, so made-up tokens cost no hashing.
  std::string token_hash = domain::sha256_hex(token);
  std::optional<int64_t> holder;
  app.db->read(
      [&](store::Session& db) { holder = store::tokens::peek(db, token_hash, "reset", now); });
  if (!holder) return error_response(400, errc::invalid_token);
  std::string hash = domain::hash_password(password);
  std::optional<store::UserRecord> user;
  std::vector<std::string> revoked;
  std::string device_secret;
  app.db->write([&](store::Session& db) {
    auto user_id = store::tokens::consume(db, token_hash, "reset", now);
    if (!user_id) return;
    store::users::set_password_hash(db, *user_id, hash);
    revoked = store::sessions::revoke_all(db, *user_id, now);
    // A new password starts a new set of trusted browsers: this one, which read the mail.
    store::devices::revoke_all(db, *user_id, now);
    device_secret = issue_device(db, *user_id, now);
    user = store::users::find_by_id(db, *user_id);
  });
  if (!user) return error_response(400, errc::invalid_token);
  for (const auto& session : revoked) app.hub.close_session(session, bus::kCloseLoggedOut);
  // The owner proved control of the mailbox: a stranger's guesses no longer hold the account.
  app.throttles.login_by_account->clear(account_key(user->email));
  HttpResponse response = json_response(200, json::object{{"ok", true}});
  response.headers.emplace_back("Set-Cookie", device_cookie(app, device_secret));
  return response;
}

// Lets the recover page tell a used or unknown link before the member types a new password.
HttpResponse check_reset_token(app::Context& app, const HttpRequest& request,
                               const json::object& body) {
  BodyReader reader(body);
  auto token = reader.text("token");
  if (auto problem = reader.problem()) return *problem;
  bool valid = false;
  if (!token.empty() && token.size() <= 128) {
    int64_t now = app.now();
    // Checking a token is guessing at one as much as resetting is: the same budget.
    if (int64_t wait = app.throttles.reset_by_ip->try_record(client_key(request), now)) {
      return throttled(wait);
    }
    app.db->read([&](store::Session& db) {
      valid = store::tokens::peek(db, domain::sha256_hex(token), "reset", now).has_value();
    });
  }
  return json_response(200, json::object{{"valid", valid}});
}

HttpResponse verify_email(app::Context& app, std::string_view token) {
  std::optional<int64_t> user_id;
  std::optional<store::referrals::Paid> referral;
  if (!token.empty() && token.size() <= 128) {
    int64_t now = app.now();
    app.db->write([&](store::Session& db) {
      user_id = store::tokens::consume(db, domain::sha256_hex(token), "verify", now);
      if (!user_id) return;
      store::users::set_email_verified(db, *user_id);
      // A verified address is what earns the referrer their reward (docs/protocol.md "Referrals").
      referral = reward_referrer(app, db, *user_id, now);
    });
  }
  if (referral) announce_referral_reward(app, *referral);
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
  auto user_id = user_for_session_hash(app, session_hash_of(request.session_cookie));
  bool signed_in = user_id.has_value();
  if (access == domain::RouteAccess::protected_page && !signed_in) return redirect("/");
  if (access == domain::RouteAccess::guest_only && signed_in) return redirect("/explore");
  if (signed_in && domain::page_kind(request.path) == domain::PageKind::explore) {
    if (auto screen = explore_screen(app, *user_id, app.now())) {
      response.explore_screen = std::make_shared<const pages::ExploreScreen>(std::move(*screen));
    }
  }
  return response;
}

constexpr std::string_view kVerify = "/verify/";

}  // namespace

void register_auth_routes(HttpRouter& router) {
  router.add({.method = "POST",
              .path = "/api/auth/register",
              .match = Match::exact,
              .handler = register_account,
              .json_body = true,
              .lane = protocol::HttpLane::password});
  router.add({.method = "POST",
              .path = "/api/auth/login",
              .match = Match::exact,
              .handler = login,
              .json_body = true,
              .lane = protocol::HttpLane::password});
  router.add({.method = "POST",
              .path = "/api/auth/logout",
              .match = Match::exact,
              .handler = [](app::Context& app, const HttpRequest& request, const json::object&) {
                return logout(app, request);
              }});
  router.add({.method = "POST",
              .path = "/api/auth/recover",
              .match = Match::exact,
              .handler = recover,
              .json_body = true});
  router.add({.method = "POST",
              .path = "/api/auth/reset",
              .match = Match::exact,
              .handler = reset_password,
              .json_body = true,
              .lane = protocol::HttpLane::password});
  router.add({.method = "GET",
              .path = std::string(kVerify),
              .match = Match::prefix,
              .handler = [](app::Context& app, const HttpRequest& request, const json::object&) {
                return verify_email(app, std::string_view(request.path).substr(kVerify.size()));
              }});
  // Every other path is a page of the client (spec §2), served after its session check.
  router.add({.method = "GET",
              .path = "",
              .match = Match::prefix,
              .handler = [](app::Context& app, const HttpRequest& request, const json::object&) {
                return page(app, request);
              }});
  router.add({.method = "POST",
              .path = "/api/auth/reset/check",
              .match = Match::exact,
              .handler = check_reset_token,
              .json_body = true});
}

}  // namespace kesher::modules
