// swipe, the likes/fans/matches/visitors lists, seen markers, totals, blocking and reports.
#include <sodium.h>

#include "domain/discovery.hpp"
#include "domain/privacy.hpp"
#include "domain/text.hpp"
#include "modules/events.hpp"
#include "modules/person_view.hpp"
#include "modules/push_notify.hpp"
#include "modules/registry.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/admin_config.hpp"

namespace kesher::modules {

namespace {

using protocol::Fields;
using protocol::reply_error;
using protocol::reply_ok;

constexpr int64_t kListPage = 20;

json::object swipe(Request& request) {
  Fields fields(request.payload);
  auto target = fields.integer("swiped_user_id");
  auto like = fields.integer("like");
  if (fields.failed()) return fields.error_reply();
  if (!target) return reply_error(errc::invalid_value, "swiped_user_id");
  if (!like || (*like != 0 && *like != 1)) return reply_error(errc::invalid_value, "like");
  store::social::SwipeRequest asked{request.connection.user_id, *target, *like == 1};
  uint32_t like_back_roll = randombytes_uniform(100);
  store::social::SwipeOutcome result;
  request.app.db->write([&](store::Session& db) {
    result = store::social::swipe(db, asked, request.now, like_back_roll);
  });
  switch (result.status) {
    case store::social::SwipeStatus::recorded:
      break;
    case store::social::SwipeStatus::unknown_swiper:
      return reply_error(errc::invalid_session);
    case store::social::SwipeStatus::not_found:
      return reply_error(errc::not_found);
    case store::social::SwipeStatus::like_limit_reached: {
      int64_t limit = domain::kDailyLikeLimit;
      request.app.db->read(
          [&](store::Session& db) { limit = store::admin_config::daily_like_limit(db); });
      json::object reply = reply_error(errc::like_limit_reached);
      reply["request_details"] =
          json::object{{"limit", limit},
                       {"resets_in", domain::seconds_until_next_utc_day(request.now)},
                       {"swiped_user_id", *target}};
      return reply;
    }
  }
  if (result.new_like) publish_totals(request.app, *target);
  // A like that makes a match is told as the match (publish_match below), not twice.
  if (result.new_like && !result.new_match) {
    notify_offline(request.app, *target, {domain::push::Kind::like});
  }
  if (result.new_match) {
    // The caller learns it from this reply; their other sockets and the other side by event.
    publish_match(request.app, request.connection.user_id, *target,
                  request.connection.connection.get());
    publish_match(request.app, *target, request.connection.user_id);
  }
  json::object reply = reply_ok();
  reply["request_details"] =
      json::object{{"is_matched", result.matched ? 1 : 0}, {"swiped_user_id", *target}};
  return reply;
}

template <store::PeopleList List>
json::object people_list(Request& request) {
  Fields fields(request.payload);
  int64_t offset = fields.integer("currentLength").value_or(0);
  int64_t take = fields.integer("recordsToTake").value_or(kListPage);
  if (fields.failed()) return fields.error_reply();
  if (offset < 0) return reply_error(errc::invalid_value, "currentLength");
  if (take < 1 || take > kListPage) return reply_error(errc::invalid_value, "recordsToTake");
  json::object reply;
  request.app.db->read([&](store::Session& db) {
    auto viewer = load_viewer(request.app, db, request.connection.user_id);
    if (!viewer) {
      reply = reply_error(errc::invalid_session);
      return;
    }
    // Who liked or visited you is premium (spec §6): others learn how many, and nothing else.
    bool locked = (List == store::PeopleList::fans || List == store::PeopleList::visitors) &&
                  !domain::sees_fans_and_visitors(viewer->premium);
    json::array data;
    if (locked) {
      for (const auto& blurred :
           store::social::anonymous_page(db, List, viewer->id, offset, take)) {
        data.push_back(locked_entry_view(blurred));
      }
    } else {
      for (const auto& person : store::social::list_page(db, List, viewer->id, offset, take)) {
        data.push_back(list_entry_view(request.app, *viewer, person, request.now));
      }
    }
    reply = reply_ok(std::move(data));
  });
  return reply;
}

template <void (*Mark)(store::Session&, int64_t, int64_t)>
json::object mark_seen(Request& request) {
  request.app.db->write(
      [&](store::Session& db) { Mark(db, request.connection.user_id, request.now); });
  publish_totals(request.app, request.connection.user_id);
  return reply_ok();
}

json::object totals(Request& request) {
  store::Totals totals;
  request.app.db->read(
      [&](store::Session& db) { totals = load_totals(db, request.connection.user_id); });
  return reply_ok(totals_view(totals));
}

std::optional<int64_t> target_user(Fields& fields) {
  return fields.integer("user_id");
}

json::object block(Request& request) {
  Fields fields(request.payload);
  auto target = target_user(fields);
  if (fields.failed()) return fields.error_reply();
  if (!target) return reply_error(errc::invalid_value, "user_id");
  int64_t me = request.connection.user_id;
  if (*target == me) return reply_error(errc::cannot_block_self);
  bool found = false;
  request.app.db->write([&](store::Session& db) {
    if (!store::users::find_by_id(db, *target)) return;
    found = true;
    store::social::block(db, me, *target, request.now);
  });
  if (!found) return reply_error(errc::not_found);
  // The blocker's counts may change; the blocked side is told nothing, not even by a count.
  publish_totals(request.app, me);
  return reply_ok();
}

json::object unblock(Request& request) {
  Fields fields(request.payload);
  auto target = target_user(fields);
  if (fields.failed()) return fields.error_reply();
  if (!target) return reply_error(errc::invalid_value, "user_id");
  request.app.db->write(
      [&](store::Session& db) { store::social::unblock(db, request.connection.user_id, *target); });
  publish_totals(request.app, request.connection.user_id);
  return reply_ok();
}

json::object blocked(Request& request) {
  json::object reply;
  request.app.db->read([&](store::Session& db) {
    json::array data;
    for (const auto& person : store::social::blocked_by(db, request.connection.user_id)) {
      // No online status: after a block nothing of the other reaches the blocker either.
      data.push_back(json::object{
          {"id", person.id},
          {"name", person.name},
          {"photo", person.photo.empty() ? json::value(nullptr) : json::value(person.photo)}});
    }
    reply = reply_ok(std::move(data));
  });
  return reply;
}

constexpr size_t kMaxReason = 500;

json::object report(Request& request) {
  Fields fields(request.payload);
  auto target = target_user(fields);
  auto reason = fields.string("reason").value_or("");
  if (fields.failed()) return fields.error_reply();
  if (!target || *target == request.connection.user_id) {
    return reply_error(errc::invalid_value, "user_id");
  }
  auto text = domain::clean_text_without_html(reason, domain::TextKind::line);
  if (!text || domain::utf8_length(*text) > kMaxReason) {
    return reply_error(errc::invalid_value, "reason");
  }
  bool found = false;
  request.app.db->write([&](store::Session& db) {
    if (!store::users::find_by_id(db, *target)) return;
    found = true;
    store::social::add_report(db, request.connection.user_id, *target, *text, request.now);
  });
  return found ? reply_ok() : reply_error(errc::not_found);
}

}  // namespace

void register_social_module(Router& router) {
  using store::PeopleList;
  router.add("swipe", protocol::Access::member, swipe);
  router.add("user/mylikes", protocol::Access::member, people_list<PeopleList::mylikes>);
  router.add("user/fans", protocol::Access::member, people_list<PeopleList::fans>);
  router.add("user/matches", protocol::Access::member, people_list<PeopleList::matches>);
  router.add("user/visitors", protocol::Access::member, people_list<PeopleList::visitors>);
  router.add("user/fans/seen", protocol::Access::member, mark_seen<store::social::mark_fans_seen>);
  router.add("user/visitors/seen", protocol::Access::member,
             mark_seen<store::social::mark_visits_seen>);
  router.add("totals", protocol::Access::member, totals);
  router.add("user/block", protocol::Access::member, block);
  router.add("user/unblock", protocol::Access::member, unblock);
  router.add("user/blocked", protocol::Access::member, blocked);
  router.add("user/report", protocol::Access::member, report);
}

}  // namespace kesher::modules
