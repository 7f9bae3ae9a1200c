// Per-address limits behind a proxy (protocol/forwarded.hpp, docs/security.md): a peer named by
// --trusted-proxy speaks for the client it appended to X-Forwarded-For; anyone else is counted as
// themselves, whatever header they send. The sign-up limit per address shows which address a
// request was counted against.
#include <gtest/gtest.h>

#include "harness.hpp"

using namespace kesher::test;

namespace {

int counter = 0;

// A registration from `source` (a loopback address) with these X-Forwarded-For lines.
HttpResult register_from(const ServerProcess& server, const std::string& source,
                         const std::vector<std::string>& forwarded_for) {
  HttpOptions options{{}, server.origin()};
  options.source_address = source;
  for (const auto& line : forwarded_for) options.headers.emplace_back("X-Forwarded-For", line);
  auto body = registration_body("forwarded" + std::to_string(++counter) + "@example.com");
  return http_request(server.port(), "POST", "/api/auth/register", json::serialize(body), options);
}

}  // namespace

TEST(Forwarded, ATrustedProxySpeaksForItsClientsAndNobodyElseDoes) {
  ServerProcess server({"--trusted-proxy", "127.0.0.1,::1", "--register-limit-per-ip", "2"});
  // Through the proxy: each client has its own allowance.
  EXPECT_EQ(register_from(server, "127.0.0.1", {"203.0.113.7"}).status, 201);
  EXPECT_EQ(register_from(server, "127.0.0.1", {"203.0.113.7"}).status, 201);
  auto third = register_from(server, "127.0.0.1", {"203.0.113.7"});
  EXPECT_EQ(third.status, 429);
  EXPECT_EQ(third.json()["error_code"], "too_many_attempts");
  EXPECT_EQ(register_from(server, "127.0.0.1", {"203.0.113.8"}).status, 201);

  // What a client wrote itself comes before the proxy's own line, and is not believed.
  EXPECT_EQ(register_from(server, "127.0.0.1", {"203.0.113.99", "203.0.113.7"}).status, 429);
  EXPECT_EQ(register_from(server, "127.0.0.1", {"203.0.113.99, 203.0.113.7"}).status, 429);

  // A peer that is not the proxy is counted as itself, whatever it claims.
  EXPECT_EQ(register_from(server, "127.0.0.9", {"198.51.100.1"}).status, 201);
  EXPECT_EQ(register_from(server, "127.0.0.9", {"198.51.100.2"}).status, 201);
  EXPECT_EQ(register_from(server, "127.0.0.9", {"198.51.100.3"}).status, 429);

  // The proxy without a usable header: the proxy's own address (so nothing escapes the limit).
  EXPECT_EQ(register_from(server, "127.0.0.1", {}).status, 201);
  EXPECT_EQ(register_from(server, "127.0.0.1", {"not an address"}).status, 201);
  EXPECT_EQ(register_from(server, "127.0.0.1", {}).status, 429);
}

TEST(Forwarded, WithoutTrustedProxiesTheHeaderIsIgnored) {
  ServerProcess server({"--register-limit-per-ip", "1"});
  EXPECT_EQ(register_from(server, "127.0.0.1", {"203.0.113.7"}).status, 201);
  EXPECT_EQ(register_from(server, "127.0.0.1", {"203.0.113.8"}).status, 429);
}

TEST(Forwarded, AProxyThatIsNotAnAddressIsRefusedAtStart) {
  ServerProcess good({"--trusted-proxy", "2001:DB8::1"});  // canonical form is accepted too
  EXPECT_GT(good.port(), 0);
  EXPECT_THROW(ServerProcess({"--trusted-proxy", "proxy.example.com"}), std::runtime_error);
}
