#pragma once
#include <memory>

#include "payments/webhook_sender.hpp"

namespace kesher::net {

// Plain HTTP POSTs (http://host:port/path), blocking, each step bounded by 10 s: the sandbox's
// webhook calls to this server on loopback. Beast stays in net/.
std::unique_ptr<payments::HttpPoster> make_http_poster();

}  // namespace kesher::net
