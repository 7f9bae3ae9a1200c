// The path of every page request: domain::classify_route decides whether the client's index.html
// is served, and to whom.
#include <cstdint>
#include <string>
#include <string_view>

#include "domain/routes.hpp"
#include "fuzz_check.hpp"

using namespace kesher;
using domain::RouteAccess;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string path(reinterpret_cast<const char*>(data), size);
  RouteAccess access = domain::classify_route(path);
  if (path.empty() || path.front() != '/') FUZZ_CHECK(access == RouteAccess::unknown);
  // One trailing slash changes nothing.
  if (!path.empty() && path.back() != '/') {
    FUZZ_CHECK(domain::classify_route(path + "/") == access);
  }
  // A conversation page always needs a session, whatever its parameter.
  if (path.find('/') == std::string::npos && !path.empty()) {
    FUZZ_CHECK(domain::classify_route("/chat/" + path) == RouteAccess::protected_page);
  }
  return 0;
}
