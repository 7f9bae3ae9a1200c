#pragma once
#include <chrono>
#include <memory>

#include "push/sender.hpp"

namespace kesher::net {

struct PushClientOptions {
  // Tests only (--push-allow-loopback): plain http, and https, to loopback addresses, for the
  // local push service of the integration tests. Never in production: it lets members make the
  // server POST to services on its own machine.
  bool allow_loopback = false;
  // Each step (resolve, connect, TLS handshake, write, read) and the whole exchange are bounded.
  std::chrono::seconds step_timeout{10};
  std::chrono::seconds total_timeout{30};
};

// POSTs to push services over HTTPS (Beast's ssl_stream over OpenSSL): the certificate verified
// against the system's store and the endpoint's host name, SNI set, redirects never followed (a
// 3xx is an answer like any other). Before connecting, the host is resolved and every address
// that is not public unicast is dropped (domain::push::classify_address: loopback, private,
// link-local, unspecified, multicast, reserved); with none left the push is refused unsent.
std::unique_ptr<push::PushTransport> make_push_client(PushClientOptions options);

}  // namespace kesher::net
