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

TEST(IndexPage, TheLandingTheRegistrationAndTheSlipsGetPagesOfTheirOwn) {
  EXPECT_EQ(page_kind("/"), PageKind::landing);
  EXPECT_EQ(page_kind("/register"), PageKind::registration);
  EXPECT_EQ(page_kind("/explore"), PageKind::explore);
  // The landing variants are onboarding flows (web/src/features/auth/LandingFlowPage.tsx): the
  // pre-rendered landing would flash before them.
  EXPECT_EQ(page_kind("/landing"), PageKind::app);
  EXPECT_EQ(page_kind("/landing-blue"), PageKind::app);
  EXPECT_EQ(page_kind("/register/"), PageKind::app);
  EXPECT_EQ(page_kind("/explore/"), PageKind::app);
  EXPECT_EQ(page_kind("/meet"), PageKind::app);
  EXPECT_EQ(page_kind(""), PageKind::app);
}

TEST(IndexPage, OneFilePerLanguageAndKind) {
  EXPECT_EQ(index_page_file(Language::he, PageKind::landing), "/index.html");
  EXPECT_EQ(index_page_file(Language::en, PageKind::landing), "/index.en.html");
  EXPECT_EQ(index_page_file(Language::de, PageKind::landing), "/index.de.html");
  EXPECT_EQ(index_page_file(Language::he, PageKind::registration), "/register.html");
  EXPECT_EQ(index_page_file(Language::en, PageKind::registration), "/register.en.html");
  EXPECT_EQ(index_page_file(Language::de, PageKind::registration), "/register.de.html");
  EXPECT_EQ(index_page_file(Language::he, PageKind::explore), "/explore.html");
  EXPECT_EQ(index_page_file(Language::en, PageKind::explore), "/explore.en.html");
  EXPECT_EQ(index_page_file(Language::de, PageKind::explore), "/explore.de.html");
  EXPECT_EQ(index_page_file(Language::he, PageKind::app), "/app.html");
  EXPECT_EQ(index_page_file(Language::en, PageKind::app), "/app.en.html");
  EXPECT_EQ(index_page_file(Language::de, PageKind::app), "/app.de.html");
}
