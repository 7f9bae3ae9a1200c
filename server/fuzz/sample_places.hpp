#pragma once
#include <vector>

#include "domain/places.hpp"

// A few places whose names exercise every folding rule of PlaceIndex::search: niqqud, final
// letters, doubled yod and vav, apostrophes and ayin marks, umlauts, ß, ligatures, combining marks,
// and places with an English name only.
inline std::vector<kesher::domain::Place> sample_places() {
  return {
      {293397, "Tel Aviv", "תל אביב-יפו", "Tel Aviv-Jaffa", "IL", 432892, 32.08, 34.78},
      {281184, "Jerusalem", "יְרוּשָׁלַיִם", "Jerusalem", "IL", 801000, 31.77, 35.22},
      {293807, "Ra'anana", "רעננה", "", "IL", 80000, 32.18, 34.87},
      {294751, "H̱olon", "חולון", "Cholon", "IL", 165787, 32.01, 34.78},
      {293825, "Kiryat Shmona", "קריית שמונה", "", "IL", 22035, 33.21, 35.57},
      {293100, "Rosh Ha‘Ayin", "ראש העין", "", "IL", 41000, 32.10, 34.96},
      {295277, "Giv‘atayim", "גבעתיים", "", "IL", 53000, 32.07, 34.81},
      {294117, "Petah Tikva", "פתח תקווה", "Petach Tikwa", "IL", 188000, 32.09, 34.89},
      {293918, "Bnei Brak", "בני ברק", "", "IL", 193000, 32.08, 34.83},
      {295089, "Ẕur Moshe", "צור משה", "", "IL", 2000, 32.30, 34.91},
      {2867714, "Munich", "מינכן", "München", "DE", 1260391, 48.14, 11.58},
      {2867543, "Münster", "", "", "DE", 270184, 51.96, 7.63},
      {2950159, "Berlin", "ברלין", "", "DE", 3426354, 52.52, 13.41},
      {2911298, "Hamburg", "המבורג", "", "DE", 1739117, 53.55, 9.99},
      {2886242, "Cologne", "קלן", "Köln", "DE", 963395, 50.93, 6.95},
      {2841463, "Saßnitz", "", "Sassnitz", "DE", 10000, 54.52, 13.64},
      {2618425, "Copenhagen", "קופנהגן", "Kopenhagen", "DK", 1153615, 55.68, 12.57},
      {2615876, "Ærøskøbing", "", "", "DK", 1000, 54.89, 10.41},
      {6077243, "Montréal", "מונטריאול", "", "CA", 1600000, 45.51, -73.59},
      {5128581, "New York City", "ניו יורק", "New York", "US", 8804190, 40.71, -74.01},
      {2636389, "Telford", "", "", "GB", 142723, 52.68, -2.45},
  };
}
