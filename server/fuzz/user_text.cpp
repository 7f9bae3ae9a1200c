// Free text members send: chat messages (chat::check_text), the bio (check_bio), a report's
// reason, the client_id of a send and the comma-separated ids of message/read
// (chat::parse_message_ids), and the text gate under them all (domain/text.cpp: clean_text,
// strip_html, the UTF-8 helpers).
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "domain/chat.hpp"
#include "domain/text.hpp"
#include "domain/validation.hpp"
#include "fuzz_check.hpp"

using namespace kesher;
using domain::TextKind;
namespace chat = domain::chat;

namespace {

bool opens_tag(std::string_view text, size_t at) {
  return text[at] == '<' && at + 1 < text.size() &&
         (std::isalpha(static_cast<unsigned char>(text[at + 1])) || text[at + 1] == '/' ||
          text[at + 1] == '!');
}

void check_no_html(std::string_view text) {
  for (size_t at = 0; at < text.size(); ++at) FUZZ_CHECK(!opens_tag(text, at));
}

void check_clean_text(std::string_view raw, TextKind kind) {
  auto cleaned = domain::clean_text(raw, kind);
  FUZZ_CHECK(cleaned.has_value() == domain::valid_utf8(raw));
  if (!cleaned) return;
  auto points = domain::code_points(*cleaned);
  FUZZ_CHECK(points.has_value());
  FUZZ_CHECK(cleaned->size() <= raw.size() * 3);  // NFC composes more often than it expands
  for (char32_t c : *points) {
    FUZZ_CHECK(c >= 0x20 || (kind == TextKind::paragraphs && (c == U'\n' || c == U'\t')));
    FUZZ_CHECK(c != 0x7F && !(c >= 0x80 && c < 0xA0));  // DEL and C1 controls
    FUZZ_CHECK(!(c >= 0x202A && c <= 0x202E) && !(c >= 0x2066 && c <= 0x2069));  // bidi controls
  }
  if (!points->empty()) {
    FUZZ_CHECK(points->front() != U' ' && points->back() != U' ');
    if (kind != TextKind::paragraphs) {
      FUZZ_CHECK(cleaned->find("  ") == std::string::npos);
    }
  }
  // A stored text passes the gate again unchanged.
  FUZZ_CHECK(domain::clean_text(*cleaned, kind) == cleaned);
}

void check_message_text(std::string_view raw) {
  auto checked = chat::check_text(raw);
  if (!checked.error.empty()) {
    FUZZ_CHECK(checked.text.empty());
    return;
  }
  FUZZ_CHECK(!checked.text.empty());
  FUZZ_CHECK(domain::utf8_length(checked.text) <= chat::kMaxTextLength);
  auto again = chat::check_text(checked.text);
  FUZZ_CHECK(again.error.empty() && again.text == checked.text);
}

void check_bio(std::string_view raw) {
  auto bio = domain::check_bio(raw);
  if (!bio) return;
  FUZZ_CHECK(domain::valid_utf8(*bio.value));
  FUZZ_CHECK(domain::utf8_length(*bio.value) <= domain::kBioMaxLength);
  // Spec §5: no HTML survives, not even a tag spelled with entities.
  check_no_html(*bio.value);
  FUZZ_CHECK(bio.value->find("<!--") == std::string::npos);
}

void check_report_reason(std::string_view raw) {  // modules/social_module.cpp
  auto reason = domain::clean_text_without_html(raw, TextKind::line);
  if (reason) check_no_html(*reason);
}

void check_read_ids(std::string_view raw) {
  auto ids = chat::parse_message_ids(raw);
  FUZZ_CHECK(ids.size() <= chat::kMaxReadIds);
  for (size_t i = 0; i < ids.size(); ++i) {
    FUZZ_CHECK(ids[i] > 0);
    FUZZ_CHECK(std::find(ids.begin() + static_cast<std::ptrdiff_t>(i) + 1, ids.end(), ids[i]) ==
               ids.end());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view raw(reinterpret_cast<const char*>(data), size);
  auto points = domain::code_points(raw);
  FUZZ_CHECK(points.has_value() == domain::valid_utf8(raw));
  FUZZ_CHECK(domain::utf8_length(raw) == (points ? points->size() : raw.size()));
  for (TextKind kind : {TextKind::name, TextKind::line, TextKind::paragraphs}) {
    check_clean_text(raw, kind);
  }
  check_message_text(raw);
  check_bio(raw);
  check_report_reason(raw);
  check_read_ids(raw);
  std::string collapsed = domain::collapse_spaces(raw);
  FUZZ_CHECK(collapsed.size() <= raw.size());
  if (chat::valid_client_id(raw)) {
    FUZZ_CHECK(!raw.empty() && raw.size() <= chat::kMaxClientIdLength);
    FUZZ_CHECK(raw.find(':') == std::string_view::npos);  // it is part of a ledger key
  }
  return 0;
}
