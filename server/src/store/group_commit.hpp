#pragma once
#include <atomic>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "store/database.hpp"

namespace kesher::store {

// One queued unit of work, and what happened to it.
struct PendingWrite {
  std::function<void(Session&)> work;
  Database::WriteDone done;
  std::exception_ptr error;
};

// Group commit (brief §7), shared by both backends: every write is queued for one committer
// thread, which hands all the units waiting at that moment to the backend's `commit_batch` (one
// transaction, a savepoint per unit, each unit's error set on it) and answers them all after it.
class GroupCommitter {
 public:
  using CommitBatch = std::function<void(std::vector<PendingWrite>&)>;
  explicit GroupCommitter(CommitBatch commit_batch);
  // Stops after everything queued has been written.
  ~GroupCommitter();
  GroupCommitter(const GroupCommitter&) = delete;
  GroupCommitter& operator=(const GroupCommitter&) = delete;

  // Database::write, write_async, pending_writes and flush.
  void write(const std::function<void(Session&)>& work);
  void write_async(std::function<void(Session&)> work, Database::WriteDone done);
  size_t pending() const { return pending_.load(std::memory_order_relaxed); }
  void flush();

 private:
  void commit_loop();

  CommitBatch commit_batch_;
  std::mutex queue_mutex_;
  std::condition_variable queue_ready_;
  std::condition_variable drained_;
  std::vector<PendingWrite> queue_;
  bool stopping_ = false;
  std::atomic<size_t> pending_{0};
  std::thread committer_;
};

}  // namespace kesher::store
