// Admin: members (docs/protocol.md "Admin: members, reports and staff"): search, view, credit
// adjustments through the ledger, refunds, bans and unbans. Every change is audited in its own
// transaction.
#include "store/admin_members.hpp"
#include "console/admin.hpp"
#include "console/console.hpp"
#include "console/conversation_ref.hpp"
#include "console/views.hpp"
#include "domain/admin.hpp"
#include "domain/chat.hpp"
#include "modules/events.hpp"
#include "modules/paging.hpp"
#include "store/ledger.hpp"
#include "store/ledger_history.hpp"
#include "store/payments.hpp"
#include "store/staff.hpp"

namespace kesher::console {

namespace {

using modules::Request;
using protocol::reply_error;
using protocol::reply_ok;
namespace json = boost::json;

constexpr int64_t kLedgerShown = 100;
constexpr int64_t kOrdersShown = 100;

json::value optional_value(const std::optional<int64_t>& value) {
  return value ? json::value(*value) : json::value(nullptr);
}

json::object member_view(const store::admin::MemberRow& m) {
  return json::object{
      {"id", m.id},
      {"email", m.email},
      {"name", m.name},
      {"created_at", m.created_at},
      {"credits", m.credits},
      {"premium_until", optional_value(m.premium_until)},
      {"banned", m.banned_at
                     ? json::value(json::object{{"at", *m.banned_at}, {"reason", m.banned_reason}})
                     : json::value(nullptr)}};
}

json::object order_view(const store::payments::Order& o) {
  return json::object{
      {"order_id", o.id},           {"provider", o.provider},     {"kind", o.kind},
      {"package_id", o.package_id}, {"credits", o.credits},       {"bonus", o.bonus},
      {"months", o.months},         {"free_spins", o.free_spins}, {"amount_minor", o.amount_minor},
      {"currency", o.currency},     {"state", o.state},           {"created_at", o.created_at},
      {"updated_at", o.updated_at}};
}

json::object ledger_view(const store::ledger::HistoryEntry& e) {
  return json::object{{"id", e.id},         {"delta", e.delta},
                      {"reason", e.reason}, {"reference", e.reference},
                      {"time", e.time},     {"balance", e.balance}};
}

void publish_credits(app::Context& app, int64_t member_id, int64_t credits) {
  modules::publish_event(
      app, member_id,
      json::object{{"module", "credits"}, {"data", json::object{{"credits", credits}}}});
}

using admin::read_member_id;

// A ban's or an unban's payload: the member, and the reason for the audit log.
struct MemberReason {
  int64_t member_id = 0;
  std::string reason;
};

std::variant<MemberReason, json::object> read_member_reason(const json::object& payload) {
  protocol::Fields fields(payload);
  auto member_id = read_member_id(fields);
  auto raw_reason = fields.string("reason");
  if (fields.failed()) return fields.error_reply();
  if (!member_id) return reply_error(errc::invalid_value, "member_id");
  auto reason = domain::admin::check_reason(raw_reason.value_or(""));
  if (!reason) return reply_error(errc::invalid_value, "reason");
  return MemberReason{*member_id, std::move(*reason)};
}

json::object search(Request& request) {
  protocol::Fields fields(request.payload);
  auto text = fields.string("query");
  auto page = modules::read_page(fields, 20, 100);
  if (auto* error = std::get_if<json::object>(&page)) return std::move(*error);
  auto query = domain::admin::parse_member_query(text.value_or(""));
  if (!query) return reply_error(errc::invalid_value, "query");
  const modules::Page& slice = std::get<modules::Page>(page);
  json::array list;
  request.app.db->read([&](store::Session& db) {
    for (const auto& m : store::admin::search_members(db, *query, slice.offset, slice.take)) {
      list.push_back(member_view(m));
    }
  });
  return reply_ok(std::move(list));
}

json::object get(Request& request) {
  protocol::Fields fields(request.payload);
  auto member_id = read_member_id(fields);
  if (fields.failed()) return fields.error_reply();
  if (!member_id) return reply_error(errc::invalid_value, "member_id");
  json::object reply = reply_error(errc::not_found);
  request.app.db->read([&](store::Session& db) {
    auto member = store::admin::member(db, *member_id);
    if (!member) return;
    json::object data = member_view(*member);
    data["profile"] =
        profile_card(request.app, db, *member_id, staff_language(request), request.now, true);
    json::array ledger;
    for (const auto& e : store::ledger::history(db, *member_id, 0, kLedgerShown)) {
      ledger.push_back(ledger_view(e));
    }
    data["ledger"] = std::move(ledger);
    data["ledger_sum"] = store::ledger::sum_of_entries(db, *member_id);
    json::array orders;
    for (const auto& o : store::payments::orders_of(db, *member_id, kOrdersShown)) {
      orders.push_back(order_view(o));
    }
    data["payments"] = std::move(orders);
    reply = reply_ok(std::move(data));
  });
  return reply;
}

json::object adjust_credits(Request& request) {
  protocol::Fields fields(request.payload);
  auto member_id = read_member_id(fields);
  auto delta = fields.integer("delta");
  auto raw_reason = fields.string("reason");
  auto client_id = fields.string("client_id");
  if (fields.failed()) return fields.error_reply();
  if (!member_id) return reply_error(errc::invalid_value, "member_id");
  if (!delta || !domain::admin::valid_credit_delta(*delta)) {
    return reply_error(errc::invalid_value, "delta");
  }
  auto reason = domain::admin::check_reason(raw_reason.value_or(""));
  if (!reason) return reply_error(errc::invalid_value, "reason");
  if (!client_id || !domain::chat::valid_client_id(*client_id)) {
    return reply_error(errc::invalid_value, "client_id");
  }
  int64_t staff_id = request.connection.staff_id;
  bool found = false;
  store::ledger::Outcome outcome = store::ledger::Outcome::duplicate;
  int64_t credits = 0;
  request.app.db->write([&](store::Session& db) {
    found = store::admin::member(db, *member_id).has_value();
    if (!found) return;
    outcome = store::ledger::apply(
        db,
        {*member_id, *delta, "admin_adjustment", "staff:" + std::to_string(staff_id),
         domain::admin::adjustment_key(staff_id, *client_id)},
        request.now);
    credits = store::ledger::balance(db, *member_id);
    if (outcome == store::ledger::Outcome::applied) {
      store::staff::audit(db, staff_id, "adjust_credits", "member", std::to_string(*member_id),
                          std::to_string(*delta) + ": " + *reason, request.now);
    }
  });
  if (!found) return reply_error(errc::not_found);
  if (outcome == store::ledger::Outcome::insufficient_credits) {
    json::object reply = reply_error(errc::not_enough_credits);
    reply["data"] = json::object{{"credits", credits}, {"required", -*delta}};
    return reply;
  }
  bool applied = outcome == store::ledger::Outcome::applied;
  if (applied) publish_credits(request.app, *member_id, credits);
  return reply_ok(json::object{{"credits", credits}, {"replayed", applied ? 0 : 1}});
}

json::object refund(Request& request) {
  protocol::Fields fields(request.payload);
  auto order_id = fields.string("order_id");
  if (fields.failed()) return fields.error_reply();
  if (!order_id || order_id->empty() || order_id->size() > 64) {
    return reply_error(errc::invalid_value, "order_id");
  }
  int64_t staff_id = request.connection.staff_id;
  std::optional<store::payments::Order> order;
  store::payments::RefundResult result;
  int64_t credits = 0;
  request.app.db->write([&](store::Session& db) {
    order = store::payments::find_order(db, *order_id);
    if (!order || order->state != "paid") return;
    result = store::payments::refund(db, *order_id, request.now);
    if (!result.refunded) return;
    credits = store::ledger::balance(db, order->user_id);
    store::staff::audit(db, staff_id, "refund", "order", *order_id,
                        "member " + std::to_string(order->user_id) + ", credits taken " +
                            std::to_string(result.credits_taken) + ", spins taken " +
                            std::to_string(result.spins_taken),
                        request.now);
  });
  if (!order) return reply_error(errc::not_found);
  if (!result.refunded) return reply_error(errc::not_refundable);
  publish_credits(request.app, order->user_id, credits);
  return reply_ok(json::object{{"order_id", *order_id},
                               {"member_id", order->user_id},
                               {"credits_taken", result.credits_taken},
                               {"spins_taken", result.spins_taken},
                               {"premium_until", optional_value(result.premium_until)},
                               {"credits", credits}});
}

json::object ban(Request& request) {
  auto read = read_member_reason(request.payload);
  if (auto* refusal = std::get_if<json::object>(&read)) return std::move(*refusal);
  const auto& target = std::get<MemberReason>(read);
  bool exists = false;
  std::optional<std::vector<std::string>> sessions;
  request.app.db->write([&](store::Session& db) {
    exists = store::admin::member(db, target.member_id).has_value();
    sessions = admin::ban_in(db, request.connection.staff_id, target.member_id, target.reason, "",
                             request.now);
  });
  if (!exists) return reply_error(errc::not_found);
  if (!sessions) return reply_error(errc::invalid_value, "member_id");  // banned already
  admin::close_sessions(request.app, *sessions);
  return reply_ok(json::object{{"sessions_closed", static_cast<int64_t>(sessions->size())}});
}

json::object unban(Request& request) {
  auto read = read_member_reason(request.payload);
  if (auto* refusal = std::get_if<json::object>(&read)) return std::move(*refusal);
  const auto& target = std::get<MemberReason>(read);
  bool exists = false, lifted = false;
  request.app.db->write([&](store::Session& db) {
    exists = store::admin::member(db, target.member_id).has_value();
    lifted = exists && store::admin::unban(db, target.member_id);
    if (lifted) {
      store::staff::audit(db, request.connection.staff_id, "unban", "member",
                          std::to_string(target.member_id), target.reason, request.now);
    }
  });
  if (!exists) return reply_error(errc::not_found);
  if (!lifted) return reply_error(errc::invalid_value, "member_id");  // not banned
  return reply_ok(json::object{});
}

}  // namespace

namespace admin {

std::optional<int64_t> read_member_id(protocol::Fields& fields) {
  auto id = fields.integer("member_id");
  if (!id || *id <= 0) return std::nullopt;
  return id;
}

std::optional<std::vector<std::string>> ban_in(store::Session& db, int64_t staff_id,
                                               int64_t member_id, const std::string& reason,
                                               const std::string& detail, int64_t now) {
  auto sessions = store::admin::ban(db, member_id, reason, now);
  if (sessions) {
    store::staff::audit(db, staff_id, "ban", "member", std::to_string(member_id),
                        detail.empty() ? reason : detail + ": " + reason, now);
  }
  return sessions;
}

void close_sessions(app::Context& app, const std::vector<std::string>& session_hashes) {
  for (const auto& hash : session_hashes) app.hub.close_session(hash, bus::kCloseLoggedOut);
}

int64_t warn_in(store::Session& db, int64_t member_id, const std::string& text, int64_t now) {
  return store::admin::add_notice(db, member_id, "warning", text, now);
}

void deliver_warning(app::Context& app, int64_t member_id, int64_t notice_id,
                     const std::string& text) {
  if (!app.hub.reachable(member_id)) return;
  modules::publish_event(
      app, member_id,
      json::object{
          {"module", "notification"}, {"type", "warning"}, {"coins", 0}, {"message", text}});
  int64_t now = app.now();
  app.db->write([&](store::Session& db) { store::admin::mark_notice_shown(db, notice_id, now); });
}

}  // namespace admin

void register_admin_member_modules(modules::Router& router) {
  using protocol::Access;
  router.add("console/admin/members/search", Access::admin, search);
  router.add("console/admin/members/get", Access::admin, get);
  router.add("console/admin/members/adjust_credits", Access::admin, adjust_credits);
  router.add("console/admin/members/refund", Access::admin, refund);
  router.add("console/admin/members/ban", Access::admin, ban);
  router.add("console/admin/members/unban", Access::admin, unban);
}

}  // namespace kesher::console
