#include "pages/explore_page.hpp"

namespace kesher::pages {

namespace {

constexpr std::string_view kCardOpen = "<template data-kesher-card>";
constexpr std::string_view kCardClose = "</template>";
constexpr std::string_view kDeckOpen = "<!--kesher:deck-->";
constexpr std::string_view kDeckClose = "<!--/kesher:deck-->";
constexpr std::string_view kFirstCards = "<!--kesher:first-cards-->";

struct Span {
  size_t begin;
  size_t end;  // one past the last character
};

// The text from `open` to `close`, both included, at or after `from`.
std::optional<Span> find_span(std::string_view page, std::string_view open, std::string_view close,
                              size_t from = 0) {
  size_t begin = page.find(open, from);
  if (begin == std::string_view::npos) return std::nullopt;
  size_t end = page.find(close, begin + open.size());
  if (end == std::string_view::npos) return std::nullopt;
  return Span{begin, end + close.size()};
}

}  // namespace

std::string render_explore_page(std::string_view page, const ExploreScreen& screen) {
  auto deck = find_span(page, kDeckOpen, kDeckClose);
  auto card = deck ? find_span(page, kCardOpen, kCardClose, deck->end) : std::nullopt;
  size_t first_cards = card ? page.find(kFirstCards, card->end) : std::string_view::npos;
  if (!deck || !card || first_cards == std::string_view::npos) return std::string(page);

  std::string_view card_template =
      page.substr(card->begin + kCardOpen.size(),
                  card->end - kCardClose.size() - card->begin - kCardOpen.size());
  std::string out;
  out.reserve(page.size() + screen.people_json.size() + screen.cards.size() * 2048);
  out.append(page.substr(0, deck->begin));
  if (screen.cards.empty()) {
    // Nobody to show: the loading card stays until the app has asked again.
    out.append(page.substr(deck->begin + kDeckOpen.size(),
                           deck->end - kDeckClose.size() - deck->begin - kDeckOpen.size()));
  } else {
    for (const auto& values : screen.cards) out.append(render_template(card_template, values));
  }
  out.append(page.substr(deck->end, card->begin - deck->end));
  out.append(page.substr(card->end, first_cards - card->end));
  out.append(R"(<script type="application/json" id="kesher-first-cards">)");
  out.append(json_for_script(screen.people_json));
  out.append("</script>");
  out.append(page.substr(first_cards + kFirstCards.size()));
  return out;
}

}  // namespace kesher::pages
