// POST /upload and GET /media/u/{name}.jpg (docs/protocol.md, "Media").
#include <spdlog/spdlog.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "domain/media_links.hpp"
#include "media/image.hpp"
#include "media/uploads.hpp"
#include "modules/http_routes.hpp"
#include "modules/media_http.hpp"
#include "modules/sessions.hpp"
#include "protocol/errors.hpp"
#include "protocol/multipart.hpp"
#include "store/media.hpp"

namespace kesher::modules {

namespace {

namespace fs = std::filesystem;
using protocol::error_response;
using protocol::HttpRequest;
using protocol::HttpResponse;

std::string_view image_error_code(media::ImageError error) {
  switch (error) {
    case media::ImageError::invalid_file_type:
      return errc::invalid_file_type;
    case media::ImageError::image_too_large:
      return errc::image_too_large;
    case media::ImageError::invalid_image:
    case media::ImageError::none:
      break;
  }
  return errc::invalid_image;
}

// Releases the member's upload slot however the handler ends.
struct UploadSlotRelease {
  app::Context& app;
  int64_t user_id;
  ~UploadSlotRelease() { app.uploads_running.release(user_id); }
};

// Before the upload waits for a decoding thread: who sends it, and whether they already have one
// running (spec §5: one at a time).
std::optional<HttpResponse> admit_upload(app::Context& app, HttpRequest& request) {
  auto user_id = user_for_session_hash(app, session_hash_of(request.session_cookie));
  if (!user_id) return error_response(401, errc::not_authenticated);
  if (!app.uploads_running.try_claim(*user_id)) {
    return error_response(409, errc::upload_in_progress);
  }
  request.user_id = *user_id;
  return std::nullopt;
}

}  // namespace

std::variant<store::MediaRow, HttpResponse> store_upload(app::Context& app,
                                                         const HttpRequest& request) {
  if (request.user_id == 0) return error_response(401, errc::not_authenticated);
  UploadSlotRelease release{app, request.user_id};

  auto boundary = protocol::multipart_boundary(request.content_type);
  auto found = protocol::find_form_part(request.body, boundary.value_or(""), "file");
  if (found.error != protocol::MultipartError::none || found.part.content.empty()) {
    return error_response(400, errc::missing_file);
  }
  media::ImageLimits limits;
  limits.max_pixels = app.config.max_upload_pixels;
  auto normalized = media::normalize(found.part.content, limits);
  if (normalized.error != media::ImageError::none) {
    return error_response(400, image_error_code(normalized.error));
  }

  int64_t now = app.now();
  fs::path data_dir = app.config.data_dir;
  store::MediaRow row = media::save_renditions(data_dir, normalized.images, request.user_id, now);
  try {
    app.db->write([&](store::Session& db) { row.id = store::media::insert(db, row); });
  } catch (...) {
    media::remove_renditions(data_dir, row);
    throw;
  }
  return row;
}

HttpResponse serve_upload(app::Context& app, const HttpRequest& request, std::string_view name,
                          int64_t viewer) {
  std::optional<store::MediaFile> file;
  app.db->read([&](store::Session& db) { file = store::media::find_file(db, std::string(name)); });
  if (!file) return error_response(404, errc::not_found);

  bool is_public = file->variant == store::MediaVariant::blur || file->profile_photo;
  std::string cache_control = "public, max-age=3600";
  if (!is_public) {
    int64_t now = app.now();
    auto link =
        domain::check_signed_link(app.media_link_key, request.path, request.query, viewer, now);
    if (auto refusal = link_refusal(link.status)) return std::move(*refusal);
    // Kept no longer than the link lives (spec §4: chat pictures for an hour after sending).
    cache_control = "private, max-age=" + std::to_string(link.expires_at - now);
  }

  return file_response(media::uploads_dir(app.config.data_dir) / (std::string(name) + ".jpg"),
                       "image/jpeg", std::move(cache_control));
}

std::optional<HttpResponse> link_refusal(domain::LinkStatus status) {
  switch (status) {
    case domain::LinkStatus::forbidden:
      return error_response(403, errc::forbidden);
    case domain::LinkStatus::expired:
      return error_response(410, errc::link_expired);
    case domain::LinkStatus::valid:
      break;
  }
  return std::nullopt;
}

HttpResponse file_response(const fs::path& file, std::string content_type,
                           std::string cache_control) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return error_response(404, errc::not_found);
  std::ostringstream body;
  body << in.rdbuf();
  HttpResponse response;
  response.content_type = std::move(content_type);
  response.body = body.str();
  response.headers.emplace_back("Cache-Control", std::move(cache_control));
  return response;
}

namespace {

HttpResponse upload(app::Context& app, const HttpRequest& request, const json::object&) {
  auto stored = store_upload(app, request);
  if (auto* refusal = std::get_if<HttpResponse>(&stored)) return std::move(*refusal);
  const auto& row = std::get<store::MediaRow>(stored);
  std::string path = domain::upload_path(row.name);
  return protocol::json_response(
      200,
      json::object{
          {"data", domain::signed_link(app.media_link_key, path, request.user_id,
                                       app.now() + domain::kSignedLinkSeconds)},
          {"media", json::object{{"id", row.name}, {"width", row.width}, {"height", row.height}}}});
}

HttpResponse uploaded_file(app::Context& app, const HttpRequest& request, const json::object&) {
  auto name = domain::upload_name_from_link(request.path);
  if (!name) return error_response(404, errc::not_found);
  int64_t viewer = user_for_session_hash(app, session_hash_of(request.session_cookie)).value_or(0);
  return serve_upload(app, request, *name, viewer);
}

}  // namespace

void register_media_routes(HttpRouter& router) {
  router.add({.method = "POST",
              .path = "/upload",
              .match = Match::exact,
              .handler = upload,
              .multipart_body = true,
              .lane = protocol::HttpLane::media,
              .admit = admit_upload});
  router.add({.method = "GET",
              .path = std::string(domain::kUploadPrefix),
              .match = Match::prefix,
              .handler = uploaded_file});
}

}  // namespace kesher::modules
