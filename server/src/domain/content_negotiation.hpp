#pragma once
#include <string_view>

namespace kesher::domain {

// The content codings the built client comes in: the file itself and the copies the build
// compressed (web/vite.config.ts). The server compresses per request only the pages it draws for
// one member (net/compression.hpp).
enum class ContentCoding { identity, gzip, br };

// "identity", "gzip" or "br", as in Accept-Encoding and Content-Encoding.
std::string_view coding_name(ContentCoding coding);

struct AvailableCodings {
  bool gzip = false;
  bool br = false;
};

// The coding to send for a request's Accept-Encoding (RFC 9110 §12.5.3): the acceptable one with
// the highest weight, br before gzip before identity at equal weights. Tokens are case-insensitive
// ("x-gzip" is gzip), "*" stands for every coding the header does not name, q=0 refuses, and an
// entry whose weight is malformed refuses its coding too. Identity is acceptable unless
// "identity;q=0", or "*;q=0" without an identity entry, refuses it; it ranks below every coding
// the header names. With no header (or an empty one) the answer is identity, and so it is when
// nothing is acceptable: RFC 9110 §12.1 lets the server disregard the header rather than answer
// 406, and bytes the client may not want beat a page that does not load.
ContentCoding choose_content_coding(std::string_view accept_encoding, AvailableCodings available);

// Whether an If-None-Match header names this entity tag (`"..."`, quotes included) or is "*", by
// the weak comparison RFC 9110 §13.1.2 prescribes for it. A malformed header names nothing past the
// point where it breaks.
bool if_none_match_holds(std::string_view if_none_match, std::string_view etag);

}  // namespace kesher::domain
