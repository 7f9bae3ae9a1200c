#pragma once
// The bus's Redis link (bus/redis_link.hpp) over hiredis's asynchronous API, driven by Asio on a
// thread of its own (docs/decisions/0017-redis-client-and-channels.md). No Asio or hiredis here.
#include <memory>

#include "bus/redis_link.hpp"
#include "bus/wire.hpp"

namespace kesher::net {

std::unique_ptr<bus::RedisLink> make_redis_link(const bus::wire::RedisAddress& address);

}  // namespace kesher::net
