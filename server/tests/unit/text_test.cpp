// The text layer every piece of member-typed text goes through (domain/text.hpp).
#include <gtest/gtest.h>

#include "domain/text.hpp"

using namespace kesher::domain;
using namespace std::string_literals;

namespace {

std::string paragraphs(const std::string& raw) {
  return clean_text(raw, TextKind::paragraphs).value_or("<invalid UTF-8>");
}
std::string line(const std::string& raw) {
  return clean_text(raw, TextKind::line).value_or("<invalid UTF-8>");
}
std::string name(const std::string& raw) {
  return clean_text(raw, TextKind::name).value_or("<invalid UTF-8>");
}

}  // namespace

TEST(Utf8, AcceptsWellFormedTextOnly) {
  EXPECT_TRUE(valid_utf8("שלום, Grüße 👋"));
  EXPECT_EQ(code_points("שלום")->size(), 4u);
  EXPECT_EQ(utf8_length("שלום 👋"), 6u);
  for (const std::string& bad : {"\xc0\xaf"s,           // overlong '/'
                                 "\xed\xa0\x80"s,       // a surrogate
                                 "\xe2\x82"s,           // truncated
                                 "\xf4\x90\x80\x80"s,   // past U+10FFFF
                                 "\x80"s, "\xff\xfe"s,  // no lead byte
                                 "ok\xc3\x28"s}) {
    EXPECT_FALSE(valid_utf8(bad)) << bad;
    EXPECT_FALSE(code_points(bad).has_value()) << bad;
    EXPECT_FALSE(clean_text(bad, TextKind::paragraphs).has_value()) << bad;
  }
  EXPECT_EQ(utf8_length("\xff\xfe"), 2u);  // invalid input counts bytes
  EXPECT_EQ(collapse_spaces("  a \t b\n "), "a b");
}

TEST(CleanText, RemovesControlCharacters) {
  EXPECT_EQ(paragraphs("a\0b"s), "ab");
  EXPECT_EQ(paragraphs("red \x1b[31malert\x1b[0m"), "red [31malert[0m");
  EXPECT_EQ(paragraphs("bell\x07 del\x7f vt\x0b ff\x0c"), "bell del vt ff");
  EXPECT_EQ(paragraphs("c1 \xc2\x9b"
                       "2J \xc2\x80x"),
            "c1 2J x");  // CSI, PAD
  EXPECT_EQ(line("a\0b\x1b"s), "ab");
  EXPECT_EQ(name("Da\0n\x1b"
                 "a"s),
            "Dana");
  EXPECT_EQ(paragraphs("\0\x1b\x01 "s), "");
}

TEST(CleanText, RemovesBidiEmbeddingsOverridesAndIsolates) {
  // U+202E would show "evil.exe\u202Egpj" as "evil.exejpg".
  EXPECT_EQ(paragraphs("evil.exe\u202Egpj"), "evil.exegpj");
  for (const char* control :
       {"\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"}) {
    EXPECT_EQ(paragraphs("a"s + control + "b"), "ab") << control;
    EXPECT_EQ(line("a"s + control + "b"), "ab") << control;
    EXPECT_EQ(name("a"s + control + "b"), "ab") << control;
  }
}

TEST(CleanText, RemovesInvisibleCharacters) {
  const std::vector<std::string> invisible = {
      "\u200B",      // zero-width space
      "\u2060",      // word joiner
      "\uFEFF",      // byte order mark
      "\u00AD",      // soft hyphen
      "\u3164",      // Hangul filler, a "blank" letter
      "\u115F",      // Hangul choseong filler
      "\u2062",      // invisible times
      "\u180E",      // Mongolian vowel separator
      "\uFFF9",      // interlinear annotation anchor
      "\uFFFE",      // a noncharacter
      "\U000E0041",  // a tag outside a flag sequence
  };
  for (const auto& c : invisible) {
    EXPECT_EQ(paragraphs("Sh" + c + "alom"), "Shalom") << c;
    EXPECT_EQ(paragraphs(c), "") << c;
  }
}

