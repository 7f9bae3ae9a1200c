#pragma once
#include <cstdint>
#include <mutex>
#include <unordered_set>

namespace kesher::media {

// One upload at a time per member (spec §5): claim before decoding, release when done.
class UploadSlots {
 public:
  bool try_claim(int64_t user_id) {
    std::lock_guard lock(mutex_);
    return running_.insert(user_id).second;
  }
  void release(int64_t user_id) {
    std::lock_guard lock(mutex_);
    running_.erase(user_id);
  }

 private:
  std::mutex mutex_;
  std::unordered_set<int64_t> running_;
};

}  // namespace kesher::media
