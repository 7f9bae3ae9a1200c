// stories, stories/get, stories/add and stories/delete (docs/protocol.md, "Stories").
#include <algorithm>

#include "domain/media_links.hpp"
#include "domain/privacy.hpp"
#include "modules/paging.hpp"
#include "modules/person_view.hpp"
#include "modules/registry.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/stories.hpp"

namespace kesher::modules {

namespace {

using protocol::Fields;
using protocol::reply_error;
using protocol::reply_ok;

constexpr int64_t kStoriesPage = 20;  // spec §9

// A member's story picture: a link for this viewer until the story ends or for an hour, whichever
// comes first; a persona's picture is public.
json::value story_picture(const app::Context& app, const store::StoryRow& story, int64_t viewer,
                          int64_t now) {
  if (!story.url.empty()) return json::value(story.url);
  int64_t expires_at = std::min(story.expires_at, now + domain::kSignedLinkSeconds);
  return json::value(domain::signed_link(app.media_link_key, domain::upload_path(story.media_name),
                                         viewer, expires_at));
}

json::object story_view(const app::Context& app, const store::StoryRow& story, int64_t viewer,
                        int64_t now) {
  return json::object{{"id", story.id},
                      {"story_id", story.id},
                      {"user_id", story.user_id},
                      {"story_photo", story_picture(app, story, viewer, now)},
                      {"time", story.created_at},
                      {"expires_at", story.expires_at},
                      {"mine", story.user_id == viewer ? 1 : 0}};
}

json::object rings(Request& request) {
  Fields fields(request.payload);
  auto page = read_page(fields, kStoriesPage, kStoriesPage);
  if (auto* error = std::get_if<json::object>(&page)) return std::move(*error);
  const Page& slice = std::get<Page>(page);
  json::object reply;
  request.app.db->read([&](store::Session& db) {
    auto viewer = load_viewer(request.app, db, request.connection.user_id);
    if (!viewer) {
      reply = reply_error(errc::invalid_session);
      return;
    }
    json::array data;
    for (const auto& ring : store::stories::rings(db, viewer->id, viewer->record.s_gender,
                                                  request.now, slice.offset, slice.take)) {
      auto person = store::social::person(db, viewer->id, ring.user_id);
      if (!person) continue;
      data.push_back(json::object{
          {"story_id", ring.newest_story_id},
          {"user_id", ring.user_id},
          {"name", person->name},
          {"photo", person->photo.empty() ? json::value(nullptr) : json::value(person->photo)},
          {"thumb", person->thumb.empty() ? json::value(nullptr) : json::value(person->thumb)},
          {"count", ring.count},
          {"time", ring.newest_at},
          {"virtual", person->persona ? 1 : 0},
          {"mine", ring.user_id == viewer->id ? 1 : 0}});
    }
    reply = reply_ok(std::move(data));
  });
  return reply;
}

json::object stories_of(Request& request) {
  Fields fields(request.payload);
  auto user_id = fields.integer("user_id");
  if (fields.failed()) return fields.error_reply();
  if (!user_id) return reply_error(errc::invalid_value, "user_id");
  json::object reply;
  request.app.db->read([&](store::Session& db) {
    auto viewer = load_viewer(request.app, db, request.connection.user_id);
    if (!viewer) {
      reply = reply_error(errc::invalid_session);
      return;
    }
    if (!store::social::person(db, viewer->id, *user_id)) {
      reply = reply_error(errc::not_found);
      return;
    }
    if (!domain::sees_stories_of(viewer->premium, *user_id == viewer->id)) {
      reply = reply_error(errc::premium_required);
      return;
    }
    json::array data;
    for (const auto& story : store::stories::live_of(db, *user_id, request.now)) {
      data.push_back(story_view(request.app, story, viewer->id, request.now));
    }
    reply = reply_ok(std::move(data));
  });
  return reply;
}

json::object add_story(Request& request) {
  Fields fields(request.payload);
  auto link = fields.string("photo");
  if (fields.failed()) return fields.error_reply();
  auto name = link ? domain::upload_name_from_link(*link) : std::nullopt;
  if (!name) return reply_error(errc::invalid_value, "photo");
  int64_t me = request.connection.user_id;
  std::optional<store::StoryRow> story;
  request.app.db->write([&](store::Session& db) {
    story = store::stories::add_upload(db, me, *name, request.now,
                                       request.now + request.app.config.story_ttl_seconds);
  });
  if (!story) return reply_error(errc::invalid_value, "photo");
  return reply_ok(story_view(request.app, *story, me, request.now));
}

json::object delete_story(Request& request) {
  Fields fields(request.payload);
  auto story_id = fields.integer("story_id");
  if (fields.failed()) return fields.error_reply();
  if (!story_id) return reply_error(errc::invalid_value, "story_id");
  bool removed = false;
  request.app.db->write([&](store::Session& db) {
    removed = store::stories::remove(db, request.connection.user_id, *story_id, request.now);
  });
  return removed ? reply_ok() : reply_error(errc::not_found);
}

}  // namespace

void register_stories_module(Router& router) {
  router.add("stories", protocol::Access::member, rings);
  router.add("stories/get", protocol::Access::member, stories_of);
  router.add("stories/add", protocol::Access::member, add_story);
  router.add("stories/delete", protocol::Access::member, delete_story);
}

}  // namespace kesher::modules
