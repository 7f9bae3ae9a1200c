#pragma once
#include <functional>
#include <map>
#include <string>
#include <string_view>

namespace kesher::pages {

// A template's values by field name; a field is "set" when its text is not empty.
using TemplateValues = std::map<std::string, std::string, std::less<>>;

// Draws a template of the build (web/build/explorePage.ts) with `values`:
// - `{{field}}` is the field's text, HTML-escaped (a missing field is empty);
// - `{{#field}}…{{/field}}` is drawn when the field is set, `{{^field}}…{{/field}}` when it is not.
// The templates are the build's, but nothing in one can make this fail: a tag that does not
// close, or a section without its end, is copied as text.
std::string render_template(std::string_view text, const TemplateValues& values);

// JSON text made safe inside <script type="application/json">: no "<" (so no "</script>" or
// "<!--"), and no U+2028/U+2029. The JSON means the same after it.
std::string json_for_script(std::string_view json);

}  // namespace kesher::pages
