#pragma once

// Places a user can live in (GeoNames populated places, built by scripts/import-places.mjs) and the
// coarse location model of brief §6: users are located by place, distances are measured between
// grid cells and shown in buckets, and coordinates never leave the server.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domain/language.hpp"

namespace kesher::domain {

struct Place {
  int64_t id = 0;  // GeoNames id; this is the protocol's place_id
  std::string name_en, name_he, name_de;
  std::string country;  // ISO 3166-1 alpha-2
  int64_t population = 0;
  double lat = 0, lon = 0;
};

// The server has one notion of a user language; places just use a shorter name for it.

struct PlaceSuggestion {
  int64_t place_id = 0;
  std::string description;  // "תל אביב-יפו, ישראל", "Tel Aviv, Israel", "München, Deutschland"
};

class PlaceIndex {
 public:
  // Reads the TSV written by scripts/import-places.mjs. Malformed lines and repeated ids are
  // skipped; if any were, the index is still returned and *error holds a warning worth logging.
  // Returns nullopt with *error set when the file cannot be read or has no valid place at all.
  // Never throws.
  static std::optional<PlaceIndex> load_tsv(const std::string& path, std::string* error);
  // Later duplicates of an id are dropped.
  static PlaceIndex from_places(std::vector<Place> places);

  // Places with a name (English, Hebrew or German) that starts with the query, or with a word of
  // the name that does. Matching ignores case, Latin diacritics, Hebrew niqqud, Hebrew final
  // letter forms, doubled yod/vav spellings and punctuation. Whole-name matches come before
  // word matches, then larger places first; each place appears at most once.
  std::vector<PlaceSuggestion> search(std::string_view query, Language lang,
                                      size_t limit = 10) const;

  const Place* find(int64_t id) const;
  std::string display_name(const Place& place, Language lang) const;     // falls back to English
  std::string country_name(std::string_view iso2, Language lang) const;  // falls back to the code
  size_t size() const { return places_.size(); }

 private:
  // One searchable spelling of a place: a whole normalised name, or the tail of one starting at a
  // word. Population is copied in so ranking a long match range reads memory sequentially.
  struct SearchKey {
    uint32_t text_offset;
    uint32_t text_length;
    uint32_t place_index;
    uint32_t population;
    bool is_word_match;
  };

  void build_search_keys();
  void add_search_keys(uint32_t place_index, const std::string& normalised_name);
  std::string_view key_text(const SearchKey& key) const;

  std::vector<Place> places_;           // sorted by id
  std::string key_texts_;               // every normalised name, back to back
  std::vector<SearchKey> search_keys_;  // sorted by text
};

// Coarse location: cells are about 0.1° of latitude (~11 km) high and about as many kilometres
// wide at every latitude, so a cell hides the same area everywhere.
struct GridCell {
  int32_t row = 0, col = 0;
  friend bool operator==(const GridCell&, const GridCell&) = default;
};

GridCell grid_cell(double lat, double lon);
// The cells of one row whose centres lie within a radius: columns first_col..last_col.
struct CellSpan {
  int32_t row = 0;
  int32_t first_col = 0, last_col = 0;
};

// Every cell whose centre is within `radius_km` of the centre of `centre`, as one span per row.
// Discovery filters on these spans, so "within the radius" means exactly cell_distance_km <= r.
std::vector<CellSpan> cells_within(GridCell centre, double radius_km);

// Great-circle distance between the centres of two cells.
double cell_distance_km(GridCell a, GridCell b);
// The upper bound of the distance bucket shown to users: 5, 10, 25, 50, 100, 250 or 500 km, or -1
// for anything farther (or not a distance at all).
int distance_bucket_km(double km);

}  // namespace kesher::domain
