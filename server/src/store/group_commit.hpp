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
//
// A backend whose commit returns before it is durable (SQLite in WAL mode with
// synchronous=NORMAL) passes `make_durable`: a second thread then calls it once for every run of
// batches committed meanwhile and answers them only after it returns, while the committer is
// already executing the next batch. The flush to disk no longer stops the committer, and no
// answer goes out before the flush that covers it (docs/decisions/0019-pipelined-commits.md).
class GroupCommitter {
 public:
  using CommitBatch = std::function<void(std::vector<PendingWrite>&)>;
  // Makes everything committed so far durable, or throws.
  using MakeDurable = std::function<void()>;
  explicit GroupCommitter(CommitBatch commit_batch, MakeDurable make_durable = {});
  // Stops after everything queued has been written and answered.
  ~GroupCommitter();
  GroupCommitter(const GroupCommitter&) = delete;
  GroupCommitter& operator=(const GroupCommitter&) = delete;

  // Database::write, write_async, pending_writes and flush.
  void write(const std::function<void(Session&)>& work);
  void write_async(std::function<void(Session&)> work, Database::WriteDone done);
  // Queued, committing or waiting for their flush: every write not answered yet.
  size_t pending() const { return pending_.load(std::memory_order_relaxed); }
  void flush();

 private:
  void commit_loop();
  void durable_loop();
  // Runs the callbacks, then counts the writes as answered.
  void answer(std::vector<PendingWrite>& batch);

  CommitBatch commit_batch_;
  MakeDurable make_durable_;
  std::mutex queue_mutex_;
  std::condition_variable queue_ready_;
  std::condition_variable drained_;
  std::vector<PendingWrite> queue_;
  bool stopping_ = false;
  std::atomic<size_t> pending_{0};
  // Committed, waiting for make_durable (only with make_durable).
  std::mutex committed_mutex_;
  std::condition_variable committed_ready_;
  std::vector<PendingWrite> committed_;
  bool committer_done_ = false;
  std::thread committer_;
  std::thread durable_;
};

}  // namespace kesher::store
