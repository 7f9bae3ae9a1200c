#include "modules/events.hpp"

#include "domain/privacy.hpp"
#include "modules/person_view.hpp"
#include "modules/push_notify.hpp"
#include "protocol/envelope.hpp"

namespace kesher::modules {

namespace json = boost::json;

void publish_event(app::Context& app, int64_t user_id, const json::object& event,
                   const bus::Connection* except) {
  if (!app.hub.reachable(user_id)) return;
  app.hub.publish(user_id, std::make_shared<const std::string>(protocol::serialize(event)), except);
}

void publish_totals(app::Context& app, int64_t user_id) {
  if (!app.hub.reachable(user_id)) return;
  store::Totals totals;
  app.db->read([&](store::Session& db) { totals = load_totals(db, user_id); });
  publish_event(
      app, user_id,
      json::object{{"module", "totals"}, {"request_status", 1}, {"data", totals_view(totals)}});
}

void publish_match(app::Context& app, int64_t to_user, int64_t other,
                   const bus::Connection* except) {
  if (!app.hub.reachable(to_user)) {
    // Every match goes through here (a swipe, a persona's like-back): one push hook for them all.
    notify_offline(app, to_user, {domain::push::Kind::match, other});
    return;
  }
  json::object event;
  int64_t now = app.now();
  app.db->read([&](store::Session& db) {
    auto viewer = load_viewer(app, db, to_user);
    auto person = viewer ? store::social::person(db, to_user, other) : std::nullopt;
    if (!person) return;
    event = json::object{{"module", "match"},
                         {"data", json::object{{"user", person_view(app, *viewer, *person, now)}}}};
  });
  if (!event.empty()) publish_event(app, to_user, event, except);
}

void announce_presence(app::Context& app, int64_t user_id, bool online) {
  // Announcements run on the workers, so a later change may have been announced first (on
  // another node too): one that is no longer true says nothing, since the later one told the truth.
  if (app.hub.online(user_id) != online) return;
  std::vector<store::social::RelatedPerson> related;
  app.db->read([&](store::Session& db) { related = store::social::related_people(db, user_id); });
  auto frame = std::make_shared<const std::string>(protocol::serialize(json::object{
      {"module", "onlines"}, {"type", online ? "online" : "offline"}, {"user_id", user_id}}));
  // The event names the user: only people who know who they are hear it (a fan's presence
  // would give away who liked a member without premium).
  for (const auto& other : related) {
    if (domain::knows_identity(other.relation, other.premium)) app.hub.publish(other.id, frame);
  }
}

}  // namespace kesher::modules
