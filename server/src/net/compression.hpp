#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "domain/content_negotiation.hpp"

namespace kesher::net {

// Compresses a response made for one request (the pre-rendered /explore with a member's cards:
// pages/explore_page.hpp), which no build could compress beforehand. Brotli at quality 5 and gzip
// at level 6: about a millisecond for such a page, against a tenth of a second of a slow phone
// network for the bytes it saves (docs/performance.md, "First load"). nullopt when the library
// fails, and the bytes then go as they are.
std::optional<std::string> compress_for_response(std::string_view body,
                                                 domain::ContentCoding coding);

}  // namespace kesher::net
