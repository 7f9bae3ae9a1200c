#include <gtest/gtest.h>

#include "store/placeholders.hpp"

using kesher::store::translate_placeholders;

TEST(Placeholders, BareMarksAreNumberedInOrder) {
  int count = 0;
  EXPECT_EQ(translate_placeholders("SELECT a FROM t WHERE b = ? AND c = ?", &count),
            "SELECT a FROM t WHERE b = $1 AND c = $2");
  EXPECT_EQ(count, 2);
}

TEST(Placeholders, NumberedMarksKeepTheirNumber) {
  int count = 0;
  EXPECT_EQ(translate_placeholders("VALUES (?1, ?2, ?3), (?2, ?1, ?3)", &count),
            "VALUES ($1, $2, $3), ($2, $1, $3)");
  EXPECT_EQ(count, 3);
  EXPECT_EQ(translate_placeholders("?10 + ?2"), "$10 + $2");
}

// SQLite gives a bare '?' the number after the largest so far.
TEST(Placeholders, ABareMarkAfterANumberedOneTakesTheNextNumber) {
  EXPECT_EQ(translate_placeholders("?3, ?, ?1, ?"), "$3, $4, $1, $5");
}

TEST(Placeholders, StringLiteralsAndQuotedNamesAreLeftAlone) {
  EXPECT_EQ(translate_placeholders("SELECT '?', 'it''s ?', \"col?\" FROM t WHERE x = ?"),
            "SELECT '?', 'it''s ?', \"col?\" FROM t WHERE x = $1");
  EXPECT_EQ(translate_placeholders("SELECT E'\\'?' , ?"), "SELECT E'\\'?' , $1");
  // A backslash is no escape in a standard string: the literal ends after it.
  EXPECT_EQ(translate_placeholders("LIKE ? ESCAPE '\\' OR b LIKE ?"),
            "LIKE $1 ESCAPE '\\' OR b LIKE $2");
}

TEST(Placeholders, CommentsAndDollarQuotesAreLeftAlone) {
  EXPECT_EQ(translate_placeholders("SELECT ? -- why?\n, ? /* ? */"),
            "SELECT $1 -- why?\n, $2 /* ? */");
  EXPECT_EQ(translate_placeholders("SELECT $$a ? b$$, $tag$?$tag$, ?"),
            "SELECT $$a ? b$$, $tag$?$tag$, $1");
  // A PostgreSQL $N passes through, and an unterminated literal is copied as it is.
  EXPECT_EQ(translate_placeholders("SELECT $1 + 1"), "SELECT $1 + 1");
  EXPECT_EQ(translate_placeholders("SELECT 'open ?"), "SELECT 'open ?");
}

TEST(Placeholders, TextWithoutMarksIsUnchanged) {
  int count = -1;
  EXPECT_EQ(translate_placeholders("SELECT COUNT(*) FROM users", &count),
            "SELECT COUNT(*) FROM users");
  EXPECT_EQ(count, 0);
  EXPECT_EQ(translate_placeholders(""), "");
}
