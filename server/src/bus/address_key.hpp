#pragma once
// A client address as a hub key (bus::Hub counts sockets per int64 key): in a cluster the address
// hub (app::Context::address_hub) has Redis count each address's sockets on every node, for the
// per-address socket cap and the guests' frame budget across nodes. Every node of every build must
// draw the same key from the same address, so the hash is spelt out (FNV-1a, 64 bits) rather than
// left to std::hash; the key is positive, as the bus's wire format wants.
#include <cstdint>
#include <string_view>

namespace kesher::bus {

int64_t address_key(std::string_view address);

}  // namespace kesher::bus
