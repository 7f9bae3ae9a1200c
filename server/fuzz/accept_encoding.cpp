// The Accept-Encoding and If-None-Match headers of a request for a file of the built client pick
// its compressed copy and decide a 304. The input is the first header, a line break, the second.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "domain/content_negotiation.hpp"
#include "domain/text.hpp"
#include "fuzz_check.hpp"

using namespace kesher;
using domain::ContentCoding;

namespace {

constexpr std::string_view kTag = "\"0123456789abcdef-br\"";

bool mentions(std::string_view lower_header, std::string_view name) {
  return lower_header.find(name) != std::string_view::npos;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  size_t line_break = input.find('\n');
  std::string_view accept_encoding = input.substr(0, line_break);
  std::string_view if_none_match =
      line_break == std::string_view::npos ? std::string_view{} : input.substr(line_break + 1);

  std::string lower = domain::to_lower_ascii(accept_encoding);
  for (bool gzip : {false, true}) {
    for (bool br : {false, true}) {
      domain::AvailableCodings available{.gzip = gzip, .br = br};
      ContentCoding coding = domain::choose_content_coding(accept_encoding, available);
      // Only a copy that exists, and only one the header asks for by name or by "*".
      if (coding == ContentCoding::br)
        FUZZ_CHECK(br && (mentions(lower, "br") || mentions(lower, "*")));
      if (coding == ContentCoding::gzip) {
        FUZZ_CHECK(gzip && (mentions(lower, "gzip") || mentions(lower, "*")));
      }
      // A refusal at the end is never overridden.
      std::string refused = std::string(accept_encoding) + ",br;q=0,gzip;q=0";
      FUZZ_CHECK(domain::choose_content_coding(refused, available) == ContentCoding::identity);
      FUZZ_CHECK(domain::choose_content_coding(accept_encoding, available) == coding);
    }
  }

  // A match is the tag itself, or "*".
  if (domain::if_none_match_holds(if_none_match, kTag)) {
    bool star = if_none_match.find('*') != std::string_view::npos;
    FUZZ_CHECK(star || if_none_match.find(kTag.substr(1)) != std::string_view::npos);
  }
  FUZZ_CHECK(domain::if_none_match_holds(kTag, kTag));
  return 0;
}
