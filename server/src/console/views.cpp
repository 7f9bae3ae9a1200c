#include "console/views.hpp"

#include "domain/media_links.hpp"
#include "domain/validation.hpp"
#include "store/media.hpp"
#include "store/users.hpp"

namespace kesher::console {

json::object staff_view(const store::staff::StaffRecord& staff) {
  return json::object{{"id", staff.id}, {"email", staff.email}, {"role", staff.role}};
}

json::object lock_view(const store::console::Lock& lock) {
  return json::object{{"member_id", lock.member_id},
                      {"persona_id", lock.persona_id},
                      {"staff_id", lock.staff_id},
                      {"email", lock.email},
                      {"expires_at", lock.expires_at}};
}

json::object note_view(const store::console::Note& note) {
  return json::object{{"id", note.id},
                      {"member_id", note.member_id},
                      {"persona_id", note.persona_id ? json::value(*note.persona_id) : nullptr},
                      {"category", note.category},
                      {"text", note.text},
                      {"staff_id", note.staff_id},
                      {"updated_at", note.updated_at}};
}

json::object audit_entry_view(const store::staff::AuditEntry& entry) {
  return json::object{{"id", entry.id},
                      {"staff_id", entry.staff_id ? json::value(*entry.staff_id) : nullptr},
                      {"email", entry.email},
                      {"action", entry.action},
                      {"object_type", entry.object_type},
                      {"object_id", entry.object_id},
                      {"detail", entry.detail},
                      {"at", entry.at}};
}

json::object profile_card(const app::Context& app, store::Session& db, int64_t user_id,
                          domain::Language language, int64_t now, bool full) {
  auto user = store::users::find_by_id(db, user_id);
  if (!user) return json::object{{"id", user_id}};
  auto photos = store::photos::of_user(db, user_id);
  json::object card;
  card["id"] = user->id;
  card["name"] = user->name;
  card["age"] = domain::age_on(user->birth_date, domain::utc_date(now));
  card["gender"] = user->gender;
  card["language"] = user->language;
  card["virtual"] = user->kind == "persona" ? 1 : 0;
  std::string city, country;
  if (const domain::Place* place = app.places ? app.places->find(user->place_id) : nullptr) {
    city = app.places->display_name(*place, language);
    country = app.places->country_name(place->country, language);
  }
  card["city"] = city;
  card["country"] = country;
  // Current profile photos are public (docs/protocol.md, "GET /media/u/{name}.jpg").
  card["photo"] = photos.empty() ? json::value(nullptr) : json::value(photos.front().thumb);
  if (full) {
    card["bio"] = user->bio;
    card["premium"] = user->premium ? 1 : 0;
    json::array list;
    for (const auto& photo : photos) {
      list.push_back(json::object{{"id", photo.id}, {"url", photo.url}, {"thumb", photo.thumb}});
    }
    card["photos"] = std::move(list);
  }
  return card;
}

json::object queue_item_view(const app::Context& app, store::Session& db,
                             const store::console::QueueRow& row, domain::Language language,
                             int64_t now) {
  auto lock = store::console::lock_on(db, row.member_id, row.persona_id, now);
  return json::object{
      {"member_id", row.member_id},
      {"persona_id", row.persona_id},
      {"waiting_since", row.waiting_since},
      {"last_message_at", row.last_message_at},
      {"waiting", row.waiting},
      {"preview", row.preview},
      {"preview_type", row.preview_type},
      {"member", profile_card(app, db, row.member_id, language, now, false)},
      {"persona", profile_card(app, db, row.persona_id, language, now, false)},
      {"lock", lock ? json::value(lock_view(*lock)) : json::value(nullptr)},
  };
}

std::string staff_link(const app::Context& app, const std::string& name, int64_t staff_id,
                       int64_t expires_at) {
  return domain::signed_link(app.media_link_key, "/console" + domain::upload_path(name),
                             staff_viewer(staff_id), expires_at);
}

json::object console_message_view(const app::Context& app, const store::chat::MessageRow& m,
                                  int64_t persona_id, const store::chat::Gift* gift,
                                  int64_t staff_id, const std::map<int64_t, std::string>& operators,
                                  domain::Language language, int64_t now) {
  json::object view = modules::message_view(app, m, persona_id, gift, language, now);
  if (m.media_id) {
    int64_t expires_at = view["expires_at"].as_int64();
    bool live = now < expires_at;
    view["message"] = live && !m.media_name.empty()
                          ? json::value(staff_link(app, m.media_name, staff_id, expires_at))
                          : json::value(nullptr);
    view["thumb"] = live && !m.thumb_name.empty()
                        ? json::value(staff_link(app, m.thumb_name, staff_id, expires_at))
                        : json::value(nullptr);
  }
  if (m.story_id && m.story_url.empty()) view["story"] = nullptr;
  json::value who = nullptr;
  if (m.operator_id) {
    auto it = operators.find(*m.operator_id);
    who = json::object{{"id", *m.operator_id},
                       {"email", it == operators.end() ? std::string() : it->second}};
  }
  view["operator"] = who;
  return view;
}

}  // namespace kesher::console
