// TOTP for staff logins (domain/totp.hpp), checked against RFC 6238's own test vectors and
// Debian's oathtool where it is installed.
#include <gtest/gtest.h>

#include <set>

#include "domain/totp.hpp"

using namespace kesher::domain;

namespace {

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII string "12345678901234567890".
constexpr std::string_view kRfcSeed = "12345678901234567890";
constexpr std::string_view kRfcSeedBase32 = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

struct Vector {
  int64_t time;
  std::string_view eight_digits;
};
// The appendix gives 8 digits; a 6-digit code is the same number modulo 10^6, its last 6 digits.
constexpr Vector kRfcVectors[] = {
    {59, "94287082"},         {1111111109, "07081804"}, {1111111111, "14050471"},
    {1234567890, "89005924"}, {2000000000, "69279037"}, {20000000000, "65353130"},
};

std::string last_six(std::string_view eight) {
  return std::string(eight.substr(2));
}

}  // namespace

TEST(Totp, MatchesTheRfc6238TestVectors) {
  ASSERT_EQ(totp::decode_secret(kRfcSeedBase32), std::string(kRfcSeed));
  for (const auto& vector : kRfcVectors) {
    EXPECT_EQ(totp::code_at(kRfcSeedBase32, vector.time), last_six(vector.eight_digits))
        << vector.time;
    EXPECT_TRUE(totp::verify(kRfcSeedBase32, last_six(vector.eight_digits), vector.time, 0))
        << vector.time;
  }
}

TEST(Totp, ACodeHoldsForItsThirtySecondStep) {
  // T = 37037036 covers 1111111080 to 1111111109; 1111111111 is the next step.
  const std::string code = last_six("07081804");
  EXPECT_TRUE(totp::verify(kRfcSeedBase32, code, 1111111080, 0));
  EXPECT_TRUE(totp::verify(kRfcSeedBase32, code, 1111111109, 0));
  EXPECT_FALSE(totp::verify(kRfcSeedBase32, code, 1111111079, 0));
  EXPECT_FALSE(totp::verify(kRfcSeedBase32, code, 1111111110, 0));
}

TEST(Totp, TheWindowAcceptsNeighbouringStepsOnly) {
  const int64_t now = 1'700'000'000;
  const std::string current = totp::code_at(kRfcSeedBase32, now);
  const std::string previous = totp::code_at(kRfcSeedBase32, now - 30);
  const std::string next = totp::code_at(kRfcSeedBase32, now + 30);
  const std::string two_back = totp::code_at(kRfcSeedBase32, now - 60);
  const std::string two_ahead = totp::code_at(kRfcSeedBase32, now + 60);
  ASSERT_EQ(std::set<std::string>({current, previous, next, two_back, two_ahead}).size(), 5u);

  EXPECT_TRUE(totp::verify(kRfcSeedBase32, current, now));
  EXPECT_TRUE(totp::verify(kRfcSeedBase32, previous, now));  // default window 1
  EXPECT_TRUE(totp::verify(kRfcSeedBase32, next, now));
  EXPECT_FALSE(totp::verify(kRfcSeedBase32, two_back, now));
  EXPECT_FALSE(totp::verify(kRfcSeedBase32, two_ahead, now));

  EXPECT_FALSE(totp::verify(kRfcSeedBase32, previous, now, 0));
  EXPECT_FALSE(totp::verify(kRfcSeedBase32, next, now, 0));
  EXPECT_TRUE(totp::verify(kRfcSeedBase32, two_back, now, 2));
  EXPECT_TRUE(totp::verify(kRfcSeedBase32, two_ahead, now, 2));
  EXPECT_FALSE(totp::verify(kRfcSeedBase32, previous, now, -5)) << "a negative window is 0";
  // A huge window is clamped: a code from an hour ago never passes.
  EXPECT_FALSE(
      totp::verify(kRfcSeedBase32, totp::code_at(kRfcSeedBase32, now - 3600), now, 1'000'000));
}

TEST(Totp, MalformedCodesAreRefused) {
  const int64_t now = 59;
  const std::string good = last_six("94287082");
  ASSERT_TRUE(totp::verify(kRfcSeedBase32, good, now));
  for (std::string_view bad : {"", "28708", "2870822", "94287082", "28708a", " 287082", "287082 ",
                               "28-082", "+87082", "２８７０８２"}) {  // fullwidth digits
    EXPECT_FALSE(totp::verify(kRfcSeedBase32, bad, now)) << bad;
  }
  EXPECT_FALSE(totp::verify(kRfcSeedBase32, std::string_view("287082\0", 7), now));
  EXPECT_FALSE(totp::verify(kRfcSeedBase32, good, -1)) << "before the epoch";
  EXPECT_EQ(totp::code_at(kRfcSeedBase32, -30), "");
}

