#include "domain/media_links.hpp"

#include <charconv>

#include "domain/crypto.hpp"

namespace kesher::domain {

namespace {

bool name_character(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_';
}

std::string signing_input(std::string_view path, int64_t viewer_id, int64_t expires_at) {
  std::string input(path);
  input += '\n';
  input += std::to_string(viewer_id);
  input += '\n';
  input += std::to_string(expires_at);
  return input;
}

// The value of `key` in a query string "a=1&b=2" (no decoding: our values never need it).
std::optional<std::string_view> query_value(std::string_view query, std::string_view key) {
  while (!query.empty()) {
    size_t amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    size_t equals = pair.find('=');
    if (equals != std::string_view::npos && pair.substr(0, equals) == key) {
      return pair.substr(equals + 1);
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> upload_name_from_link(std::string_view link) {
  link = link.substr(0, link.find('?'));
  if (link.substr(0, kUploadPrefix.size()) != kUploadPrefix) return std::nullopt;
  link.remove_prefix(kUploadPrefix.size());
  constexpr std::string_view kJpeg = ".jpg";
  if (link.size() <= kJpeg.size() || link.substr(link.size() - kJpeg.size()) != kJpeg) {
    return std::nullopt;
  }
  link.remove_suffix(kJpeg.size());
  if (link.empty() || link.size() > 64) return std::nullopt;
  for (char c : link) {
    if (!name_character(c)) return std::nullopt;
  }
  return std::string(link);
}

std::string upload_path(std::string_view name) {
  std::string path(kUploadPrefix);
  path += name;
  path += ".jpg";
  return path;
}

std::string signed_link(std::string_view key, std::string_view path, int64_t viewer_id,
                        int64_t expires_at) {
  std::string link(path);
  link += "?exp=";
  link += std::to_string(expires_at);
  link += "&sig=";
  link += hmac_sha256_base64url(key, signing_input(path, viewer_id, expires_at));
  return link;
}

LinkCheck check_signed_link(std::string_view key, std::string_view path, std::string_view query,
                            int64_t viewer_id, int64_t now) {
  auto exp = query_value(query, "exp");
  auto sig = query_value(query, "sig");
  if (!exp || !sig || viewer_id <= 0) return {};
  int64_t expires_at = 0;
  auto [end, ec] = std::from_chars(exp->data(), exp->data() + exp->size(), expires_at);
  if (ec != std::errc{} || end != exp->data() + exp->size()) return {};
  std::string expected = hmac_sha256_base64url(key, signing_input(path, viewer_id, expires_at));
  if (!constant_time_equal(expected, *sig)) return {};
  if (now >= expires_at) return {LinkStatus::expired, expires_at};
  return {LinkStatus::valid, expires_at};
}

int64_t chat_picture_expiry(int64_t sent_at, int64_t ttl_seconds) {
  return sent_at + ttl_seconds;
}

}  // namespace kesher::domain
