#include <gtest/gtest.h>

#include "domain/validation.hpp"
#include "protocol/errors.hpp"

using namespace kesher::domain;
using namespace std::string_literals;
namespace errc = kesher::errc;

namespace {
const Date kToday{2026, 11, 22};
}

TEST(Email, AcceptsAndNormalises) {
  auto email = check_email("  Dana.Levi@Example.COM ");
  ASSERT_TRUE(email);
  EXPECT_EQ(*email.value, "dana.levi@example.com");
}

TEST(Email, RefusesMalformed) {
  for (const char* bad : {"", "dana", "dana@", "@example.com", "dana@example", "da na@example.com",
                          "dana@@example.com", "dana@example..com", "dana@.com", "a@b.c<script>"}) {
    auto email = check_email(bad);
    EXPECT_FALSE(email) << bad;
    EXPECT_EQ(email.error, errc::invalid_email) << bad;
  }
}

TEST(Email, RefusesWhatTheTextGateWouldChange) {
  for (const std::string bad :
       {"dana\u202E@example.com", "da\u200Bna@example.com", "dana@exa\u00ADmple.com",
        "dana\u00A0@example.com", "ju\u0308rgen@example.de", "dana@example.com\xff"}) {
    EXPECT_EQ(check_email(bad).error, errc::invalid_email) << bad;
  }
  EXPECT_EQ(*check_email("J\u00FCrgen@B\u00FCcher.de").value, "j\u00FCrgen@b\u00FCcher.de");
}

TEST(Password, LengthInCodePoints) {
  EXPECT_EQ(check_password("1234567").error, errc::password_too_short);
  EXPECT_TRUE(check_password("12345678"));
  // Eight Hebrew letters are 16 bytes but 8 characters.
  EXPECT_TRUE(check_password("אבגדהוזח"));
  EXPECT_EQ(check_password(std::string(129, 'a')).error, errc::password_too_long);
  EXPECT_TRUE(check_password(std::string(128, 'a')));
}

TEST(Name, HebrewWhenLanguageIsHebrew) {
  EXPECT_EQ(*check_name("  דנה   לוי ", Language::he).value, "דנה לוי");
  EXPECT_EQ(check_name("Dana", Language::he).error, errc::invalid_name);
  EXPECT_EQ(check_name("דנה1", Language::he).error, errc::invalid_name);
}

TEST(Name, LatinWithUmlautsOtherwise) {
  EXPECT_TRUE(check_name("Jürgen Groß", Language::de));
  EXPECT_TRUE(check_name("Dana", Language::en));
  EXPECT_EQ(check_name("דנה", Language::en).error, errc::invalid_name);
  EXPECT_EQ(check_name("Dana<b>", Language::en).error, errc::invalid_name);
  EXPECT_EQ(check_name("   ", Language::en).error, errc::invalid_name);
  EXPECT_TRUE(check_name(std::string(20, 'a'), Language::en));
  EXPECT_EQ(check_name(std::string(21, 'a'), Language::en).error, errc::invalid_name);
  EXPECT_EQ(check_name("\xff\xfe", Language::en).error, errc::invalid_name);
}

TEST(Name, GoesThroughTheTextGate) {
  EXPECT_EQ(*check_name("Da\0n\x1b"
                        "a\u202E"s,
                        Language::en)
                 .value,
            "Dana");
  EXPECT_EQ(*check_name("\u200F\u05D3\u05E0\u05D4\u2066", Language::he).value, "דנה");
  EXPECT_EQ(*check_name("Ju\u0308rgen", Language::de).value, "J\u00FCrgen");  // NFC
  EXPECT_EQ(*check_name("Dana\u00A0\u00A0Levi", Language::en).value, "Dana Levi");
  EXPECT_EQ(check_name("\u200B\u3164", Language::en).error, errc::invalid_name);  // only invisible
  EXPECT_EQ(check_name("Dana\U0001F600", Language::en).error, errc::invalid_name);
}

