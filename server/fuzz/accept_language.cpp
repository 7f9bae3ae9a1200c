// The Accept-Language header of a socket upgrade picks the language of a guest's geodata.
#include <cstdint>
#include <string_view>

#include "domain/language.hpp"
#include "domain/text.hpp"
#include "fuzz_check.hpp"

using namespace kesher;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view header(reinterpret_cast<const char*>(data), size);
  domain::Language language = domain::language_from_accept(header);
  std::string_view code = domain::language_code(language);
  FUZZ_CHECK(domain::parse_language(code) == language);

  // The first entry decides when it names a supported language.
  std::string_view first = header.substr(0, header.find(','));
  first.remove_prefix(std::min(first.find_first_not_of(' '), first.size()));
  std::string prefix = domain::to_lower_ascii(first.substr(0, 2));
  if (prefix == "en" || prefix == "de" || prefix == "he") FUZZ_CHECK(code == prefix);
  if (prefix == "iw") FUZZ_CHECK(language == domain::Language::he);

  domain::parse_language(header);  // the same codes arrive from clients as plain strings
  return 0;
}
