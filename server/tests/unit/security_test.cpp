#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "domain/crypto.hpp"
#include "domain/rate_limit.hpp"

using namespace kesher::domain;

class Crypto : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { crypto_init(); }
};

TEST_F(Crypto, PasswordHashIsArgon2idWithBriefParameters) {
  std::string hash = hash_password("correct horse battery");
  // memory in KiB (19 MiB), t=2 iterations, one lane.
  EXPECT_EQ(hash.rfind("$argon2id$v=19$m=19456,t=2,p=1$", 0), 0u) << hash;
  EXPECT_TRUE(verify_password("correct horse battery", hash));
  EXPECT_FALSE(verify_password("correct horse batterY", hash));
  EXPECT_NE(hash, hash_password("correct horse battery"));  // salted
  EXPECT_FALSE(verify_password("x", "not a hash"));
}

TEST_F(Crypto, TokensAreLongRandomAndUrlSafe) {
  std::string a = random_token(32), b = random_token(32);
  EXPECT_EQ(a.size(), 43u);  // 256 bits in base64url without padding
  EXPECT_NE(a, b);
  EXPECT_EQ(a.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
            std::string::npos);
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  // Redis's name for the script "return 1" (its documentation's EVALSHA example).
  EXPECT_EQ(sha1_hex("return 1"), "e0e1f9fabfc9d4800c877a703b823ac0578ff8db");
  EXPECT_TRUE(constant_time_equal("abc", "abc"));
  EXPECT_FALSE(constant_time_equal("abc", "abd"));
  EXPECT_FALSE(constant_time_equal("abc", "ab"));
}

TEST(TokenBucket, AllowsBurstThenRate) {
  TokenBucket bucket(30, 60);
  int allowed = 0;
  for (int i = 0; i < 100; ++i) allowed += bucket.try_take(10.0);
  EXPECT_EQ(allowed, 60);
  EXPECT_FALSE(bucket.try_take(10.0));
  EXPECT_TRUE(bucket.try_take(10.125));  // 3.75 tokens came back
  EXPECT_TRUE(bucket.try_take(10.125));
  EXPECT_TRUE(bucket.try_take(10.125));
  EXPECT_FALSE(bucket.try_take(10.125));
}

// A member on two nodes pays two tokens a frame on each: the two nodes together grant one burst
// and one rate.
TEST(TokenBucket, AFrameCanCostMoreThanOneToken) {
  TokenBucket bucket(30, 60);
  int allowed = 0;
  for (int i = 0; i < 100; ++i) allowed += bucket.try_take(10.0, 2.0);
  EXPECT_EQ(allowed, 30);
  EXPECT_TRUE(bucket.try_take(10.125, 2.0));  // 3.75 tokens came back
  EXPECT_FALSE(bucket.try_take(10.125, 2.0));
  EXPECT_TRUE(bucket.try_take(10.125, 1.0));
  EXPECT_FALSE(bucket.try_take(10.125, 1.0));
  // A cost above the burst (more nodes than the burst has tokens) is charged as the whole burst.
  TokenBucket small(1, 2);
  EXPECT_TRUE(small.try_take(0.0, 5.0));
  EXPECT_FALSE(small.try_take(1.0, 5.0));
  EXPECT_TRUE(small.try_take(2.0, 5.0));
}

TEST(WindowCounter, BlocksAfterLimitUntilWindowPasses) {
  WindowCounter counter(3, 60);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(counter.blocked_for("k", 100 + i), 0);
    counter.record("k", 100 + i);
  }
  EXPECT_EQ(counter.blocked_for("k", 110), 50);  // the first event leaves the window at 160
  EXPECT_EQ(counter.blocked_for("other", 110), 0);
  EXPECT_EQ(counter.blocked_for("k", 160), 0);
  counter.record("k", 161);
  counter.clear("k");
  EXPECT_EQ(counter.blocked_for("k", 161), 0);
}

TEST(WindowCounter, TryRecordChecksAndCountsInOneStepUnderContention) {
  WindowCounter counter(5, 900);
  std::atomic<int> let_through{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 50; ++i) {
        if (counter.try_record("account:a@example.com", 1000) == 0) ++let_through;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(let_through.load(), 5);
  EXPECT_EQ(counter.try_record("account:a@example.com", 1000), 900);
  counter.forget_latest("account:a@example.com");
  EXPECT_EQ(counter.try_record("account:a@example.com", 1000), 0);  // the taken-back place
}

TEST(KeyedBuckets, OneBudgetPerKeySharedByItsCallers) {
  KeyedBuckets buckets(30, 60);
  int dana = 0, noam = 0;
  // Dana's five sockets draw from one bucket; Noam's is untouched by them.
  for (int socket = 0; socket < 5; ++socket) {
    for (int i = 0; i < 100; ++i) dana += buckets.try_take("dana", 5.0);
  }
  for (int i = 0; i < 100; ++i) noam += buckets.try_take("noam", 5.0);
  EXPECT_EQ(dana, 60);
  EXPECT_EQ(noam, 60);
  EXPECT_EQ(buckets.size(), 2u);
  // Full again after burst/rate seconds, so forgetting them changes nothing.
  buckets.prune(6.0);
  EXPECT_EQ(buckets.size(), 2u);
  buckets.prune(7.01);
  EXPECT_EQ(buckets.size(), 0u);
  EXPECT_TRUE(buckets.try_take("dana", 7.01));
}