TEST(BirthDate, DetectsInvalidMonthAndDay) {
  EXPECT_EQ(check_birth_date(1990, 13, 1, kToday).error, errc::invalid_month);
  EXPECT_EQ(check_birth_date(1990, 0, 1, kToday).error, errc::invalid_month);
  EXPECT_EQ(check_birth_date(1990, 4, 31, kToday).error, errc::invalid_day);
  EXPECT_EQ(check_birth_date(1990, 2, 29, kToday).error, errc::invalid_day);
  EXPECT_TRUE(check_birth_date(1992, 2, 29, kToday));
  EXPECT_EQ(check_birth_date(1800, 1, 1, kToday).error, errc::invalid_birth_date);
  EXPECT_EQ(check_birth_date(2030, 1, 1, kToday).error, errc::invalid_birth_date);
}

TEST(BirthDate, EighteenOnTheBirthdayItself) {
  EXPECT_TRUE(check_birth_date(2008, 11, 22, kToday));
  EXPECT_EQ(check_birth_date(2008, 11, 23, kToday).error, errc::underage);
  EXPECT_EQ(age_on({2008, 11, 22}, kToday), 18);
  EXPECT_EQ(age_on({2008, 11, 23}, kToday), 17);
}

TEST(AgeRange, ParsesAndBounds) {
  auto range = check_age_range("25,40");
  ASSERT_TRUE(range);
  EXPECT_EQ(range.value->first, 25);
  EXPECT_EQ(range.value->second, 40);
  for (const char* bad : {"", "25", "40,25", "17,30", "20,101", "a,b", "25,40,50", " 25,40"}) {
    EXPECT_FALSE(check_age_range(bad)) << bad;
  }
  EXPECT_EQ(format_age_range({18, 100}), "18,100");
}

TEST(Bio, StripsHtml) {
  EXPECT_EQ(*check_bio("<b>Hi</b> <script>alert(1)</script>there").value, "Hi alert(1)there");
  EXPECT_EQ(*check_bio("  2 < 3 and 5 > 4  ").value, "2 < 3 and 5 > 4");
  EXPECT_EQ(*check_bio("&lt;img src=x onerror=alert(1)&gt;").value, "");
  EXPECT_FALSE(check_bio(std::string(501, 'a')));
}

TEST(Bio, GoesThroughTheTextGate) {
  EXPECT_EQ(*check_bio("hi\0 there\x1b[2J \u202Eevil\u2066"s).value, "hi there[2J evil");
  EXPECT_EQ(*check_bio("first line\r\nsecond \u2764\uFE0F").value,
            "first line\nsecond \u2764\uFE0F");
  EXPECT_EQ(*check_bio("\u05E9\u05B8\u05C1\u05DC\u05D5\u05B9\u05DD").value,
            "\u05E9\u05B8\u05C1\u05DC\u05D5\u05B9\u05DD");  // niqqud stays
  EXPECT_EQ(check_bio("\xc3\x28").error, errc::invalid_value);
  std::string hebrew;
  for (int i = 0; i < 500; ++i) hebrew += "\u05D0";
  EXPECT_TRUE(check_bio(hebrew + "\u200B\u200B"));  // 500 letters once the invisible go
  EXPECT_FALSE(check_bio(hebrew + "\u05D0"));
}

TEST(Dates, RoundTrip) {
  EXPECT_EQ(format_date({1994, 5, 7}), "1994-05-07");
  EXPECT_EQ(parse_date("1994-05-07"), (Date{1994, 5, 7}));
  EXPECT_FALSE(parse_date("1994-02-30"));
  EXPECT_FALSE(parse_date("94-5-7"));
  EXPECT_EQ(utc_date(0), (Date{1970, 1, 1}));
}

TEST(Choices, Ranges) {
  EXPECT_TRUE(valid_gender(3));
  EXPECT_FALSE(valid_gender(4));
  EXPECT_FALSE(valid_search_gender(3));
  EXPECT_TRUE(valid_answer(6));
  EXPECT_FALSE(valid_answer(0));
  EXPECT_TRUE(valid_radius(1));
  EXPECT_FALSE(valid_radius(0));
  EXPECT_FALSE(valid_radius(101));
}

TEST(LanguageChoice, FromAcceptLanguage) {
  EXPECT_EQ(language_from_accept("de-DE,de;q=0.9,en;q=0.8"), Language::de);
  EXPECT_EQ(language_from_accept("fr-FR, en-US;q=0.7"), Language::en);
  EXPECT_EQ(language_from_accept("iw"), Language::he);
  EXPECT_EQ(language_from_accept(""), Language::he);
  EXPECT_EQ(language_from_accept("fr"), Language::he);
}
