// referral/info (docs/protocol.md "Referrals"): the member's referral link for settings.
#include "domain/referrals.hpp"
#include "modules/registry.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/referrals.hpp"

namespace kesher::modules {

namespace {

using protocol::reply_error;
using protocol::reply_ok;

json::object referral_info(Request& request) {
  int64_t user_id = request.connection.user_id;
  std::optional<std::string> slug;
  int64_t reward = 0;
  int64_t referred = 0;
  request.app.db->read([&](store::Session& db) {
    slug = store::referrals::slug_of(db, user_id);
    reward = store::referrals::reward(db);
    referred = store::referrals::referred_count(db, user_id);
  });
  if (!slug) {
    // A member from before slugs were given at registration gets one now.
    request.app.db->write([&](store::Session& db) {
      store::referrals::assign_slug(db, user_id, domain::new_referral_slug());
      slug = store::referrals::slug_of(db, user_id);
    });
  }
  if (!slug) return reply_error(errc::internal_error);
  return reply_ok(json::object{
      {"slug", *slug}, {"path", "/ref/" + *slug}, {"reward", reward}, {"referred", referred}});
}

}  // namespace

void register_referral_module(Router& router) {
  router.add("referral/info", protocol::Access::member, referral_info);
}

}  // namespace kesher::modules
