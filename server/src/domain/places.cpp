#include "domain/places.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <exception>
#include <fstream>
#include <limits>
#include <memory>
#include <sstream>
#include <stdexcept>

#include <unicode/locid.h>
#include <unicode/translit.h>
#include <unicode/uchar.h>
#include <unicode/uniset.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

namespace kesher::domain {
namespace {

// ---------------------------------------------------------------------------------------------
// Search normalisation. Names and queries go through the same function, so whatever it folds
// together ("Ü"/"ü"/"u", "קריית"/"קרית", "Ra'anana"/"Raanana") matches either way round.
//
// ICU does the Unicode work: compatibility decomposition, removing combining marks (accents, the
// macron of "H̱olon", Hebrew niqqud and cantillation), Latin-ASCII (ß→ss, ø→o, ł→l, “”→") and
// lower case. What ICU has no rule for stays here: which characters separate words, apostrophes
// (joined or split), and Hebrew spelling variants (final letter forms, doubled yod and vav).

// GeoNames writes ayin and hamza as apostrophes ("Rosh Ha‘Ayin"); people type the name with the
// apostrophe, without it, or with a space, so names are indexed both joined and split.
enum class Apostrophes { join, split };

// Characters that mean an apostrophe in place names but that Latin-ASCII leaves alone or turns
// into a space: the modifier letters GeoNames uses for ayin and hamza (ʾ ʿ), the acute accent (´),
// Hebrew geresh and gershayim (ג׳, חב״ד).
constexpr const char* kSearchFoldRules =
    ":: [^\\u0000-\\u007F] ;"  // ASCII needs none of this (lower case is done below)
    "[\\u02B9-\\u02BF \\u00B4 \\u05F3 \\u05F4] > \\' ;"
    ":: NFKD ; :: [:Nonspacing Mark:] Remove ; :: Latin-ASCII ; :: Lower ;";

struct Folders {
  std::unique_ptr<icu::Transliterator> search_fold;
  std::unique_ptr<icu::Transliterator> german;  // de-ASCII: ä→ae, ö→oe, ü→ue (then Latin-ASCII)
  // Text made only of these needs no transliteration: ASCII and plain Hebrew letters, most of what
  // is typed into the search box (places_test checks each Hebrew letter both ways).
  icu::UnicodeSet untouched;
  icu::UnicodeSet umlauts;
};

void check_icu(UErrorCode status, const char* what) {
  if (U_FAILURE(status)) {
    throw std::runtime_error(std::string("ICU ") + what + ": " + u_errorName(status));
  }
}

// Created once; transliterating is not thread-safe, so each thread works on its own clones.
const Folders& shared_folders() {
  static const Folders folders = [] {
    Folders made;
    UErrorCode status = U_ZERO_ERROR;
    UParseError parse_error;
    made.search_fold.reset(icu::Transliterator::createFromRules(
        "kesher-search-fold", icu::UnicodeString::fromUTF8(kSearchFoldRules), UTRANS_FORWARD,
        parse_error, status));
    check_icu(status, "search fold rules");
    made.german.reset(icu::Transliterator::createInstance("de-ASCII", UTRANS_FORWARD, status));
    check_icu(status, "de-ASCII transliterator");
    made.untouched.applyPattern(
        icu::UnicodeString::fromUTF8(
            "[[\\u0000-\\u007F][[:Script=Hebrew:]&[:Letter:]&[:NFKD_Inert:]]]"),
        status);
    made.umlauts.applyPattern(icu::UnicodeString::fromUTF8("[äöüÄÖÜ\\u0308]"), status);
    check_icu(status, "character sets");
    made.untouched.freeze();
    made.umlauts.freeze();
    return made;
  }();
  return folders;
}

struct ThreadFolders {
  std::unique_ptr<icu::Transliterator> search_fold{shared_folders().search_fold->clone()};
  std::unique_ptr<icu::Transliterator> german{shared_folders().german->clone()};
};

ThreadFolders& thread_folders() {
  thread_local ThreadFolders folders;
  return folders;
}

bool contains_only(const icu::UnicodeSet& set, std::string_view text) {
  return set.spanUTF8(text.data(), static_cast<int32_t>(text.size()), USET_SPAN_CONTAINED) ==
         static_cast<int32_t>(text.size());
}

bool contains_any(const icu::UnicodeSet& set, std::string_view text) {
  return set.spanUTF8(text.data(), static_cast<int32_t>(text.size()), USET_SPAN_NOT_CONTAINED) <
         static_cast<int32_t>(text.size());
}

// ICU's part of the folding; ill-formed UTF-8 comes out as U+FFFD, which separates words.
// German users without an umlaut key type "Muenchen" for "München": with `german_umlauts`, ICU's
// CLDR transform de-ASCII spells umlauts that way first (the index holds both spellings).
std::string fold(std::string_view text, bool german_umlauts = false) {
  const Folders& shared = shared_folders();
  if (!german_umlauts && contains_only(shared.untouched, text)) return std::string(text);
  ThreadFolders& folders = thread_folders();
  auto unicode = icu::UnicodeString::fromUTF8(
      icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
  if (german_umlauts) folders.german->transliterate(unicode);
  folders.search_fold->transliterate(unicode);
  std::string out;
  unicode.toUTF8String(out);
  return out;
}

bool is_apostrophe(UChar32 c) {
  return c == '\'' || c == '"' || c == '`';  // what the fold leaves of every apostrophe
}

bool is_word_character(UChar32 c) {
  const auto category = U_GET_GC_MASK(c);
  return (category & (U_GC_L_MASK | U_GC_M_MASK | U_GC_N_MASK)) != 0;
}

UChar32 hebrew_without_final_form(UChar32 c) {
  switch (c) {
    case U'ך':
      return U'כ';
    case U'ם':
      return U'מ';
    case U'ן':
      return U'נ';
    case U'ף':
      return U'פ';
    case U'ץ':
      return U'צ';
    case U'װ':  // Yiddish double vav; doubled vav collapses anyway
      return U'ו';
    case U'ײ':
      return U'י';
    default:
      return c;
  }
}

// Hebrew spells the same name with and without an extra yod or vav (קרית / קריית, תקוה / תקווה).
bool is_doubled_hebrew_mater(UChar32 c, UChar32 previous) {
  return (c == U'י' || c == U'ו') && c == previous;
}

// Splits folded text into words of lower-case letters and digits, one space apart.
class WordJoiner {
 public:
  explicit WordJoiner(Apostrophes apostrophes) : apostrophes_(apostrophes) {}

  std::string run(std::string_view folded) {
    const auto* bytes = reinterpret_cast<const uint8_t*>(folded.data());
    for (size_t i = 0; i < folded.size();) {
      UChar32 c;
      U8_NEXT(bytes, i, folded.size(), c);
      add(c);
    }
    return std::move(out_);
  }

 private:
  void add(UChar32 c) {
    if (c < 0) return separate();  // ill-formed UTF-8
    if (c >= 'A' && c <= 'Z') c += 'a' - 'A';
    if (is_apostrophe(c)) {
      if (apostrophes_ == Apostrophes::split) separate();
      return;
    }
    if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) return;  // RLM, ZWJ …
    if (!is_word_character(c)) return separate();  // spaces, hyphens, maqaf, dots, brackets
    c = hebrew_without_final_form(c);
    if (is_doubled_hebrew_mater(c, previous_)) return;
    if (space_pending_) out_ += ' ';
    space_pending_ = false;
    char buffer[U8_MAX_LENGTH];
    size_t length = 0;
    U8_APPEND_UNSAFE(buffer, length, c);
    out_.append(buffer, length);
    previous_ = c;
  }

  void separate() {
    space_pending_ = !out_.empty();
    previous_ = 0;
  }

  Apostrophes apostrophes_;
  std::string out_;
  bool space_pending_ = false;
  UChar32 previous_ = 0;
};

std::string join_words(std::string_view folded, Apostrophes apostrophes = Apostrophes::join) {
  return WordJoiner(apostrophes).run(folded);
}

bool has_umlaut(std::string_view text) {
  return contains_any(shared_folders().umlauts, text);
}

// ---------------------------------------------------------------------------------------------
// Ranking

struct Candidate {
  uint32_t place_index;
  uint32_t population;
  bool is_word_match;
};

bool ranks_before(const Candidate& a, const Candidate& b) {
  if (a.is_word_match != b.is_word_match) return !a.is_word_match;
  if (a.population != b.population) return a.population > b.population;
  return a.place_index < b.place_index;
}

// The best `limit` distinct places seen so far, best first. Short queries ("a") match tens of
// thousands of keys, so most candidates must be rejected with one comparison and no allocation.
class BestMatches {
 public:
  explicit BestMatches(size_t limit) : limit_(limit) { best_.reserve(std::min<size_t>(limit, 64)); }

