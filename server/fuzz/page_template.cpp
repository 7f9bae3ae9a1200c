// The pre-rendered /explore's template language (pages/template.hpp) and its JSON for a script
// element: the templates are the build's, but the values are members' names, bios and cities.
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "pages/explore_page.hpp"
#include "pages/template.hpp"

using namespace kesher;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  // The first line is a template, the rest a value.
  size_t newline = input.find('\n');
  std::string_view text = input.substr(0, newline);
  std::string_view value = newline == std::string_view::npos ? "" : input.substr(newline + 1);
  pages::TemplateValues values{{"a", std::string(value)}, {"b", ""}};

  std::string drawn = pages::render_template(text, values);
  if (text.find("{{") == std::string_view::npos) FUZZ_CHECK(drawn == text);

  // A value never comes out with markup of its own.
  std::string field = pages::render_template("{{a}}", values);
  FUZZ_CHECK(field.find_first_of("<>\"'") == std::string::npos);

  FUZZ_CHECK(pages::json_for_script(input).find('<') == std::string::npos);

  pages::render_explore_page(input, {{values}, std::string(value)});
  return 0;
}
