// The Cookie header of every HTTP request and socket upgrade: protocol::cookie_value for the
// session and device cookies, then the lookup key made from each (modules::session_hash_of).
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "modules/sessions.hpp"
#include "protocol/cookies.hpp"

using namespace kesher;

namespace {

bool is_lower_hex(const std::string& text) {
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  // The first byte picks the cookie: the two the server reads (net/server.cpp), or a name given by
  // the bytes up to the first line break.
  std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  std::string name;
  switch (data[0] % 3) {
    case 0:
      name = "session";
      break;
    case 1:
      name = "device";
      break;
    default: {
      size_t end = std::min(rest.find('\n'), rest.size());
      name = std::string(rest.substr(0, end));
      rest.remove_prefix(std::min(end + 1, rest.size()));
    }
  }
  std::string header(rest);

  std::string value = protocol::cookie_value(header, name);
  FUZZ_CHECK(value.empty() || header.find(value) != std::string::npos);
  FUZZ_CHECK(value.find(';') == std::string::npos);
  FUZZ_CHECK(value.size() < header.size() || header.empty());

  std::string hash = modules::session_hash_of(value);
  FUZZ_CHECK(hash.empty() == (value.empty() || value.size() > 128));
  FUZZ_CHECK(hash.empty() || (hash.size() == 64 && is_lower_hex(hash)));

  // A cookie the server set itself is always found again, wherever it sits in the header.
  std::string secret = "Zm9vYmFy-_0123456789abcdefghijklmnopqrstuv";
  std::string ours = "session=" + secret;
  if (header.find("session=") == std::string::npos) {
    FUZZ_CHECK(protocol::cookie_value(header + "; " + ours, "session") == secret);
  }
  return 0;
}
