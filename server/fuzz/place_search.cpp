// search_location: a member's typing goes through collapse_spaces and the length rule of
// modules/account_module.cpp, then PlaceIndex::search normalises it (UTF-8 decoding, Latin folding,
// Hebrew niqqud and final forms) and ranks the matches. Raw bytes go to search() directly as well.
#include <cstdint>
#include <set>
#include <string_view>

#include "domain/places.hpp"
#include "domain/text.hpp"
#include "fuzz_check.hpp"
#include "sample_places.hpp"

using namespace kesher;
using domain::Language;

namespace {

constexpr size_t kMaxSearchLength = 64;  // modules/account_module.cpp

void check_suggestions(const domain::PlaceIndex& index, std::string_view query, Language language,
                       size_t limit) {
  auto suggestions = index.search(query, language, limit);
  FUZZ_CHECK(suggestions.size() <= limit);
  std::set<int64_t> seen;
  for (const auto& suggestion : suggestions) {
    FUZZ_CHECK(index.find(suggestion.place_id) != nullptr);
    FUZZ_CHECK(seen.insert(suggestion.place_id).second);
    FUZZ_CHECK(!suggestion.description.empty());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const domain::PlaceIndex index = domain::PlaceIndex::from_places(sample_places());
  if (size == 0) return 0;
  // The first byte picks the language and the number of suggestions.
  auto language = static_cast<Language>(data[0] % 3);
  size_t limit = data[0] / 3 % 12;
  std::string_view raw(reinterpret_cast<const char*>(data + 1), size - 1);

  check_suggestions(index, raw, language, limit);
  std::string query = domain::collapse_spaces(raw);
  size_t length = domain::utf8_length(query);
  if (length >= 1 && length <= kMaxSearchLength) check_suggestions(index, query, language, 10);
  return 0;
}
