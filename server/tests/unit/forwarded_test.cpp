// protocol/forwarded.hpp: which address a request behind our proxy counts against.
#include "protocol/forwarded.hpp"

#include <gtest/gtest.h>

using kesher::protocol::canonical_address;
using kesher::protocol::client_address;
using kesher::protocol::forwarded_client;

TEST(Forwarded, AddressesAreCanonical) {
  EXPECT_EQ(canonical_address("203.0.113.7"), "203.0.113.7");
  EXPECT_EQ(canonical_address("2001:DB8:0:0::1"), "2001:db8::1");
  EXPECT_EQ(canonical_address("::ffff:203.0.113.7"), "::ffff:203.0.113.7");
  EXPECT_FALSE(canonical_address(""));
  EXPECT_FALSE(canonical_address("203.0.113"));
  EXPECT_FALSE(canonical_address("203.0.113.256"));
  EXPECT_FALSE(canonical_address(" 203.0.113.7"));
  EXPECT_FALSE(canonical_address("localhost"));
  EXPECT_FALSE(canonical_address("203.0.113.7:443"));
  EXPECT_FALSE(canonical_address(std::string_view("203.0.113.7\0", 12)));
  EXPECT_FALSE(canonical_address(std::string(100, '1')));
}

TEST(Forwarded, OnlyTheProxysOwnEntryIsBelieved) {
  // HAProxy adds a line of its own after whatever the client sent.
  EXPECT_EQ(forwarded_client({"203.0.113.7"}), "203.0.113.7");
  EXPECT_EQ(forwarded_client({"6.6.6.6", "203.0.113.7"}), "203.0.113.7");
  // Proxies that append to the line instead: the last entry, trimmed.
  EXPECT_EQ(forwarded_client({"6.6.6.6, 10.0.0.1,\t203.0.113.7 "}), "203.0.113.7");
  EXPECT_EQ(forwarded_client({"2001:db8::1"}), "2001:db8::1");
  // A malformed last entry names nobody; an earlier good one does not stand in for it.
  EXPECT_FALSE(forwarded_client({}));
  EXPECT_FALSE(forwarded_client({""}));
  EXPECT_FALSE(forwarded_client({"203.0.113.7,"}));
  EXPECT_FALSE(forwarded_client({"203.0.113.7", "unknown"}));
  EXPECT_FALSE(forwarded_client({"203.0.113.7, 203.0.113.8:1234"}));
}

TEST(Forwarded, OnlyATrustedPeerMayNameTheClient) {
  std::vector<std::string> proxies{"127.0.0.1", "::1"};
  EXPECT_EQ(client_address("127.0.0.1", proxies, {"203.0.113.7"}), "203.0.113.7");
  EXPECT_EQ(client_address("::1", proxies, {"2001:db8::1"}), "2001:db8::1");
  // Anyone else keeps their own address, whatever they claim.
  EXPECT_EQ(client_address("198.51.100.4", proxies, {"203.0.113.7"}), "198.51.100.4");
  EXPECT_EQ(client_address("198.51.100.4", {}, {"203.0.113.7"}), "198.51.100.4");
  // The proxy itself, when the header is missing or malformed.
  EXPECT_EQ(client_address("127.0.0.1", proxies, {}), "127.0.0.1");
  EXPECT_EQ(client_address("127.0.0.1", proxies, {"garbage"}), "127.0.0.1");
}
