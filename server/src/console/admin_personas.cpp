// Admin: personas (docs/protocol.md "Admin: personas"): the list, creating and editing a persona's
// profile and like-back setting, disabling and enabling it, and its photos (uploads through
// /console/api/upload, like an operator's pictures). The rules are domain::check_persona, the
// ones the demo catalogue follows too.
#include "console/audit.hpp"
#include "console/console.hpp"
#include "console/events.hpp"
#include "domain/media_links.hpp"
#include "domain/personas.hpp"
#include "modules/person_view.hpp"
#include "modules/registry.hpp"
#include "modules/user_view.hpp"
#include "protocol/errors.hpp"
#include "store/console.hpp"
#include "store/media.hpp"
#include "store/personas.hpp"
#include "store/social.hpp"
#include "store/staff.hpp"

namespace kesher::console {

namespace {

using modules::Request;
using protocol::reply_error;
using protocol::reply_ok;
namespace json = boost::json;

json::object persona_view(const app::Context& app, store::Session& db,
                          const store::personas::PersonaRecord& p, int64_t now) {
  const auto& u = p.user;
  json::object place{{"id", u.place_id}, {"name", ""}};
  if (const domain::Place* found = app.places ? app.places->find(u.place_id) : nullptr) {
    place["name"] = app.places->display_name(*found, domain::Language::en);
    place["name_he"] = app.places->display_name(*found, domain::Language::he);
  }
  return json::object{
      {"id", p.id},
      {"key", p.key},
      {"name", u.name},
      {"gender", u.gender},
      {"birth_date", domain::format_date(u.birth_date)},
      {"age", domain::age_on(u.birth_date, domain::utc_date(now))},
      {"language", u.language},
      {"place", std::move(place)},
      {"s_gender", u.s_gender},
      {"s_age_min", u.s_age_min},
      {"s_age_max", u.s_age_max},
      {"answer", u.answer},
      {"bio", p.bio},
      {"likes_back_percent", p.likes_back_percent},
      {"like_back_delay_s", p.like_back_delay_s},
      {"disabled", p.disabled_at ? 1 : 0},
      {"edited", p.edited_at ? 1 : 0},
      {"photos", modules::photos_view(store::photos::of_user(db, p.id))},
  };
}

json::object list(Request& request) {
  json::array items;
  request.app.db->read([&](store::Session& db) {
    for (const auto& persona : store::personas::list(db)) {
      items.push_back(persona_view(request.app, db, persona, request.now));
    }
  });
  return reply_ok(json::object{{"personas", std::move(items)}});
}

// What an audit entry says of a profile: enough to see what changed, never a photo.
std::string describe(const store::NewUser& u, const std::string& bio, int likes_back_percent,
                     int like_back_delay_s) {
  return u.name + ", " + std::to_string(u.gender) + ", " + domain::format_date(u.birth_date) +
         ", " + u.language + ", place " + std::to_string(u.place_id) + ", looks for " +
         std::to_string(u.s_gender) + " " + std::to_string(u.s_age_min) + "-" +
         std::to_string(u.s_age_max) + ", likes back " + std::to_string(likes_back_percent) +
         "% after " + std::to_string(like_back_delay_s) + " s, bio: " + bio;
}

json::object save(Request& request) {
  protocol::Fields fields(request.payload);
  auto id = fields.integer("id");
  domain::PersonaInput input;
  input.name = fields.string("name").value_or("");
  input.language = fields.string("language").value_or("");
  input.birth_date = fields.string("birth_date").value_or("");
  input.gender = fields.integer("gender").value_or(0);
  input.s_gender = fields.integer("s_gender").value_or(0);
  input.s_age_min = fields.integer("s_age_min").value_or(0);
  input.s_age_max = fields.integer("s_age_max").value_or(0);
  input.answer = fields.integer("answer").value_or(1);
  input.bio = fields.string("bio").value_or("");
  input.likes_back_percent = fields.integer("likes_back_percent").value_or(-1);
  input.like_back_delay_s = fields.integer("like_back_delay_s").value_or(-1);
  auto place_id = fields.integer("place_id");
  if (fields.failed()) return fields.error_reply();
  if (id && *id <= 0) return reply_error(errc::invalid_value, "id");
  auto verdict = domain::check_persona(input, domain::utc_date(request.now));
  if (!verdict.persona) return reply_error(verdict.error, verdict.field);
  if (!place_id || !request.app.places->find(*place_id)) {
    return reply_error(errc::invalid_place, "place_id");
  }
  const auto& checked = *verdict.persona;
  store::NewUser user = store::personas::to_new_user(checked, *place_id);
  auto cell = modules::cell_of_place(request.app, *place_id);
  int64_t staff_id = request.connection.staff_id;
  json::object reply = reply_error(errc::not_found, "id");
  request.app.db->write([&](store::Session& db) {
    std::string detail =
        describe(user, checked.bio, checked.likes_back_percent, checked.like_back_delay_s);
    int64_t persona_id = 0;
    if (id) {
      auto before = store::personas::find(db, *id);
      if (!before) return;
      persona_id = *id;
      store::personas::update(db, persona_id, user, checked.bio, checked.likes_back_percent,
                              checked.like_back_delay_s, request.now);
      detail = describe(before->user, before->bio, before->likes_back_percent,
                        before->like_back_delay_s) +
               " → " + detail;
    } else {
      persona_id = store::personas::create(db, user, checked.bio, checked.likes_back_percent,
                                           checked.like_back_delay_s, request.now);
    }
    store::social::set_cell(db, persona_id, cell);
    store::staff::audit(db, staff_id, id ? "persona_update" : "persona_create", "persona",
                        std::to_string(persona_id), detail, request.now);
    reply = reply_ok(json::object{
        {"persona",
         persona_view(request.app, db, *store::personas::find(db, persona_id), request.now)}});
  });
  return reply;
}

// Disabling takes the persona out of every list at once: its locks end (the holders hear
// `console/lock_lost`), its waiting conversations leave the queue, its like-backs are dropped and
// it goes offline. Enabling brings the waiting conversations back to the queue.
json::object set_disabled(Request& request, bool disabled) {
  protocol::Fields fields(request.payload);
  auto id = fields.integer("id");
  if (fields.failed()) return fields.error_reply();
  if (!id || *id <= 0) return reply_error(errc::invalid_value, "id");
  int64_t staff_id = request.connection.staff_id;
  bool found = false, changed = false;
  std::vector<store::console::Lock> ended;
  std::vector<int64_t> waiting;
  json::object view;
  request.app.db->write([&](store::Session& db) {
    if (!store::personas::find(db, *id)) return;
    found = true;
    changed = store::personas::set_disabled(db, *id, disabled, request.now);
    if (changed) {
      if (disabled) {
        ended = store::personas::end_locks(db, *id, request.now);
        store::personas::drop_like_backs(db, *id);
      }
      waiting = store::personas::waiting_members(db, *id);
      store::staff::audit(db, staff_id, disabled ? "persona_disable" : "persona_enable", "persona",
                          std::to_string(*id), "", request.now);
    }
    view = persona_view(request.app, db, *store::personas::find(db, *id), request.now);
  });
  if (!found) return reply_error(errc::not_found, "id");
  for (const auto& lock : ended) announce_lock_lost(request.app, lock, "persona_disabled");
  if (!ended.empty()) sync_persona_presence(request.app);
  for (int64_t member : waiting) announce_queue_item(request.app, member, *id);
  return reply_ok(json::object{{"persona", std::move(view)}});
}

json::object disable(Request& request) {
  return set_disabled(request, true);
}
json::object enable(Request& request) {
  return set_disabled(request, false);
}

json::object add_photo(Request& request) {
  protocol::Fields fields(request.payload);
  auto persona_id = fields.integer("persona_id");
  auto link = fields.string("photo");
  if (fields.failed()) return fields.error_reply();
  if (!persona_id || *persona_id <= 0) return reply_error(errc::invalid_value, "persona_id");
  auto name = link ? domain::upload_name_from_link(*link) : std::nullopt;
  if (!name) return reply_error(errc::invalid_value, "photo");
  int64_t staff_id = request.connection.staff_id;
  bool found = false;
  store::AddPhotoOutcome outcome;
  json::array photos;
  request.app.db->write([&](store::Session& db) {
    if (!store::personas::find(db, *persona_id)) return;
    found = true;
    // The upload must be this persona's (made with ?persona_id=), like a member's own photo.
    outcome = store::photos::add_upload(db, *persona_id, *name, request.now);
    if (outcome.status != store::AddPhotoStatus::added) return;
    store::personas::mark_edited(db, *persona_id, request.now);
    store::staff::audit(db, staff_id, "persona_photo_add", "persona", std::to_string(*persona_id),
                        *name, request.now);
    photos = modules::photos_view(store::photos::of_user(db, *persona_id));
  });
  if (!found) return reply_error(errc::not_found, "persona_id");
  if (auto refusal = modules::photo_refusal(outcome)) return std::move(*refusal);
  return reply_ok(json::object{{"photo_id", outcome.photo_id}, {"photos", std::move(photos)}});
}

json::object delete_photo(Request& request) {
  protocol::Fields fields(request.payload);
  auto persona_id = fields.integer("persona_id");
  auto photo_id = fields.integer("id");
  if (fields.failed()) return fields.error_reply();
  if (!persona_id || *persona_id <= 0) return reply_error(errc::invalid_value, "persona_id");
  if (!photo_id || *photo_id <= 0) return reply_error(errc::invalid_value, "id");
  int64_t staff_id = request.connection.staff_id;
  bool removed = false;
  json::array photos;
  request.app.db->write([&](store::Session& db) {
    if (!store::personas::find(db, *persona_id)) return;
    removed = store::photos::remove(db, *persona_id, *photo_id);
    if (!removed) return;
    store::personas::mark_edited(db, *persona_id, request.now);
    store::staff::audit(db, staff_id, "persona_photo_delete", "persona",
                        std::to_string(*persona_id), "photo " + std::to_string(*photo_id),
                        request.now);
    photos = modules::photos_view(store::photos::of_user(db, *persona_id));
  });
  // Another persona's photo (or a member's) answers like a missing one.
  if (!removed) return reply_error(errc::not_found, "id");
  return reply_ok(json::object{{"photos", std::move(photos)}});
}

}  // namespace

void register_admin_persona_modules(modules::Router& router) {
  router.add("console/admin/personas", protocol::Access::admin, list);
  router.add("console/admin/personas/save", protocol::Access::admin, save);
  router.add("console/admin/personas/disable", protocol::Access::admin, disable);
  router.add("console/admin/personas/enable", protocol::Access::admin, enable);
  router.add("console/admin/personas/photos/add", protocol::Access::admin, add_photo);
  router.add("console/admin/personas/photos/delete", protocol::Access::admin, delete_photo);
  router.add("console/admin/places", protocol::Access::admin, modules::search_location);
}

}  // namespace kesher::console
