#include "bus/node_spread.hpp"

namespace kesher::bus {

void NodeSpread::apply(int64_t user_id, int64_t nodes, int64_t sequence) {
  std::lock_guard lock(mutex_);
  auto [it, inserted] = known_.try_emplace(user_id, Known{1, sequence});
  if (!inserted && sequence < it->second.sequence) return;
  if (it->second.nodes > 1) spread_.fetch_sub(1, std::memory_order_relaxed);
  it->second = Known{nodes, sequence};
  if (nodes > 1) spread_.fetch_add(1, std::memory_order_relaxed);
}

void NodeSpread::forget(int64_t user_id) {
  std::lock_guard lock(mutex_);
  auto it = known_.find(user_id);
  if (it == known_.end()) return;
  if (it->second.nodes > 1) spread_.fetch_sub(1, std::memory_order_relaxed);
  known_.erase(it);
}

int64_t NodeSpread::nodes_of(int64_t user_id) const {
  if (spread_.load(std::memory_order_relaxed) == 0) return 1;
  std::lock_guard lock(mutex_);
  auto it = known_.find(user_id);
  return it == known_.end() || it->second.nodes < 1 ? 1 : it->second.nodes;
}

}  // namespace kesher::bus
