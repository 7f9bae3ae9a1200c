#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

// The lucky wheel's rules (docs/wheel.md): the prize is drawn on the server from weights kept in
// the catalogue; the client only animates the result.
namespace kesher::domain::wheel {

enum class PrizeKind { coins, freespin, nothing };

std::string_view kind_name(PrizeKind kind);
std::optional<PrizeKind> parse_kind(std::string_view name);

struct Prize {
  int64_t id = 0;
  int64_t position = 0;  // the segment's place on the wheel, clockwise from the top
  PrizeKind kind = PrizeKind::nothing;
  int64_t amount = 0;  // credits for coins, spins for freespin
  int64_t weight = 0;  // relative chance; 0 keeps the segment on the wheel but never draws it
};

// A segment's weight is at most this, so that the total of a wheel fits a 32-bit draw.
inline constexpr int64_t kMaxWeight = 1'000'000;

// A uniform random integer in [0, upper), upper > 0. The server passes a CSPRNG
// (randombytes_uniform); tests pass a seeded generator.
using UniformSource = std::function<uint32_t(uint32_t upper)>;

// A deterministic source for tests (--wheel-seed): the same seed gives the same draws. Safe to
// share between threads.
UniformSource seeded_source(uint64_t seed);

int64_t total_weight(std::span<const Prize> prizes);
// The index of the drawn prize: each prize with probability weight / total. nullopt when no
// prize can be drawn (every weight 0, a negative weight, or a total too large for one draw).
std::optional<size_t> draw(std::span<const Prize> prizes, const UniformSource& random);
// The chance of each prize in one draw, in the order given (weight / total, or 0).
std::vector<double> odds(std::span<const Prize> prizes);

// Credits a spin pays on average, counting what its free spins pay in turn: with C the coins of
// one draw on average and F the free spins it gives on average, V = C + F·V, so V = C / (1 − F).
// nullopt when F ≥ 1 (a wheel that would pay for ever) or nothing can be drawn.
std::optional<double> expected_credits_per_spin(std::span<const Prize> prizes);

}  // namespace kesher::domain::wheel
