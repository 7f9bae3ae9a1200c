#include <gtest/gtest.h>

#include <string>

#include "domain/index_page.hpp"

using namespace kesher::domain;

namespace {

std::string lang(std::string_view cookie, std::string_view accept) {
  return std::string(language_code(page_language(cookie, accept)));
}

}  // namespace

TEST(IndexPage, TheLanguageCookieComesFirst) {
  EXPECT_EQ(lang("en", "he-IL,he;q=0.9"), "en");
  EXPECT_EQ(lang("de", ""), "de");
  EXPECT_EQ(lang("he", "en-US,en;q=0.9"), "he");
}

TEST(IndexPage, AnUnknownCookieFallsBackToAcceptLanguage) {
  EXPECT_EQ(lang("fr", "de-DE,de;q=0.9,en;q=0.8"), "de");
  EXPECT_EQ(lang("", "en-US,en;q=0.9"), "en");
  EXPECT_EQ(lang("EN", "de"), "de");  // the client writes lower case only
}

TEST(IndexPage, AcceptLanguageTakesTheFirstSupportedLanguage) {
  EXPECT_EQ(lang("", "fr-FR, en;q=0.5"), "en");
  EXPECT_EQ(lang("", "iw"), "he");
}

TEST(IndexPage, HebrewWhenNothingElseFits) {
  EXPECT_EQ(lang("", ""), "he");
  EXPECT_EQ(lang("", "fr-FR,ja"), "he");
  EXPECT_EQ(lang("xx", "*"), "he");
}

TEST(IndexPage, TheLandingPathsGetTheLandingPage) {
  EXPECT_TRUE(shows_landing("/"));
  // The landing variants are onboarding flows (web/src/features/auth/LandingFlowPage.tsx): the
  // pre-rendered landing would flash before them.
  EXPECT_FALSE(shows_landing("/landing"));
  EXPECT_FALSE(shows_landing("/landing-blue"));
  EXPECT_FALSE(shows_landing("/register"));
  EXPECT_FALSE(shows_landing("/explore"));
  EXPECT_FALSE(shows_landing(""));
}

TEST(IndexPage, OneFilePerLanguageAndKind) {
  EXPECT_EQ(index_page_file(Language::he, true), "/index.html");
  EXPECT_EQ(index_page_file(Language::en, true), "/index.en.html");
  EXPECT_EQ(index_page_file(Language::de, true), "/index.de.html");
  EXPECT_EQ(index_page_file(Language::he, false), "/app.html");
  EXPECT_EQ(index_page_file(Language::en, false), "/app.en.html");
  EXPECT_EQ(index_page_file(Language::de, false), "/app.de.html");
}
