#include "domain/text.hpp"

#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <array>
#include <cctype>
#include <stdexcept>

namespace kesher::domain {

namespace {

// Walks the code points of UTF-8 text with ICU's decoder, which refuses overlong forms,
// surrogates and anything past U+10FFFF. f(c) gets each code point; returns false at the first
// ill-formed sequence.
template <class F>
bool for_each_code_point(std::string_view text, F&& f) {
  const auto* bytes = reinterpret_cast<const uint8_t*>(text.data());
  const size_t length = text.size();
  for (size_t i = 0; i < length;) {
    UChar32 c;
    U8_NEXT(bytes, i, length, c);
    if (c < 0) return false;
    f(c);
  }
  return true;
}

void append_code_point(std::string& out, UChar32 c) {
  char buffer[U8_MAX_LENGTH];
  size_t length = 0;
  U8_APPEND_UNSAFE(buffer, length, c);
  out.append(buffer, length);
}

// ---------------------------------------------------------------------------------------------
// What each code point is to clean_text.

enum class Role {
  visible,     // letters, digits, punctuation, symbols, emoji, combining marks
  space,       // white space other than line breaks and tabs
  line_break,  // LF, CR, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR
  tab,
  joiner,              // ZWJ, ZWNJ, CGJ
  direction_mark,      // LRM, RLM, ALM: they order neutral characters but override nothing
  variation_selector,  // FE00–FE0F, E0100–E01EF, Mongolian FVS
  tag,                 // E0020–E007F: only meaningful inside an emoji flag sequence
  dropped,
};

constexpr UChar32 kCarriageReturn = 0x0D;
constexpr UChar32 kNextLine = 0x85;
constexpr UChar32 kCombiningGraphemeJoiner = 0x034F;
constexpr UChar32 kZeroWidthNonJoiner = 0x200C;
constexpr UChar32 kZeroWidthJoiner = 0x200D;
constexpr UChar32 kLeftToRightMark = 0x200E;
constexpr UChar32 kRightToLeftMark = 0x200F;
constexpr UChar32 kArabicLetterMark = 0x061C;
// The base of the subdivision flags (England, Scotland, Wales): 🏴 followed by tags.
constexpr UChar32 kWavingBlackFlag = 0x1F3F4;
constexpr UChar32 kFirstTag = 0xE0020;
constexpr UChar32 kCancelTag = 0xE007F;

// Default-ignorable code points render as nothing; only a few of them have a job in running text.
Role role_of_invisible(UChar32 c) {
  // The combining grapheme joiner is one of them too: Hebrew uses it to order niqqud.
  if (c == kZeroWidthJoiner || c == kZeroWidthNonJoiner || c == kCombiningGraphemeJoiner) {
    return Role::joiner;
  }
  if (c == kLeftToRightMark || c == kRightToLeftMark || c == kArabicLetterMark) {
    return Role::direction_mark;
  }
  // The embeddings, overrides and isolates that can reverse what others read (U+202E).
  if (u_hasBinaryProperty(c, UCHAR_BIDI_CONTROL)) return Role::dropped;
  if (u_hasBinaryProperty(c, UCHAR_VARIATION_SELECTOR)) return Role::variation_selector;
  if (c >= kFirstTag && c <= kCancelTag) return Role::tag;
  return Role::dropped;  // zero-width space, word joiner, BOM, soft hyphen, Hangul fillers …
}

Role role_of(UChar32 c) {
  if (c < 0x80) {  // most text, without a property lookup
    if (c >= 0x20 && c < 0x7F) return c == ' ' ? Role::space : Role::visible;
    if (c == '\n' || c == kCarriageReturn) return Role::line_break;
    return c == '\t' ? Role::tab : Role::dropped;  // NUL, ESC, DEL and the other C0 controls
  }
  if (c == kNextLine || c == 0x2028 || c == 0x2029) return Role::line_break;
  const auto type = u_charType(c);
  if (type == U_CONTROL_CHAR) return Role::dropped;  // C1
  if (type == U_SPACE_SEPARATOR) return Role::space;
  if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) return role_of_invisible(c);
  const bool interlinear_annotation = c >= 0xFFF9 && c <= 0xFFFB;  // can hide text
  const bool noncharacter =
      type == U_UNASSIGNED && u_hasBinaryProperty(c, UCHAR_NONCHARACTER_CODE_POINT);
  return interlinear_annotation || noncharacter ? Role::dropped : Role::visible;
}

class TextCleaner {
 public:
  explicit TextCleaner(TextKind kind) : kind_(kind) {}

