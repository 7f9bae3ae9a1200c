#include "domain/text.hpp"

#include <array>
#include <cctype>

namespace kesher::domain {

bool decode_utf8(std::string_view text, std::vector<char32_t>& out) {
  out.clear();
  size_t i = 0;
  while (i < text.size()) {
    auto byte = static_cast<unsigned char>(text[i]);
    char32_t cp;
    int extra;
    if (byte < 0x80) {
      cp = byte;
      extra = 0;
    } else if ((byte & 0xE0) == 0xC0) {
      cp = byte & 0x1F;
      extra = 1;
    } else if ((byte & 0xF0) == 0xE0) {
      cp = byte & 0x0F;
      extra = 2;
    } else if ((byte & 0xF8) == 0xF0) {
      cp = byte & 0x07;
      extra = 3;
    } else {
      return false;
    }
    if (extra > 0 && i + extra >= text.size()) return false;
    for (int k = 1; k <= extra; ++k) {
      auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (next & 0x3F);
    }
    static constexpr std::array<char32_t, 4> kMinimum{0, 0x80, 0x800, 0x10000};
    if (cp < kMinimum[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    out.push_back(cp);
    i += extra + 1;
  }
  return true;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

size_t utf8_length(std::string_view text) {
  std::vector<char32_t> cps;
  return decode_utf8(text, cps) ? cps.size() : text.size();
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

}  // namespace

std::string strip_html(std::string_view text) {
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
  // Decoded entities may have formed a tag again ("&lt;b&gt;"): strip until stable.
  if (out.find('<') != std::string::npos && out != text) return strip_html(out);
  return out;
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

}  // namespace kesher::domain
