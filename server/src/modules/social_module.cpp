// swipe, the likes/fans/matches/visitors lists, seen markers, totals, blocking and reports.
#include <sodium.h>

#include "domain/discovery.hpp"
#include "domain/privacy.hpp"
#include "domain/text.hpp"
#include "modules/events.hpp"
#include "modules/person_view.hpp"
#include "modules/registry.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"

namespace kesher::modules {

namespace {

using protocol::Fields;
using protocol::reply_error;
using protocol::reply_ok;

constexpr int64_t kListPage = 20;

struct SwipeResult {
  std::string_view error;
  bool matched = false;
  bool new_match = false;
  bool new_like = false;
};

SwipeResult apply_swipe(store::Session& db, const Viewer& viewer, int64_t target, bool like,
                        int64_t now) {
  using namespace store::social;
  SwipeResult result;
  if (target == viewer.id || !person(db, viewer.id, target)) return {errc::not_found};
  auto previous = swipe_of(db, viewer.id, target);
  if (!like) {
    // A pass never undoes a like.
    if (!previous) put_swipe(db, viewer.id, target, false, now);
    result.matched = matched(db, viewer.id, target);
    return result;
  }
  if (previous != 1) {
    if (!viewer.premium &&
        likes_since(db, viewer.id, domain::utc_day_start(now)) >= domain::kDailyLikeLimit) {
      return {errc::like_limit_reached};
    }
    put_swipe(db, viewer.id, target, true, now);
    result.new_like = true;
  }
  if (swipe_of(db, target, viewer.id) == 1) {
    result.new_match = create_match(db, viewer.id, target, now);
  } else if (result.new_like) {
    auto persona = persona_settings(db, target);
    // The persona's own setting decides, on the server; the client never does.
    if (persona.persona &&
        domain::persona_likes_back(persona.likes_back_percent, randombytes_uniform(100))) {
      if (persona.like_back_delay_s <= 0) {
        put_swipe(db, target, viewer.id, true, now);
        result.new_match = create_match(db, viewer.id, target, now);
      } else {
        schedule_like_back(db, target, viewer.id, now + persona.like_back_delay_s);
      }
    }
  }
  result.matched = matched(db, viewer.id, target);
  return result;
}

json::object swipe(protocol::Request& request) {
  Fields fields(request.payload);
  auto target = fields.integer("swiped_user_id");
  auto like = fields.integer("like");
  if (fields.failed()) return fields.error_reply();
  if (!target) return reply_error(errc::invalid_value, "swiped_user_id");
  if (!like || (*like != 0 && *like != 1)) return reply_error(errc::invalid_value, "like");
  SwipeResult result;
  request.app.db->write([&](store::Session& db) {
    auto viewer = load_viewer(request.app, db, request.connection.user_id);
    result = viewer ? apply_swipe(db, *viewer, *target, *like == 1, request.now)
                    : SwipeResult{errc::invalid_session};
  });
  if (result.error == errc::like_limit_reached) {
    json::object reply = reply_error(result.error);
    reply["request_details"] =
        json::object{{"limit", domain::kDailyLikeLimit},
                     {"resets_in", domain::seconds_until_next_utc_day(request.now)},
                     {"swiped_user_id", *target}};
    return reply;
  }
  if (!result.error.empty()) return reply_error(result.error);
  if (result.new_like) publish_totals(request.app, *target);
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
json::object people_list(protocol::Request& request) {
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
      int64_t count = store::social::anonymous_page_size(db, List, viewer->id, offset, take);
      for (int64_t i = 0; i < count; ++i) data.push_back(locked_entry_view());
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
json::object mark_seen(protocol::Request& request) {
  request.app.db->write(
      [&](store::Session& db) { Mark(db, request.connection.user_id, request.now); });
  publish_totals(request.app, request.connection.user_id);
  return reply_ok();
}

json::object totals(protocol::Request& request) {
  store::Totals totals;
  request.app.db->read(
      [&](store::Session& db) { totals = load_totals(db, request.connection.user_id); });
  return reply_ok(totals_view(totals));
}

std::optional<int64_t> target_user(Fields& fields) {
  return fields.integer("user_id");
}

json::object block(protocol::Request& request) {
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

json::object unblock(protocol::Request& request) {
  Fields fields(request.payload);
  auto target = target_user(fields);
  if (fields.failed()) return fields.error_reply();
  if (!target) return reply_error(errc::invalid_value, "user_id");
  request.app.db->write(
      [&](store::Session& db) { store::social::unblock(db, request.connection.user_id, *target); });
  publish_totals(request.app, request.connection.user_id);
  return reply_ok();
}

json::object blocked(protocol::Request& request) {
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

json::object report(protocol::Request& request) {
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

void register_social_module(protocol::Router& router) {
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
