// explore, meet, meet/popular, spotlight, profile, user/photos and visit.
#include <algorithm>
#include <array>
#include <unordered_map>
#include <unordered_set>

#include "domain/discovery.hpp"
#include "modules/boosted.hpp"
#include "modules/events.hpp"
#include "modules/explore_deck.hpp"
#include "modules/paging.hpp"
#include "modules/person_view.hpp"
#include "modules/registry.hpp"
#include "modules/user_view.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/media.hpp"
#include "store/profile_extras.hpp"

namespace kesher::modules {

namespace {

using protocol::Fields;
using protocol::reply_error;
using protocol::reply_ok;

constexpr int64_t kMaxPage = 48;
constexpr int64_t kDeckCandidates = 60;
constexpr int64_t kSpotlightSize = 10;
constexpr int64_t kPhotosPage = 10;

// Language codes in the order discovery shows their speakers to this viewer.
std::vector<std::string> reading_languages(const Viewer& viewer) {
  std::vector<std::string> codes;
  for (auto language : domain::reading_order(viewer.language)) {
    codes.emplace_back(domain::language_code(language));
  }
  return codes;
}

store::Search search_of(const Viewer& viewer, int64_t now) {
  const auto& r = viewer.record;
  store::Search search;
  search.viewer_id = viewer.id;
  search.gender = r.s_gender;
  auto [from, to] = domain::birth_date_bounds(r.s_age_min, r.s_age_max, domain::utc_date(now));
  search.born_from = from;
  search.born_to = to;
  search.spans = domain::cells_within(viewer.cell, r.s_radius);
  search.languages = reading_languages(viewer);
  return search;
}

// Runs `body` with the caller loaded as a Viewer inside one read transaction.
template <class Body>
json::object as_viewer(Request& request, Body body) {
  json::object reply;
  request.app.db->read([&](store::Session& db) {
    auto viewer = load_viewer(request.app, db, request.connection.user_id);
    reply = viewer ? body(db, *viewer) : reply_error(errc::invalid_session);
  });
  return reply;
}

}  // namespace

json::array explore_deck(app::Context& app, store::Session& db, const Viewer& viewer,
                         const std::unordered_set<int64_t>& exclude, int64_t now) {
  auto search = search_of(viewer, now);
  // People in the viewer's language first, then the next one (domain::reading_order); in each,
  // nearer latitude bands first. Inside a language the order is shuffled, never by distance.
  std::stable_sort(search.spans.begin(), search.spans.end(), [&](const auto& a, const auto& b) {
    return std::abs(a.row - viewer.cell.row) < std::abs(b.row - viewer.cell.row);
  });
  std::unordered_map<int64_t, store::PersonRow> candidates;
  std::vector<int64_t> order;
  for (const auto& language : search.languages) {
    size_t first = order.size();
    for (const auto& span : search.spans) {
      int64_t wanted = kDeckCandidates + static_cast<int64_t>(exclude.size()) -
                       static_cast<int64_t>(order.size());
      if (wanted <= 0) break;
      for (auto& person : store::social::deck_candidates(db, search, span, language, wanted)) {
        if (exclude.contains(person.id) || candidates.contains(person.id)) continue;
        order.push_back(person.id);
        candidates.emplace(person.id, std::move(person));
      }
    }
    std::vector<int64_t> tier(order.begin() + static_cast<std::ptrdiff_t>(first), order.end());
    domain::stable_shuffle(tier, domain::deck_seed(viewer.id, now));
    std::copy(tier.begin(), tier.end(), order.begin() + static_cast<std::ptrdiff_t>(first));
  }
  auto boosted = serve_boosted(
      app, db, viewer, domain::boosts::Kind::boost, audience_of(search),
      [&](const store::PersonRow& person) {
        return !exclude.contains(person.id) &&
               !store::social::swipe_of(db, viewer.id, person.id).has_value();
      },
      now);
  std::vector<store::PersonRow> deck;
  for (size_t i = 0; i < order.size() && i < domain::kExploreCards; ++i) {
    deck.push_back(std::move(candidates.at(order[i])));
  }
  return lead_with_boosted(app, viewer, boosted, deck, true, domain::kExploreCards, now);
}

namespace {

json::object explore(Request& request) {
  Fields fields(request.payload);
  auto exclude_list = fields.integers("exclude").value_or(std::vector<int64_t>{});
  if (fields.failed()) return fields.error_reply();
  if (exclude_list.size() > domain::kMaxExclude) return reply_error(errc::invalid_value, "exclude");
  std::unordered_set<int64_t> exclude(exclude_list.begin(), exclude_list.end());
  return as_viewer(request, [&](store::Session& db, const Viewer& viewer) {
    return reply_ok(explore_deck(request.app, db, viewer, exclude, request.now));
  });
}

// `meet` leads its first page with top_search boosts; they come on top of the page and are not
// counted in currentLength (docs/protocol.md "Boosts").
template <auto Query, bool WithTopSearch = false>
json::object people_page(Request& request) {
  Fields fields(request.payload);
  auto page = read_page(fields, 24, kMaxPage);
  if (auto* error = std::get_if<json::object>(&page)) return *error;
  const Page& slice = std::get<Page>(page);
  return as_viewer(request, [&](store::Session& db, const Viewer& viewer) {
    auto search = search_of(viewer, request.now);
    auto people = Query(db, search, slice.offset, slice.take);
    if (!WithTopSearch || slice.offset != 0) {
      return reply_ok(people_view(request.app, viewer, people, request.now));
    }
    auto boosted = serve_boosted(request.app, db, viewer, domain::boosts::Kind::top_search,
                                 audience_of(search), nullptr, request.now);
    return reply_ok(lead_with_boosted(request.app, viewer, boosted, people, false,
                                      boosted.size() + people.size(), request.now));
  });
}

json::object spotlight(Request& request) {
  Fields fields(request.payload);
  fields.integer("currentLength");
  if (fields.failed()) return fields.error_reply();
  return as_viewer(request, [&](store::Session& db, const Viewer& viewer) {
    auto languages = reading_languages(viewer);
    auto people =
        store::social::spotlight(db, viewer.id, viewer.record.s_gender, languages, kSpotlightSize);
    // The strip is anyone of the searched gender and languages, anywhere and of any age.
    domain::boosts::Audience audience{viewer.record.s_gender, "0000-01-01", "9999-12-31",
                                      std::nullopt, languages};
    auto boosted = serve_boosted(
        request.app, db, viewer, domain::boosts::Kind::spotlight, audience,
        [](const store::PersonRow& person) { return !person.photo.empty(); }, request.now);
    return reply_ok(
        lead_with_boosted(request.app, viewer, boosted, people, true, kSpotlightSize, request.now));
  });
}

constexpr std::array<std::string_view, 9> kTargets{
    "explore", "meet", "popular", "spotlight", "mylikes", "matches", "likesme", "visitors", "chat"};

json::object profile(Request& request) {
  Fields fields(request.payload);
  auto user_id = fields.integer("user_id");
  auto target = fields.string("target").value_or("explore");
  if (fields.failed()) return fields.error_reply();
  if (!user_id) return reply_error(errc::invalid_value, "user_id");
  if (std::find(kTargets.begin(), kTargets.end(), target) == kTargets.end()) {
    return reply_error(errc::invalid_value, "target");
  }
  // `target` is where the client says it opened the profile; it changes nothing in the answer.
  // The card is the same for anyone not blocked either way and never says who liked or visited
  // the caller, so a refusal here could only give that away (docs/protocol.md "profile").
  return as_viewer(request, [&](store::Session& db, const Viewer& viewer) {
    auto person = store::social::person(db, viewer.id, *user_id);
    if (!person) return reply_error(errc::not_found);
    json::object user = person_view(request.app, viewer, *person, request.now);
    user["extras"] = domain::extras::to_json(store::profile_extras::of_user(db, person->id));
    return reply_ok(json::object{
        {"user", std::move(user)},
        {"photos", photos_view(store::photos::of_user(db, person->id, 0, kPhotosPage))}});
  });
}

json::object user_photos(Request& request) {
  Fields fields(request.payload);
  auto user_id = fields.integer("user_id");
  auto page = read_page(fields, kPhotosPage, kMaxPage);
  if (auto* error = std::get_if<json::object>(&page)) return *error;
  if (!user_id) return reply_error(errc::invalid_value, "user_id");
  const Page& slice = std::get<Page>(page);
  json::object reply;
  int64_t viewer_id = request.connection.user_id;
  request.app.db->read([&](store::Session& db) {
    if (!store::social::person(db, viewer_id, *user_id)) {
      reply = reply_error(errc::not_found);
      return;
    }
    reply = reply_ok(photos_view(
        store::photos::of_user(db, *user_id, slice.offset, std::min(slice.take, kPhotosPage))));
  });
  return reply;
}

json::object visit(Request& request) {
  Fields fields(request.payload);
  auto visited = fields.integer("visited_user_id");
  if (fields.failed()) return fields.error_reply();
  if (!visited) return reply_error(errc::invalid_value, "visited_user_id");
  int64_t viewer_id = request.connection.user_id;
  if (*visited == viewer_id) return reply_ok();
  bool recorded = false;
  request.app.db->write([&](store::Session& db) {
    if (!store::social::person(db, viewer_id, *visited)) return;
    store::social::record_visit(db, viewer_id, *visited, request.now);
    recorded = true;
  });
  if (!recorded) return reply_error(errc::not_found);
  publish_totals(request.app, *visited);
  return reply_ok();
}

}  // namespace

void register_discovery_module(Router& router) {
  router.add("explore", protocol::Access::member, explore);
  router.add("meet", protocol::Access::member, people_page<store::social::meet_page, true>);
  router.add("meet/popular", protocol::Access::member, people_page<store::social::popular_page>);
  router.add("spotlight", protocol::Access::member, spotlight);
  router.add("profile", protocol::Access::member, profile);
  router.add("user/photos", protocol::Access::member, user_photos);
  router.add("visit", protocol::Access::member, visit);
}

}  // namespace kesher::modules
