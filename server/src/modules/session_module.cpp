// session/validate and ping.
#include "domain/catalog.hpp"
#include "modules/registry.hpp"
#include "modules/sessions.hpp"
#include "modules/user_view.hpp"
#include "modules/wheel.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/admin_members.hpp"
#include "store/profile_extras.hpp"
#include "store/users.hpp"

namespace kesher::modules {

namespace {

using protocol::Fields;
using protocol::reply_error;
using protocol::reply_ok;

json::object not_authenticated_reply() {
  json::object reply = reply_error(errc::invalid_session);
  reply["data"] = json::object{{"authenticated", 0}};
  return reply;
}

void forget_identity(Request& request) {
  auto& connection = request.connection;
  if (connection.connection) request.app.hub.detach(connection.connection.get());
  connection.user_id = 0;
  connection.session_hash.clear();
  connection.session_expires_at = 0;
  connection.language = connection.geo_language;
}

json::object free_credits_event() {
  return json::object{{"module", "claim_free_credits"},
                      {"request_status", 1},
                      {"request_details", json::object{{"claimed", true}}},
                      {"claimed_credits", domain::kSignupCredits}};
}

json::object validate(Request& request) {
  Fields fields(request.payload);
  auto explicit_session = fields.string("session");
  if (fields.failed()) return fields.error_reply();
  std::string hash = explicit_session ? session_hash_of(*explicit_session)
                                      : request.connection.cookie_session_hash;
  auto session = session_for_hash(request.app, hash);
  std::optional<store::UserRecord> user;
  std::vector<store::ProfilePhoto> photos;
  domain::extras::Extras extras;
  bool announce_free_credits = false;
  std::vector<store::admin::Notice> notices;
  if (session) {
    request.app.db->write([&](store::Session& db) {
      user = store::users::find_by_id(db, session->user_id);
      if (user) photos = store::photos::of_user(db, user->id);
      if (user) extras = store::profile_extras::of_user(db, user->id);
      // Staff warnings the member has not seen yet (docs/protocol.md "notification").
      if (user) notices = store::admin::take_unshown_notices(db, user->id, request.now);
      if (user && !user->free_credits_announced) {
        announce_free_credits = store::users::claim_free_credits_notice(db, user->id);
      }
    });
  }
  if (!user) {
    forget_identity(request);
    return not_authenticated_reply();
  }
  auto& connection = request.connection;
  if (connection.connection &&
      (connection.user_id != user->id || connection.session_hash != hash)) {
    auto attached = request.app.hub.attach(user->id, hash, connection.connection,
                                           request.app.config.max_sockets_per_member);
    if (attached != bus::AttachResult::attached) {
      forget_identity(request);
      if (attached == bus::AttachResult::too_many_sockets) {
        return reply_error(errc::too_many_sockets);
      }
      return not_authenticated_reply();
    }
  }
  connection.user_id = user->id;
  connection.session_hash = hash;
  connection.session_expires_at = session->expires_at;
  connection.language = user->language;
  if (announce_free_credits) request.after_reply.push_back(free_credits_event());
  request.after_reply.push_back(wheel_prizes_event(request.app));
  for (const auto& notice : notices) {
    request.after_reply.push_back(json::object{
        {"module", "notification"}, {"type", notice.kind}, {"coins", 0}, {"message", notice.text}});
  }
  return reply_ok(json::object{
      {"authenticated", 1}, {"user", self_view(request.app, *user, photos, extras, request.now)}});
}

json::object ping(Request&) {
  return json::object{{"module", "pong"}};
}

}  // namespace

void register_session_module(Router& router) {
  router.add("session/validate", protocol::Access::guest, validate);
  router.add("ping", protocol::Access::guest, ping, protocol::Runs::on_network);
}

}  // namespace kesher::modules