TEST(Totp, InvalidSecretsVerifyNothing) {
  for (std::string_view bad :
       {"", "   ", "====", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJ1", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJ!",
        "GEZDGNBVGY3TQOJQ" /* 10 bytes */, "ГEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"}) {
    EXPECT_FALSE(totp::decode_secret(bad).has_value()) << bad;
    EXPECT_EQ(totp::code_at(bad, 59), "") << bad;
    EXPECT_FALSE(totp::verify(bad, "287082", 59)) << bad;
    EXPECT_EQ(totp::otpauth_uri("Kesher", "dana", bad), "") << bad;
  }
}

TEST(Totp, SecretsAreForgivingAboutCaseSpacesAndPadding) {
  for (std::string_view typed :
       {"gezdgnbvgy3tqojqgezdgnbvgy3tqojq", "GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ",
        "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ===", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ "}) {
    EXPECT_EQ(totp::decode_secret(typed), std::string(kRfcSeed)) << typed;
    EXPECT_EQ(totp::code_at(typed, 59), "287082") << typed;
  }
}

TEST(Totp, NewSecretsAreRandomBase32OfTwentyBytes) {
  std::set<std::string> seen;
  for (int i = 0; i < 50; ++i) {
    const std::string secret = totp::new_secret();
    EXPECT_EQ(secret.size(), 32u);
    EXPECT_EQ(secret.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"), std::string::npos)
        << secret;
    const auto raw = totp::decode_secret(secret);
    ASSERT_TRUE(raw.has_value());
    EXPECT_EQ(raw->size(), totp::kSecretBytes);
    EXPECT_EQ(totp::code_at(secret, 1'700'000'000).size(), 6u);
    seen.insert(secret);
  }
  EXPECT_EQ(seen.size(), 50u);
}

TEST(Totp, OtpauthUriIsPercentEncoded) {
  EXPECT_EQ(totp::otpauth_uri("Kesher", "dana@example.com", kRfcSeedBase32),
            "otpauth://totp/Kesher:dana%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
            "&issuer=Kesher&algorithm=SHA1&digits=6&period=30");
  EXPECT_EQ(totp::otpauth_uri("Kesher Staff", "דנה", "gezd gnbv gy3t qojq gezd gnbv gy3t qojq"),
            "otpauth://totp/Kesher%20Staff:%D7%93%D7%A0%D7%94"
            "?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
            "&issuer=Kesher%20Staff&algorithm=SHA1&digits=6&period=30");
  // A colon, '&', '?' or '#' in a name cannot split the label or add a parameter.
  EXPECT_EQ(totp::otpauth_uri("a:b&c", "x?y#z/", kRfcSeedBase32),
            "otpauth://totp/a%3Ab%26c:x%3Fy%23z%2F?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
            "&issuer=a%3Ab%26c&algorithm=SHA1&digits=6&period=30");
}

TEST(Totp, AgreesWithOathtool) {
  if (std::system("command -v oathtool >/dev/null 2>&1") != 0) GTEST_SKIP() << "no oathtool";
  const std::string secret = totp::new_secret();
  const int64_t now = 1'800'000'000;
  std::string command = "oathtool --totp --base32 --now=@";
  command += std::to_string(now);
  command += ' ';
  command += secret;
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  char line[32] = {};
  ASSERT_NE(fgets(line, sizeof line, pipe), nullptr);
  pclose(pipe);
  EXPECT_EQ(std::string(line).substr(0, 6), totp::code_at(secret, now));
}

namespace kesher::domain::totp {
namespace {

TEST(TotpStep, TellsWhichStepACodeBelongsTo) {
  const std::string secret = new_secret();
  const int64_t now = 1'795'330'000;
  const int64_t step = now / kStepSeconds;
  EXPECT_EQ(verify_step(secret, code_at(secret, now), now), step);
  EXPECT_EQ(verify_step(secret, code_at(secret, now - 30), now), step - 1);
  EXPECT_EQ(verify_step(secret, code_at(secret, now + 30), now), step + 1);
  EXPECT_FALSE(verify_step(secret, code_at(secret, now - 90), now));
  EXPECT_FALSE(verify_step(secret, "12345", now));
}

}  // namespace
}  // namespace kesher::domain::totp
