// What nodes say to each other through Redis (bus/wire.hpp), and the Redis address flag.
#include <gtest/gtest.h>

#include "bus/address_key.hpp"
#include "bus/wire.hpp"

using namespace kesher::bus::wire;

TEST(BusWire, EachMessageComesBackAsItWasSent) {
  std::vector<Message> messages{
      Delivery{42, R"({"module":"new_message","text":"a b\nc"})"},
      Delivery{1, " "},
      Presence{7, true},
      Presence{9'000'000'000, false},
      CloseSession{4001, "ab12cd"},
      Spread{42, 2, 17},
      Spread{9'000'000'000, 1, 0},
  };
  for (const auto& message : messages) {
    auto decoded = decode(encode(message));
    ASSERT_TRUE(decoded) << encode(message);
    EXPECT_EQ(*decoded, message) << encode(message);
  }
}

TEST(BusWire, AFrameKeepsItsSpacesAndBytes) {
  std::string frame("{\"x\":\"\\u0000 \xff\"}  ", 18);
  auto decoded = decode("m 5 " + frame);
  ASSERT_TRUE(decoded);
  EXPECT_EQ(std::get<Delivery>(*decoded).frame, frame);
}

TEST(BusWire, BytesThatAreNoMessageAreRefused) {
  for (std::string_view bytes :
       {"",           "m",         "m ",          "m 5",      "m 5 ",
        "m x {}",     "m -5 {}",   "m 0 {}",      "m 5{}",    "x 5 {}",
        "p 2 7",      "p 1 -7",    "p 1 7 ",      "p 1",      "p 1 99999999999999999999",
        "c 4001",     "c 4001 ",   "c 70000 abc", "c x abc",  "mm 5 {}",
        "p  1 7",     "p -0 7",    "p +1 7",      "m +5 {}",  "c -1 abc",
        "s 2 17",     "s 0 17 42", "s 2 17 0",    "s 2 x 42", "s 2 17 42 ",
        "s -2 17 42", "s 2 -17 42"}) {
    EXPECT_FALSE(decode(bytes)) << "'" << bytes << "'";
  }
  EXPECT_FALSE(decode("c 4001 " + std::string(257, 'a'))) << "a session hash has 64 characters";
}

TEST(BusWire, RedisAddresses) {
  EXPECT_EQ(parse_redis_address("redis://127.0.0.1:6380"),
            (RedisAddress{.host = "127.0.0.1", .port = 6380}));
  EXPECT_EQ(parse_redis_address("redis://cache.internal"),
            (RedisAddress{.host = "cache.internal", .port = 6379}));
  EXPECT_EQ(parse_redis_address("redis://[::1]:7000/"),
            (RedisAddress{.host = "::1", .port = 7000}));
  EXPECT_EQ(parse_redis_address("unix:/tmp/r/redis.sock"),
            (RedisAddress{.unix_path = "/tmp/r/redis.sock"}));
  EXPECT_EQ(parse_redis_address("unix:///run/redis.sock"),
            (RedisAddress{.unix_path = "/run/redis.sock"}));
  for (std::string_view bad :
       {"", "redis://", "redis://:6379", "redis://host:0", "redis://host:65536", "redis://host:x",
        "redis://user:pw@host", "redis://host/0", "unix:", "unix:relative", "http://host",
        "redis://[::1", "redis://[]:1"}) {
    EXPECT_FALSE(parse_redis_address(bad)) << bad;
  }
}

TEST(BusWire, NodeIds) {
  EXPECT_TRUE(valid_node_id("node-1"));
  EXPECT_TRUE(valid_node_id("host.example_7-1234-AbC"));
  EXPECT_FALSE(valid_node_id(""));
  EXPECT_FALSE(valid_node_id("a b"));
  EXPECT_FALSE(valid_node_id("a:b")) << "':' would make another key";
  EXPECT_FALSE(valid_node_id(std::string(65, 'a')));
}

// The same address gives every node the same key, whatever it was built with (FNV-1a spelt out).
TEST(BusWire, AddressKeysAreStablePositiveAndTellAddressesApart) {
  EXPECT_EQ(kesher::bus::address_key("127.0.0.1"), 3079053056627250367);
  EXPECT_EQ(kesher::bus::address_key("2001:db8::1"), 3333998462742557416);
  EXPECT_EQ(kesher::bus::address_key(""), 860922984064492326);
  EXPECT_NE(kesher::bus::address_key("127.0.0.2"), kesher::bus::address_key("127.0.0.1"));
  for (std::string_view address : {"10.0.0.1", "::1", "203.0.113.255"}) {
    EXPECT_GT(kesher::bus::address_key(address), 0) << address;
  }
}
