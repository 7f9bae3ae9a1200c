// The member's GDPR rights (Art. 15, 17, 20): account/export and account/erase
// (docs/protocol.md, "Your data (GDPR)").
#include "domain/crypto.hpp"
#include "modules/data_export.hpp"
#include "modules/registry.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/gdpr.hpp"
#include "store/users.hpp"

namespace kesher::modules {

namespace {

using protocol::Fields;
using protocol::reply_error;
using protocol::reply_ok;

json::object export_account(Request& request) {
  auto status = start_export(request.app, request.connection.user_id);
  return reply_ok(json::object{{"status", status.status}, {"percent", status.percent}});
}

// Guesses at the password through a signed-in socket share the account's login budget.
std::string erase_attempts_key(int64_t user_id) {
  return "erase:" + std::to_string(user_id);
}

json::object erase_account(Request& request) {
  Fields fields(request.payload);
  auto password = fields.string("password");
  if (fields.failed()) return fields.error_reply();
  int64_t user_id = request.connection.user_id;
  auto& attempts = *request.app.throttles.login_by_account;
  if (attempts.try_record(erase_attempts_key(user_id), request.now) > 0) {
    return reply_error(errc::too_many_attempts);
  }
  std::optional<store::UserRecord> user;
  request.app.db->read([&](store::Session& db) { user = store::users::find_by_id(db, user_id); });
  if (!user) return reply_error(errc::invalid_session);
  if (!password || password->empty() || user->password_hash.empty() ||
      !domain::verify_password(*password, user->password_hash)) {
    return reply_error(errc::invalid_credentials, "password");
  }
  attempts.clear(erase_attempts_key(user_id));
  store::gdpr::Erasure erasure;
  request.app.db->write(
      [&](store::Session& db) { erasure = store::gdpr::erase_member(db, user_id, request.now); });
  if (!erasure.erased) return reply_error(errc::invalid_session);
  // The reply goes first: a socket's close waits for what was sent to it before (net/server.cpp),
  // so this socket has the reply and then the 4001 close.
  request.defer().send(reply_ok(json::object{{"erased", true}}));
  finish_erasure(request.app, user_id, erasure);
  return reply_ok();
}

}  // namespace

void register_privacy_module(Router& router) {
  router.add("account/export", protocol::Access::member, export_account);
  router.add("account/erase", protocol::Access::member, erase_account);
}

}  // namespace kesher::modules
