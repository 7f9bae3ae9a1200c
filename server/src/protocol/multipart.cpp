#include "protocol/multipart.hpp"

#include <algorithm>
#include <cctype>

namespace kesher::protocol {

namespace {

constexpr size_t kMaxParts = 16;
constexpr size_t kMaxPartHeaders = 8 * 1024;
constexpr size_t kMaxBoundary = 70;  // RFC 2046 §5.1.1

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// Splits "a; b=c; d=\"e;f\"" at the semicolons outside quotes; calls `visit` with each piece.
template <typename Visit>
void for_each_parameter(std::string_view value, Visit visit) {
  bool quoted = false;
  size_t start = 0;
  for (size_t i = 0; i <= value.size(); ++i) {
    if (i < value.size() && value[i] == '"') quoted = !quoted;
    if (i == value.size() || (value[i] == ';' && !quoted)) {
      visit(trim(value.substr(start, i - start)));
      start = i + 1;
    }
  }
}

// The value of parameter `key` in a header value, unquoted ("\" escapes are not needed by
// browsers' form encoders, which percent-encode quotes in names).
std::optional<std::string_view> parameter(std::string_view header_value, std::string_view key) {
  std::optional<std::string_view> found;
  bool first = true;
  for_each_parameter(header_value, [&](std::string_view piece) {
    if (first) {  // the media type or disposition itself
      first = false;
      return;
    }
    size_t equals = piece.find('=');
    if (equals == std::string_view::npos || found) return;
    if (!iequals(trim(piece.substr(0, equals)), key)) return;
    std::string_view value = trim(piece.substr(equals + 1));
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
      value = value.substr(1, value.size() - 2);
    }
    found = value;
  });
  return found;
}

std::string_view first_token(std::string_view header_value) {
  return trim(header_value.substr(0, header_value.find(';')));
}

struct PartHeaders {
  std::string_view disposition;
  std::string_view content_type;
};

std::optional<PartHeaders> read_headers(std::string_view block) {
  PartHeaders headers;
  while (!block.empty()) {
    size_t end = block.find("\r\n");
    std::string_view line = block.substr(0, end);
    block = end == std::string_view::npos ? std::string_view{} : block.substr(end + 2);
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    std::string_view name = trim(line.substr(0, colon));
    std::string_view value = trim(line.substr(colon + 1));
    if (iequals(name, "Content-Disposition")) headers.disposition = value;
    if (iequals(name, "Content-Type")) headers.content_type = value;
  }
  if (!iequals(first_token(headers.disposition), "form-data")) return std::nullopt;
  return headers;
}

}  // namespace

std::optional<std::string> multipart_boundary(std::string_view content_type) {
  if (!iequals(first_token(content_type), "multipart/form-data")) return std::nullopt;
  auto boundary = parameter(content_type, "boundary");
  if (!boundary || boundary->empty() || boundary->size() > kMaxBoundary) return std::nullopt;
  for (char c : *boundary) {
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e) {
      return std::nullopt;
    }
  }
  return std::string(*boundary);
}

FoundPart find_form_part(std::string_view body, std::string_view boundary, std::string_view field) {
  FoundPart malformed{MultipartError::malformed, {}};
  if (boundary.empty()) return malformed;
  const std::string delimiter = "--" + std::string(boundary);
  const std::string separator = "\r\n" + delimiter;

  // The preamble is ignored; the first delimiter may start the body or follow a line break.
  size_t at;
  if (body.substr(0, delimiter.size()) == delimiter) {
    at = delimiter.size();
  } else {
    size_t found = body.find(separator);
    if (found == std::string_view::npos) return malformed;
    at = found + separator.size();
  }

  std::optional<FormPart> wanted;
  for (size_t parts = 0;; ++parts) {
    // After a delimiter: "--" closes the body, else optional whitespace and a line break.
    if (body.substr(at, 2) == "--") {
      if (wanted) return {MultipartError::none, *wanted};
      return {MultipartError::missing, {}};
    }
    if (parts == kMaxParts) return malformed;
    while (at < body.size() && (body[at] == ' ' || body[at] == '\t')) ++at;
    if (body.substr(at, 2) != "\r\n") return malformed;
    at += 2;

    size_t headers_end = body.find("\r\n\r\n", at);
    if (headers_end == std::string_view::npos || headers_end - at > kMaxPartHeaders) {
      return malformed;
    }
    auto headers = read_headers(body.substr(at, headers_end - at));
    if (!headers) return malformed;
    size_t content_start = headers_end + 4;
    size_t content_end = body.find(separator, content_start);
    if (content_end == std::string_view::npos) return malformed;

    auto name = parameter(headers->disposition, "name");
    if (!name) return malformed;
    if (!wanted && *name == field) {
      FormPart part;
      part.name = *name;
      part.filename = parameter(headers->disposition, "filename").value_or(std::string_view{});
      part.content_type = headers->content_type;
      part.content = body.substr(content_start, content_end - content_start);
      wanted = part;
    }
    at = content_end + separator.size();
  }
}

}  // namespace kesher::protocol