TEST(CleanText, KeepsLineBreaksOnlyWhereTheFieldIsMultiLine) {
  EXPECT_EQ(paragraphs("line one\nline two"), "line one\nline two");
  EXPECT_EQ(paragraphs("windows\r\nline\rold mac\u2028ls\u2029ps\xc2\x85nel"),
            "windows\nline\nold mac\nls\nps\nnel");
  EXPECT_EQ(paragraphs("a\tb"), "a\tb");
  EXPECT_EQ(paragraphs("a\n\n\nb"), "a\n\n\nb");
  EXPECT_EQ(line("a\n\nb\tc\r\nd"), "a b c d");
  EXPECT_EQ(name("  Dana \n  Levi "), "Dana Levi");
  EXPECT_EQ(name("Dana\u00A0Levi"), "Dana Levi");  // no-break space
}

TEST(CleanText, TrimsWhiteSpaceAndDirectionMarksAtTheEnds) {
  EXPECT_EQ(paragraphs("\u200F  \xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D \n\u200E"), "שלום");
  EXPECT_EQ(paragraphs(" \t\n "), "");
  EXPECT_EQ(paragraphs("\u3000wide space\u3000"), "wide space");
  // Inside the text a mark keeps "!" on the right side of a Hebrew sentence in an LTR run.
  EXPECT_EQ(paragraphs("שלום!\u200F and hi"), "שלום!\u200F and hi");
  EXPECT_EQ(name("דנה\u200F"), "דנה");
  EXPECT_EQ(line("a \u200F  b \u200F"), "a \u200F b");
  EXPECT_EQ(paragraphs("\u2764\u200F\uFE0Fx"), "\u2764\u200Fx");  // a mark selects nothing
}

TEST(CleanText, KeepsZeroWidthJoinersBetweenVisibleCharacters) {
  const std::string family = "\U0001F468\u200D\U0001F469\u200D\U0001F467";  // family
  EXPECT_EQ(paragraphs(family), family);
  const std::string eye_in_bubble = "\U0001F441\uFE0F\u200D\U0001F5E8\uFE0F";  // eye in bubble
  EXPECT_EQ(paragraphs(eye_in_bubble), eye_in_bubble);
  const std::string persian = "می\u200Cخواهم";  // ZWNJ inside a Persian word
  EXPECT_EQ(paragraphs(persian), persian);
  const std::string hebrew = "של\u200Dום";  // a joiner between two Hebrew letters stays
  EXPECT_EQ(paragraphs(hebrew), hebrew);
  // Joiners with nothing visible to join are invisible text.
  EXPECT_EQ(paragraphs("\u200D"), "");
  EXPECT_EQ(paragraphs("\u200Dhi\u200D"), "hi");
  EXPECT_EQ(paragraphs("a \u200D b"), "a  b");
  EXPECT_EQ(paragraphs("a\u200D\u200D\u200Db"), "a\u200Db");
  EXPECT_EQ(name("Da\u200Dna"), "Dana");  // a name has letters and spaces only
}

TEST(CleanText, KeepsOneVariationSelectorAfterAVisibleCharacter) {
  EXPECT_EQ(paragraphs("I \u2764\uFE0F you"), "I \u2764\uFE0F you");  // red heart, emoji style
  EXPECT_EQ(paragraphs("\u2764\uFE0F\uFE0F\uFE0F"), "\u2764\uFE0F");
  EXPECT_EQ(paragraphs("\uFE0Fhi"), "hi");
  // Data hidden as a run of selectors after an emoji ("emoji smuggling") does not survive.
  EXPECT_EQ(paragraphs("\U0001F600\U000E0100\U000E0101\U000E0102\U000E0103"),
            "\U0001F600\U000E0100");
}

TEST(CleanText, KeepsTagsOnlyInsideAFlagSequence) {
  const std::string scotland =
      "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F";
  EXPECT_EQ(paragraphs("Go " + scotland + "!"), "Go " + scotland + "!");
  EXPECT_EQ(paragraphs("a\U000E0068\U000E0069\U000E007F"), "a");
  EXPECT_EQ(paragraphs("\U0001F3F4\U000E0067\U000E0062 open"), "\U0001F3F4 open");  // unfinished
  EXPECT_EQ(name("\U0001F3F4\U000E0067\U000E0062\U000E007F"), "\U0001F3F4");
}

