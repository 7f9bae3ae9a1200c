#pragma once
#include <optional>
#include <string>
#include <string_view>

// Text that members type. Unicode handling (UTF-8 validity, character properties, normalisation)
// is ICU's; the rules here only decide what each kind of field keeps (docs/decisions/0004).
namespace kesher::domain {

bool valid_utf8(std::string_view text);
size_t utf8_length(std::string_view text);  // code points; invalid input counts bytes
// The code points of UTF-8 text, or nullopt when it is not valid UTF-8.
std::optional<std::u32string> code_points(std::string_view text);

enum class TextKind {
  name,        // one line and nothing invisible at all: a name is letters and spaces
  line,        // one line of running text, such as a report reason
  paragraphs,  // running text that keeps its line breaks and tabs: a bio, a chat message
};

// The one gate every piece of member-typed text passes before it is stored. Returns nullopt when
// `raw` is not valid UTF-8; otherwise the text in NFC with
// - control characters (C0, DEL, C1) removed; line breaks (LF, CRLF, CR, NEL, U+2028/9) become
//   "\n" in paragraphs and a space elsewhere, and tabs stay in paragraphs;
// - bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) removed, and every
//   other default-ignorable (invisible) code point: zero-width space, word joiner, BOM, soft
//   hyphen, Hangul fillers, invisible operators, interlinear annotations, noncharacters;
// - kept where running text needs them (never in a name): zero-width (non-)joiners between two
//   visible characters (emoji sequences, Persian, Indic), one variation selector after a visible
//   character (❤ + U+FE0F), tag characters inside an emoji flag sequence (🏴 + tags + cancel
//   tag), the direction marks LRM, RLM and ALM inside the text;
// - white space trimmed at both ends (with direction marks), and collapsed to single spaces in
//   one-line kinds.
// Combining marks (Hebrew niqqud, accents) are letters' business and always stay.
std::optional<std::string> clean_text(std::string_view raw, TextKind kind);

// Removes every HTML tag and comment and decodes the common entities, so that stored user text is
// plain text (spec §5: "Bio is stripped of all HTML").
std::string strip_html(std::string_view text);

// &, <, >, " and ' as character references: safe in HTML text and in quoted attribute values (the
// pages the server writes itself: the sandbox checkout, the pre-rendered /explore).
void append_escaped_html(std::string& out, std::string_view text);
std::string escape_html(std::string_view text);

// clean_text for text that must hold no HTML (a bio, a report's reason): cleaned, stripped of HTML,
// and cleaned again. Cleaning first matters: an invisible or control character between '<' and a
// letter hides a tag from strip_html, and cleaning after it alone would bring the tag back.
std::optional<std::string> clean_text_without_html(std::string_view raw, TextKind kind);

// Trims and collapses runs of ASCII white space to one space.
std::string collapse_spaces(std::string_view text);

std::string to_lower_ascii(std::string_view text);

}  // namespace kesher::domain
