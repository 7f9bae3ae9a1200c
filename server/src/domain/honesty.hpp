#pragma once
#include <string>
#include <string_view>

// What an operator writes as a persona never arranges a real meeting and never passes a way to
// reach anyone outside Kesher (docs/decisions/0010-honesty-rules.md). The server checks every
// operator text with this before it is stored; the console only shows the refusal.
namespace kesher::domain::honesty {

enum class Breach { none, phone, email, url, meeting };

inline constexpr size_t kMaxMatchBytes = 64;

struct Verdict {
  Breach breach = Breach::none;
  // The offending part of the text as written (the span from its first to its last character,
  // cut to kMaxMatchBytes at a character boundary), for the console to highlight; valid UTF-8,
  // empty when there is no breach.
  std::string match;
};

// The first breach in the order phone, email, url, meeting; within one kind, the earliest in the
// text. The text is matched after NFKC case folding, with invisible characters, combining marks
// (niqqud) and repeated white space removed, digits of any script read as digits and letters
// spaced out one by one ("m e e t") read as a word. Throws nothing but std::bad_alloc; linear in
// the text's length.
// Text that is not valid UTF-8 is read with each ill-formed byte as U+FFFD.
Verdict check_operator_text(std::string_view text);

// "contact_phone", "contact_email", "contact_url", "meeting_arrangement"; "" for none.
std::string_view breach_code(Breach breach);

}  // namespace kesher::domain::honesty
