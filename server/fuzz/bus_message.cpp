// What arrives from Redis on a node's channels (bus/wire.hpp): any bytes another process (or a
// stranger with access to Redis) publishes. decode never throws, and whatever it accepts encodes
// back to the same bytes, so no two readings of one message exist.
#include <cstdint>
#include <string>
#include <string_view>

#include "bus/wire.hpp"
#include "fuzz_check.hpp"

using namespace kesher::bus;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto message = wire::decode(bytes);
  if (message) {
    std::string again = wire::encode(*message);
    auto decoded = wire::decode(again);
    FUZZ_CHECK(decoded && *decoded == *message);
    // Numbers may be written with leading zeros on the way in; otherwise the bytes are the same.
    if (bytes.find(" 0") == std::string_view::npos) FUZZ_CHECK(again == bytes);
  }
  // The flag's parser sees the operator's text, but costs nothing to hold to the same rule.
  auto address = wire::parse_redis_address(bytes);
  if (address) FUZZ_CHECK(address->unix_path.empty() != address->host.empty());
  return 0;
}
