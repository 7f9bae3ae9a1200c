#include "xmpp_frames.hpp"

#include <sodium.h>

namespace kesher::bench::xmpp {

namespace {

std::string base64(std::string_view bytes) {
  std::string out(sodium_base64_ENCODED_LEN(bytes.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()),
                    bytes.size(), sodium_base64_VARIANT_ORIGINAL);
  out.resize(out.size() - 1);  // the terminating NUL sodium writes
  return out;
}

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// XML names are more permissive than this, but every character excluded here ends a name.
bool is_name_char(char c) {
  return !is_space(c) && c != '/' && c != '>' && c != '<' && c != '=' && c != '"' && c != '\'';
}

size_t skip_spaces(std::string_view text, size_t at) {
  while (at < text.size() && is_space(text[at])) ++at;
  return at;
}

std::string_view local_name(std::string_view name) {
  auto colon = name.rfind(':');
  return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

struct StartTag {
  std::string_view name;  // local name
  bool empty = false;     // <name …/>
  size_t end = 0;         // just after the tag's '>'
};

// Reads the start tag at text[at] (which must be '<') and calls on_attribute(name, value) for
// each attribute; nullopt when the tag is not well formed or is cut off.
template <class OnAttribute>
std::optional<StartTag> read_start_tag(std::string_view text, size_t at, OnAttribute on_attribute) {
  if (at >= text.size() || text[at] != '<') return std::nullopt;
  size_t i = at + 1;
  size_t name_begin = i;
  while (i < text.size() && is_name_char(text[i])) ++i;
  if (i == name_begin) return std::nullopt;
  StartTag tag;
  tag.name = local_name(text.substr(name_begin, i - name_begin));
  if (tag.name.empty()) return std::nullopt;  // "<stream:"
  for (;;) {
    i = skip_spaces(text, i);
    if (i >= text.size()) return std::nullopt;
    if (text[i] == '>') {
      tag.end = i + 1;
      return tag;
    }
    if (text[i] == '/') {
      if (i + 1 >= text.size() || text[i + 1] != '>') return std::nullopt;
      tag.empty = true;
      tag.end = i + 2;
      return tag;
    }
    size_t attribute_begin = i;
    while (i < text.size() && is_name_char(text[i])) ++i;
    if (i == attribute_begin) return std::nullopt;
    std::string_view attribute = text.substr(attribute_begin, i - attribute_begin);
    i = skip_spaces(text, i);
    if (i >= text.size() || text[i] != '=') return std::nullopt;
    i = skip_spaces(text, i + 1);
    if (i >= text.size() || (text[i] != '"' && text[i] != '\'')) return std::nullopt;
    size_t close = text.find(text[i], i + 1);
    if (close == std::string_view::npos) return std::nullopt;
    on_attribute(attribute, text.substr(i + 1, close - i - 1));
    i = close + 1;
  }
}

auto ignore_attributes = [](std::string_view, std::string_view) {};

// The first start tag named `name` (unprefixed) at or after `from`, or npos. A '<' can only open
// markup in well-formed XML (text and attribute values escape it), so a plain search is enough.
size_t find_start_tag(std::string_view text, std::string_view name, size_t from) {
  std::string pattern(1, '<');
  pattern.append(name);
  for (size_t at = text.find(pattern, from); at != std::string_view::npos;
       at = text.find(pattern, at + 1)) {
    size_t after = at + pattern.size();
    if (after < text.size() && !is_name_char(text[after])) return at;
  }
  return std::string_view::npos;
}

// The name of the first child element of the element whose start tag ends at `content`.
std::string_view first_child_name(std::string_view text, size_t content) {
  size_t at = skip_spaces(text, content);
  auto child = read_start_tag(text, at, ignore_attributes);
  return child ? child->name : std::string_view();
}

}  // namespace

std::string open_frame(std::string_view domain) {
  return "<open xmlns='urn:ietf:params:xml:ns:xmpp-framing' to='" + std::string(domain) +
         "' version='1.0'/>";
}

std::string auth_plain_frame(std::string_view user, std::string_view password) {
  std::string credentials;
  credentials += '\0';
  credentials += user;
  credentials += '\0';
  credentials += password;
  return "<auth xmlns='urn:ietf:params:xml:ns:xmpp-sasl' mechanism='PLAIN'>" + base64(credentials) +
         "</auth>";
}

std::string bind_frame(std::string_view resource) {
  return "<iq type='set' id='" + std::string(kBindId) +
         "'><bind xmlns='urn:ietf:params:xml:ns:xmpp-bind'><resource>" + std::string(resource) +
         "</resource></bind></iq>";
}

std::string presence_frame() {
  return "<presence/>";
}

std::string chat_frame(std::string_view to, std::string_view id, std::string_view body) {
  std::string frame;
  frame.reserve(64 + to.size() + id.size() + body.size());
  frame += "<message to='";
  frame += to;
  frame += "' type='chat' id='";
  frame += id;
  frame += "'><body>";
  frame += body;
  frame += "</body></message>";
  return frame;
}

std::string ping_frame(std::string_view id) {
  return "<iq type='get' id='" + std::string(id) + "'><ping xmlns='urn:xmpp:ping'/></iq>";
}

std::optional<Stanza> parse_stanza(std::string_view frame) {
  size_t at = skip_spaces(frame, 0);
  if (frame.substr(at, 5) == "<?xml") {
    size_t declaration_end = frame.find("?>", at);
    if (declaration_end == std::string_view::npos) return std::nullopt;
    at = skip_spaces(frame, declaration_end + 2);
  }
  Stanza stanza;
  auto top = read_start_tag(frame, at, [&stanza](std::string_view name, std::string_view value) {
    if (name == "type") stanza.type = value;
    if (name == "id") stanza.id = value;
  });
  if (!top) return std::nullopt;
  stanza.name = top->name;
  if (top->empty) return stanza;

  // Only the children matter from here; a child that is cut off leaves its field empty.
  if (size_t body = find_start_tag(frame, "body", top->end); body != std::string_view::npos) {
    auto tag = read_start_tag(frame, body, ignore_attributes);
    if (tag && !tag->empty) {
      size_t close = frame.find("</body>", tag->end);
      if (close != std::string_view::npos) stanza.body = frame.substr(tag->end, close - tag->end);
    }
  }
  if (stanza.name == "error") {  // <stream:error><not-authorized …/></stream:error>
    stanza.error_condition = first_child_name(frame, top->end);
  } else if (size_t error = find_start_tag(frame, "error", top->end);
             error != std::string_view::npos) {
    auto tag = read_start_tag(frame, error, ignore_attributes);
    if (tag && !tag->empty) stanza.error_condition = first_child_name(frame, tag->end);
  }
  return stanza;
}

}  // namespace kesher::bench::xmpp
