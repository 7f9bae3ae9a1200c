#include "domain/places.hpp"

#include <gtest/gtest.h>
#include <unicode/unistr.h>

#include <unistd.h>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>

namespace kesher::domain {
namespace {

constexpr int64_t kTelAviv = 293397;
constexpr int64_t kJerusalem = 281184;
constexpr int64_t kWestJerusalem = 7498240;
constexpr int64_t kJaffa = 293253;
constexpr int64_t kTelMond = 293354;
constexpr int64_t kTelford = 2636389;
constexpr int64_t kRaanana = 293807;
constexpr int64_t kHolon = 294751;
constexpr int64_t kKiryatShmona = 293825;
constexpr int64_t kMunich = 2867714;
constexpr int64_t kMunster = 2867543;
constexpr int64_t kBerlin = 2950159;

std::vector<Place> sample_places() {
  return {
      {kTelAviv, "Tel Aviv", "תל אביב-יפו", "Tel Aviv-Jaffa", "IL", 432892, 32.08088, 34.78057},
      {kJerusalem, "Jerusalem", "ירושלים", "Jerusalem", "IL", 801000, 31.76904, 35.21633},
      {kWestJerusalem, "West Jerusalem", "מערב ירושלים", "", "IL", 400000, 31.78199, 35.21961},
      {kJaffa, "Jaffa", "יפו", "Jaffa", "IL", 100000, 32.05043, 34.75224},
      {kTelMond, "Tel Mond", "תל מונד", "", "IL", 8725, 32.25, 34.91667},
      {kTelford, "Telford", "", "", "GB", 142723, 52.67659, -2.44926},
      {kRaanana, "Ra'anana", "רעננה", "", "IL", 80000, 32.1836, 34.87386},
      {kHolon, "H̱olon", "חולון", "Cholon", "IL", 165787, 32.01034, 34.77918},
      {kKiryatShmona, "Kiryat Shmona", "קריית שמונה", "", "IL", 22035, 33.20733, 35.57212},
      {kMunich, "Munich", "מינכן", "München", "DE", 1260391, 48.13743, 11.57549},
      {kMunster, "Münster", "", "", "DE", 270184, 51.96236, 7.62571},
      {kBerlin, "Berlin", "ברלין", "", "DE", 3426354, 52.52437, 13.41053},
  };
}

std::vector<int64_t> ids_of(const std::vector<PlaceSuggestion>& suggestions) {
  std::vector<int64_t> ids;
  for (const auto& suggestion : suggestions) ids.push_back(suggestion.place_id);
  return ids;
}

class PlaceSearchTest : public ::testing::Test {
 protected:
  std::vector<int64_t> search(std::string_view query, Language lang = Language::en,
                              size_t limit = 10) {
    return ids_of(index_.search(query, lang, limit));
  }
  bool finds(std::string_view query, int64_t id) {
    const auto ids = search(query);
    return std::find(ids.begin(), ids.end(), id) != ids.end();
  }

