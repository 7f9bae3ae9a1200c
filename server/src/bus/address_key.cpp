#include "bus/address_key.hpp"

namespace kesher::bus {

int64_t address_key(std::string_view address) {
  uint64_t hash = 0xcbf29ce484222325ULL;
  for (unsigned char byte : address) {
    hash ^= byte;
    hash *= 0x100000001b3ULL;
  }
  // 62 bits and one more: from 1 to 2^62, never 0 (no key) nor negative.
  return static_cast<int64_t>(hash & 0x3FFFFFFFFFFFFFFFULL) + 1;
}

}  // namespace kesher::bus
