// What an operator writes as a persona (domain/honesty.cpp, check_operator_text): the rules that
// find phone numbers, email addresses, links, contact apps and proposals to meet read hostile
// text through ICU normalisation, their own word splitting and spelled-out letter joining.
#include <cstdint>
#include <string>
#include <string_view>

#include "domain/chat.hpp"
#include "domain/honesty.hpp"
#include "domain/text.hpp"
#include "fuzz_check.hpp"

using namespace kesher;
namespace honesty = domain::honesty;

namespace {

void check_verdict(const honesty::Verdict& verdict, std::string_view text) {
  const bool breach = verdict.breach != honesty::Breach::none;
  FUZZ_CHECK(breach == !honesty::breach_code(verdict.breach).empty());
  FUZZ_CHECK(verdict.match.size() <= honesty::kMaxMatchBytes);
  FUZZ_CHECK(domain::valid_utf8(verdict.match));
  if (!breach) {
    FUZZ_CHECK(verdict.match.empty());
    return;
  }
  FUZZ_CHECK(!verdict.match.empty());
  // The excerpt is a piece of the text as written, so the console can find and highlight it.
  if (domain::valid_utf8(text)) FUZZ_CHECK(text.find(verdict.match) != std::string_view::npos);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view raw(reinterpret_cast<const char*>(data), size);
  // Raw bytes first (the function promises not to trust its caller), then what a handler passes:
  // the text after the chat gate.
  const auto verdict = honesty::check_operator_text(raw);
  check_verdict(verdict, raw);
  const auto checked = domain::chat::check_text(raw);
  if (checked.error.empty()) {
    const auto gated = honesty::check_operator_text(checked.text);
    check_verdict(gated, checked.text);
    // The same text decides the same way every time.
    const auto again = honesty::check_operator_text(checked.text);
    FUZZ_CHECK(again.breach == gated.breach && again.match == gated.match);
  }
  return 0;
}
