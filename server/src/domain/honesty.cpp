#include "domain/honesty.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace kesher::domain::honesty {

namespace {

// ---------------------------------------------------------------------------------------------
// The lists. Entries are written as people type them and read through the same normalisation as
// the text (case folded, apostrophes dropped: "let's" is "lets"). An entry is one or more words
// that must follow each other with nothing but white space, dashes, quotes or emoji between them
// (a full stop, comma or question mark ends a phrase); "*" stands for zero to two words. Hebrew
// entries also match after one or two of the prefix letters ו ה ש ב כ ל מ
// ("ונפגש", "שניפגש", "בוואטסאפ").

// Phrases that propose meeting in person. "meet" alone is not one: "nice to meet you" and
// "meeting you here was lovely" are what a chat says, and flagging them would teach operators to
// ignore the check. The same goes for "אצלי"/"אצלך" ("מה אצלך?" is "how are you?") and "bei
// mir"/"bei dir" ("wie läuft's bei dir?"): only their forms about someone's home are here.
constexpr std::string_view kMeetingPhrases[] = {
    // en
    "let's * meet", "let us * meet", "meet up", "meetup", "meet me", "meet you at", "meet you in",
    "meet you there", "meet u at", "meet at", "meet in person", "meet irl", "meet in real life",
    "meet for", "meet tonight", "meet tomorrow", "meet this weekend", "meet sometime", "meet soon",
    "meet somewhere", "meet after", "want to meet", "wanna meet",
    "like to meet",  // "I'd like to meet", "would like to meet", not "nice to meet"
    "love to meet", "we could meet", "we should meet", "we can meet", "can we meet",
    "could we meet", "shall we meet", "should we meet", "don't we meet", "about we meet",
    "how about meeting", "when do we meet", "where do we meet", "see you at", "see u at",
    "see you tonight", "see you tomorrow", "see you there", "see you in person", "my place",
    "your place", "ur place", "my apartment", "your apartment", "come over", "come to my",
    "come to mine", "come visit", "visit you", "visit me", "pick you up", "pick u up", "pick me up",
    "date tonight", "go on a date", "go out with me", "go out with you", "go out tonight",
    "let's go out", "take you out", "coffee together", "grab a coffee", "grab coffee",
    "grab a drink", "grab drinks", "grab dinner", "grab a bite", "get a drink", "drinks tonight",
    "dinner tonight", "dinner together", "in person", "face to face", "address",
    "where do you live", "where do u live", "where you live", "where u live",
    // he
    "ניפגש", "נפגש",  // also "is meeting" in the present: a persona has no one else to meet
    "נפגשים", "להיפגש", "להפגש", "נקבע", "נתראה", "בוא נצא", "בואי נצא", "נצא ביחד", "לצאת איתי",
    "לצאת איתך", "תצא איתי", "תצאי איתי", "נצא לדייט", "לצאת לדייט", "דייט איתי", "דייט איתך",
    "דייט הערב", "דייט מחר", "אצלי בבית", "אצלך בבית", "בוא אליי", "בואי אליי", "בוא אלי",
    "בואי אלי", "תבוא אליי", "תבואי אליי", "תבוא אלי", "תבואי אלי", "אבוא אליך", "אבוא אלייך",
    "לבוא אליי", "לבוא אלי", "לבוא אליך", "לבוא אלייך", "אליי הביתה", "אלי הביתה", "אליך הביתה",
    "אלייך הביתה", "אאסוף אותך", "לאסוף אותך", "תאסוף אותי", "תאספי אותי", "כתובת", "איפה * גרה",
    "איפה * גר", "איפה * גרים", "קפה ביחד", "נשתה קפה", "נשב על קפה", "נשתה משהו", "פנים מול פנים",
    "פנים אל פנים",
    // de
    "wir treffen uns", "treffen wir uns", "uns * treffen", "treffen uns", "dich treffen",
    "wir sehen uns", "sehen wir uns", "uns sehen", "uns mal sehen", "uns bald sehen",
    "bei mir zu hause", "bei mir zuhause", "bei dir zu hause", "bei dir zuhause",
    "zu mir nach hause", "zu dir nach hause", "zu mir kommen", "zu dir kommen", "komm zu mir",
    "komm vorbei", "vorbeikommen", "bei mir vorbei", "bei dir vorbei", "besuch mich",
    "dich besuchen", "dich * abholen", "mich * abholen", "hole dich * ab", "hol dich * ab",
    "hol mich * ab", "adresse", "wo * wohnst du", "wo wohnen sie", "date heute", "date morgen",
    "heute ein date", "date mit mir", "date mit dir", "auf ein date", "zu einem date",
    "auf einen kaffee", "kaffee trinken gehen", "zusammen kaffee", "kaffee zusammen",
    "was trinken gehen", "etwas trinken gehen", "zusammen essen", "mit mir essen", "mit dir essen",
    "mit mir ausgehen", "mit dir ausgehen", "gehen wir aus", "persönlich kennenlernen",
    "persönlich sehen", "von angesicht zu angesicht"};

// Apps and sites to continue a conversation elsewhere, as whole words or phrases.
constexpr std::string_view kContactApps[] = {
    "whatsapp", "whats app", "watsapp", "wats app", "telegram", "instagram", "insta", "ig",
    "snapchat", "on snap", "my snap", "snap me", "auf snap", "snap id",  // "oh snap" is not
    "facebook", "fb", "messenger", "tiktok", "tik tok", "on signal", "via signal", "signal app",
    "auf signal", "über signal",  // "mixed signals" is not
    "line app", "line id",        // "drop me a line" is not
    "viber", "skype", "on zoom", "via zoom", "zoom call", "zoom date", "auf zoom", "über zoom",
    "per zoom", "facetime", "face time", "discord", "kik", "wechat", "threema", "onlyfans",
    "only fans", "tinder", "bumble", "twitter",
    // he
    "וואטסאפ", "ווטסאפ", "וואצאפ", "ווצאפ", "ווטצאפ", "וואטס", "ווטס", "טלגרם", "אינסטגרם",
    "אינסטה", "סנאפ", "סנאפצ'ט", "סנפצ'ט", "פייסבוק", "פיסבוק", "טיקטוק", "טיק טוק", "ויבר",
    "סקייפ", "בזום", "שיחת זום", "סיגנל", "דיסקורד", "טינדר", "מסנג'ר", "דוט קום", "נקודה קום"};

// App names distinctive enough to be found inside a word ("mywhatsapp", "בוואטסאפ").
constexpr std::string_view kContactAppStems[] = {
    "whatsap",  "watsap",   "telegram", "instagram", "snapchat", "facebook", "tiktok",
    "onlyfans", "skype",    "threema",  "וואטסאפ",   "ווטסאפ",   "וואצאפ",   "ווצאפ",
    "טלגרם",    "אינסטגרם", "פייסבוק",  "טיקטוק",    "סנאפצ'ט"};

// The last two are "com" and "net" in Hebrew letters, as in "דוט קום".
constexpr std::string_view kTopLevelDomains[] = {
    "com",  "net", "org", "io", "co", "il",   "de",     "me",  "ly", "app",
    "info", "biz", "xyz", "ru", "uk", "us",   "at",     "ch",  "eu", "tv",
    "gg",   "gl",  "ai",  "cc", "ws", "site", "online", "קום", "נט"};
// Top-level domains that are also words (see starts_sentence).
constexpr std::string_view kWordLikeDomains[] = {"me", "co", "de",   "app",   "info",
                                                 "us", "at", "site", "online"};
// Domains that may be typed with spaces around the dot ("kesher . com") without being a sentence.
constexpr std::string_view kSpacedDomains[] = {"com", "net", "org"};
// Short links whose label is one or two letters: found whatever their case.
constexpr std::string_view kShortLinkLabels[] = {"t", "wa"};

constexpr std::string_view kMailProviders[] = {
    "gmail", "googlemail", "hotmail",    "outlook", "yahoo",   "icloud", "aol",
    "gmx",   "proton",     "protonmail", "yandex",  "ג'ימייל", "גימייל", "הוטמייל"};
constexpr std::string_view kAtWords[] = {"at", "ät", "שטרודל"};
constexpr std::string_view kDotWords[] = {"dot", "punkt", "נקודה", "דוט"};
constexpr std::string_view kSchemeWords[] = {"http", "https", "hxxp", "hxxps", "www"};

// Digits spelled out, which count as digits inside a phone number ("zero five two 1234567").
constexpr std::string_view kDigitWords[] = {
    "zero", "one",   "two",  "three", "four", "five",  "six",   "seven",  "eight", "nine",
    "אפס",  "אחת",   "אחד",  "שתיים", "שתים", "שניים", "שלוש",  "שלושה",  "ארבע",  "ארבעה",
    "חמש",  "חמישה", "שש",   "שישה",  "שבע",  "שבעה",  "שמונה", "תשע",    "תשעה",  "null",
    "eins", "zwei",  "drei", "vier",  "fünf", "fuenf", "sechs", "sieben", "acht",  "neun"};

constexpr int kMinPhoneDigits = 7;
constexpr size_t kMaxPhoneGap = 3;  // separators between two digits: " - ", ") "
constexpr size_t kMaxPhraseGap = 12;
constexpr size_t kMinSpelledOutLetters = 3;  // "m e e t"; "a b" is just two letters

// ---------------------------------------------------------------------------------------------
// Normalisation: the text as code points of the original (for the excerpt) and as the folded
// characters the rules read, each knowing which original code point it came from.

struct Text {
  std::u32string sources;  // the text's code points, U+FFFD for each ill-formed byte
  std::u32string chars;
  std::vector<size_t> origin;  // chars[i] comes from sources[origin[i]]
};

const icu::Normalizer2* nfkc_casefold() {
  static const icu::Normalizer2* instance = [] {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* normalizer = icu::Normalizer2::getNFKCCasefoldInstance(status);
    return U_SUCCESS(status) ? normalizer : nullptr;
  }();
  return instance;
}

// Cyrillic and Greek letters drawn like Latin ones ("mееt" with Cyrillic е), after case folding.
char32_t latin_lookalike(char32_t c) {
  switch (c) {
    case 0x0430:
      return U'a';
    case 0x0435:
      return U'e';
    case 0x043E:
      return U'o';
    case 0x0440:
      return U'p';
    case 0x0441:
      return U'c';
    case 0x0443:
      return U'y';
    case 0x0445:
      return U'x';
    case 0x0456:
      return U'i';
    case 0x0458:
      return U'j';
    case 0x0455:
      return U's';
    case 0x04BB:
      return U'h';
    case 0x04CF:
      return U'l';
    case 0x0501:
      return U'd';
    case 0x051B:
      return U'q';
    case 0x051D:
      return U'w';
    case 0x03B1:
      return U'a';
    case 0x03B5:
      return U'e';
    case 0x03B9:
      return U'i';
    case 0x03BA:
      return U'k';
    case 0x03BD:
      return U'v';
    case 0x03BF:
      return U'o';
    case 0x03C1:
      return U'p';
    case 0x03C4:
      return U't';
    case 0x03C5:
      return U'u';
    case 0x03C7:
      return U'x';
    case 0x0131:
      return U'i';  // dotless i
    default:
      return c;
  }
}

bool is_apostrophe(char32_t c) {
  return c == U'\'' || c == U'`' || c == 0x00B4 || c == 0x02BC || c == 0x2018 || c == 0x2019 ||
         c == 0x201B || c == 0x2032 || c == 0x05F3;  // ׳ geresh
}

bool is_line_break(char32_t c) {
  return c == U'\n' || c == U'\r' || c == 0x0B || c == 0x0C || c == 0x85 || c == 0x2028 ||
         c == 0x2029;
}

class Normaliser {
 public:
  explicit Normaliser(Text& text) : text_(text) {}

