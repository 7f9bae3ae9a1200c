// Micro-benchmarks of the hot pure paths: `make bench`. Figures go into docs/performance.md.
#include <benchmark/benchmark.h>

#include <cstdlib>

#include "domain/crypto.hpp"
#include "domain/places.hpp"
#include "domain/validation.hpp"
#include "protocol/envelope.hpp"

using namespace kesher;

static void DecodeEnvelope(benchmark::State& state) {
  const std::string frame =
      R"({"module":"send_message","rid":"42","receiver_id":17,"message_type":"text","message_text":"שלום, מה שלומך היום?","client_id":"c-8f1e"})";
  for (auto _ : state) benchmark::DoNotOptimize(protocol::decode_envelope(frame));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(DecodeEnvelope);

static void CheckName(benchmark::State& state) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(domain::check_name("  דנה   לוי ", domain::Language::he));
  }
}
BENCHMARK(CheckName);

static void PasswordHash(benchmark::State& state) {
  domain::crypto_init();
  for (auto _ : state) benchmark::DoNotOptimize(domain::hash_password("correct horse battery"));
}
BENCHMARK(PasswordHash)->Unit(benchmark::kMillisecond);

static void SearchPlaces(benchmark::State& state) {
  const char* path = std::getenv("KESHER_PLACES");
  std::string error;
  auto index = path ? domain::PlaceIndex::load_tsv(path, &error) : std::nullopt;
  if (!index) {
    state.SkipWithError("set KESHER_PLACES to build/places.tsv");
    return;
  }
  const char* queries[] = {"תל", "ber", "münch", "new y", "ירו", "ha"};
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(index->search(queries[i++ % 6], domain::Language::he, 10));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(SearchPlaces)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
