// The admin dashboard: console/admin/dashboard, the figures of a range of days, counted in the
// database (store/dashboard.hpp), one value per day so the console can chart them as they come.
#include <map>
#include <tuple>

#include "console/console.hpp"
#include "domain/console.hpp"
#include "domain/dashboard.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/dashboard.hpp"

namespace kesher::console {

namespace {

using modules::Request;
using protocol::reply_error;
using protocol::reply_ok;
namespace json = boost::json;
namespace dashboard = domain::dashboard;

json::array zeros(int64_t days) {
  json::array values;
  values.resize(static_cast<size_t>(days), 0);
  return values;
}

// Revenue per (currency, kind, package): a series of amounts in minor units, one per day.
json::array revenue_series(const std::vector<store::dashboard::RevenueRow>& rows, int64_t days) {
  struct Series {
    json::array amounts;
    int64_t total_minor = 0;
    int64_t orders = 0;
  };
  std::map<std::tuple<std::string, std::string, int64_t>, Series> series;
  for (const auto& row : rows) {
    auto& entry = series[{row.currency, row.kind, row.package_id}];
    if (entry.amounts.empty()) entry.amounts = zeros(days);
    entry.amounts[static_cast<size_t>(row.day)] = row.amount_minor;
    entry.total_minor += row.amount_minor;
    entry.orders += row.orders;
  }
  json::array list;
  for (auto& [key, entry] : series) {
    const auto& [currency, kind, package_id] = key;
    list.push_back(json::object{{"currency", currency},
                                {"kind", kind},
                                {"package_id", package_id},
                                {"amounts_minor", std::move(entry.amounts)},
                                {"total_minor", entry.total_minor},
                                {"orders", entry.orders}});
  }
  return list;
}

json::object dashboard_of(Request& request) {
  protocol::Fields fields(request.payload);
  auto from = fields.string("from");
  auto to = fields.string("to");
  if (fields.failed()) return fields.error_reply();
  if (!from) return reply_error(errc::missing_field, "from");
  if (!to) return reply_error(errc::missing_field, "to");
  auto check = dashboard::parse_range(*from, *to);
  switch (check.error) {
    case dashboard::RangeError::none:
      break;
    case dashboard::RangeError::bad_from:
      return reply_error(errc::invalid_value, "from");
    case dashboard::RangeError::bad_to:
    case dashboard::RangeError::backwards:
    case dashboard::RangeError::too_long:
      return reply_error(errc::invalid_value, "to");
  }
  const auto& range = check.range;

  std::vector<store::dashboard::RevenueRow> revenue;
  std::vector<store::dashboard::MessageCount> messages;
  std::vector<store::dashboard::DayCount> members;
  std::vector<store::dashboard::AnswerWait> waits;
  // One read connection: the four figures come from one snapshot of the database.
  request.app.db->read([&](store::Session& db) {
    revenue = store::dashboard::revenue(db, range.from, range.to);
    messages = store::dashboard::messages(db, range.from, range.to);
    members = store::dashboard::new_members(db, range.from, range.to);
    waits = store::dashboard::answer_waits(db, range.from, range.to);
  });

  json::array from_members = zeros(range.days), from_personas = zeros(range.days);
  for (const auto& row : messages) {
    from_members[static_cast<size_t>(row.day)] = row.from_members;
    from_personas[static_cast<size_t>(row.day)] = row.from_personas;
  }
  json::array new_members = zeros(range.days);
  for (const auto& row : members) new_members[static_cast<size_t>(row.day)] = row.count;

  std::vector<std::vector<int64_t>> waits_per_day(static_cast<size_t>(range.days));
  std::vector<int64_t> all_waits;
  all_waits.reserve(waits.size());
  for (const auto& wait : waits) {
    waits_per_day[static_cast<size_t>(wait.day)].push_back(wait.waited_seconds);
    all_waits.push_back(wait.waited_seconds);
  }
  auto overall = domain::console::summarize(std::move(all_waits));
  json::array answered, median, p90;
  for (auto& day : waits_per_day) {
    auto summary = domain::console::summarize(std::move(day));
    answered.push_back(summary.answered);
    median.push_back(summary.median_seconds);
    p90.push_back(summary.p90_seconds);
  }

  json::array days;
  for (auto& day : dashboard::days_of(range)) days.push_back(json::string(day));
  return reply_ok(json::object{
      {"from", *from},
      {"to", *to},
      {"days", std::move(days)},
      {"revenue", revenue_series(revenue, range.days)},
      {"messages", json::object{{"from_members", std::move(from_members)},
                                {"from_personas", std::move(from_personas)}}},
      {"new_members", std::move(new_members)},
      {"response_times",
       json::object{{"answered", std::move(answered)},
                    {"median_seconds", std::move(median)},
                    {"p90_seconds", std::move(p90)},
                    {"overall", json::object{{"answered", overall.answered},
                                             {"median_seconds", overall.median_seconds},
                                             {"p90_seconds", overall.p90_seconds}}}}}});
}

}  // namespace

void register_admin_dashboard_modules(modules::Router& router) {
  router.add("console/admin/dashboard", protocol::Access::admin, dashboard_of);
}

}  // namespace kesher::console