  PlaceIndex index_ = PlaceIndex::from_places(sample_places());
};

TEST_F(PlaceSearchTest, FindsHebrewPrefixes) {
  EXPECT_EQ(search("תל", Language::he), (std::vector<int64_t>{kTelAviv, kTelMond}));
  EXPECT_EQ(search("ירו", Language::he).front(), kJerusalem);
}

TEST_F(PlaceSearchTest, HebrewIgnoresNiqqudFinalFormsAndDoubledLetters) {
  EXPECT_TRUE(finds("יְרוּשָׁלַיִם", kJerusalem));
  EXPECT_TRUE(finds("קרית שמ", kKiryatShmona));  // the older spelling of קריית
  EXPECT_TRUE(finds("ירושלים", kJerusalem));
  EXPECT_TRUE(finds("תל אביב יפו", kTelAviv));  // space for the maqaf-like hyphen
}

TEST_F(PlaceSearchTest, EveryHebrewLetterMatchesWithOrWithoutNiqqud) {
  // Plain Hebrew skips the ICU transliterator; pointed Hebrew goes through it. Both must agree.
  for (char32_t letter = U'א'; letter <= U'ת'; ++letter) {
    std::string plain, pointed;
    icu::UnicodeString(static_cast<UChar32>(letter)).toUTF8String(plain);
    pointed = plain + "\u05B0";  // sheva
    const PlaceIndex index =
        PlaceIndex::from_places({{1, "x", plain + plain, "", "IL", 1, 32, 34}});
    EXPECT_EQ(ids_of(index.search(plain, Language::he)), std::vector<int64_t>{1}) << plain;
    EXPECT_EQ(ids_of(index.search(pointed, Language::he)), std::vector<int64_t>{1}) << plain;
  }
}

TEST_F(PlaceSearchTest, FoldsOtherScriptsWithIcu) {
  const PlaceIndex index = PlaceIndex::from_places({
      {1, "Łódź", "", "", "PL", 1, 51.75, 19.45},
      {2, "Москва", "", "", "RU", 1, 55.75, 37.61},
      {3, "Straße Œuvre", "", "", "DE", 1, 50, 10},
      {4, "Raʾs ʿAyn", "", "", "SY", 1, 36.8, 40.1},
  });
  EXPECT_EQ(ids_of(index.search("lodz", Language::en)), std::vector<int64_t>{1});
  EXPECT_EQ(ids_of(index.search("ŁÓDŹ", Language::en)), std::vector<int64_t>{1});
  EXPECT_EQ(ids_of(index.search("МОСК", Language::en)), std::vector<int64_t>{2});
  EXPECT_EQ(ids_of(index.search("strasse oeuv", Language::en)), std::vector<int64_t>{3});
  EXPECT_EQ(ids_of(index.search("ＳＴＲＡＳＳＥ", Language::en)),
            std::vector<int64_t>{3});  // full width
  EXPECT_EQ(ids_of(index.search("ras ayn", Language::en)), std::vector<int64_t>{4});
  EXPECT_EQ(ids_of(index.search("ra s a", Language::en)), std::vector<int64_t>{4});
  EXPECT_EQ(ids_of(index.search("ras\u200F\u202E ayn", Language::en)), std::vector<int64_t>{4});
}

TEST_F(PlaceSearchTest, EnglishIsCaseInsensitive) {
  EXPECT_EQ(search("tel a"), (std::vector<int64_t>{kTelAviv}));
  EXPECT_EQ(search("TEL AVIV"), (std::vector<int64_t>{kTelAviv}));
  EXPECT_EQ(search("  tel   aviv "), (std::vector<int64_t>{kTelAviv}));
}

TEST_F(PlaceSearchTest, GermanNamesMatchWithOrWithoutUmlauts) {
  for (const char* query : {"Münch", "munch", "MÜNCHEN", "Muench"}) {
    EXPECT_EQ(search(query, Language::de).front(), kMunich) << query;
  }
  EXPECT_TRUE(finds("munster", kMunster));
  EXPECT_TRUE(finds("Cholon", kHolon));
}

TEST_F(PlaceSearchTest, FoldsGeoNamesTransliterationMarks) {
  EXPECT_TRUE(finds("holon", kHolon));  // "H̱olon" carries a combining macron below
  for (const char* query : {"raanana", "ra'anana", "Ra’anana", "ra anana"}) {
    EXPECT_TRUE(finds(query, kRaanana)) << query;
  }
}

TEST_F(PlaceSearchTest, MatchesTheStartOfAnyWord) {
  EXPECT_EQ(search("aviv"), (std::vector<int64_t>{kTelAviv}));
  EXPECT_EQ(search("שמונה", Language::he), (std::vector<int64_t>{kKiryatShmona}));
}

TEST_F(PlaceSearchTest, WholeNameMatchesComeBeforeWordMatches) {
  // Tel Aviv is bigger, but only a word of its German name starts with "jaffa".
  EXPECT_EQ(search("jaffa"), (std::vector<int64_t>{kJaffa, kTelAviv}));
  EXPECT_EQ(search("jerusalem"), (std::vector<int64_t>{kJerusalem, kWestJerusalem}));
}

TEST_F(PlaceSearchTest, RanksByPopulation) {
  EXPECT_EQ(search("tel"), (std::vector<int64_t>{kTelAviv, kTelford, kTelMond}));
  EXPECT_EQ(search("mun"), (std::vector<int64_t>{kMunich, kMunster}));
}

TEST_F(PlaceSearchTest, HonoursTheLimit) {
  EXPECT_EQ(search("tel", Language::en, 2), (std::vector<int64_t>{kTelAviv, kTelford}));
  EXPECT_TRUE(search("tel", Language::en, 0).empty());
}

TEST_F(PlaceSearchTest, ListsEachPlaceOnce) {
  // "tel aviv" matches Tel Aviv's English name and German name, "aviv" a word of both.
  EXPECT_EQ(search("tel aviv"), (std::vector<int64_t>{kTelAviv}));
  EXPECT_EQ(search("t", Language::en, 100).size(), 3u);
}

TEST_F(PlaceSearchTest, IgnoresQueriesWithoutLettersOrDigits) {
  EXPECT_TRUE(search("").empty());
  EXPECT_TRUE(search(" - ' ").empty());
  EXPECT_TRUE(search("xyz").empty());
  EXPECT_TRUE(search("\xff\xfe").empty());  // not UTF-8
}

TEST_F(PlaceSearchTest, DescribesPlacesInTheRequestedLanguage) {
  const auto hebrew = index_.search("תל אביב", Language::he);
  ASSERT_FALSE(hebrew.empty());
  EXPECT_EQ(hebrew.front().description, "תל אביב-יפו, ישראל");
  EXPECT_EQ(index_.search("tel aviv", Language::en).front().description, "Tel Aviv, Israel");
  EXPECT_EQ(index_.search("munich", Language::de).front().description, "München, Deutschland");
  EXPECT_EQ(index_.search("berlin", Language::de).front().description, "Berlin, Deutschland");
  EXPECT_EQ(index_.search("telford", Language::he).front().description, "Telford, בריטניה");
}

TEST_F(PlaceSearchTest, FindsPlacesById) {
  const Place* tel_aviv = index_.find(kTelAviv);
  ASSERT_NE(tel_aviv, nullptr);
  EXPECT_EQ(tel_aviv->name_en, "Tel Aviv");
  EXPECT_EQ(index_.find(1), nullptr);
  EXPECT_EQ(index_.size(), sample_places().size());
}

TEST_F(PlaceSearchTest, DisplayNamesFallBackToEnglish) {
  const Place& berlin = *index_.find(kBerlin);
  EXPECT_EQ(index_.display_name(berlin, Language::he), "ברלין");
  EXPECT_EQ(index_.display_name(berlin, Language::de), "Berlin");
  EXPECT_EQ(index_.display_name(*index_.find(kMunich), Language::de), "München");
  EXPECT_EQ(index_.display_name(*index_.find(kMunich), Language::en), "Munich");
}

TEST(PlaceIndexTest, NamesCountries) {
  const PlaceIndex index = PlaceIndex::from_places({});
  EXPECT_EQ(index.country_name("IL", Language::he), "ישראל");
  EXPECT_EQ(index.country_name("DE", Language::de), "Deutschland");
  EXPECT_EQ(index.country_name("US", Language::en), "United States");
  EXPECT_EQ(index.country_name("AT", Language::de), "Österreich");
  EXPECT_EQ(index.country_name("CH", Language::he), "שווייץ");
  EXPECT_EQ(index.country_name("GB", Language::en), "United Kingdom");
  EXPECT_EQ(index.country_name("FR", Language::de), "Frankreich");
  EXPECT_EQ(index.country_name("ZZ", Language::he), "ZZ");
  EXPECT_EQ(index.country_name("", Language::en), "");
}

TEST(PlaceIndexTest, KeepsTheFirstOfRepeatedIds) {
  const PlaceIndex index = PlaceIndex::from_places({
      {7, "First", "", "", "IL", 10, 32, 34},
      {7, "Second", "", "", "IL", 20, 32, 34},
  });
  ASSERT_EQ(index.size(), 1u);
  EXPECT_EQ(index.find(7)->name_en, "First");
  EXPECT_TRUE(index.search("second", Language::en).empty());
}

class TempFile {
 public:
  explicit TempFile(const std::string& contents)
      : path_(std::filesystem::temp_directory_path() /
              ("kesher_places_test_" + std::to_string(::getpid()) + ".tsv")) {
    std::ofstream(path_, std::ios::binary) << contents;
  }
  ~TempFile() { std::filesystem::remove(path_); }
  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

TEST(PlaceIndexTest, LoadsTsvAndSkipsMalformedLines) {
  const TempFile file(
      "id\tname_en\tname_he\tname_de\tcountry\tpopulation\tlat\tlon\n"
      "293397\tTel Aviv\tתל אביב-יפו\tTel Aviv-Jaffa\tIL\t432892\t32.08088\t34.78057\n"
      "this line is not a place\n"
      "2950159\tBerlin\t\t\tDE\tmany\t52.52437\t13.41053\n"
      "281184\tJerusalem\tירושלים\t\tIL\t801000\t31.76904\t35.21633\r\n"
      "1\tToo\tmany\tcolumns\tIL\t1\t1\t1\textra\n"
      "2\tNorth of the pole\t\t\tIL\t1\t91\t1\n");
  std::string error;
  const auto index = PlaceIndex::load_tsv(file.path(), &error);
  ASSERT_TRUE(index.has_value()) << error;
  EXPECT_EQ(index->size(), 2u);
  EXPECT_NE(error.find("skipped 4"), std::string::npos) << error;
  EXPECT_NE(error.find("line 3"), std::string::npos) << error;
  const Place* jerusalem = index->find(kJerusalem);
  ASSERT_NE(jerusalem, nullptr);
  EXPECT_EQ(jerusalem->name_he, "ירושלים");
  EXPECT_DOUBLE_EQ(jerusalem->lon, 35.21633);  // the CR of the CRLF line is not part of it
  EXPECT_EQ(index->search("ירו", Language::he).front().place_id, kJerusalem);
}

TEST(PlaceIndexTest, ReportsAMissingFile) {
  std::string error;
  EXPECT_FALSE(PlaceIndex::load_tsv("/nonexistent/places.tsv", &error).has_value());
  EXPECT_NE(error.find("/nonexistent/places.tsv"), std::string::npos) << error;
  EXPECT_FALSE(PlaceIndex::load_tsv("/nonexistent/places.tsv", nullptr).has_value());
}

TEST(PlaceIndexTest, RejectsAFileWithoutPlaces) {
  const TempFile file("id\tname_en\tname_he\tname_de\tcountry\tpopulation\tlat\tlon\n");
  std::string error;
  EXPECT_FALSE(PlaceIndex::load_tsv(file.path(), &error).has_value());
  EXPECT_FALSE(error.empty());
}

TEST(GridTest, SameCellIsInTheSmallestBucket) {
  const GridCell cell = grid_cell(32.08088, 34.78057);
  EXPECT_EQ(grid_cell(32.08, 34.781), cell);
  EXPECT_EQ(cell_distance_km(cell, cell), 0);
  EXPECT_EQ(distance_bucket_km(cell_distance_km(cell, cell)), 5);
}

TEST(GridTest, TelAvivToJerusalemIsInTheHundredKilometreBucket) {
  const double km = cell_distance_km(grid_cell(32.08088, 34.78057), grid_cell(31.76904, 35.21633));
  EXPECT_NEAR(km, 54, 8);
  EXPECT_EQ(distance_bucket_km(km), 100);
}

TEST(GridTest, CellsAreAboutElevenKilometresWideEverywhere) {
  constexpr double kCellHeightDegrees = 0.1;
  for (const double lat : {0.05, 32.05, 52.05, 70.05}) {
    const GridCell cell = grid_cell(lat, 10);
    const GridCell east{cell.row, cell.col + 1};
    const GridCell north = grid_cell(lat + kCellHeightDegrees, 10);
    EXPECT_NEAR(cell_distance_km(cell, east), 11.1, 0.5) << lat;
    // Rows have their own column widths, so the cell to the north may sit up to half a cell aside.
    EXPECT_NEAR(cell_distance_km(cell, north), 11.8, 0.7) << lat;
  }
}

TEST(GridTest, DistantPlacesAreFartherThanEveryBucket) {
  const double km = cell_distance_km(grid_cell(32.08088, 34.78057), grid_cell(52.52437, 13.41053));
  EXPECT_NEAR(km, 2840, 30);  // Tel Aviv to Berlin
  EXPECT_EQ(distance_bucket_km(km), -1);
}

TEST(GridTest, SurvivesOddCoordinates) {
  for (const double value : {std::numeric_limits<double>::quiet_NaN(),
                             std::numeric_limits<double>::infinity(), 1e300, -1e300}) {
    const GridCell cell = grid_cell(value, value);
    EXPECT_TRUE(std::isfinite(cell_distance_km(cell, grid_cell(0, 0))));
  }
  EXPECT_NEAR(cell_distance_km(grid_cell(10, 179.99), grid_cell(10, -179.99)), 11, 3);
}

TEST(GridTest, BucketsHaveInclusiveUpperBounds) {
  EXPECT_EQ(distance_bucket_km(0), 5);
  EXPECT_EQ(distance_bucket_km(5), 5);
  EXPECT_EQ(distance_bucket_km(5.01), 10);
  EXPECT_EQ(distance_bucket_km(24.9), 25);
  EXPECT_EQ(distance_bucket_km(50), 50);
  EXPECT_EQ(distance_bucket_km(99), 100);
  EXPECT_EQ(distance_bucket_km(250), 250);
  EXPECT_EQ(distance_bucket_km(500), 500);
  EXPECT_EQ(distance_bucket_km(500.5), -1);
  EXPECT_EQ(distance_bucket_km(-1), -1);
  EXPECT_EQ(distance_bucket_km(std::numeric_limits<double>::quiet_NaN()), -1);
}

// The real table from `make places`, when the environment points at it.
class RealPlacesTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const char* path = std::getenv("KESHER_PLACES");
    if (path == nullptr || *path == '\0') return;
    std::string error;
    const auto started = std::chrono::steady_clock::now();
    index_ = new std::optional<PlaceIndex>(PlaceIndex::load_tsv(path, &error));
    std::cout << "[ places   ] loaded " << (index_->has_value() ? (*index_)->size() : 0)
              << " places in " << milliseconds_since(started) << " ms " << error << "\n";
  }
  static void TearDownTestSuite() {
    delete index_;
    index_ = nullptr;
  }
  void SetUp() override {
    if (index_ == nullptr) GTEST_SKIP() << "KESHER_PLACES is not set";
    ASSERT_TRUE(index_->has_value());
  }
  static double milliseconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
  }
  const PlaceIndex& index() const { return **index_; }