  void add(UChar32 c) {
    const bool after_carriage_return = previous_ == kCarriageReturn;
    previous_ = c;
    if (c == '\n' && after_carriage_return) return;  // CRLF is one line break
    const Role role = role_of(c);
    if (role == Role::dropped) return;
    if (!tags_.empty() && role != Role::tag) tags_.clear();  // a flag sequence left unfinished
    switch (role) {
      case Role::visible:
        return add_visible(c);
      case Role::space:
        return add_space(c);
      case Role::line_break:
        return kind_ == TextKind::paragraphs ? add_space('\n') : add_space(' ');
      case Role::tab:
        return kind_ == TextKind::paragraphs ? add_space('\t') : add_space(' ');
      case Role::joiner:
        // Kept only between two visible characters: emoji sequences (man, ZWJ, woman, ZWJ,
        // girl), Persian words, pointed Hebrew.
        if (kind_ != TextKind::name && after_visible_ && pending_joiner_ == 0) pending_joiner_ = c;
        return;
      case Role::direction_mark:
        if (kind_ == TextKind::name || visible_end_ == 0) return;  // leading marks go
        if (pending_space_) out_ += ' ';
        pending_space_ = false;
        pending_joiner_ = 0;
        after_visible_ = selectable_ = flag_base_ = false;
        append_code_point(out_, c);
        return;
      case Role::variation_selector:
        // One selector right after the character it selects (❤ + FE0F); runs of them hide data.
        if (kind_ == TextKind::name || !selectable_ || pending_joiner_ != 0) return;
        selectable_ = false;
        append_code_point(out_, c);
        visible_end_ = out_.size();
        return;
      case Role::tag:
        return add_tag(c);
      case Role::dropped:
        return;
    }
  }

  std::string finish() {
    out_.resize(visible_end_);
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
    if (U_SUCCESS(status) && nfc->isNormalizedUTF8(out_, status)) return std::move(out_);
    std::string composed;
    icu::StringByteSink<std::string> sink(&composed, static_cast<int32_t>(out_.size()));
    if (U_SUCCESS(status)) nfc->normalizeUTF8(0, out_, sink, nullptr, status);
    if (U_FAILURE(status)) {
      throw std::runtime_error(std::string("ICU normalisation failed: ") + u_errorName(status));
    }
    return composed;
  }

 private:
  void add_visible(UChar32 c) {
    if (visible_end_ > 0) {
      if (pending_space_) out_ += ' ';
      if (pending_joiner_ != 0) append_code_point(out_, pending_joiner_);
    }
    pending_space_ = false;
    pending_joiner_ = 0;
    append_code_point(out_, c);
    visible_end_ = out_.size();
    after_visible_ = true;
    selectable_ = true;
    flag_base_ = c == kWavingBlackFlag;
  }

  void add_space(UChar32 c) {
    pending_joiner_ = 0;
    after_visible_ = false;
    selectable_ = false;
    flag_base_ = false;
    if (visible_end_ == 0) return;  // leading white space
    if (kind_ == TextKind::paragraphs) {
      append_code_point(out_, c);
    } else {
      pending_space_ = true;
    }
  }

  void add_tag(UChar32 c) {
    if (kind_ == TextKind::name || (!flag_base_ && tags_.empty())) return;
    if (c != kCancelTag) {
      append_code_point(tags_, c);
      return;
    }
    if (tags_.empty()) return;
    out_ += tags_;
    append_code_point(out_, c);
    visible_end_ = out_.size();
    tags_.clear();
    flag_base_ = false;
  }

