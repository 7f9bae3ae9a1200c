// Discovery at scale (issue: explore and meet p99 under 10 ms with 100,000 members and 1,000
// personas). Generates the population into a fresh SQLite file, then times the real handlers
// through the router, exactly as a socket frame reaches them, and prints p50/p99/p99.9.
//
//   kesher_discovery_bench --places build/places.tsv [--members 100000] [--personas 1000]
//                          [--queries 3000] [--data /tmp/kesher-bench]
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>

#include "app/context.hpp"
#include "domain/crypto.hpp"
#include "domain/discovery.hpp"
#include "mail/mailer.hpp"
#include "modules/jobs.hpp"
#include "modules/person_view.hpp"
#include "modules/registry.hpp"
#include "store/social.hpp"

using namespace kesher;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

enum class Market { israel, germany, us };

struct City {
  const char* name;
  double weight;
  Market market;
};

// Where the generated people live: the product's three markets, weighted roughly by size.
const std::vector<City> kCities{{"Tel Aviv", 10, Market::israel},
                                {"Jerusalem", 8, Market::israel},
                                {"Haifa", 5, Market::israel},
                                {"Rishon LeZion", 4, Market::israel},
                                {"Petah Tikva", 4, Market::israel},
                                {"Ashdod", 3, Market::israel},
                                {"Netanya", 3, Market::israel},
                                {"Beersheba", 3, Market::israel},
                                {"Holon", 2, Market::israel},
                                {"Ramat Gan", 2, Market::israel},
                                {"Berlin", 8, Market::germany},
                                {"Hamburg", 5, Market::germany},
                                {"München", 5, Market::germany},
                                {"Köln", 4, Market::germany},
                                {"Frankfurt am Main", 3, Market::germany},
                                {"Stuttgart", 3, Market::germany},
                                {"Leipzig", 2, Market::germany},
                                {"Düsseldorf", 2, Market::germany},
                                {"New York City", 8, Market::us},
                                {"Los Angeles", 6, Market::us},
                                {"Chicago", 5, Market::us},
                                {"Miami", 3, Market::us},
                                {"Seattle", 2, Market::us},
                                {"Boston", 2, Market::us},
                                {"San Francisco", 2, Market::us},
                                {"Austin", 2, Market::us}};

struct ResolvedCity {
  int64_t place_id;
  double weight;
  Market market;
};

// The most populous place of each name (the index ranks whole-name matches by size).
std::vector<ResolvedCity> resolve_cities(const domain::PlaceIndex& places) {
  std::vector<ResolvedCity> found;
  for (const auto& city : kCities) {
    auto hits = places.search(city.name, domain::Language::en, 1);
    if (!hits.empty()) found.push_back({hits.front().place_id, city.weight, city.market});
  }
  return found;
}

// The language a person uses Kesher in: in Israel mostly Hebrew, with English and German
// readers among them, which discovery serves language by language.
const char* language_in(Market market, std::mt19937_64& rng) {
  if (market == Market::germany) return "de";
  if (market == Market::us) return "en";
  double roll = std::uniform_real_distribution<double>(0, 1)(rng);
  return roll < 0.85 ? "he" : roll < 0.95 ? "en" : "de";
}

void generate(app::Context& app, int members, int personas, std::mt19937_64& rng) {
  auto resolved = resolve_cities(*app.places);
  std::vector<double> weights;
  for (const auto& city : resolved) weights.push_back(city.weight);
  std::discrete_distribution<size_t> pick_city(weights.begin(), weights.end());
  std::uniform_int_distribution<int> age(18, 60), span(5, 15), gender(1, 2), day(1, 28),
      month(1, 12);
  int64_t now = app.now();
  auto t0 = Clock::now();
  app.db->write([&](store::Session& db) {
    for (int i = 0; i < members + personas; ++i) {
      const auto& city = resolved[pick_city(rng)];
      int64_t place = city.place_id;
      std::string language = language_in(city.market, rng);
      auto cell = modules::cell_of_place(app, place);
      int a = age(rng), g = gender(rng);
      int low = std::max(18, a - span(rng)), high = std::min(100, a + span(rng));
      char birth[40];  // room for any int, which is what GCC checks
      std::snprintf(birth, sizeof birth, "%04d-%02d-%02d", 2026 - a, month(rng), day(rng));
      bool persona = i >= members;
      db.execute(
          "INSERT INTO users (kind, email, name, gender, birth_date, language, place_id, s_gender, "
          "s_age_min, s_age_max, s_radius, created_at, cell_row, cell_col, persona_key) VALUES (?, "
          "?, 'Bench', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          {std::string(persona ? "persona" : "member"),
           persona ? store::Value{} : store::Value{"m" + std::to_string(i) + "@bench.example"},
           int64_t{g}, std::string(birth), language, place, int64_t{3 - g}, int64_t{low},
           int64_t{high}, int64_t{100}, now, int64_t{cell.row}, int64_t{cell.col},
           persona ? store::Value{"b" + std::to_string(i)} : store::Value{}});
      if (persona) {
        int64_t id = db.last_insert_id();
        store::social::add_photo(db, id, "/media/personas/bench.svg", now);
      }
    }
  });
  auto t1 = Clock::now();
  // Some history, so that "not yet swiped" and "not blocked" have rows to skip: 20 swipes for a
  // tenth of the members, a block now and then.
  int64_t total = members + personas;
  std::uniform_int_distribution<int64_t> anyone(1, total);
  app.db->write([&](store::Session& db) {
    for (int i = 0; i < members / 10; ++i) {
      int64_t swiper = anyone(rng);
      for (int k = 0; k < 20; ++k) {
        store::social::put_swipe(db, swiper, anyone(rng), k % 3 != 0, now - k * 3600);
      }
      if (i % 50 == 0) store::social::block(db, swiper, anyone(rng), now);
    }
  });
  modules::refresh_popularity(app);
  auto t2 = Clock::now();
  std::printf("generated %d members and %d personas in %.1f s, history in %.1f s\n", members,
              personas, std::chrono::duration<double>(t1 - t0).count(),
              std::chrono::duration<double>(t2 - t1).count());
}

