#include "domain/content_negotiation.hpp"

#include <algorithm>
#include <array>
#include <optional>

namespace kesher::domain {

namespace {

bool is_ows(char c) {
  return c == ' ' || c == '\t';
}

std::string_view trim_ows(std::string_view text) {
  while (!text.empty() && is_ows(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_ows(text.back())) text.remove_suffix(1);
  return text;
}

// RFC 9110 §5.6.2: tchar.
bool is_tchar(char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
  constexpr std::string_view kSymbols = "!#$%&'*+-.^_`|~";
  return kSymbols.find(c) != std::string_view::npos;
}

bool is_token(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), is_tchar);
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           auto lower = [](char c) {
             return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
           };
           return lower(x) == lower(y);
         });
}

// qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ), in thousandths.
std::optional<int> parse_qvalue(std::string_view text) {
  if (text.empty() || (text[0] != '0' && text[0] != '1')) return std::nullopt;
  int whole = text[0] - '0';
  text.remove_prefix(1);
  if (text.empty()) return whole * 1000;
  if (text[0] != '.' || text.size() > 4) return std::nullopt;
  text.remove_prefix(1);
  int thousandths = 0;
  int scale = 100;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    thousandths += (c - '0') * scale;
    scale /= 10;
  }
  if (whole == 1 && thousandths != 0) return std::nullopt;
  return whole * 1000 + thousandths;
}

// weight = OWS ";" OWS "q=" qvalue, with the ";" already taken off.
std::optional<int> parse_weight(std::string_view text) {
  text = trim_ows(text);
  if (text.size() < 2 || (text[0] != 'q' && text[0] != 'Q') || text[1] != '=') return std::nullopt;
  return parse_qvalue(text.substr(2));
}

// The weight the header gives a coding: nullopt when it does not name it, 0 when it refuses it.
struct Weights {
  std::optional<int> gzip, br, identity, any;

  static void lower_to(std::optional<int>& slot, int weight) {
    // A coding named twice keeps its lower weight: a refusal is never overridden.
    slot = slot ? std::min(*slot, weight) : weight;
  }
};

Weights parse_accept_encoding(std::string_view header) {
  Weights weights;
  while (!header.empty()) {
    size_t comma = header.find(',');
    std::string_view element = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
    size_t semicolon = element.find(';');
    std::string_view coding = trim_ows(element.substr(0, semicolon));
    if (!is_token(coding)) continue;  // an empty list element, or not a coding at all
    int weight = 1000;
    if (semicolon != std::string_view::npos)
      weight = parse_weight(element.substr(semicolon + 1)).value_or(0);
    if (iequals(coding, "br")) {
      Weights::lower_to(weights.br, weight);
    } else if (iequals(coding, "gzip") || iequals(coding, "x-gzip")) {
      Weights::lower_to(weights.gzip, weight);
    } else if (iequals(coding, "identity")) {
      Weights::lower_to(weights.identity, weight);
    } else if (coding == "*") {
      Weights::lower_to(weights.any, weight);
    }
  }
  return weights;
}

}  // namespace

std::string_view coding_name(ContentCoding coding) {
  switch (coding) {
    case ContentCoding::gzip:
      return "gzip";
    case ContentCoding::br:
      return "br";
    case ContentCoding::identity:
      break;
  }
  return "identity";
}

ContentCoding choose_content_coding(std::string_view accept_encoding, AvailableCodings available) {
  Weights weights = parse_accept_encoding(accept_encoding);
  // Ranks: a named weight is 1..1000 (0 refuses); identity that no entry covers ranks 0, below
  // every coding the header names, and -1 is not acceptable.
  auto rank = [&](const std::optional<int>& named) {
    std::optional<int> weight = named ? named : weights.any;
    return weight ? (*weight > 0 ? *weight : -1) : -1;
  };
  int identity_rank = (weights.identity || weights.any) ? rank(weights.identity) : 0;
  const std::array<std::pair<ContentCoding, int>, 3> candidates{{
      {ContentCoding::br, available.br ? rank(weights.br) : -1},
      {ContentCoding::gzip, available.gzip ? rank(weights.gzip) : -1},
      {ContentCoding::identity, identity_rank},
  }};
  ContentCoding best = ContentCoding::identity;
  int best_rank = -1;
  for (const auto& [coding, candidate_rank] : candidates) {
    if (candidate_rank > best_rank) {
      best = coding;
      best_rank = candidate_rank;
    }
  }
  return best;
}

bool if_none_match_holds(std::string_view if_none_match, std::string_view etag) {
  auto opaque = [](std::string_view tag) { return tag.substr(0, 2) == "W/" ? tag.substr(2) : tag; };
  std::string_view wanted = opaque(etag);
  std::string_view rest = trim_ows(if_none_match);
  if (rest == "*") return true;
  // #entity-tag, where entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE: commas may sit inside quotes.
  while (!rest.empty()) {
    if (rest.front() == ',' || is_ows(rest.front())) {
      rest.remove_prefix(1);
      continue;
    }
    if (rest.substr(0, 2) == "W/") rest.remove_prefix(2);
    if (rest.empty() || rest.front() != '"') return false;
    size_t close = rest.find('"', 1);
    if (close == std::string_view::npos) return false;
    for (char c : rest.substr(1, close - 1)) {
      auto byte = static_cast<unsigned char>(c);
      if (byte < 0x21 || byte == 0x7F) return false;  // etagc: no controls, spaces or DEL
    }
    if (rest.substr(0, close + 1) == wanted) return true;
    rest.remove_prefix(close + 1);
  }
  return false;
}

}  // namespace kesher::domain
