#include <gtest/gtest.h>

#include <string>

#include "domain/content_negotiation.hpp"

using namespace kesher::domain;

namespace {

constexpr AvailableCodings kBoth{.gzip = true, .br = true};
constexpr AvailableCodings kGzipOnly{.gzip = true, .br = false};
constexpr AvailableCodings kNone{};

std::string chosen(std::string_view header, AvailableCodings available = kBoth) {
  return std::string(coding_name(choose_content_coding(header, available)));
}

}  // namespace

TEST(AcceptEncoding, WhatBrowsersSendGetsBrotli) {
  EXPECT_EQ(chosen("gzip, deflate, br, zstd"), "br");  // Chromium
  EXPECT_EQ(chosen("gzip, deflate, br"), "br");        // Firefox, Safari
  EXPECT_EQ(chosen("gzip, deflate, br", kGzipOnly), "gzip");
  EXPECT_EQ(chosen("gzip, deflate, br", kNone), "identity");
}

TEST(AcceptEncoding, NoHeaderOrAnEmptyOneMeansIdentity) {
  EXPECT_EQ(chosen(""), "identity");
  EXPECT_EQ(chosen("   "), "identity");
  EXPECT_EQ(chosen(" , ,"), "identity");
}

TEST(AcceptEncoding, OnlyGzipAllowedGetsGzip) {
  EXPECT_EQ(chosen("gzip"), "gzip");
  EXPECT_EQ(chosen("x-gzip"), "gzip");  // RFC 9110 §8.4.1.3
  EXPECT_EQ(chosen("deflate, gzip;q=0.1"), "gzip");
}

TEST(AcceptEncoding, TheHighestWeightWinsAndBrotliBreaksTies) {
  EXPECT_EQ(chosen("gzip;q=1.0, br;q=0.5"), "gzip");
  EXPECT_EQ(chosen("gzip;q=0.5, br;q=0.500"), "br");
  EXPECT_EQ(chosen("br;q=0.001, gzip;q=0.002"), "gzip");
  EXPECT_EQ(chosen("gzip, br"), "br");
  // Identity named above a coding beats it; named equal, the compressed one wins.
  EXPECT_EQ(chosen("identity, gzip;q=0.5, br;q=0.5"), "identity");
  EXPECT_EQ(chosen("identity;q=0.5, gzip;q=0.5"), "gzip");
  // Identity no entry covers ranks below every coding named, however low its weight.
  EXPECT_EQ(chosen("gzip;q=0.001"), "gzip");
}

TEST(AcceptEncoding, QZeroRefuses) {
  EXPECT_EQ(chosen("br;q=0, gzip;q=0"), "identity");
  EXPECT_EQ(chosen("br;q=0, gzip"), "gzip");
  EXPECT_EQ(chosen("br;q=0.000, gzip;q=0.0"), "identity");
  EXPECT_EQ(chosen("br;q=0, *"), "gzip");  // a named refusal beats the wildcard
}

TEST(AcceptEncoding, IdentityRefusedStillGetsBytesWhenNothingElseIsAcceptable) {
  EXPECT_EQ(chosen("identity;q=0, gzip"), "gzip");
  EXPECT_EQ(chosen("identity;q=0, br"), "br");
  // Nothing acceptable: RFC 9110 §12.1 lets the server disregard the header instead of a 406.
  EXPECT_EQ(chosen("identity;q=0"), "identity");
  EXPECT_EQ(chosen("identity;q=0", kNone), "identity");
  EXPECT_EQ(chosen("br;q=0, gzip;q=0, identity;q=0"), "identity");
}

TEST(AcceptEncoding, TheWildcardCoversWhatTheHeaderDoesNotName) {
  EXPECT_EQ(chosen("*"), "br");
  EXPECT_EQ(chosen("*", kGzipOnly), "gzip");
  EXPECT_EQ(chosen("*;q=0.5, gzip"), "gzip");
  EXPECT_EQ(chosen("*;q=0.5, identity"), "identity");
  // "*;q=0" without an identity entry refuses identity too (RFC 9110 §12.5.3, rule 2), and every
  // coding not named: br and gzip are refused, so nothing is acceptable and identity is sent.
  EXPECT_EQ(chosen("*;q=0"), "identity");
  EXPECT_EQ(chosen("*;q=0, gzip"), "gzip");
  EXPECT_EQ(chosen("*;q=0, identity;q=0.1, br;q=0.2"), "br");
  EXPECT_EQ(chosen("*;q=0, identity"), "identity");
}

