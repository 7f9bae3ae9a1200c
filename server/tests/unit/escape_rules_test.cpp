// The escape's pure rules (domain/escape.hpp): which tokens are worth a lookup, and where
// /check/{token} may send the new session (never another origin).
#include <gtest/gtest.h>

#include "domain/crypto.hpp"
#include "domain/escape.hpp"

using namespace kesher::domain;

TEST(EscapeToken, IssuedTokensArePlausible) {
  crypto_init();
  for (int i = 0; i < 20; ++i) EXPECT_TRUE(escape::plausible_token(random_token(32)));
}

TEST(EscapeToken, RefusesEmptyLongAndForeignCharacters) {
  EXPECT_FALSE(escape::plausible_token(""));
  EXPECT_FALSE(escape::plausible_token(std::string(129, 'a')));
  EXPECT_TRUE(escape::plausible_token(std::string(128, 'a')));
  for (const char* bad : {"abc def", "abc/def", "abc%2F", "abc.def", "abc=", "ab+c", "tok\n"}) {
    EXPECT_FALSE(escape::plausible_token(bad)) << bad;
  }
}

TEST(EscapeExchange, OnlyANavigationFromOutsideAPageOrFromTheAppItself) {
  EXPECT_TRUE(escape::exchange_allowed_from("none"));
  EXPECT_TRUE(escape::exchange_allowed_from("same-origin"));
  EXPECT_TRUE(escape::exchange_allowed_from(""));  // a browser without Fetch Metadata
  EXPECT_FALSE(escape::exchange_allowed_from("cross-site"));
  EXPECT_FALSE(escape::exchange_allowed_from("same-site"));
  EXPECT_FALSE(escape::exchange_allowed_from("None"));
  EXPECT_FALSE(escape::exchange_allowed_from("anything"));
}

TEST(EscapeReturnPath, KeepsPagesOfTheApp) {
  for (const char* page : {"/explore", "/meet", "/chat", "/chat/42", "/profile", "/settings",
                           "/privacy", "/likesme"}) {
    EXPECT_EQ(escape::return_path(page), page);
  }
}

TEST(EscapeReturnPath, NeverLeavesTheOrigin) {
  for (const char* bad :
       {"", "explore", "//evil.example/explore", "/\\evil.example", "https://evil.example",
        "/explore?x=https://evil.example", "/explore#x", "javascript:alert(1)", "/%2F%2Fevil",
        "/explore\r\nSet-Cookie: a=b", "/ explore", "/chat/../../etc"}) {
    EXPECT_EQ(escape::return_path(bad), escape::kDefaultPath) << bad;
  }
}

TEST(EscapeReturnPath, RefusesUnknownGuestOnlyAndLoopingPages) {
  for (const char* bad : {"/nowhere", "/explore/1/2", "/login", "/", "/landing", "/check",
                          "/check/abc", "/reconnect/explore", "/api/auth/login", "/media/x.jpg"}) {
    EXPECT_EQ(escape::return_path(bad), escape::kDefaultPath) << bad;
  }
  EXPECT_EQ(escape::return_path("/" + std::string(600, 'a')), escape::kDefaultPath);
}