  TextKind kind_;
  std::string out_;
  std::string tags_;        // the tags after a flag base, until their cancel tag arrives
  size_t visible_end_ = 0;  // out_'s length up to its last visible character
  UChar32 previous_ = 0;    // the previous input code point
  UChar32 pending_joiner_ = 0;
  bool pending_space_ = false;
  bool after_visible_ = false;  // the last code point kept was visible
  bool selectable_ = false;     // a variation selector may follow
  bool flag_base_ = false;      // the last code point kept was 🏴
};

}  // namespace

bool valid_utf8(std::string_view text) {
  return for_each_code_point(text, [](UChar32) {});
}

size_t utf8_length(std::string_view text) {
  size_t count = 0;
  return for_each_code_point(text, [&](UChar32) { ++count; }) ? count : text.size();
}

std::optional<std::u32string> code_points(std::string_view text) {
  std::u32string out;
  out.reserve(text.size());
  if (!for_each_code_point(text, [&](UChar32 c) { out += static_cast<char32_t>(c); })) {
    return std::nullopt;
  }
  return out;
}

std::optional<std::string> clean_text(std::string_view raw, TextKind kind) {
  TextCleaner cleaner(kind);
  if (!for_each_code_point(raw, [&](UChar32 c) { cleaner.add(c); })) return std::nullopt;
  return cleaner.finish();
}

namespace {

struct Entity {
  std::string_view name;
  std::string_view text;
};
constexpr std::array<Entity, 6> kEntities{{{"&amp;", "&"},
                                           {"&lt;", "<"},
                                           {"&gt;", ">"},
                                           {"&quot;", "\""},
                                           {"&#39;", "'"},
                                           {"&nbsp;", " "}}};

// One pass: tags and comments removed, the common entities decoded.
std::string strip_html_once(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    if (text.compare(i, 4, "<!--") == 0) {
      size_t end = text.find("-->", i + 4);
      i = end == std::string_view::npos ? text.size() : end + 3;
      continue;
    }
    // A '<' followed by a letter, '/' or '!' opens a tag; a lone '<' (as in "a < b") is text.
    if (text[i] == '<' && i + 1 < text.size() &&
        (std::isalpha(static_cast<unsigned char>(text[i + 1])) || text[i + 1] == '/' ||
         text[i + 1] == '!')) {
      size_t end = text.find('>', i + 1);
      i = end == std::string_view::npos ? text.size() : end + 1;
      continue;
    }
    if (text[i] == '&') {
      bool decoded = false;
      for (const auto& entity : kEntities) {
        if (text.compare(i, entity.name.size(), entity.name) == 0) {
          out += entity.text;
          i += entity.name.size();
          decoded = true;
          break;
        }
      }
      if (decoded) continue;
    }
    out += text[i++];
  }
  return out;
}

// Decoded entities may spell a tag again ("&lt;b&gt;"), so passes repeat until nothing changes.
// Each pass reads the whole text and decodes one level of "&amp;amp;…lt;": past a few levels
// (only ever crafted) the '<' left over go instead, so a 64 KiB frame costs a few passes, not one
// per level (15,000 levels took seconds, 450 MB of copies and 15,000 stack frames).
constexpr int kMaxHtmlPasses = 8;

}  // namespace

std::string strip_html(std::string_view text) {
  std::string out = strip_html_once(text);
  for (int pass = 1; out.find('<') != std::string::npos; ++pass) {
    if (pass == kMaxHtmlPasses) {
      std::erase(out, '<');
      break;
    }
    std::string again = strip_html_once(out);
    if (again == out) break;
    out = std::move(again);
  }
  return out;
}

std::optional<std::string> clean_text_without_html(std::string_view raw, TextKind kind) {
  auto cleaned = clean_text(raw, kind);
  if (!cleaned) return std::nullopt;
  return clean_text(strip_html(*cleaned), kind);
}

std::string collapse_spaces(std::string_view text) {
  std::string out;
  bool pending_space = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out += ' ';
    pending_space = false;
    out += c;
  }
  return out;
}

std::string to_lower_ascii(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

void append_escaped_html(std::string& out, std::string_view text) {
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
}

std::string escape_html(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  append_escaped_html(out, text);
  return out;
}

}  // namespace kesher::domain
