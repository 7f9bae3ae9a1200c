#include "pages/template.hpp"

#include "domain/text.hpp"

namespace kesher::pages {

namespace {

constexpr std::string_view kOpen = "{{";
constexpr std::string_view kClose = "}}";

bool is_set(const TemplateValues& values, std::string_view field) {
  auto it = values.find(field);
  return it != values.end() && !it->second.empty();
}

// Where the section `name` that opens before `from` ends: the position of its "{{/name}}", with
// sections of the same name inside it skipped; npos when it does not end.
size_t section_end(std::string_view text, size_t from, std::string_view name) {
  int depth = 0;
  size_t at = from;
  while ((at = text.find(kOpen, at)) != std::string_view::npos) {
    size_t close = text.find(kClose, at + kOpen.size());
    if (close == std::string_view::npos) return std::string_view::npos;
    std::string_view tag = text.substr(at + kOpen.size(), close - at - kOpen.size());
    if (tag.size() > 1 && tag.substr(1) == name) {
      if (tag[0] == '#' || tag[0] == '^') {
        ++depth;
      } else if (tag[0] == '/') {
        if (depth == 0) return at;
        --depth;
      }
    }
    at = close + kClose.size();
  }
  return std::string_view::npos;
}

void render_into(std::string& out, std::string_view text, const TemplateValues& values) {
  size_t at = 0;
  while (at < text.size()) {
    size_t open = text.find(kOpen, at);
    if (open == std::string_view::npos) break;
    size_t close = text.find(kClose, open + kOpen.size());
    if (close == std::string_view::npos) break;
    out.append(text.substr(at, open - at));
    std::string_view tag = text.substr(open + kOpen.size(), close - open - kOpen.size());
    size_t after = close + kClose.size();
    if (!tag.empty() && (tag[0] == '#' || tag[0] == '^')) {
      std::string_view name = tag.substr(1);
      size_t end = section_end(text, after, name);
      if (end == std::string_view::npos) {
        out.append(text.substr(open, after - open));  // an opening without its end: as text
        at = after;
        continue;
      }
      if (is_set(values, name) == (tag[0] == '#')) {
        render_into(out, text.substr(after, end - after), values);
      }
      at = end + kOpen.size() + 1 + name.size() + kClose.size();
    } else if (!tag.empty() && tag[0] == '/') {
      out.append(text.substr(open, after - open));  // an end without its opening: as text
      at = after;
    } else {
      auto it = values.find(tag);
      if (it != values.end()) domain::append_escaped_html(out, it->second);
      at = after;
    }
  }
  out.append(text.substr(std::min(at, text.size())));
}

}  // namespace

std::string render_template(std::string_view text, const TemplateValues& values) {
  std::string out;
  out.reserve(text.size() + 256);
  render_into(out, text, values);
  return out;
}

std::string json_for_script(std::string_view json) {
  std::string out;
  out.reserve(json.size() + 16);
  for (size_t i = 0; i < json.size(); ++i) {
    char c = json[i];
    if (c == '<') {
      out += "\\u003c";  // only inside strings: "<" is no JSON token of its own
    } else if (c == '\xE2' && i + 2 < json.size() && json[i + 1] == '\x80' &&
               (json[i + 2] == '\xA8' || json[i + 2] == '\xA9')) {
      out += json[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace kesher::pages