  static std::optional<PlaceIndex>* index_;
};

std::optional<PlaceIndex>* RealPlacesTest::index_ = nullptr;

TEST_F(RealPlacesTest, FindsTheBigCitiesFirst) {
  EXPECT_EQ(index().search("תל אביב", Language::he).at(0).place_id, kTelAviv);
  EXPECT_EQ(index().search("תל אביב", Language::he).at(0).description, "תל אביב-יפו, ישראל");
  EXPECT_EQ(index().search("Berlin", Language::de).at(0).place_id, kBerlin);
  EXPECT_EQ(index().search("ירו", Language::he).at(0).place_id, kJerusalem);
  EXPECT_EQ(index().search("münchen", Language::de).at(0).description, "München, Deutschland");
}

TEST_F(RealPlacesTest, SearchesQuickly) {
  const std::vector<std::string> queries = {"a",     "b",     "tel", "תל",   "ירו", "ber",
                                            "münch", "new y", "san", "aviv", "k",   "ra",
                                            "חי",    "st",    "los", "x"};
  size_t results = 0;
  const auto started = std::chrono::steady_clock::now();
  constexpr int kSearches = 1000;
  for (int i = 0; i < kSearches; ++i) {
    results += index().search(queries[i % queries.size()], Language::he).size();
  }
  const double elapsed = milliseconds_since(started);
  std::cout << "[ places   ] " << kSearches << " searches in " << elapsed << " ms ("
            << elapsed * 1000 / kSearches << " µs each)\n";
  EXPECT_GT(results, 0u);
}

}  // namespace
}  // namespace kesher::domain