  void offer(const Candidate& candidate) {
    if (best_.size() == limit_ && !ranks_before(candidate, best_.back())) return;
    const auto same_place = std::find_if(best_.begin(), best_.end(), [&](const Candidate& c) {
      return c.place_index == candidate.place_index;
    });
    if (same_place != best_.end()) {
      if (ranks_before(candidate, *same_place)) {
        best_.erase(same_place);
        insert(candidate);
      }
      return;
    }
    if (best_.size() == limit_) best_.pop_back();
    insert(candidate);
  }

  const std::vector<Candidate>& best() const { return best_; }

 private:
  void insert(const Candidate& candidate) {
    best_.insert(std::upper_bound(best_.begin(), best_.end(), candidate, ranks_before), candidate);
  }

  size_t limit_;
  std::vector<Candidate> best_;
};

// ---------------------------------------------------------------------------------------------
// Country names shown in suggestions: ICU's CLDR names for every ISO 3166 code, looked up once.

struct CountryName {
  std::string iso2, en, he, de;
};

std::string display_country(const icu::Locale& country, const char* language) {
  icu::UnicodeString name;
  country.getDisplayCountry(icu::Locale(language), name);
  std::string out;
  name.toUTF8String(out);
  return out;
}

const std::vector<CountryName>& country_names() {
  static const std::vector<CountryName> names = [] {
    std::vector<CountryName> made;
    for (const char* const* code = icu::Locale::getISOCountries(); *code != nullptr; ++code) {
      const icu::Locale country("", *code);
      made.push_back({*code, display_country(country, "en"), display_country(country, "he"),
                      display_country(country, "de")});
    }
    std::sort(made.begin(), made.end(),
              [](const CountryName& a, const CountryName& b) { return a.iso2 < b.iso2; });
    return made;
  }();
  return names;
}

// ---------------------------------------------------------------------------------------------
// TSV parsing

constexpr size_t kTsvColumns = 8;

bool parse_int(std::string_view text, int64_t& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() && !text.empty();
}

bool parse_double(std::string_view text, double& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() && !text.empty() &&
         std::isfinite(value);
}

bool is_country_code(std::string_view code) {
  return code.size() == 2 &&
         std::all_of(code.begin(), code.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

std::optional<Place> parse_place_line(std::string_view line) {
  std::array<std::string_view, kTsvColumns> fields;
  size_t count = 0;
  for (size_t start = 0;;) {
    const size_t tab = line.find('\t', start);
    if (count == kTsvColumns) return std::nullopt;
    fields[count++] = line.substr(start, tab == std::string_view::npos ? tab : tab - start);
    if (tab == std::string_view::npos) break;
    start = tab + 1;
  }
  if (count != kTsvColumns) return std::nullopt;

  Place place;
  const auto& [id, name_en, name_he, name_de, country, population, lat, lon] = fields;
  const bool valid = parse_int(id, place.id) && place.id > 0 && !name_en.empty() &&
                     is_country_code(country) && parse_int(population, place.population) &&
                     place.population >= 0 && parse_double(lat, place.lat) &&
                     std::abs(place.lat) <= 90 && parse_double(lon, place.lon) &&
                     std::abs(place.lon) <= 180;
  if (!valid) return std::nullopt;
  place.name_en = name_en;
  place.name_he = name_he;
  place.name_de = name_de;
  place.country = country;
  return place;
}

void set_error(std::string* error, std::string message) {
  if (error != nullptr) *error = std::move(message);
}

// ---------------------------------------------------------------------------------------------
// Grid

constexpr double kCellDegrees = 0.1;
constexpr int32_t kGridRows = 1800;  // 180° of latitude
constexpr double kEarthRadiusKm = 6371.0088;
constexpr double kRadiansPerDegree = 3.14159265358979323846 / 180.0;
// Keeps cells near the poles from becoming absurdly wide.
constexpr double kMinLatitudeCosine = 0.01;

double row_centre_lat(int32_t row) {
  return -90.0 + (row + 0.5) * kCellDegrees;
}

double cell_width_degrees(int32_t row) {
  return kCellDegrees /
         std::max(std::cos(row_centre_lat(row) * kRadiansPerDegree), kMinLatitudeCosine);
}

double haversine_km(double lat1, double lon1, double lat2, double lon2) {
  const double d_lat = (lat2 - lat1) * kRadiansPerDegree;
  const double d_lon = (lon2 - lon1) * kRadiansPerDegree;
  const double h = std::sin(d_lat / 2) * std::sin(d_lat / 2) +
                   std::cos(lat1 * kRadiansPerDegree) * std::cos(lat2 * kRadiansPerDegree) *
                       std::sin(d_lon / 2) * std::sin(d_lon / 2);
  return 2 * kEarthRadiusKm * std::asin(std::min(1.0, std::sqrt(h)));
}

}  // namespace

// -------------------------------------------------------------------------------------------------
// PlaceIndex

std::optional<PlaceIndex> PlaceIndex::load_tsv(const std::string& path, std::string* error) {
  try {
    std::ifstream file(path, std::ios::binary);
    if (!file) {
      set_error(error, "cannot open places file " + path + ": " + std::strerror(errno));
      return std::nullopt;
    }
    std::ostringstream contents;
    contents << file.rdbuf();
    const std::string text = std::move(contents).str();

    std::vector<Place> places;
    size_t skipped = 0, first_skipped_line = 0, line_number = 0;
    for (size_t start = 0; start < text.size();) {
      size_t end = text.find('\n', start);
      if (end == std::string::npos) end = text.size();
      std::string_view line(text.data() + start, end - start);
      start = end + 1;
      ++line_number;
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      const bool is_header = line_number == 1 && line.starts_with("id\t");
      if (line.empty() || is_header) continue;
      if (auto place = parse_place_line(line)) {
        places.push_back(std::move(*place));
      } else if (skipped++ == 0) {
        first_skipped_line = line_number;
      }
    }

    const size_t parsed = places.size();
    PlaceIndex index = from_places(std::move(places));
    skipped += parsed - index.size();  // repeated ids
    if (index.size() == 0) {
      set_error(error, "no valid places in " + path);
      return std::nullopt;
    }
    set_error(error, skipped == 0 ? std::string()
                                  : "skipped " + std::to_string(skipped) +
                                        " malformed or repeated line(s) in " + path +
                                        (first_skipped_line ? ", first at line " +
                                                                  std::to_string(first_skipped_line)
                                                            : std::string()));
    return index;
  } catch (const std::exception& e) {
    set_error(error, "cannot load places file " + path + ": " + e.what());
    return std::nullopt;
  }
}

PlaceIndex PlaceIndex::from_places(std::vector<Place> places) {
  std::stable_sort(places.begin(), places.end(),
                   [](const Place& a, const Place& b) { return a.id < b.id; });
  places.erase(std::unique(places.begin(), places.end(),
                           [](const Place& a, const Place& b) { return a.id == b.id; }),
               places.end());
  PlaceIndex index;
  index.places_ = std::move(places);
  index.build_search_keys();
  return index;
}

void PlaceIndex::build_search_keys() {
  std::vector<std::string> spellings;
  const auto add_spelling = [&](std::string spelling) {
    const bool is_new = std::find(spellings.begin(), spellings.end(), spelling) == spellings.end();
    if (!spelling.empty() && is_new) spellings.push_back(std::move(spelling));
  };
  for (uint32_t i = 0; i < places_.size(); ++i) {
    const Place& place = places_[i];
    spellings.clear();
    for (const std::string* name : {&place.name_en, &place.name_he, &place.name_de}) {
      if (name->empty()) continue;
      const std::string folded = fold(*name);
      add_spelling(join_words(folded, Apostrophes::join));
      add_spelling(join_words(folded, Apostrophes::split));
      if (has_umlaut(*name)) add_spelling(join_words(fold(*name, /*german_umlauts=*/true)));
    }
    for (const auto& spelling : spellings) add_search_keys(i, spelling);
  }
  std::sort(search_keys_.begin(), search_keys_.end(),
            [this](const SearchKey& a, const SearchKey& b) {
              const int order = key_text(a).compare(key_text(b));
              return order != 0 ? order < 0 : a.place_index < b.place_index;
            });
}

void PlaceIndex::add_search_keys(uint32_t place_index, const std::string& normalised_name) {
  const auto offset = static_cast<uint32_t>(key_texts_.size());
  const auto length = static_cast<uint32_t>(normalised_name.size());
  key_texts_ += normalised_name;
  const int64_t population = places_[place_index].population;
  const auto clamped_population = static_cast<uint32_t>(
      std::clamp<int64_t>(population, 0, std::numeric_limits<uint32_t>::max()));
  search_keys_.push_back({offset, length, place_index, clamped_population, false});
  for (uint32_t i = 1; i < length; ++i) {
    if (normalised_name[i - 1] == ' ') {
      search_keys_.push_back({offset + i, length - i, place_index, clamped_population, true});
    }
  }
}

std::string_view PlaceIndex::key_text(const SearchKey& key) const {
  return std::string_view(key_texts_).substr(key.text_offset, key.text_length);
}

std::vector<PlaceSuggestion> PlaceIndex::search(std::string_view query, Language lang,
                                                size_t limit) const {
  const std::string needle = join_words(fold(query));
  if (needle.empty() || limit == 0) return {};

  const auto first = std::lower_bound(
      search_keys_.begin(), search_keys_.end(), needle,
      [this](const SearchKey& key, const std::string& text) { return key_text(key) < text; });
  const auto last = std::partition_point(first, search_keys_.end(), [&](const SearchKey& key) {
    return key_text(key).starts_with(needle);
  });

  BestMatches matches(limit);
  for (auto key = first; key != last; ++key) {
    matches.offer({key->place_index, key->population, key->is_word_match});
  }

  std::vector<PlaceSuggestion> suggestions;
  suggestions.reserve(matches.best().size());
  for (const Candidate& match : matches.best()) {
    const Place& place = places_[match.place_index];
    suggestions.push_back(
        {place.id, display_name(place, lang) + ", " + country_name(place.country, lang)});
  }
  return suggestions;
}

const Place* PlaceIndex::find(int64_t id) const {
  const auto it =
      std::lower_bound(places_.begin(), places_.end(), id,
                       [](const Place& place, int64_t wanted) { return place.id < wanted; });
  return it != places_.end() && it->id == id ? &*it : nullptr;
}

std::string PlaceIndex::display_name(const Place& place, Language lang) const {
  const std::string& localised = lang == Language::he   ? place.name_he
                                 : lang == Language::de ? place.name_de
                                                        : place.name_en;
  return localised.empty() ? place.name_en : localised;
}

std::string PlaceIndex::country_name(std::string_view iso2, Language lang) const {
  const auto& names = country_names();
  const auto country = std::lower_bound(
      names.begin(), names.end(), iso2,
      [](const CountryName& name, std::string_view code) { return name.iso2 < code; });
  if (country == names.end() || country->iso2 != iso2) return std::string(iso2);
  return lang == Language::he ? country->he : lang == Language::de ? country->de : country->en;
}

// -------------------------------------------------------------------------------------------------
// Grid

GridCell grid_cell(double lat, double lon) {
  // Garbage coordinates must not turn into undefined behaviour when converted to integers.
  if (!std::isfinite(lat) || !std::isfinite(lon)) lat = 0, lon = 0;
  lat = std::clamp(lat, -90.0, 90.0);
  lon = std::remainder(lon, 360.0);  // [-180, 180]
  const auto row =
      std::clamp(static_cast<int32_t>(std::floor((lat + 90.0) / kCellDegrees)), 0, kGridRows - 1);
  const auto col = static_cast<int32_t>(std::floor((lon + 180.0) / cell_width_degrees(row)));
  return {row, col};
}

double cell_distance_km(GridCell a, GridCell b) {
  if (a == b) return 0;
  const auto centre_lon = [](GridCell cell) {
    return -180.0 + (cell.col + 0.5) * cell_width_degrees(cell.row);
  };
  return haversine_km(row_centre_lat(a.row), centre_lon(a), row_centre_lat(b.row), centre_lon(b));
}

std::vector<CellSpan> cells_within(GridCell centre, double radius_km) {
  std::vector<CellSpan> spans;
  if (!(radius_km >= 0)) return spans;
  const auto rows = static_cast<int32_t>(std::ceil(radius_km / (kCellDegrees * 111.2))) + 1;
  for (int32_t row = std::max(0, centre.row - rows);
       row <= std::min(kGridRows - 1, centre.row + rows); ++row) {
    // Find the columns of this row nearest to the centre, then widen while the cells qualify.
    const double centre_lon = -180.0 + (centre.col + 0.5) * cell_width_degrees(centre.row);
    const auto nearest =
        static_cast<int32_t>(std::floor((centre_lon + 180.0) / cell_width_degrees(row)));
    const auto inside = [&](int32_t col) {
      return cell_distance_km(centre, GridCell{row, col}) <= radius_km;
    };
    if (!inside(nearest)) continue;
    int32_t first = nearest, last = nearest;
    while (inside(first - 1) && nearest - first < 4000) --first;
    while (inside(last + 1) && last - nearest < 4000) ++last;
    spans.push_back({row, first, last});
  }
  return spans;
}

int distance_bucket_km(double km) {
  constexpr std::array kBucketUpperBoundsKm = {5, 10, 25, 50, 100, 250, 500};
  if (!(km >= 0)) return -1;  // negative or NaN
  for (const int bound : kBucketUpperBoundsKm) {
    if (km <= bound) return bound;
  }
  return -1;
}

}  // namespace kesher::domain
