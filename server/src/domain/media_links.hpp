#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kesher::domain {

// Uploaded pictures live at /media/u/{name}.jpg; names are random (media/uploads.cpp).
inline constexpr std::string_view kUploadPrefix = "/media/u/";
inline constexpr int64_t kSignedLinkSeconds = 3600;  // spec §9: chat images, an hour

// The name in an upload's path or link ("/media/u/{name}.jpg", with or without a query), or
// nullopt for anything else. Names are 1 to 64 characters of A-Z a-z 0-9 _ -.
std::optional<std::string> upload_name_from_link(std::string_view link);
std::string upload_path(std::string_view name);

// A link to `path` that only `viewer_id` can open, until `expires_at` (docs/protocol.md,
// "GET /media/u/{name}.jpg"): path?exp=…&sig=HMAC(key, path, viewer, exp).
std::string signed_link(std::string_view key, std::string_view path, int64_t viewer_id,
                        int64_t expires_at);

enum class LinkStatus { valid, forbidden, expired };
struct LinkCheck {
  LinkStatus status = LinkStatus::forbidden;
  int64_t expires_at = 0;  // when valid
};
// The signature is checked before the time, so a tampered link never learns whether it expired.
LinkCheck check_signed_link(std::string_view key, std::string_view path, std::string_view query,
                            int64_t viewer_id, int64_t now);

// How long a link made now for a picture sent at `sent_at` lives: until an hour after sending
// (spec §4: chat images are visible for 3600 s after sending), given as the expiry.
int64_t chat_picture_expiry(int64_t sent_at, int64_t ttl_seconds = kSignedLinkSeconds);

}  // namespace kesher::domain
