// Referrals and the landing's member count over HTTP (issue 14; docs/protocol.md "Referrals",
// "GET /api/stats/members"): GET /ref/{slug} keeps the referral in a cookie for the
// registration; verification pays the referrer; the landing asks how many members there are.
#include "modules/referrals.hpp"

#include <spdlog/spdlog.h>

#include <mutex>

#include "domain/crypto.hpp"
#include "domain/referrals.hpp"
#include "modules/events.hpp"
#include "modules/http_routes.hpp"
#include "protocol/envelope.hpp"
#include "store/users.hpp"

namespace kesher::modules {

namespace {

namespace json = boost::json;
using protocol::HttpRequest;
using protocol::HttpResponse;
using protocol::json_response;

constexpr std::string_view kRef = "/ref/";

HttpResponse to_landing() {
  HttpResponse response;
  response.status = 302;
  response.content_type = "text/plain";
  response.headers.emplace_back("Location", "/");
  response.headers.emplace_back("Cache-Control", "no-store");
  // The link is a member's: it is not passed on to wherever the landing leads.
  response.headers.emplace_back("Referrer-Policy", "no-referrer");
  return response;
}

std::string referral_cookie(const app::Context& app, const std::string& slug) {
  std::string cookie = "ref=" + slug + "; Path=/; HttpOnly; SameSite=Lax; Max-Age=" +
                       std::to_string(domain::kReferralCookieSeconds);
  if (app.secure_cookies()) cookie += "; Secure";
  return cookie;
}

// GET /ref/{slug}: a live member's slug is kept for the registration; anything else leads to the
// landing as if the visitor had come without one (an earlier referral cookie stays as it was).
HttpResponse follow_link(app::Context& app, std::string_view slug) {
  HttpResponse response = to_landing();
  if (!domain::valid_referral_slug(slug)) return response;
  std::optional<int64_t> referrer;
  std::string text(slug);
  app.db->read(
      [&](store::Session& db) { referrer = store::referrals::referrer_by_slug(db, text); });
  if (referrer) response.headers.emplace_back("Set-Cookie", referral_cookie(app, text));
  return response;
}

// The count is read at most once a minute, whoever asks: the landing is the busiest page.
class MemberCountCache {
 public:
  std::optional<domain::MemberFigure> figure(app::Context& app, int64_t now) {
    std::lock_guard lock(mutex_);
    if (!read_at_ || now - *read_at_ >= kSeconds || now < *read_at_) {
      int64_t members = 0;
      app.db->read([&](store::Session& db) { members = store::referrals::count_members(db); });
      figure_ = domain::member_figure(members);
      read_at_ = now;
    }
    return figure_;
  }

  static constexpr int64_t kSeconds = 60;

 private:
  std::mutex mutex_;
  std::optional<int64_t> read_at_;
  std::optional<domain::MemberFigure> figure_;
};

MemberCountCache& member_count_cache() {
  static MemberCountCache cache;
  return cache;
}

HttpResponse member_stats(app::Context& app, const HttpRequest&, const json::object&) {
  auto figure = member_count_cache().figure(app, app.now());
  json::object body{{"members", figure ? json::value(figure->shown) : json::value(nullptr)},
                    {"over", figure && figure->over}};
  HttpResponse response = json_response(200, body);
  response.headers.emplace_back("Cache-Control",
                                "public, max-age=" + std::to_string(MemberCountCache::kSeconds));
  return response;
}

}  // namespace

std::optional<int64_t> referrer_of(store::Session& db, const HttpRequest& request) {
  if (!domain::valid_referral_slug(request.referral_cookie)) return std::nullopt;
  return store::referrals::referrer_by_slug(db, request.referral_cookie);
}

void start_referrals(store::Session& db, int64_t user_id, std::optional<int64_t> referrer) {
  // 64 random bits: a clash is next to impossible, but a second draw costs nothing.
  for (int attempt = 0; attempt < 3; ++attempt) {
    std::string slug = domain::new_referral_slug();
    if (!store::referrals::referrer_by_slug(db, slug) &&
        store::referrals::assign_slug(db, user_id, slug)) {
      break;
    }
  }
  if (referrer && *referrer != user_id) store::referrals::set_referrer(db, user_id, *referrer);
}

std::string cleared_referral_cookie(const app::Context& app) {
  std::string cookie = "ref=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0";
  if (app.secure_cookies()) cookie += "; Secure";
  return cookie;
}

std::optional<store::referrals::Paid> reward_referrer(app::Context& app, store::Session& db,
                                                      int64_t user_id, int64_t now) {
  auto user = store::users::find_by_id(db, user_id);
  if (!user || user->email.empty()) return std::nullopt;
  std::string mailbox = domain::mailbox_identity(user->email);
  std::string referrer = store::referrals::referrer_email(db, user_id);
  bool same_mailbox = !referrer.empty() && domain::mailbox_identity(referrer) == mailbox;
  // Keyed, so the table holds no address anyone could look up by hashing a guess.
  std::string hash = domain::hmac_sha256_hex(app.media_link_key, "referral-mailbox:" + mailbox);
  return store::referrals::pay_on_verification(db, user_id, hash, same_mailbox, now);
}

void announce_referral_reward(app::Context& app, const store::referrals::Paid& paid) {
  publish_event(
      app, paid.referrer_id,
      json::object{{"module", "credits"}, {"data", json::object{{"credits", paid.balance}}}});
  publish_event(
      app, paid.referrer_id,
      json::object{{"module", "notification"},
                   {"type", "coins"},
                   {"coins", paid.credits},
                   {"message", "Referral reward: " + std::to_string(paid.credits) + " credits"}});
}

void register_referral_routes(HttpRouter& router) {
  router.add({.method = "GET",
              .path = std::string(kRef),
              .match = Match::prefix,
              .handler = [](app::Context& app, const HttpRequest& request, const json::object&) {
                return follow_link(app, std::string_view(request.path).substr(kRef.size()));
              }});
  router.add({.method = "GET",
              .path = "/ref",
              .match = Match::exact,
              .handler = [](app::Context&, const HttpRequest&, const json::object&) {
                return to_landing();
              }});
  router.add({.method = "GET",
              .path = "/api/stats/members",
              .match = Match::exact,
              .handler = member_stats});
}

}  // namespace kesher::modules