TEST(AcceptEncoding, TokensAndTheWeightNameAreCaseInsensitiveAndSpacesAreOptional) {
  EXPECT_EQ(chosen("GZIP"), "gzip");
  EXPECT_EQ(chosen("Br;Q=1"), "br");
  EXPECT_EQ(chosen("\tgzip ;\tq=0.8 ,br ; q=0.9"), "br");
  EXPECT_EQ(chosen("gzip;q=0.8,br;q=0.7"), "gzip");
  EXPECT_EQ(chosen("IDENTITY;Q=0, GZip"), "gzip");
}

TEST(AcceptEncoding, AMalformedWeightRefusesItsCoding) {
  for (const char* header :
       {"br;q=2", "br;q=1.5", "br;q=0.5000", "br;q=.5", "br;q=abc", "br;q=", "br;q", "br;level=1",
        "br;q=0.5;x=1", "br;q=-1", "br;q= 0.5", "br;q=1.001"}) {
    EXPECT_EQ(chosen(std::string(header) + ", gzip;q=0.1"), "gzip") << header;
    EXPECT_EQ(chosen(std::string(header) + ", *"), "gzip") << header;
  }
  EXPECT_EQ(chosen("br;q=1.000"), "br");
  EXPECT_EQ(chosen("br;q=1."), "br");
  EXPECT_EQ(chosen("br;q=0."), "identity");
}

TEST(AcceptEncoding, ANameListedTwiceKeepsItsLowerWeight) {
  EXPECT_EQ(chosen("br, br;q=0"), "identity");
  EXPECT_EQ(chosen("br;q=0, br"), "identity");
  EXPECT_EQ(chosen("gzip;q=0.2, x-gzip;q=0.9, br;q=0.5"), "br");
}

TEST(AcceptEncoding, GarbageMeansIdentity) {
  for (const char* header : {"garbage", "\"br\"", ";q=1", "b r", "br\x01", "br/gzip", "ü, ß",
                             ",,,;;;===", "deflate, compress, zstd", "brotli", "gzip-ish"}) {
    EXPECT_EQ(chosen(header), "identity") << header;
  }
  // An entry that is not a coding spoils nothing around it.
  EXPECT_EQ(chosen("garbage, gzip, \"x\""), "gzip");
}

TEST(IfNoneMatch, MatchesItsOwnTagByWeakComparison) {
  EXPECT_TRUE(if_none_match_holds("\"abc-br\"", "\"abc-br\""));
  EXPECT_TRUE(if_none_match_holds("W/\"abc-br\"", "\"abc-br\""));
  EXPECT_TRUE(if_none_match_holds("\"x\", \"abc\"", "\"abc\""));
  EXPECT_TRUE(if_none_match_holds("\"x\",W/\"abc\" ", "\"abc\""));
  EXPECT_TRUE(if_none_match_holds(" * ", "\"abc\""));
  // Another encoding's tag is another representation.
  EXPECT_FALSE(if_none_match_holds("\"abc\"", "\"abc-br\""));
  EXPECT_FALSE(if_none_match_holds("\"abc-gzip\"", "\"abc-br\""));
  EXPECT_FALSE(if_none_match_holds("\"abc-br\"", "\"abc\""));
}

TEST(IfNoneMatch, QuotedCommasAndMalformedHeaders) {
  EXPECT_TRUE(if_none_match_holds("\"a,b\", \"c\"", "\"c\""));
  EXPECT_FALSE(if_none_match_holds("\"a,b\"", "\"b\""));
  EXPECT_FALSE(if_none_match_holds("", "\"abc\""));
  EXPECT_FALSE(if_none_match_holds("abc", "\"abc\""));
  EXPECT_FALSE(if_none_match_holds("\"abc", "\"abc\""));
  EXPECT_FALSE(if_none_match_holds("\"a b\", \"abc\"", "\"abc\""));  // stops where it breaks
  EXPECT_FALSE(if_none_match_holds("w/\"abc\"", "\"abc\""));         // W/ is case-sensitive
  EXPECT_FALSE(if_none_match_holds("*, \"x\"", "\"abc\""));
}