struct Stats {
  double p50, p99, p999, max;
};

Stats percentiles(std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  auto at = [&](double q) {
    return ms[std::min(ms.size() - 1, static_cast<size_t>(q * ms.size()))];
  };
  return {at(0.50), at(0.99), at(0.999), ms.back()};
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"Discovery benchmark"};
  std::string places_path = "build/places.tsv", data_dir = "/tmp/kesher-discovery-bench";
  int members = 100000, personas = 1000, queries = 3000;
  cli.add_option("--places", places_path)->capture_default_str();
  cli.add_option("--data", data_dir)->capture_default_str();
  cli.add_option("--members", members)->capture_default_str();
  cli.add_option("--personas", personas)->capture_default_str();
  cli.add_option("--queries", queries)->capture_default_str();
  CLI11_PARSE(cli, argc, argv);

  domain::crypto_init();
  fs::remove_all(data_dir);
  fs::create_directories(data_dir);
  app::Context app;
  app.config.data_dir = data_dir;
  app.now = [] {
    return std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
  };
  app.db = store::open_sqlite({(fs::path(data_dir) / "kesher.db").string()});
  std::string error;
  auto load_started = Clock::now();
  auto places = domain::PlaceIndex::load_tsv(places_path, &error);
  if (!places) {
    std::fprintf(stderr, "cannot load %s: %s\n", places_path.c_str(), error.c_str());
    return 1;
  }
  std::printf("loaded %zu places and built their search index in %.0f ms\n", places->size(),
              std::chrono::duration<double, std::milli>(Clock::now() - load_started).count());
  app.places = std::make_unique<domain::PlaceIndex>(std::move(*places));
  app.mailer = mail::make_outbox_mailer(fs::path(data_dir) / "outbox", "bench@kesher.local");

  std::mt19937_64 rng(20261122);
  generate(app, members, personas, rng);
  auto router = modules::make_router();

  std::uniform_int_distribution<int64_t> member(1, members);
  struct Case {
    const char* name;
    std::vector<std::string> frames;  // taken in turn
  };
  const std::vector<Case> cases{
      {"explore", {R"({"module":"explore","exclude":[]})"}},
      {"meet (first page)", {R"({"module":"meet","currentLength":0,"recordsToTake":24})"}},
      {"meet (page 5)", {R"({"module":"meet","currentLength":96,"recordsToTake":24})"}},
      {"meet/popular", {R"({"module":"meet/popular","currentLength":0,"recordsToTake":24})"}},
      {"spotlight", {R"({"module":"spotlight","currentLength":0})"}},
      // Typeahead: short prefixes in the three languages, the widest ranges the index serves.
      {"search_location",
       {R"({"module":"search_location","search":"a","lang":"en"})",
        R"({"module":"search_location","search":"תל","lang":"he"})",
        R"({"module":"search_location","search":"münch","lang":"de"})",
        R"({"module":"search_location","search":"Muench","lang":"de"})",
        R"({"module":"search_location","search":"קריית ש","lang":"he"})",
        R"({"module":"search_location","search":"new y","lang":"en"})",
        R"({"module":"search_location","search":"ber","lang":"de"})",
        R"({"module":"search_location","search":"ra'an","lang":"en"})"}},
  };
  std::printf("\n%-20s %8s %8s %8s %8s %8s\n", "module", "queries", "p50 ms", "p99 ms", "p99.9 ms",
              "max ms");
  for (const auto& c : cases) {
    std::vector<double> ms;
    ms.reserve(queries);
    size_t cards = 0;
    for (int i = 0; i < queries; ++i) {
      app::ConnectionState connection;
      connection.user_id = member(rng);
      auto start = Clock::now();
      auto frames = router.handle(app, connection, c.frames[i % c.frames.size()]);
      ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
      cards += std::count(frames.front().begin(), frames.front().end(), '{');
    }
    auto s = percentiles(ms);
    std::printf("%-20s %8d %8.3f %8.3f %8.3f %8.3f   (%.1f objects a reply)\n", c.name, queries,
                s.p50, s.p99, s.p999, s.max, static_cast<double>(cards) / queries);
  }
  return 0;
}
