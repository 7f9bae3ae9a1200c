#include "domain/wheel.hpp"

#include <limits>
#include <memory>
#include <mutex>
#include <random>

namespace kesher::domain::wheel {

std::string_view kind_name(PrizeKind kind) {
  switch (kind) {
    case PrizeKind::coins:
      return "coins";
    case PrizeKind::freespin:
      return "freespin";
    case PrizeKind::nothing:
      break;
  }
  return "nothing";
}

std::optional<PrizeKind> parse_kind(std::string_view name) {
  if (name == "coins") return PrizeKind::coins;
  if (name == "freespin") return PrizeKind::freespin;
  if (name == "nothing") return PrizeKind::nothing;
  return std::nullopt;
}

UniformSource seeded_source(uint64_t seed) {
  struct State {
    std::mutex mutex;
    std::mt19937_64 engine;
  };
  auto state = std::make_shared<State>();
  state->engine.seed(seed);
  return [state](uint32_t upper) {
    std::lock_guard lock(state->mutex);
    return std::uniform_int_distribution<uint32_t>(0, upper - 1)(state->engine);
  };
}

int64_t total_weight(std::span<const Prize> prizes) {
  int64_t total = 0;
  for (const auto& prize : prizes) {
    if (prize.weight < 0 || prize.weight > kMaxWeight) return -1;
    total += prize.weight;
  }
  return total;
}

std::optional<size_t> draw(std::span<const Prize> prizes, const UniformSource& random) {
  int64_t total = total_weight(prizes);
  if (total <= 0 || total > std::numeric_limits<uint32_t>::max()) return std::nullopt;
  int64_t roll = random(static_cast<uint32_t>(total));
  if (roll < 0 || roll >= total) return std::nullopt;
  // Each prize owns the rolls [start, start + weight): exactly `weight` of the `total` values.
  for (size_t i = 0; i < prizes.size(); ++i) {
    if (roll < prizes[i].weight) return i;
    roll -= prizes[i].weight;
  }
  return std::nullopt;
}

std::vector<double> odds(std::span<const Prize> prizes) {
  int64_t total = total_weight(prizes);
  std::vector<double> result(prizes.size(), 0.0);
  if (total <= 0) return result;
  for (size_t i = 0; i < prizes.size(); ++i) {
    result[i] = static_cast<double>(prizes[i].weight) / static_cast<double>(total);
  }
  return result;
}

std::optional<double> expected_credits_per_spin(std::span<const Prize> prizes) {
  auto chances = odds(prizes);
  if (total_weight(prizes) <= 0) return std::nullopt;
  double coins = 0;
  double free_spins = 0;
  for (size_t i = 0; i < prizes.size(); ++i) {
    if (prizes[i].kind == PrizeKind::coins)
      coins += chances[i] * static_cast<double>(prizes[i].amount);
    if (prizes[i].kind == PrizeKind::freespin) {
      free_spins += chances[i] * static_cast<double>(prizes[i].amount);
    }
  }
  if (free_spins >= 1.0) return std::nullopt;
  return coins / (1.0 - free_spins);
}

}  // namespace kesher::domain::wheel
