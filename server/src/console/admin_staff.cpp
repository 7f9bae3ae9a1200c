// Admin: staff (docs/protocol.md "Admin: members, reports and staff"): the list with live locks,
// adding, disabling, enabling and resetting operators and admins; and the audit log's search.
#include "console/console.hpp"
#include "console/events.hpp"
#include "console/views.hpp"
#include "domain/admin.hpp"
#include "domain/console.hpp"
#include "domain/crypto.hpp"
#include "domain/totp.hpp"
#include "domain/validation.hpp"
#include "protocol/errors.hpp"
#include "store/admin_members.hpp"
#include "store/console.hpp"
#include "store/staff.hpp"

namespace kesher::console {

namespace {

using modules::Request;
using protocol::reply_error;
using protocol::reply_ok;
namespace json = boost::json;

constexpr size_t kMaxFilterCharacters = 64;

json::object list(Request& request) {
  json::array items;
  request.app.db->read([&](store::Session& db) {
    for (const auto& row : store::admin::all_staff(db)) {
      json::object view = staff_view(row.staff);
      view["disabled"] = row.staff.disabled ? 1 : 0;
      view["created_at"] = row.created_at;
      view["online"] = request.app.console_hub.reachable(row.staff.id) ? 1 : 0;
      json::array locks;
      for (const auto& lock : store::console::locks_of(db, row.staff.id, request.now)) {
        locks.push_back(lock_view(lock));
      }
      view["locks"] = std::move(locks);
      items.push_back(std::move(view));
    }
  });
  return reply_ok(std::move(items));
}

// An admin's new TOTP secret, shown once.
json::object secret_view(const std::string& email, const std::string& secret) {
  if (secret.empty()) return json::object{};
  return json::object{{"totp_secret", secret},
                      {"otpauth_uri", domain::totp::otpauth_uri("Kesher", email, secret)}};
}

json::object add(Request& request) {
  protocol::Fields fields(request.payload);
  auto email_text = fields.string("email");
  auto role_text = fields.string("role");
  auto password = fields.string("password");
  if (fields.failed()) return fields.error_reply();
  auto email = domain::check_email(email_text.value_or("")).value;
  if (!email) return reply_error(errc::invalid_email, "email");
  auto role = domain::console::parse_role(role_text.value_or(""));
  if (!role) return reply_error(errc::invalid_value, "role");
  if (!password || !domain::admin::valid_staff_password(*password)) {
    return reply_error(errc::invalid_value, "password");
  }
  std::string role_name(domain::console::role_name(*role));
  std::string secret = *role == domain::console::Role::admin ? domain::totp::new_secret() : "";
  std::string hash = domain::hash_password(*password);
  std::optional<int64_t> id;
  request.app.db->write([&](store::Session& db) {
    id = store::staff::insert(db, *email, hash, role_name, secret, request.now);
    if (id) {
      store::staff::audit(db, request.connection.staff_id, "staff_add", "staff",
                          std::to_string(*id), role_name, request.now);
    }
  });
  if (!id) return reply_error(errc::email_taken, "email");
  json::object data = secret_view(*email, secret);
  data["staff"] = json::object{{"id", *id}, {"email", *email}, {"role", role_name}};
  return reply_ok(std::move(data));
}

std::optional<int64_t> read_staff_id(protocol::Fields& fields) {
  auto id = fields.integer("staff_id");
  if (!id || *id <= 0) return std::nullopt;
  return id;
}

// Ends everything a staff member has open: sessions, console sockets (4001) and locks, whose
// conversations go back to the queue.
void sign_out_everywhere(Request& request, const std::vector<std::string>& sessions,
                         const std::vector<store::console::Lock>& locks) {
  for (const auto& hash : sessions) {
    request.app.console_hub.close_session(hash, bus::kCloseLoggedOut);
  }
  if (locks.empty()) return;
  sync_persona_presence(request.app);
  for (const auto& lock : locks) announce_queue_item(request.app, lock.member_id, lock.persona_id);
}

json::object set_disabled(Request& request, bool disabled) {
  protocol::Fields fields(request.payload);
  auto staff_id = read_staff_id(fields);
  if (fields.failed()) return fields.error_reply();
  if (!staff_id) return reply_error(errc::invalid_value, "staff_id");
  // An admin never locks themselves out; another admin can.
  if (disabled && *staff_id == request.connection.staff_id) {
    return reply_error(errc::invalid_value, "staff_id");
  }
  bool exists = false, changed = false;
  std::vector<std::string> sessions;
  std::vector<store::console::Lock> locks;
  request.app.db->write([&](store::Session& db) {
    exists = store::staff::find_by_id(db, *staff_id).has_value();
    if (!exists) return;
    changed = store::admin::set_staff_disabled(db, *staff_id, disabled, request.now);
    if (!changed) return;
    if (disabled) {
      sessions = store::admin::revoke_staff_sessions(db, *staff_id, request.now);
      locks = store::console::locks_of(db, *staff_id, request.now);
      for (const auto& lock : locks) {
        store::console::break_lock(db, lock.member_id, lock.persona_id, request.now);
      }
    }
    store::staff::audit(db, request.connection.staff_id,
                        disabled ? "staff_disable" : "staff_enable", "staff",
                        std::to_string(*staff_id), "", request.now);
  });
  if (!exists) return reply_error(errc::not_found);
  if (!changed) return reply_error(errc::invalid_value, "staff_id");
  sign_out_everywhere(request, sessions, locks);
  return reply_ok(json::object{});
}

json::object disable(Request& request) {
  return set_disabled(request, true);
}

json::object enable(Request& request) {
  return set_disabled(request, false);
}

json::object reset(Request& request) {
  protocol::Fields fields(request.payload);
  auto staff_id = read_staff_id(fields);
  auto password = fields.string("password");
  if (fields.failed()) return fields.error_reply();
  if (!staff_id) return reply_error(errc::invalid_value, "staff_id");
  if (!password || !domain::admin::valid_staff_password(*password)) {
    return reply_error(errc::invalid_value, "password");
  }
  std::optional<store::staff::StaffRecord> staff;
  request.app.db->read(
      [&](store::Session& db) { staff = store::staff::find_by_id(db, *staff_id); });
  if (!staff) return reply_error(errc::not_found);
  std::string secret = staff->role == "admin" ? domain::totp::new_secret() : "";
  std::string hash = domain::hash_password(*password);
  std::vector<std::string> sessions;
  std::vector<store::console::Lock> locks;
  request.app.db->write([&](store::Session& db) {
    store::admin::reset_staff(db, *staff_id, hash, secret);
    sessions = store::admin::revoke_staff_sessions(db, *staff_id, request.now);
    locks = store::console::locks_of(db, *staff_id, request.now);
    for (const auto& lock : locks) {
      store::console::break_lock(db, lock.member_id, lock.persona_id, request.now);
    }
    store::staff::audit(db, request.connection.staff_id, "staff_reset", "staff",
                        std::to_string(*staff_id), secret.empty() ? "password" : "password, totp",
                        request.now);
  });
  sign_out_everywhere(request, sessions, locks);
  return reply_ok(secret_view(staff->email, secret));
}

std::optional<std::string> read_filter(protocol::Fields& fields, std::string_view name) {
  auto value = fields.string(name).value_or("");
  if (value.size() > kMaxFilterCharacters) return std::nullopt;
  return value;
}

json::object audit_search(Request& request) {
  protocol::Fields fields(request.payload);
  store::staff::AuditFilter filter;
  filter.staff_id = fields.integer("staff_id");
  filter.before_id = fields.integer("before_id");
  filter.limit = fields.integer("recordsToTake").value_or(50);
  auto action = read_filter(fields, "action");
  auto object_type = read_filter(fields, "object_type");
  auto object_id = read_filter(fields, "object_id");
  if (fields.failed()) return fields.error_reply();
  if (filter.staff_id && *filter.staff_id <= 0) return reply_error(errc::invalid_value, "staff_id");
  if (filter.before_id && *filter.before_id <= 0) {
    return reply_error(errc::invalid_value, "before_id");
  }
  if (filter.limit < 1 || filter.limit > 200)
    return reply_error(errc::invalid_value, "recordsToTake");
  if (!action) return reply_error(errc::invalid_value, "action");
  if (!object_type) return reply_error(errc::invalid_value, "object_type");
  if (!object_id) return reply_error(errc::invalid_value, "object_id");
  filter.action = *action;
  filter.object_type = *object_type;
  filter.object_id = *object_id;
  json::array list;
  request.app.db->read([&](store::Session& db) {
    for (const auto& entry : store::staff::audit_search(db, filter)) {
      list.push_back(audit_entry_view(entry));
    }
  });
  return reply_ok(std::move(list));
}

}  // namespace

void register_admin_staff_modules(modules::Router& router) {
  using protocol::Access;
  router.add("console/admin/staff/list", Access::admin, list);
  router.add("console/admin/staff/add", Access::admin, add);
  router.add("console/admin/staff/disable", Access::admin, disable);
  router.add("console/admin/staff/enable", Access::admin, enable);
  router.add("console/admin/staff/reset", Access::admin, reset);
  router.add("console/admin/audit/search", Access::admin, audit_search);
}

}  // namespace kesher::console
