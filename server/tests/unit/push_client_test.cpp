// The push client's SSRF guard (net/push_client.cpp, decision 0013): endpoints that resolve to
// this machine or its networks are refused before any connection is made. Every case here is
// refused after resolving a literal address or localhost (from /etc/hosts), so nothing leaves the
// machine.
#include <gtest/gtest.h>

#include "net/push_client.hpp"

using namespace kesher;

namespace {

push::PushAnswer post_to(const std::string& endpoint, bool allow_loopback) {
  auto client = net::make_push_client({.allow_loopback = allow_loopback});
  return client->post({endpoint, {{"TTL", "60"}}, "body"});
}

}  // namespace

TEST(PushClientGuard, RefusesLoopbackPrivateAndMetadataAddresses) {
  for (const auto* endpoint :
       {"https://127.0.0.1/push", "https://[::1]/push", "https://localhost/push",
        "https://10.0.0.8/push", "https://192.168.1.1:8443/push", "https://169.254.169.254/latest",
        "https://[fd00::1]/push", "https://0.0.0.0/push", "https://[::ffff:127.0.0.1]/push"}) {
    auto answer = post_to(endpoint, false);
    EXPECT_EQ(answer.status, 0) << endpoint;
    EXPECT_EQ(answer.error.rfind("refused ", 0), 0u) << endpoint << ": " << answer.error;
  }
}

TEST(PushClientGuard, RefusesPlainHttpWithoutTheTestFlag) {
  auto answer = post_to("http://127.0.0.1:9/push", false);
  EXPECT_EQ(answer.status, 0);
  EXPECT_EQ(answer.error, "plain http");
}

TEST(PushClientGuard, TheTestFlagOpensLoopbackOnly) {
  // Plain http, even with the flag, never goes beyond this machine.
  auto remote = post_to("http://10.0.0.8/push", true);
  EXPECT_EQ(remote.status, 0);
  EXPECT_EQ(remote.error, "refused private address");
  auto metadata = post_to("https://169.254.169.254/latest", true);
  EXPECT_EQ(metadata.error, "refused link-local address");
  // Loopback is let through to the connection: nothing listens on port 9 here.
  auto loopback = post_to("http://127.0.0.1:9/push", true);
  EXPECT_EQ(loopback.status, 0);
  EXPECT_EQ(loopback.error.rfind("connect: ", 0), 0u) << loopback.error;
}
