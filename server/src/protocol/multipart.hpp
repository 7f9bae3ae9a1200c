#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace kesher::protocol {

// One part of a multipart/form-data body (RFC 7578). Views into the body it was read from.
struct FormPart {
  std::string_view name;
  std::string_view filename;
  std::string_view content_type;
  std::string_view content;
};

// The boundary of a `multipart/form-data; boundary=…` Content-Type (quoted or not, 1 to 70
// characters), or nullopt for any other type.
std::optional<std::string> multipart_boundary(std::string_view content_type);

enum class MultipartError { none, malformed, missing };
struct FoundPart {
  MultipartError error = MultipartError::none;
  FormPart part;
};

// The first part named `field`. Pure and bounded: it scans the body once, never copies it, and
// answers `malformed` for anything that is not a well-formed multipart body with that boundary
// (no closing delimiter, a part without headers, over 16 parts or 8 KiB of part headers).
FoundPart find_form_part(std::string_view body, std::string_view boundary, std::string_view field);

}  // namespace kesher::protocol
