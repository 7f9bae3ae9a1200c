// What staff did and how fast members were answered: console/stats and console/audit.
#include <map>

#include "console/console.hpp"
#include "console/views.hpp"
#include "domain/console.hpp"
#include "modules/paging.hpp"
#include "store/console.hpp"
#include "store/staff.hpp"

namespace kesher::console {

namespace {

using modules::Request;
using protocol::reply_error;
using protocol::reply_ok;
namespace json = boost::json;

constexpr int64_t kSecondsPerDay = 24 * 3600;

// Answer times grouped by (day, id), with a label per id.
struct Groups {
  std::map<std::pair<std::string, int64_t>, std::vector<int64_t>> waits;
  std::map<int64_t, std::string> labels;
  json::array rows() const {
    json::array list;
    // Newest day first, then by id.
    for (auto it = waits.rbegin(); it != waits.rend(); ++it) {
      const auto& [key, values] = *it;
      auto summary = domain::console::summarize(values);
      list.push_back(json::object{{"day", key.first},
                                  {"id", key.second},
                                  {"label", labels.at(key.second)},
                                  {"answered", summary.answered},
                                  {"median_seconds", summary.median_seconds},
                                  {"p90_seconds", summary.p90_seconds}});
    }
    return list;
  }
};

json::object stats(Request& request) {
  protocol::Fields fields(request.payload);
  auto days = fields.integer("days").value_or(7);
  if (fields.failed()) return fields.error_reply();
  if (days < 1 || days > 31) return reply_error(errc::invalid_value, "days");
  // From the start of the UTC day `days - 1` days ago.
  int64_t since = (request.now / kSecondsPerDay - (days - 1)) * kSecondsPerDay;
  std::vector<store::console::AnswerRow> answers;
  request.app.db->read(
      [&](store::Session& db) { answers = store::console::answers_since(db, since); });
  Groups operators, personas;
  for (const auto& answer : answers) {
    std::string day = domain::console::utc_day(answer.answered_at);
    operators.waits[{day, answer.staff_id}].push_back(answer.waited_seconds);
    operators.labels[answer.staff_id] = answer.email;
    personas.waits[{day, answer.persona_id}].push_back(answer.waited_seconds);
    personas.labels[answer.persona_id] = answer.persona_name;
  }
  return reply_ok(json::object{{"operators", operators.rows()}, {"personas", personas.rows()}});
}

json::object audit_log(Request& request) {
  protocol::Fields fields(request.payload);
  auto before = fields.integer("before_id");
  auto take = fields.integer("recordsToTake").value_or(50);
  if (fields.failed()) return fields.error_reply();
  if (before && *before <= 0) return reply_error(errc::invalid_value, "before_id");
  if (take < 1 || take > 200) return reply_error(errc::invalid_value, "recordsToTake");
  json::array list;
  request.app.db->read([&](store::Session& db) {
    for (const auto& entry : store::staff::audit_search(db, {.before_id = before, .limit = take})) {
      list.push_back(audit_entry_view(entry));
    }
  });
  return reply_ok(std::move(list));
}

}  // namespace

void register_report_modules(modules::Router& router) {
  router.add("console/stats", protocol::Access::staff, stats);
  router.add("console/audit", protocol::Access::admin, audit_log);
}

}  // namespace kesher::console