  void add(char32_t c, size_t from) {
    if (c < 0x80) return add_ascii(c, from);
    if (is_line_break(c)) return add_space(true, from);
    const auto type = u_charType(static_cast<UChar32>(c));
    if (type == U_CONTROL_CHAR) return;
    if (type == U_SPACE_SEPARATOR || u_isUWhiteSpace(static_cast<UChar32>(c))) {
      return add_space(false, from);
    }
    // Zero-width spaces and joiners, word joiner, BOM, soft hyphen, bidi controls, niqqud,
    // accents: invisible, or not what makes a word.
    if (type == U_FORMAT_CHAR || type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK ||
        u_hasBinaryProperty(static_cast<UChar32>(c), UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) {
      return;
    }
    if (is_apostrophe(c)) return push(U'\'', from);
    if (c == 0x201C || c == 0x201D || c == 0x05F4) return push(U'"', from);
    const icu::Normalizer2* normalizer = nfkc_casefold();
    if (normalizer == nullptr || normalizer->isInert(static_cast<UChar32>(c))) {
      return add_folded(c, from);
    }
    UErrorCode status = U_ZERO_ERROR;
    const icu::UnicodeString folded =
        normalizer->normalize(icu::UnicodeString(static_cast<UChar32>(c)), status);
    if (U_FAILURE(status)) return add_folded(c, from);
    for (int32_t i = 0; i < folded.length(); i = folded.moveIndex32(i, 1)) {
      add_folded(static_cast<char32_t>(folded.char32At(i)), from);
    }
  }

 private:
  void add_ascii(char32_t c, size_t from) {
    if (is_line_break(c)) return add_space(true, from);
    if (c == U' ' || c == U'\t') return add_space(false, from);
    if (c < 0x20 || c == 0x7F) return;  // what check_text removes anyway
    if (c >= U'A' && c <= U'Z') return push(c - U'A' + U'a', from);
    if (c == U'`') return push(U'\'', from);
    push(c, from);
  }

  // What NFKC case folding gave for one code point.
  void add_folded(char32_t c, size_t from) {
    if (c < 0x80) return add_ascii(c, from);
    const auto type = u_charType(static_cast<UChar32>(c));
    if (type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK || type == U_FORMAT_CHAR) return;
    if (type == U_SPACE_SEPARATOR || u_isUWhiteSpace(static_cast<UChar32>(c))) {
      return add_space(false, from);
    }
    if (type == U_DECIMAL_DIGIT_NUMBER) {  // Arabic-Indic, Devanagari, … digits
      const int32_t value = u_charDigitValue(static_cast<UChar32>(c));
      if (value >= 0 && value <= 9) return push(U'0' + static_cast<char32_t>(value), from);
    }
    if (type == U_DASH_PUNCTUATION) return push(U'-', from);  // en dash, maqaf, …
    if (is_apostrophe(c)) return push(U'\'', from);
    push(latin_lookalike(c), from);
  }

  // Runs of white space become one space, or one line break if they hold one.
  void add_space(bool line_break, size_t from) {
    if (text_.chars.empty()) return;
    char32_t& last = text_.chars.back();
    if (last == U' ' || last == U'\n') {
      if (line_break) last = U'\n';
      return;
    }
    push(line_break ? U'\n' : U' ', from);
  }

  void push(char32_t c, size_t from) {
    text_.chars.push_back(c);
    text_.origin.push_back(from);
  }

  Text& text_;
};

Text read(std::string_view raw) {
  Text text;
  text.sources.reserve(raw.size());
  text.chars.reserve(raw.size());
  text.origin.reserve(raw.size());
  Normaliser normaliser(text);
  const auto* bytes = reinterpret_cast<const uint8_t*>(raw.data());
  const size_t length = raw.size();
  for (size_t i = 0; i < length;) {
    UChar32 c;
    U8_NEXT(bytes, i, length, c);
    const char32_t code_point = c < 0 ? char32_t{0xFFFD} : static_cast<char32_t>(c);
    text.sources.push_back(code_point);
    normaliser.add(code_point, text.sources.size() - 1);
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// Words: runs of letters and digits (apostrophes inside them dropped), and '@' on its own.

bool is_alnum(char32_t c) {
  return c < 0x80 ? (c >= U'a' && c <= U'z') || (c >= U'0' && c <= U'9')
                  : u_isalnum(static_cast<UChar32>(c)) != 0;
}

bool is_letter(char32_t c) {
  return c < 0x80 ? (c >= U'a' && c <= U'z') : u_isalpha(static_cast<UChar32>(c)) != 0;
}

struct Word {
  std::u32string text;
  size_t begin;      // in Text::chars
  size_t end;        // one past the last character
  size_t gap_begin;  // the end of the word before, or 0
  bool spelled_out = false;
};

std::u32string_view gap_before(const Text& text, const Word& word) {
  return std::u32string_view(text.chars).substr(word.gap_begin, word.begin - word.gap_begin);
}

bool single_letter(const Word& word) {
  return word.text.size() == 1 && is_letter(word.text[0]);
}

bool spacing_gap(std::u32string_view gap) {
  return gap.size() == 1 && std::u32string_view(U" -._*/,+~\u00B7").find(gap[0]) != gap.npos;
}

// "m e e t", "w.h.a.t.s.a.p.p": three or more single letters one separator apart are one word.
void join_spelled_out(const Text& text, std::vector<Word>& words) {
  std::vector<Word> joined;
  joined.reserve(words.size());
  for (size_t i = 0; i < words.size();) {
    size_t j = i;
    if (single_letter(words[i])) {
      while (j + 1 < words.size() && single_letter(words[j + 1]) &&
             spacing_gap(gap_before(text, words[j + 1]))) {
        ++j;
      }
    }
    if (j + 1 - i < kMinSpelledOutLetters) {
      joined.push_back(std::move(words[i]));
      ++i;
      continue;
    }
    Word word{U"", words[i].begin, words[j].end, words[i].gap_begin, true};
    for (size_t k = i; k <= j; ++k) word.text += words[k].text;
    joined.push_back(std::move(word));
    i = j + 1;
  }
  words = std::move(joined);
}

std::vector<Word> words_of(const Text& text) {
  std::vector<Word> words;
  const std::u32string& chars = text.chars;
  size_t previous_end = 0;
  for (size_t i = 0; i < chars.size();) {
    if (chars[i] == U'@') {
      words.push_back({U"@", i, i + 1, previous_end});
      previous_end = ++i;
      continue;
    }
    if (!is_alnum(chars[i])) {
      ++i;
      continue;
    }
    Word word{U"", i, i, previous_end};
    while (i < chars.size()) {
      if (is_alnum(chars[i])) {
        word.text += chars[i++];
      } else if (chars[i] == U'\'' && i + 1 < chars.size() && is_alnum(chars[i + 1])) {
        ++i;
      } else {
        break;
      }
    }
    word.end = previous_end = i;
    words.push_back(std::move(word));
  }
  join_spelled_out(text, words);
  return words;
}

// Whether nothing but white space, dashes, quotes, emoji and the like stand between a word and
// the one before it: sentence punctuation ends a phrase, a line break does not ("let's\nmeet").
bool joined_to_previous(const Text& text, const std::vector<Word>& words, size_t k) {
  if (k == 0 || k >= words.size()) return false;
  const std::u32string_view gap = gap_before(text, words[k]);
  if (gap.size() > kMaxPhraseGap) return false;
  for (char32_t c : gap) {
    if (c == U'\n' || c == U'\'' || c == U'"' || c == U'*' || c == U'#' || c == U'&' || c == U'/')
      continue;
    const auto type = u_charType(static_cast<UChar32>(c));
    if (type == U_OTHER_PUNCTUATION || type == U_START_PUNCTUATION || type == U_END_PUNCTUATION) {
      return false;
    }
  }
  return true;
}

// At most `limit` characters, none a line break.
bool short_gap(const Text& text, const Word& word, size_t limit) {
  const std::u32string_view gap = gap_before(text, word);
  return gap.size() <= limit && gap.find(U'\n') == gap.npos;
}

std::u32string_view trim_spaces(std::u32string_view s) {
  while (!s.empty() && s.front() == U' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == U' ') s.remove_suffix(1);
  return s;
}

// ---------------------------------------------------------------------------------------------
// The lists, read once.

std::u32string folded(std::string_view entry) {
  const Text text = read(entry);
  std::u32string out;
  for (const Word& word : words_of(text)) out += word.text;
  return out;
}

using WordSet = std::unordered_set<std::u32string>;

WordSet word_set(const auto& entries) {
  WordSet set;
  for (std::string_view entry : entries) set.insert(folded(entry));
  return set;
}

struct Phrase {
  std::vector<std::u32string> tokens;  // an empty token is a gap of zero to two words
  std::u32string solid;                // the words run together
  Breach breach;
};

class PhraseIndex {
 public:
  PhraseIndex(const auto& entries, Breach breach) {
    for (std::string_view entry : entries) {
      Phrase phrase{{}, {}, breach};
      for (size_t at = 0; at <= entry.size();) {
        const size_t space = std::min(entry.find(' ', at), entry.size());
        const std::string_view piece = entry.substr(at, space - at);
        at = space + 1;
        if (piece == "*") {
          phrase.tokens.emplace_back();
        } else if (!piece.empty()) {
          for (Word& word : words_of(read(piece))) phrase.tokens.push_back(std::move(word.text));
        }
      }
      if (phrase.tokens.empty() || phrase.tokens.front().empty()) continue;
      for (const auto& token : phrase.tokens) phrase.solid += token;
      phrases_.push_back(std::move(phrase));
    }
    for (const Phrase& phrase : phrases_) by_first_word_[phrase.tokens.front()].push_back(&phrase);
  }

  const std::vector<const Phrase*>* starting_with(const std::u32string& word) const {
    auto found = by_first_word_.find(word);
    return found == by_first_word_.end() ? nullptr : &found->second;
  }
  const std::vector<Phrase>& phrases() const { return phrases_; }

 private:
  std::vector<Phrase> phrases_;
  std::unordered_map<std::u32string, std::vector<const Phrase*>> by_first_word_;
};

struct Lists {
  PhraseIndex meeting{kMeetingPhrases, Breach::meeting};
  PhraseIndex apps{kContactApps, Breach::url};
  std::vector<std::u32string> app_stems;
  WordSet top_level_domains = word_set(kTopLevelDomains);
  WordSet word_like_domains = word_set(kWordLikeDomains);
  WordSet spaced_domains = word_set(kSpacedDomains);
  WordSet short_link_labels = word_set(kShortLinkLabels);
  WordSet mail_providers = word_set(kMailProviders);
  WordSet at_words = word_set(kAtWords);
  WordSet dot_words = word_set(kDotWords);
  WordSet scheme_words = word_set(kSchemeWords);
  WordSet digit_words = word_set(kDigitWords);

  Lists() {
    for (std::string_view stem : kContactAppStems) app_stems.push_back(folded(stem));
  }
};

const Lists& lists() {
  static const Lists instance;
  return instance;
}

// ---------------------------------------------------------------------------------------------
// A finding: characters [begin, end) of Text::chars.

struct Span {
  size_t begin = SIZE_MAX;
  size_t end = 0;
  bool found() const { return begin != SIZE_MAX; }
};

void keep_earliest(Span& best, Span candidate) {
  if (candidate.found() && candidate.begin < best.begin) best = candidate;
}

std::string excerpt(const Text& text, Span span) {
  std::string out;
  const size_t last = text.origin[span.end - 1];
  for (size_t s = text.origin[span.begin]; s <= last; ++s) {
    char buffer[U8_MAX_LENGTH];
    size_t length = 0;
    U8_APPEND_UNSAFE(buffer, length, static_cast<UChar32>(text.sources[s]));
    if (out.size() + length > kMaxMatchBytes) break;
    out.append(buffer, length);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Phone numbers: seven or more digits, each at most kMaxPhoneGap separators from the one before.

bool phone_separator(char32_t c) {
  return c == U' ' || c == U'\n' || c == U'-' || c == U'.' || c == U'(' || c == U')' || c == U'/' ||
         c == U'+' || c == U'_' || c == U'*' || c == U',' || c == U'#';
}

struct DigitRun {
  size_t first = 0;
  size_t last = 0;
  int digits = 0;
  bool spelled = false;              // holds a digit written as a word
  std::vector<size_t> groups;        // digits between separators
  std::vector<std::u32string> gaps;  // the separators between groups
  std::u32string gap;                // separators since the last digit

  void add_digit(size_t at, bool spelled_out) {
    if (digits == 0) {
      first = at;
      groups.push_back(0);
    } else if (!gap.empty() || spelled_out) {
      groups.push_back(0);
      gaps.push_back(gap);
    }
    ++groups.back();
    ++digits;
    last = at;
    spelled = spelled || spelled_out;
    gap.clear();
  }
};

bool one_separator(const std::vector<std::u32string>& gaps, std::u32string_view allowed) {
  if (gaps.empty()) return false;
  for (const auto& gap : gaps) {
    if (gap.size() != 1 || gap != gaps.front() || allowed.find(gap[0]) == allowed.npos) {
      return false;
    }
  }
  return true;
}

// Numbers of seven digits or more that are no phone number: 12.05.2024, 2024-05-12, the ranges
// 2019-2024 and 1500-2000, 1.000.000 and 1,500,000.
bool date_or_amount(const DigitRun& run) {
  if (run.spelled) return false;
  const auto& g = run.groups;
  if (g.size() == 3 && one_separator(run.gaps, U"./-")) {
    if (g[0] <= 2 && g[1] <= 2 && (g[2] == 2 || g[2] == 4)) return true;
    if (g[0] == 4 && g[1] <= 2 && g[2] <= 2) return true;
  }
  if (g.size() == 2 && g[0] == 4 && g[1] == 4) {  // 2019-2024, ₪1500 - 2000
    const std::u32string_view gap = trim_spaces(run.gaps[0]);
    if (gap == U"-" || gap == U"/") return true;
  }
  if (g.size() >= 3 && one_separator(run.gaps, U".,") && g[0] <= 3 &&
      std::all_of(g.begin() + 1, g.end(), [](size_t n) { return n == 3; })) {
    return true;
  }
  return false;
}

Span find_phone(const Text& text) {
  const Lists& l = lists();
  const std::u32string& chars = text.chars;
  DigitRun run;
  Span found;
  auto finish = [&] {
    if (run.digits >= kMinPhoneDigits && !date_or_amount(run)) found = {run.first, run.last + 1};
    run = DigitRun{};
  };
  for (size_t i = 0; i < chars.size() && !found.found();) {
    const char32_t c = chars[i];
    if (c >= U'0' && c <= U'9') {
      run.add_digit(i, false);
      ++i;
    } else if (is_letter(c)) {
      size_t end = i;
      while (end < chars.size() && is_letter(chars[end])) ++end;
      if (l.digit_words.contains(chars.substr(i, end - i))) {
        run.add_digit(end - 1, true);
        if (run.digits == 1) run.first = i;
      } else {
        finish();
      }
      i = end;
    } else if (run.digits > 0 && phone_separator(c)) {
      run.gap += c;
      if (run.gap.size() > kMaxPhoneGap) finish();
      ++i;
    } else {
      finish();
      ++i;
    }
  }
  if (!found.found()) finish();
  return found;
}

// ---------------------------------------------------------------------------------------------
// Email addresses: local@domain.tld, and spelled out: "dana at gmail dot com",
// "dana(at)web(dot)de".

bool plain_word(const Word& word) {
  return word.text != U"@";
}

bool letters_only(std::u32string_view s) {
  return std::all_of(s.begin(), s.end(), is_letter);
}

// A top-level domain that is also a word, written with a capital: the start of a sentence whose
// space went missing ("It was fun.Me too"), not a domain.
bool starts_sentence(const Text& text, const Word& top) {
  const char32_t written = text.sources[text.origin[top.begin]];
  return lists().word_like_domains.contains(top.text) && u_isupper(static_cast<UChar32>(written));
}

// Whether `label` follows a dot of a domain name: "gmail.com"; with spaces around the dot
// ("gmail . com") only after an '@' or before com, net or org written in lower case ("what a
// day. Com on" is a typo).
bool domain_dot(const Text& text, const Word& label, bool after_at_sign) {
  const std::u32string_view gap = gap_before(text, label);
  if (gap == U".") return true;
  if (gap.size() > 3 || trim_spaces(gap) != U".") return false;
  if (after_at_sign) return true;
  const char32_t written = text.sources[text.origin[label.begin]];
  return lists().spaced_domains.contains(label.text) && !u_isupper(static_cast<UChar32>(written));
}

Span find_email(const Text& text, const std::vector<Word>& words) {
  const Lists& l = lists();
  for (size_t k = 1; k + 1 < words.size(); ++k) {
    const bool sign = words[k].text == U"@";
    if (!sign && !l.at_words.contains(words[k].text)) continue;
    const size_t gap_limit = sign ? 1 : 3;  // "dana @ gmail.com", "dana (at) gmail"
    const Word& local = words[k - 1];
    const Word& domain = words[k + 1];
    if (!plain_word(local) || !plain_word(domain) || !short_gap(text, words[k], gap_limit) ||
        !short_gap(text, domain, gap_limit)) {
      continue;
    }
    if (!sign && l.scheme_words.contains(domain.text)) continue;  // "meet at www.…" is a link
    // The local part reaches back over dots, dashes and underscores: "dana.levi@".
    size_t start = k - 1;
    while (start > 0 && plain_word(words[start - 1]) &&
           std::u32string_view(U"._-+").find(gap_before(text, words[start])) !=
               std::u32string_view::npos &&
           gap_before(text, words[start]).size() == 1) {
      --start;
    }
    // Then the domain's labels: "gmail.com", "gmail . com", "gmail dot com", "mail.co.il".
    size_t last = k + 1;
    bool dotted = false;
    for (size_t next = k + 2; next < words.size() && plain_word(words[next]);) {
      if (domain_dot(text, words[next], sign)) {
        last = next++;
        dotted = true;
      } else if (l.dot_words.contains(words[next].text) && next + 1 < words.size() &&
                 plain_word(words[next + 1]) && short_gap(text, words[next], 3) &&
                 short_gap(text, words[next + 1], 3)) {
        last = next + 1;
        next += 2;
        dotted = true;
      } else {
        break;
      }
    }
    const Word& top = words[last];
    const bool provider = l.mail_providers.contains(domain.text);
    // After "@" any top-level domain will do; after a spelled-out "at" only a known one that does
    // not start a sentence: "look at him. Me too" is not an address.
    const bool address =
        dotted && (sign ? top.text.size() >= 2 && letters_only(top.text)
                        : l.top_level_domains.contains(top.text) && !starts_sentence(text, top));
    if (provider || address) return {words[start].begin, top.end};
  }
  return {};
}

// ---------------------------------------------------------------------------------------------
// Phrases from the lists.

bool hebrew_prefix(char32_t c) {
  return c == U'ו' || c == U'ה' || c == U'ש' || c == U'ב' || c == U'כ' || c == U'ל' || c == U'מ';
}

// The index of the last word of `phrase` matched from token t at word j on, or SIZE_MAX.
size_t match_rest(const Text& text, const std::vector<Word>& words, const Phrase& phrase, size_t t,
                  size_t j) {
  if (t == phrase.tokens.size()) return j - 1;
  if (phrase.tokens[t].empty()) {
    for (size_t skipped = 0; skipped <= 2; ++skipped) {
      if (skipped > 0 && !joined_to_previous(text, words, j + skipped - 1)) break;
      const size_t end = match_rest(text, words, phrase, t + 1, j + skipped);
      if (end != SIZE_MAX) return end;
    }
    return SIZE_MAX;
  }
  if (!joined_to_previous(text, words, j) || words[j].text != phrase.tokens[t]) return SIZE_MAX;
  return match_rest(text, words, phrase, t + 1, j + 1);
}

Span find_phrase(const Text& text, const std::vector<Word>& words, const PhraseIndex& index) {
  for (size_t i = 0; i < words.size(); ++i) {
    const std::u32string& word = words[i].text;
    std::u32string keys[3] = {word};
    size_t key_count = 1;
    if (word.size() > 2 && hebrew_prefix(word[0])) {
      keys[key_count++] = word.substr(1);
      if (word.size() > 3 && hebrew_prefix(word[1])) keys[key_count++] = word.substr(2);
    }
    for (size_t k = 0; k < key_count; ++k) {
      const auto* candidates = index.starting_with(keys[k]);
      if (candidates == nullptr) continue;
      for (const Phrase* phrase : *candidates) {
        const size_t end = match_rest(text, words, *phrase, 1, i + 1);
        if (end != SIZE_MAX) return {words[i].begin, words[end].end};
      }
    }
    // A phrase spelled out letter by letter runs together: "l e t s m e e t".
    if (words[i].spelled_out) {
      for (const Phrase& phrase : index.phrases()) {
        if (word.find(phrase.solid) != std::u32string::npos) {
          return {words[i].begin, words[i].end};
        }
      }
    }
  }
  return {};
}

// ---------------------------------------------------------------------------------------------
// Links, domains, handles and contact apps.

Span find_url(const Text& text, const std::vector<Word>& words) {
  const Lists& l = lists();
  Span best;
  for (size_t k = 0; k < words.size(); ++k) {
    const Word& word = words[k];
    if (l.scheme_words.contains(word.text)) {  // http, https, www
      size_t last = k;
      while (last + 1 < words.size() && plain_word(words[last + 1])) {
        const std::u32string_view gap = gap_before(text, words[last + 1]);
        if (gap != U"://" && gap != U"." && gap != U"/" && gap != U":") break;
        ++last;
      }
      keep_earliest(best, {word.begin, words[last].end});
      break;
    }
    if (!plain_word(word)) {
      // "@dana_levi": a handle, unless the '@' is part of an address found above.
      if (k + 1 < words.size() && gap_before(text, words[k + 1]).empty() &&
          plain_word(words[k + 1]) && words[k + 1].text.size() >= 3) {
        keep_earliest(best, {word.begin, words[k + 1].end});
        break;
      }
      continue;
    }
    if (k + 1 < words.size() && plain_word(words[k + 1])) {
      const Word& top = words[k + 1];
      if (l.top_level_domains.contains(top.text) && domain_dot(text, top, false) &&
          (!starts_sentence(text, top) || l.short_link_labels.contains(word.text))) {
        keep_earliest(best, {word.begin, top.end});
        break;
      }
    }
    // "kesher dot com", "kesher punkt de", "קשר דוט קום".
    if (k + 2 < words.size() && l.dot_words.contains(words[k + 1].text) &&
        l.top_level_domains.contains(words[k + 2].text) && short_gap(text, words[k + 1], 3) &&
        short_gap(text, words[k + 2], 3)) {
      keep_earliest(best, {word.begin, words[k + 2].end});
      break;
    }
    for (const auto& stem : l.app_stems) {
      if (word.text.find(stem) != std::u32string::npos) {
        keep_earliest(best, {word.begin, word.end});
        break;
      }
    }
    if (best.found()) break;
  }
  keep_earliest(best, find_phrase(text, words, l.apps));
  return best;
}

}  // namespace

Verdict check_operator_text(std::string_view raw) {
  const Text text = read(raw);
  auto verdict = [&](Breach breach, Span span) { return Verdict{breach, excerpt(text, span)}; };
  if (Span span = find_phone(text); span.found()) return verdict(Breach::phone, span);
  const std::vector<Word> words = words_of(text);
  if (Span span = find_email(text, words); span.found()) return verdict(Breach::email, span);
  if (Span span = find_url(text, words); span.found()) return verdict(Breach::url, span);
  if (Span span = find_phrase(text, words, lists().meeting); span.found()) {
    return verdict(Breach::meeting, span);
  }
  return {};
}

std::string_view breach_code(Breach breach) {
  switch (breach) {
    case Breach::none:
      return "";
    case Breach::phone:
      return "contact_phone";
    case Breach::email:
      return "contact_email";
    case Breach::url:
      return "contact_url";
    case Breach::meeting:
      return "meeting_arrangement";
  }
  return "";
}

}  // namespace kesher::domain::honesty
