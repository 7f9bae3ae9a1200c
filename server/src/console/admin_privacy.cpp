// Admins run the GDPR export and erasure for a member: console/admin/members/export and
// console/admin/members/erase (docs/protocol.md, "Admin: GDPR export and erasure"). Each run is in
// the audit log.
#include "console/admin.hpp"
#include "console/console.hpp"
#include "domain/text.hpp"
#include "modules/data_export.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/gdpr.hpp"
#include "store/staff.hpp"

namespace kesher::console {

namespace {

using modules::Request;
using protocol::reply_error;
using protocol::reply_ok;
namespace json = boost::json;

constexpr size_t kMaxReasonCharacters = 500;

// Admins see the same document the member downloads, in the reply (a console is no place for a
// download link signed for the member).
json::object export_member(Request& request) {
  protocol::Fields fields(request.payload);
  auto member = admin::read_member_id(fields);
  if (fields.failed()) return fields.error_reply();
  if (!member) return reply_error(errc::invalid_value, "member_id");
  auto document = modules::build_export(request.app, *member, request.now);
  if (!document) return reply_error(errc::not_found, "member_id");
  request.app.db->write([&](store::Session& db) {
    store::staff::audit(db, request.connection.staff_id, "member_export", "member",
                        std::to_string(*member), "", request.now);
  });
  return reply_ok(json::object{{"export", std::move(*document)}});
}

json::object erase_member(Request& request) {
  protocol::Fields fields(request.payload);
  auto member = admin::read_member_id(fields);
  auto raw_reason = fields.string("reason");
  if (fields.failed()) return fields.error_reply();
  if (!member) return reply_error(errc::invalid_value, "member_id");
  std::string reason = domain::collapse_spaces(raw_reason.value_or(""));
  if (reason.empty() || domain::utf8_length(reason) > kMaxReasonCharacters) {
    return reply_error(errc::invalid_value, "reason");
  }
  store::gdpr::Erasure erasure;
  request.app.db->write([&](store::Session& db) {
    erasure = store::gdpr::erase_member(db, *member, request.now);
    if (erasure.erased) {
      store::staff::audit(db, request.connection.staff_id, "member_erase", "member",
                          std::to_string(*member), reason, request.now);
    }
  });
  if (!erasure.erased) return reply_error(errc::not_found, "member_id");
  modules::finish_erasure(request.app, *member, erasure);
  return reply_ok(json::object{{"member_id", *member}, {"erased", true}});
}

}  // namespace

void register_admin_privacy_modules(modules::Router& router) {
  router.add("console/admin/members/export", protocol::Access::admin, export_member);
  router.add("console/admin/members/erase", protocol::Access::admin, erase_member);
}

}  // namespace kesher::console
