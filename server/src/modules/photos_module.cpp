// user/photos/add and user/photos/delete (docs/protocol.md, "Media"). user/photos, which reads
// anyone's photos, is with the other discovery modules.
#include "domain/media_links.hpp"
#include "modules/events.hpp"
#include "modules/registry.hpp"
#include "modules/user_view.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/media.hpp"

namespace kesher::modules {

namespace {

using protocol::Fields;
using protocol::reply_error;

// The member's other sockets learn the new photos, so every open tab shows the same first photo.
void tell_other_sockets(Request& request, const json::array& photos) {
  publish_event(request.app, request.connection.user_id,
                json::object{{"module", "user/photos/changed"},
                             {"request_status", 1},
                             {"data", json::object{{"photos", photos}}}},
                request.connection.connection.get());
}

json::object add_photo(Request& request) {
  Fields fields(request.payload);
  auto user_id = fields.integer("user_id");
  auto link = fields.string("photo");
  if (fields.failed()) return fields.error_reply();
  int64_t me = request.connection.user_id;
  if (user_id && *user_id != me) return reply_error(errc::invalid_value, "user_id");
  auto name = link ? domain::upload_name_from_link(*link) : std::nullopt;
  if (!name) return reply_error(errc::invalid_value, "photo");

  store::AddPhotoOutcome outcome;
  json::array photos;
  request.app.db->write([&](store::Session& db) {
    outcome = store::photos::add_upload(db, me, *name, request.now);
    if (outcome.status == store::AddPhotoStatus::added) {
      photos = photos_view(store::photos::of_user(db, me));
    }
  });
  if (auto refusal = photo_refusal(outcome)) return std::move(*refusal);
  tell_other_sockets(request, photos);
  return json::object{
      {"request_status", 1},
      {"request_details", json::object{{"photo_id", outcome.photo_id}, {"photos", photos}}}};
}

json::object delete_photo(Request& request) {
  Fields fields(request.payload);
  auto photo_id = fields.integer("id");
  if (fields.failed()) return fields.error_reply();
  if (!photo_id) return reply_error(errc::invalid_value, "id");
  int64_t me = request.connection.user_id;
  bool removed = false;
  json::array photos;
  request.app.db->write([&](store::Session& db) {
    removed = store::photos::remove(db, me, *photo_id);
    if (removed) photos = photos_view(store::photos::of_user(db, me));
  });
  // Another member's photo answers like a missing one: ids say nothing about whose they are.
  if (!removed) return reply_error(errc::not_found);
  tell_other_sockets(request, photos);
  return json::object{{"request_status", 1}, {"request_details", json::object{{"photos", photos}}}};
}

}  // namespace

void register_photos_module(Router& router) {
  router.add("user/photos/add", protocol::Access::member, add_photo);
  router.add("user/photos/delete", protocol::Access::member, delete_photo);
}

}  // namespace kesher::modules