TEST(CleanText, KeepsCombiningMarksAndNiqqud) {
  const std::string pointed = "בְּרֵאשִׁית";
  EXPECT_EQ(paragraphs(pointed), pointed);
  const std::string with_cgj = "יְרוּשָׁלַ\u034Fִם";  // CGJ keeps patah before hiriq
  EXPECT_EQ(paragraphs(with_cgj), with_cgj);
  EXPECT_EQ(paragraphs("Zalgo̴̢ stays"), "Zalgo̴̢ stays");
}

TEST(CleanText, NormalisesToNfc) {
  EXPECT_EQ(paragraphs("Ju\u0308rgen"), "J\u00FCrgen");
  EXPECT_EQ(name("Ju\u0308rgen"), "J\u00FCrgen");
  EXPECT_EQ(paragraphs("\u1100\u1161"), "\uAC00");  // Hangul jamo compose to 가
  // Removing a control can bring a mark next to its letter; normalising comes after.
  EXPECT_EQ(paragraphs("e\u202E\u0301"), "\u00E9");
  EXPECT_EQ(paragraphs("\u212B"), "\u00C5");              // ANGSTROM SIGN is canonically Å
  EXPECT_EQ(paragraphs("\uFB01 stays"), "\uFB01 stays");  // NFC keeps compatibility ligatures
}

TEST(CleanText, KeepsEverythingElse) {
  const std::string text = "Hi! <3 & 100% — «ok» 😀 \uE000 €5 \u05D0\u05B0 \u0627\u0644";
  EXPECT_EQ(paragraphs(text), text);
  EXPECT_EQ(paragraphs("a  b"), "a  b");  // spaces inside a paragraph are the author's
}

TEST(StripHtml, TagsSpelledWithEntitiesGoToo) {
  EXPECT_EQ(strip_html("<b>Hi</b> &lt;i&gt;there&lt;/i&gt;"), "Hi there");
  EXPECT_EQ(strip_html("a < b &amp;&amp; c"), "a < b && c");
}

TEST(StripHtml, DeeplyNestedEntitiesCostAFewPasses) {
  // Each pass decodes one level of "&amp;amp;…lt;b>". One pass per level used to recurse as deep
  // as the nesting: 15,000 levels overflowed the stack under ASan (make test-asan).
  std::string nested = "< &amp;";
  for (int i = 0; i < 15000; ++i) nested += "amp;";
  nested += "lt;b>x";
  std::string stripped = strip_html(nested);
  EXPECT_EQ(stripped.find('<'), std::string::npos);
  EXPECT_TRUE(stripped.ends_with("amp;lt;b>x"));
}

TEST(CleanTextWithoutHtml, NoInvisibleCharacterHidesATag) {
  // Found by the user_text fuzzer: strip_html saw "<\u200Bscript>" as text, and clean_text then
  // dropped the zero-width space and made it a tag again.
  auto bio = clean_text_without_html(
      "<\u200Bscript>alert(1)</script>\x01<\x7F"
      "b>x",
      TextKind::paragraphs);
  EXPECT_EQ(bio, "alert(1)x");
  EXPECT_EQ(clean_text_without_html("  &lt;b&gt;Hi&lt;/b&gt; &amp; bye ", TextKind::line),
            "Hi & bye");
  EXPECT_EQ(clean_text_without_html("\xFF<b>", TextKind::line), std::nullopt);
}

TEST(Text, HtmlEscapingCoversTextAndQuotedAttributes) {
  EXPECT_EQ(kesher::domain::escape_html(R"(<a href="x">Tom & 'Jerry'</a>)"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;");
  EXPECT_EQ(kesher::domain::escape_html("שלום"), "שלום");
  EXPECT_EQ(kesher::domain::escape_html(""), "");
}
