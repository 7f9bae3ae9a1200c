// Admin: the reports queue (docs/protocol.md "Admin: members, reports and staff"): open reports
// first, each with the reported member and the recent messages between the two, and their
// resolution: dismiss, warn (a notice the member sees) or ban.
#include "console/admin.hpp"
#include "console/console.hpp"
#include "console/conversation_ref.hpp"
#include "console/views.hpp"
#include "domain/admin.hpp"
#include "modules/paging.hpp"
#include "store/admin_members.hpp"
#include "store/chat.hpp"
#include "store/staff.hpp"

namespace kesher::console {

namespace {

using modules::Request;
using protocol::reply_error;
using protocol::reply_ok;
namespace json = boost::json;

constexpr int64_t kContextMessages = 20;

json::value optional_value(const std::optional<int64_t>& value) {
  return value ? json::value(*value) : json::value(nullptr);
}

json::object context_message(const store::chat::MessageRow& m) {
  return json::object{{"id", m.id},
                      {"sender_id", m.sender_id},
                      {"receiver_id", m.receiver_id},
                      {"type", m.type},
                      {"text", m.type == "text" ? m.body : std::string()},
                      {"created_at", m.created_at}};
}

json::object report_view(Request& request, store::Session& db, const store::admin::ReportRow& r) {
  auto language = staff_language(request);
  json::object view{
      {"id", r.id},
      {"reporter_id", r.reporter_id},
      {"reported_id", r.reported_id},
      {"reason", r.reason},
      {"created_at", r.created_at},
      {"handled_at", optional_value(r.handled_at)},
      {"resolution", r.resolution.empty() ? json::value(nullptr) : json::value(r.resolution)},
      {"note", r.note},
      {"resolved_by", optional_value(r.resolved_by)}};
  view["reported"] = profile_card(request.app, db, r.reported_id, language, request.now, true);
  if (auto member = store::admin::member(db, r.reported_id)) {
    view["reported"].as_object()["email"] = member->email;
    view["reported"].as_object()["banned"] = member->banned_at.has_value() ? 1 : 0;
  }
  view["reporter"] = profile_card(request.app, db, r.reporter_id, language, request.now, false);
  json::array messages;
  for (const auto& m :
       store::chat::page(db, r.reporter_id, r.reported_id, std::nullopt, 0, kContextMessages)) {
    messages.push_back(context_message(m));
  }
  view["messages"] = std::move(messages);
  return view;
}

json::object list(Request& request) {
  protocol::Fields fields(request.payload);
  auto open_only = fields.integer("open_only").value_or(0);
  auto page = modules::read_page(fields, 20, 50);
  if (auto* error = std::get_if<json::object>(&page)) return std::move(*error);
  const modules::Page& slice = std::get<modules::Page>(page);
  json::array items;
  request.app.db->read([&](store::Session& db) {
    for (const auto& r : store::admin::reports(db, open_only != 0, slice.offset, slice.take)) {
      items.push_back(report_view(request, db, r));
    }
  });
  return reply_ok(std::move(items));
}

json::object resolve(Request& request) {
  protocol::Fields fields(request.payload);
  auto report_id = fields.integer("report_id");
  auto action_text = fields.string("action");
  auto raw_note = fields.string("note");
  if (fields.failed()) return fields.error_reply();
  if (!report_id || *report_id <= 0) return reply_error(errc::invalid_value, "report_id");
  auto action = domain::admin::parse_report_action(action_text.value_or(""));
  if (!action) return reply_error(errc::invalid_value, "action");
  // A warning's note is what the member reads, and a ban's its reason: both are required.
  std::string note;
  if (raw_note && !raw_note->empty()) {
    auto checked = domain::admin::check_reason(*raw_note);
    if (!checked) return reply_error(errc::invalid_value, "note");
    note = *checked;
  } else if (*action != domain::admin::ReportAction::dismiss) {
    return reply_error(errc::invalid_value, "note");
  }
  int64_t staff_id = request.connection.staff_id;
  json::object reply = reply_error(errc::not_found);
  std::optional<store::admin::ReportRow> report;
  std::vector<std::string> sessions;
  int64_t notice_id = 0;
  request.app.db->write([&](store::Session& db) {
    report = store::admin::report(db, *report_id);
    if (!report) return;
    if (report->handled_at) {
      reply = reply_error(errc::invalid_value, "report_id");  // resolved already
      return;
    }
    bool member = store::admin::member(db, report->reported_id).has_value();
    if (*action != domain::admin::ReportAction::dismiss && !member) {
      reply = reply_error(errc::invalid_value, "action");  // a persona is neither warned nor banned
      return;
    }
    store::admin::resolve_report(db, *report_id, *action, note, staff_id, request.now);
    std::string name(domain::admin::report_action_name(*action));
    store::staff::audit(
        db, staff_id, "report_" + name, "report", std::to_string(*report_id),
        "member " + std::to_string(report->reported_id) + (note.empty() ? "" : ": " + note),
        request.now);
    if (*action == domain::admin::ReportAction::warn) {
      notice_id = admin::warn_in(db, report->reported_id, note, request.now);
    } else if (*action == domain::admin::ReportAction::ban) {
      // A member banned before keeps that ban; the report is resolved all the same.
      auto closed = admin::ban_in(db, staff_id, report->reported_id, note,
                                  "report " + std::to_string(*report_id), request.now);
      if (closed) sessions = std::move(*closed);
    }
    reply = reply_ok(json::object{});
  });
  if (notice_id) admin::deliver_warning(request.app, report->reported_id, notice_id, note);
  admin::close_sessions(request.app, sessions);
  return reply;
}

}  // namespace

void register_admin_report_modules(modules::Router& router) {
  router.add("console/admin/reports/list", protocol::Access::admin, list);
  router.add("console/admin/reports/resolve", protocol::Access::admin, resolve);
}

}  // namespace kesher::console
