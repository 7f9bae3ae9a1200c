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
#include <sstream>

namespace kesher::domain {
namespace {

// ---------------------------------------------------------------------------------------------
// Search normalisation. Names and queries go through the same function, so whatever it folds
// together ("Ü"/"ü"/"u", "קריית"/"קרית", "Ra'anana"/"Raanana") matches either way round.

struct NormaliseOptions {
  // GeoNames writes ayin and hamza as apostrophes ("Rosh Ha‘Ayin"); people type the name with the
  // apostrophe, without it, or with a space, so names are indexed both joined and split.
  bool apostrophe_as_space = false;
  // German users without an umlaut key type "Muenchen" for "München".
  bool expand_umlauts = false;
};

constexpr char32_t kReplacementCharacter = 0xFFFD;

char32_t decode_utf8(std::string_view text, size_t& pos) {
  const auto lead = static_cast<unsigned char>(text[pos]);
  size_t length = 0;
  char32_t code_point = 0;
  if (lead < 0x80) {
    ++pos;
    return lead;
  } else if ((lead & 0xE0) == 0xC0) {
    length = 2, code_point = lead & 0x1F;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, code_point = lead & 0x0F;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, code_point = lead & 0x07;
  } else {
    ++pos;
    return kReplacementCharacter;
  }
  if (pos + length > text.size()) {
    ++pos;
    return kReplacementCharacter;
  }
  for (size_t i = 1; i < length; ++i) {
    const auto next = static_cast<unsigned char>(text[pos + i]);
    if ((next & 0xC0) != 0x80) {
      ++pos;
      return kReplacementCharacter;
    }
    code_point = (code_point << 6) | (next & 0x3F);
  }
  pos += length;
  return code_point;
}

void append_utf8(std::string& out, char32_t code_point) {
  if (code_point < 0x80) {
    out += static_cast<char>(code_point);
  } else if (code_point < 0x800) {
    out += static_cast<char>(0xC0 | (code_point >> 6));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  } else if (code_point < 0x10000) {
    out += static_cast<char>(0xE0 | (code_point >> 12));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code_point >> 18));
    out += static_cast<char>(0x80 | ((code_point >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code_point & 0x3F));
  }
}

// The ASCII base letter of each code point in U+00C0..U+024F and U+1E00..U+1EFF, taken from the
// Unicode decompositions (plus letters with a stroke such as ø, ł, đ, which have none). '.' marks
// code points that are not a Latin letter, '*' the letters that fold to two ASCII letters.
constexpr std::string_view kLatinExtendedFold =
    "aaaaaa*ceeeeiiiidnooooo.ouuuuy**aaaaaa*ceeeeiiiidnooooo.ouuuuy*y"  // U+00C0
    "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii**jjkkklllllll"  // U+0100
    "lllnnnnnn.nnoooooo**rrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs"  // U+0140
    "bb.....cc.ddd...eff..hiikkl..nn.oo..pp.....ttttuu.vyyzz........."  // U+0180
    ".............aaiioouuuuuuuuuu.aaaa....ggkkoooo..j...gg..nnaa...."  // U+01C0
    "aaaaeeeeiiiioooorrrruuuusstt..hh.d..zzaaeeooooooooyylntj..acclts"  // U+0200
    "z..bu.eejj..rryy";                                                 // U+0240
constexpr char32_t kLatinExtendedFirst = 0x00C0;
static_assert(kLatinExtendedFold.size() == 0x0250 - kLatinExtendedFirst);
constexpr std::string_view kLatinAdditionalFold =
    "aabbbbbbccddddddddddeeeeeeeeeeffgghhhhhhhhhhiiiikkkkkkllllllllmm"   // U+1E00
    "mmmmnnnnnnnnoooooooopppprrrrrrrrssssssssssttttttttuuuuuuuuuuvvvv"   // U+1E40
    "wwwwwwwwwwxxxxyyzzzzzzhtwy..ss*daaaaaaaaaaaaaaaaaaaaaaaaeeeeeeee"   // U+1E80
    "eeeeeeeeiiiioooooooooooooooooooooooouuuuuuuuuuuuuuyyyyyyyyll....";  // U+1EC0
constexpr char32_t kLatinAdditionalFirst = 0x1E00;
static_assert(kLatinAdditionalFold.size() == 0x0100);

std::string_view two_letter_fold(char32_t code_point) {
  switch (code_point) {
    case U'ß':
    case U'ẞ':
      return "ss";
    case U'Æ':
    case U'æ':
      return "ae";
    case U'Œ':
    case U'œ':
      return "oe";
    case U'Þ':
    case U'þ':
      return "th";
    case U'Ĳ':
    case U'ĳ':
      return "ij";
    default:
      return {};
  }
}

std::string_view umlaut_expansion(char32_t code_point) {
  switch (code_point) {
    case U'Ä':
    case U'ä':
      return "ae";
    case U'Ö':
    case U'ö':
      return "oe";
    case U'Ü':
    case U'ü':
      return "ue";
    default:
      return {};
  }
}

// Returns the folded letters of a Latin code point, or an empty view when it is not one.
std::string_view fold_latin(char32_t code_point, std::string& scratch) {
  std::string_view table;
  char32_t first = 0;
  if (code_point >= kLatinExtendedFirst &&
      code_point < kLatinExtendedFirst + kLatinExtendedFold.size()) {
    table = kLatinExtendedFold, first = kLatinExtendedFirst;
  } else if (code_point >= kLatinAdditionalFirst &&
             code_point < kLatinAdditionalFirst + kLatinAdditionalFold.size()) {
    table = kLatinAdditionalFold, first = kLatinAdditionalFirst;
  } else {
    return {};
  }
  const char folded = table[code_point - first];
  if (folded == '*') return two_letter_fold(code_point);
  if (folded == '.') return {};
  scratch.assign(1, folded);
  return scratch;
}

bool is_ignored_mark(char32_t c) {
  const bool combining_diacritic = c >= 0x0300 && c <= 0x036F;  // "H̱olon"
  const bool hebrew_point = (c >= 0x0591 && c <= 0x05C7) && c != 0x05BE && c != 0x05C0 &&
                            c != 0x05C3 && c != 0x05C6;  // niqqud and cantillation
  const bool invisible = (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
                         c == 0x2066 || c == 0x2067 || c == 0x2068 || c == 0x2069 || c == 0xFEFF;
  return combining_diacritic || hebrew_point || invisible;
}

bool is_apostrophe(char32_t c) {
  switch (c) {
    case U'\'':
    case U'"':
    case U'`':
    case U'´':
    case U'‘':
    case U'’':
    case U'‛':
    case U'“':
    case U'”':
    case U'׳':  // Hebrew geresh, as in ג׳
    case U'״':  // Hebrew gershayim, as in חב״ד
      return true;
    default:
      return c >= 0x02B9 && c <= 0x02BF;  // modifier letters GeoNames uses for ayin and hamza
  }
}

char32_t hebrew_without_final_form(char32_t c) {
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
bool is_doubled_hebrew_mater(char32_t c, char32_t previous) {
  return (c == U'י' || c == U'ו') && c == previous;
}

class Normaliser {
 public:
  explicit Normaliser(NormaliseOptions options) : options_(options) {}

  std::string run(std::string_view text) {
    for (size_t pos = 0; pos < text.size();) add(decode_utf8(text, pos));
    return std::move(out_);
  }

 private:
  void add(char32_t c) {
    if (is_ignored_mark(c)) return;
    if (is_apostrophe(c)) {
      if (options_.apostrophe_as_space) separate();
      return;
    }
    if (c < 0x80) return add_ascii(static_cast<char>(c));
    if (options_.expand_umlauts) {
      if (const auto expansion = umlaut_expansion(c); !expansion.empty()) return emit(expansion);
    }
    if (const auto folded = fold_latin(c, scratch_); !folded.empty()) return emit(folded);
    if (is_separator(c)) return separate();
    c = hebrew_without_final_form(c);
    if (is_doubled_hebrew_mater(c, previous_)) return;
    emit_code_point(c);
  }

  void add_ascii(char c) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    const bool letter_or_digit = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (!letter_or_digit) return separate();  // hyphens, dots, commas, brackets, spaces
    emit(std::string_view(&c, 1));
  }

  static bool is_separator(char32_t c) {
    const bool latin1_punctuation = c >= 0x80 && c <= 0xBF;       // no-break space, «», ¿, ·
    const bool general_punctuation = c >= 0x2000 && c <= 0x206F;  // dashes, spaces, bullets
    const bool hebrew_punctuation = c == 0x05BE || c == 0x05C0 || c == 0x05C3 || c == 0x05C6;
    return latin1_punctuation || general_punctuation || hebrew_punctuation || c == 0x2212 ||
           c == 0x3000 || c == kReplacementCharacter;
  }

  void separate() {
    space_pending_ = !out_.empty();
    previous_ = 0;
  }

  void flush_space() {
    if (space_pending_) out_ += ' ';
    space_pending_ = false;
  }

  void emit(std::string_view ascii) {
    flush_space();
    out_ += ascii;
    previous_ = static_cast<unsigned char>(ascii.back());
  }

  void emit_code_point(char32_t c) {
    flush_space();
    append_utf8(out_, c);
    previous_ = c;
  }

  NormaliseOptions options_;
  std::string out_;
  std::string scratch_;
  bool space_pending_ = false;
  char32_t previous_ = 0;
};

std::string normalise(std::string_view text, NormaliseOptions options = {}) {
  return Normaliser(options).run(text);
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
// Country names shown in suggestions, for every country in the place table: the Unicode CLDR
// names (as shipped in Node's ICU), sorted by code. A code missing here is shown as it is.

struct CountryName {
  std::string_view iso2, en, he, de;
};

constexpr std::array kCountryNames = {
    CountryName{"AD", "Andorra", "אנדורה", "Andorra"},
    CountryName{"AE", "United Arab Emirates", "איחוד האמירויות הערביות",
                "Vereinigte Arabische Emirate"},
    CountryName{"AF", "Afghanistan", "אפגניסטן", "Afghanistan"},
    CountryName{"AG", "Antigua & Barbuda", "אנטיגואה וברבודה", "Antigua und Barbuda"},
    CountryName{"AI", "Anguilla", "אנגווילה", "Anguilla"},
    CountryName{"AL", "Albania", "אלבניה", "Albanien"},
    CountryName{"AM", "Armenia", "ארמניה", "Armenien"},
    CountryName{"AO", "Angola", "אנגולה", "Angola"},
    CountryName{"AQ", "Antarctica", "אנטארקטיקה", "Antarktis"},
    CountryName{"AR", "Argentina", "ארגנטינה", "Argentinien"},
    CountryName{"AS", "American Samoa", "סמואה האמריקנית", "Amerikanisch-Samoa"},
    CountryName{"AT", "Austria", "אוסטריה", "Österreich"},
    CountryName{"AU", "Australia", "אוסטרליה", "Australien"},
    CountryName{"AW", "Aruba", "ארובה", "Aruba"},
    CountryName{"AX", "Åland Islands", "איי אולנד", "Ålandinseln"},
    CountryName{"AZ", "Azerbaijan", "אזרבייג׳ן", "Aserbaidschan"},
    CountryName{"BA", "Bosnia & Herzegovina", "בוסניה והרצגובינה", "Bosnien und Herzegowina"},
    CountryName{"BB", "Barbados", "ברבדוס", "Barbados"},
    CountryName{"BD", "Bangladesh", "בנגלדש", "Bangladesch"},
    CountryName{"BE", "Belgium", "בלגיה", "Belgien"},
    CountryName{"BF", "Burkina Faso", "בורקינה פאסו", "Burkina Faso"},
    CountryName{"BG", "Bulgaria", "בולגריה", "Bulgarien"},
    CountryName{"BH", "Bahrain", "בחריין", "Bahrain"},
    CountryName{"BI", "Burundi", "בורונדי", "Burundi"},
    CountryName{"BJ", "Benin", "בנין", "Benin"},
    CountryName{"BL", "St. Barthélemy", "סנט ברתולומיאו", "St. Barthélemy"},
    CountryName{"BM", "Bermuda", "ברמודה", "Bermuda"},
    CountryName{"BN", "Brunei", "ברוניי", "Brunei Darussalam"},
    CountryName{"BO", "Bolivia", "בוליביה", "Bolivien"},
    CountryName{"BQ", "Caribbean Netherlands", "האיים הקריביים ההולנדיים",
                "Karibische Niederlande"},
    CountryName{"BR", "Brazil", "ברזיל", "Brasilien"},
    CountryName{"BS", "Bahamas", "איי בהאמה", "Bahamas"},
    CountryName{"BT", "Bhutan", "בהוטן", "Bhutan"},
    CountryName{"BW", "Botswana", "בוטסואנה", "Botsuana"},
    CountryName{"BY", "Belarus", "בלארוס", "Belarus"},
    CountryName{"BZ", "Belize", "בליז", "Belize"},
    CountryName{"CA", "Canada", "קנדה", "Kanada"},
    CountryName{"CD", "Congo - Kinshasa", "קונגו - קינשאסה", "Kongo-Kinshasa"},
    CountryName{"CF", "Central African Republic", "הרפובליקה המרכז-אפריקאית",
                "Zentralafrikanische Republik"},
    CountryName{"CG", "Congo - Brazzaville", "קונגו - ברזאויל", "Kongo-Brazzaville"},
    CountryName{"CH", "Switzerland", "שווייץ", "Schweiz"},
    CountryName{"CI", "Côte d’Ivoire", "חוף השנהב", "Côte d’Ivoire"},
    CountryName{"CK", "Cook Islands", "איי קוק", "Cookinseln"},
    CountryName{"CL", "Chile", "צ׳ילה", "Chile"},
    CountryName{"CM", "Cameroon", "קמרון", "Kamerun"},
    CountryName{"CN", "China", "סין", "China"},
    CountryName{"CO", "Colombia", "קולומביה", "Kolumbien"},
    CountryName{"CR", "Costa Rica", "קוסטה ריקה", "Costa Rica"},
    CountryName{"CU", "Cuba", "קובה", "Kuba"},
    CountryName{"CV", "Cape Verde", "כף ורדה", "Cabo Verde"},
    CountryName{"CW", "Curaçao", "קוראסאו", "Curaçao"},
    CountryName{"CY", "Cyprus", "קפריסין", "Zypern"},
    CountryName{"CZ", "Czechia", "צ׳כיה", "Tschechien"},
    CountryName{"DE", "Germany", "גרמניה", "Deutschland"},
    CountryName{"DJ", "Djibouti", "ג׳יבוטי", "Dschibuti"},
    CountryName{"DK", "Denmark", "דנמרק", "Dänemark"},
    CountryName{"DM", "Dominica", "דומיניקה", "Dominica"},
    CountryName{"DO", "Dominican Republic", "הרפובליקה הדומיניקנית", "Dominikanische Republik"},
    CountryName{"DZ", "Algeria", "אלג׳יריה", "Algerien"},
    CountryName{"EC", "Ecuador", "אקוודור", "Ecuador"},
    CountryName{"EE", "Estonia", "אסטוניה", "Estland"},
    CountryName{"EG", "Egypt", "מצרים", "Ägypten"},
    CountryName{"EH", "Western Sahara", "סהרה המערבית", "Westsahara"},
    CountryName{"ER", "Eritrea", "אריתריאה", "Eritrea"},
    CountryName{"ES", "Spain", "ספרד", "Spanien"},
    CountryName{"ET", "Ethiopia", "אתיופיה", "Äthiopien"},
    CountryName{"FI", "Finland", "פינלנד", "Finnland"},
    CountryName{"FJ", "Fiji", "פיג׳י", "Fidschi"},
    CountryName{"FK", "Falkland Islands", "איי פוקלנד", "Falklandinseln"},
    CountryName{"FM", "Micronesia", "מיקרונזיה", "Mikronesien"},
    CountryName{"FO", "Faroe Islands", "איי פארו", "Färöer"},
    CountryName{"FR", "France", "צרפת", "Frankreich"},
    CountryName{"GA", "Gabon", "גבון", "Gabun"},
    CountryName{"GB", "United Kingdom", "בריטניה", "Vereinigtes Königreich"},
    CountryName{"GD", "Grenada", "גרנדה", "Grenada"},
    CountryName{"GE", "Georgia", "גאורגיה", "Georgien"},
    CountryName{"GF", "French Guiana", "גיאנה הצרפתית", "Französisch-Guayana"},
    CountryName{"GG", "Guernsey", "גרנזי", "Guernsey"},
    CountryName{"GH", "Ghana", "גאנה", "Ghana"},
    CountryName{"GI", "Gibraltar", "גיברלטר", "Gibraltar"},
    CountryName{"GL", "Greenland", "גרינלנד", "Grönland"},
    CountryName{"GM", "Gambia", "גמביה", "Gambia"},
    CountryName{"GN", "Guinea", "גינאה", "Guinea"},
    CountryName{"GP", "Guadeloupe", "גוואדלופ", "Guadeloupe"},
    CountryName{"GQ", "Equatorial Guinea", "גינאה המשוונית", "Äquatorialguinea"},
    CountryName{"GR", "Greece", "יוון", "Griechenland"},
    CountryName{"GT", "Guatemala", "גואטמלה", "Guatemala"},
    CountryName{"GU", "Guam", "גואם", "Guam"},
    CountryName{"GW", "Guinea-Bissau", "גינאה-ביסאו", "Guinea-Bissau"},
    CountryName{"GY", "Guyana", "גיאנה", "Guyana"},
    CountryName{"HK", "Hong Kong SAR China", "הונג קונג (אזור מנהלי מיוחד של סין)",
                "Sonderverwaltungsregion Hongkong"},
    CountryName{"HN", "Honduras", "הונדורס", "Honduras"},
    CountryName{"HR", "Croatia", "קרואטיה", "Kroatien"},
    CountryName{"HT", "Haiti", "האיטי", "Haiti"},
    CountryName{"HU", "Hungary", "הונגריה", "Ungarn"},
    CountryName{"ID", "Indonesia", "אינדונזיה", "Indonesien"},
    CountryName{"IE", "Ireland", "אירלנד", "Irland"},
    CountryName{"IL", "Israel", "ישראל", "Israel"},
    CountryName{"IM", "Isle of Man", "האי מאן", "Isle of Man"},
    CountryName{"IN", "India", "הודו", "Indien"},
    CountryName{"IQ", "Iraq", "עיראק", "Irak"},
    CountryName{"IR", "Iran", "איראן", "Iran"},
    CountryName{"IS", "Iceland", "איסלנד", "Island"},
    CountryName{"IT", "Italy", "איטליה", "Italien"},
    CountryName{"JE", "Jersey", "ג׳רזי", "Jersey"},
    CountryName{"JM", "Jamaica", "ג׳מייקה", "Jamaika"},
    CountryName{"JO", "Jordan", "ירדן", "Jordanien"},
    CountryName{"JP", "Japan", "יפן", "Japan"},
    CountryName{"KE", "Kenya", "קניה", "Kenia"},
    CountryName{"KG", "Kyrgyzstan", "קירגיזסטן", "Kirgisistan"},
    CountryName{"KH", "Cambodia", "קמבודיה", "Kambodscha"},
    CountryName{"KI", "Kiribati", "קיריבאטי", "Kiribati"},
    CountryName{"KM", "Comoros", "קומורו", "Komoren"},
    CountryName{"KN", "St. Kitts & Nevis", "סנט קיטס ונוויס", "St. Kitts und Nevis"},
    CountryName{"KP", "North Korea", "קוריאה הצפונית", "Nordkorea"},
    CountryName{"KR", "South Korea", "קוריאה הדרומית", "Südkorea"},
    CountryName{"KW", "Kuwait", "כווית", "Kuwait"},
    CountryName{"KY", "Cayman Islands", "איי קיימן", "Kaimaninseln"},
    CountryName{"KZ", "Kazakhstan", "קזחסטן", "Kasachstan"},
    CountryName{"LA", "Laos", "לאוס", "Laos"},
    CountryName{"LB", "Lebanon", "לבנון", "Libanon"},
    CountryName{"LC", "St. Lucia", "סנט לוסיה", "St. Lucia"},
    CountryName{"LI", "Liechtenstein", "ליכטנשטיין", "Liechtenstein"},
    CountryName{"LK", "Sri Lanka", "סרי לנקה", "Sri Lanka"},
    CountryName{"LR", "Liberia", "ליבריה", "Liberia"},
    CountryName{"LS", "Lesotho", "לסוטו", "Lesotho"},
    CountryName{"LT", "Lithuania", "ליטא", "Litauen"},
    CountryName{"LU", "Luxembourg", "לוקסמבורג", "Luxemburg"},
    CountryName{"LV", "Latvia", "לטביה", "Lettland"},
    CountryName{"LY", "Libya", "לוב", "Libyen"},
    CountryName{"MA", "Morocco", "מרוקו", "Marokko"},
    CountryName{"MC", "Monaco", "מונקו", "Monaco"},
    CountryName{"MD", "Moldova", "מולדובה", "Republik Moldau"},
    CountryName{"ME", "Montenegro", "מונטנגרו", "Montenegro"},
    CountryName{"MF", "St. Martin", "סן מרטן", "St. Martin"},
    CountryName{"MG", "Madagascar", "מדגסקר", "Madagaskar"},
    CountryName{"MH", "Marshall Islands", "איי מרשל", "Marshallinseln"},
    CountryName{"MK", "North Macedonia", "מקדוניה הצפונית", "Nordmazedonien"},
    CountryName{"ML", "Mali", "מאלי", "Mali"},
    CountryName{"MM", "Myanmar (Burma)", "מיאנמר (בורמה)", "Myanmar"},
    CountryName{"MN", "Mongolia", "מונגוליה", "Mongolei"},
    CountryName{"MO", "Macao SAR China", "מקאו (אזור מנהלי מיוחד של סין)",
                "Sonderverwaltungsregion Macau"},
    CountryName{"MP", "Northern Mariana Islands", "איי מריאנה הצפוניים", "Nördliche Marianen"},
    CountryName{"MQ", "Martinique", "מרטיניק", "Martinique"},
    CountryName{"MR", "Mauritania", "מאוריטניה", "Mauretanien"},
    CountryName{"MS", "Montserrat", "מונסראט", "Montserrat"},
    CountryName{"MT", "Malta", "מלטה", "Malta"},
    CountryName{"MU", "Mauritius", "מאוריציוס", "Mauritius"},
    CountryName{"MV", "Maldives", "האיים המלדיביים", "Malediven"},
    CountryName{"MW", "Malawi", "מלאווי", "Malawi"},
    CountryName{"MX", "Mexico", "מקסיקו", "Mexiko"},
    CountryName{"MY", "Malaysia", "מלזיה", "Malaysia"},
    CountryName{"MZ", "Mozambique", "מוזמביק", "Mosambik"},
    CountryName{"NA", "Namibia", "נמיביה", "Namibia"},
    CountryName{"NC", "New Caledonia", "קלדוניה החדשה", "Neukaledonien"},
    CountryName{"NE", "Niger", "ניז׳ר", "Niger"},
    CountryName{"NG", "Nigeria", "ניגריה", "Nigeria"},
    CountryName{"NI", "Nicaragua", "ניקרגואה", "Nicaragua"},
    CountryName{"NL", "Netherlands", "הולנד", "Niederlande"},
    CountryName{"NO", "Norway", "נורווגיה", "Norwegen"},
    CountryName{"NP", "Nepal", "נפאל", "Nepal"},
    CountryName{"NR", "Nauru", "נאורו", "Nauru"},
    CountryName{"NZ", "New Zealand", "ניו זילנד", "Neuseeland"},
    CountryName{"OM", "Oman", "עומאן", "Oman"},
    CountryName{"PA", "Panama", "פנמה", "Panama"},
    CountryName{"PE", "Peru", "פרו", "Peru"},
    CountryName{"PF", "French Polynesia", "פולינזיה הצרפתית", "Französisch-Polynesien"},
    CountryName{"PG", "Papua New Guinea", "פפואה גינאה החדשה", "Papua-Neuguinea"},
    CountryName{"PH", "Philippines", "הפיליפינים", "Philippinen"},
    CountryName{"PK", "Pakistan", "פקיסטן", "Pakistan"},
    CountryName{"PL", "Poland", "פולין", "Polen"},
    CountryName{"PM", "St. Pierre & Miquelon", "סנט פייר ומיקלון", "St. Pierre und Miquelon"},
    CountryName{"PR", "Puerto Rico", "פוארטו ריקו", "Puerto Rico"},
    CountryName{"PS", "Palestinian Territories", "השטחים הפלסטיניים",
                "Palästinensische Autonomiegebiete"},
    CountryName{"PT", "Portugal", "פורטוגל", "Portugal"},
    CountryName{"PW", "Palau", "פלאו", "Palau"},
    CountryName{"PY", "Paraguay", "פרגוואי", "Paraguay"},
    CountryName{"QA", "Qatar", "קטאר", "Katar"},
    CountryName{"RE", "Réunion", "ראוניון", "Réunion"},
    CountryName{"RO", "Romania", "רומניה", "Rumänien"},
    CountryName{"RS", "Serbia", "סרביה", "Serbien"},
    CountryName{"RU", "Russia", "רוסיה", "Russland"},
    CountryName{"RW", "Rwanda", "רואנדה", "Ruanda"},
    CountryName{"SA", "Saudi Arabia", "ערב הסעודית", "Saudi-Arabien"},
    CountryName{"SB", "Solomon Islands", "איי שלמה", "Salomonen"},
    CountryName{"SC", "Seychelles", "איי סיישל", "Seychellen"},
    CountryName{"SD", "Sudan", "סודן", "Sudan"},
    CountryName{"SE", "Sweden", "שוודיה", "Schweden"},
    CountryName{"SG", "Singapore", "סינגפור", "Singapur"},
    CountryName{"SI", "Slovenia", "סלובניה", "Slowenien"},
    CountryName{"SJ", "Svalbard & Jan Mayen", "סבאלברד ויאן מאיין", "Spitzbergen und Jan Mayen"},
    CountryName{"SK", "Slovakia", "סלובקיה", "Slowakei"},
    CountryName{"SL", "Sierra Leone", "סיירה לאון", "Sierra Leone"},
    CountryName{"SM", "San Marino", "סן מרינו", "San Marino"},
    CountryName{"SN", "Senegal", "סנגל", "Senegal"},
    CountryName{"SO", "Somalia", "סומליה", "Somalia"},
    CountryName{"SR", "Suriname", "סורינאם", "Suriname"},
    CountryName{"SS", "South Sudan", "דרום סודן", "Südsudan"},
    CountryName{"ST", "São Tomé & Príncipe", "סאו טומה ופרינסיפה", "São Tomé und Príncipe"},
    CountryName{"SV", "El Salvador", "אל סלבדור", "El Salvador"},
    CountryName{"SX", "Sint Maarten", "סנט מארטן", "Sint Maarten"},
    CountryName{"SY", "Syria", "סוריה", "Syrien"},
    CountryName{"SZ", "Eswatini", "אסוואטיני", "Eswatini"},
    CountryName{"TC", "Turks & Caicos Islands", "איי טרקס וקייקוס", "Turks- und Caicosinseln"},
    CountryName{"TD", "Chad", "צ׳אד", "Tschad"},
    CountryName{"TG", "Togo", "טוגו", "Togo"},
    CountryName{"TH", "Thailand", "תאילנד", "Thailand"},
    CountryName{"TJ", "Tajikistan", "טג׳יקיסטן", "Tadschikistan"},
    CountryName{"TL", "Timor-Leste", "טימור-לסטה", "Timor-Leste"},
    CountryName{"TM", "Turkmenistan", "טורקמניסטן", "Turkmenistan"},
    CountryName{"TN", "Tunisia", "תוניסיה", "Tunesien"},
    CountryName{"TO", "Tonga", "טונגה", "Tonga"},
    CountryName{"TR", "Türkiye", "טורקיה", "Türkei"},
    CountryName{"TT", "Trinidad & Tobago", "טרינידד וטובגו", "Trinidad und Tobago"},
    CountryName{"TV", "Tuvalu", "טובאלו", "Tuvalu"},
    CountryName{"TW", "Taiwan", "טייוואן", "Taiwan"},
    CountryName{"TZ", "Tanzania", "טנזניה", "Tansania"},
    CountryName{"UA", "Ukraine", "אוקראינה", "Ukraine"},
    CountryName{"UG", "Uganda", "אוגנדה", "Uganda"},
    CountryName{"US", "United States", "ארצות הברית", "Vereinigte Staaten"},
    CountryName{"UY", "Uruguay", "אורוגוואי", "Uruguay"},
    CountryName{"UZ", "Uzbekistan", "אוזבקיסטן", "Usbekistan"},
    CountryName{"VC", "St. Vincent & Grenadines", "סנט וינסנט והגרנדינים",
                "St. Vincent und die Grenadinen"},
    CountryName{"VE", "Venezuela", "ונצואלה", "Venezuela"},
    CountryName{"VG", "British Virgin Islands", "איי הבתולה הבריטיים", "Britische Jungferninseln"},
    CountryName{"VI", "U.S. Virgin Islands", "איי הבתולה של ארצות הברית",
                "Amerikanische Jungferninseln"},
    CountryName{"VN", "Vietnam", "וייטנאם", "Vietnam"},
    CountryName{"VU", "Vanuatu", "ונואטו", "Vanuatu"},
    CountryName{"WF", "Wallis & Futuna", "איי ווליס ופוטונה", "Wallis und Futuna"},
    CountryName{"WS", "Samoa", "סמואה", "Samoa"},
    CountryName{"XK", "Kosovo", "קוסובו", "Kosovo"},
    CountryName{"YE", "Yemen", "תימן", "Jemen"},
    CountryName{"YT", "Mayotte", "מאיוט", "Mayotte"},
    CountryName{"ZA", "South Africa", "דרום אפריקה", "Südafrika"},
    CountryName{"ZM", "Zambia", "זמביה", "Sambia"},
    CountryName{"ZW", "Zimbabwe", "זימבבואה", "Simbabwe"},
};
static_assert(std::is_sorted(kCountryNames.begin(), kCountryNames.end(),
                             [](const CountryName& a, const CountryName& b) {
                               return a.iso2 < b.iso2;
                             }));

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
  constexpr std::array kVariants = {
      NormaliseOptions{},
      NormaliseOptions{.apostrophe_as_space = true},
      NormaliseOptions{.expand_umlauts = true},
  };
  std::vector<std::string> spellings;
  for (uint32_t i = 0; i < places_.size(); ++i) {
    const Place& place = places_[i];
    spellings.clear();
    for (const std::string* name : {&place.name_en, &place.name_he, &place.name_de}) {
      for (const auto& options : kVariants) {
        std::string spelling = normalise(*name, options);
        const bool is_new =
            std::find(spellings.begin(), spellings.end(), spelling) == spellings.end();
        if (!spelling.empty() && is_new) spellings.push_back(std::move(spelling));
      }
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
  const std::string needle = normalise(query);
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
  const auto country = std::lower_bound(
      kCountryNames.begin(), kCountryNames.end(), iso2,
      [](const CountryName& name, std::string_view code) { return name.iso2 < code; });
  if (country == kCountryNames.end() || country->iso2 != iso2) return std::string(iso2);
  const std::string_view name = lang == Language::he   ? country->he
                                : lang == Language::de ? country->de
                                                       : country->en;
  return std::string(name);
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
