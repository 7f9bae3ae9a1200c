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
// thread, which runs the units in one transaction, a savepoint per unit (each unit's error set
// on it), and answers them all after the commit.
//
// It works in one of two ways:
// - `CommitBatch`: the backend commits all the units waiting at that moment in one transaction,
//   and they are answered right after (PostgreSQL, whose COMMIT is durable when it returns).
// - `Transaction` with `MakeDurable`: for a backend whose commit returns before it is durable
//   (SQLite in WAL mode with synchronous=NORMAL). A second thread calls `make_durable` once for
//   every run of commits made meanwhile and answers them only after it returns; no answer goes
//   out before the flush that covers it (docs/decisions/0019-pipelined-commits.md). While a
//   flush is under way the committer keeps running new units in an open transaction and commits
//   them when the flush thread is free again: a commit costs the same whether it covers five
//   units or fifty (every page it touched is written to the log once), and committing before the
//   flush is free would not answer anybody sooner (decision 0020).
class GroupCommitter {
 public:
  using CommitBatch = std::function<void(std::vector<PendingWrite>&)>;
  // A transaction the committer opens, fills unit by unit and commits when it chooses.
  struct Transaction {
    std::function<void()> begin;             // throws when no transaction could be begun
    std::function<void(PendingWrite&)> run;  // one unit in a savepoint of its own; sets its error
    std::function<void()> commit;            // throws after rolling back when the commit fails
  };
  // Makes everything committed so far durable, or throws.
  using MakeDurable = std::function<void()>;
  // A commit covers at most this many units even while the flush is busy, so that a slow disk
  // cannot grow one transaction without bound.
  static constexpr size_t kMostUnitsPerCommit = 1024;

  explicit GroupCommitter(CommitBatch commit_batch);
  GroupCommitter(Transaction transaction, MakeDurable make_durable);
  // Stops after everything queued has been written and answered.
  ~GroupCommitter();
  GroupCommitter(const GroupCommitter&) = delete;
  GroupCommitter& operator=(const GroupCommitter&) = delete;

  // Database::write, write_async, pending_writes and flush.
  void write(const std::function<void(Session&)>& work);
  void write_async(std::function<void(Session&)> work, Database::WriteDone done);
  // Queued, running, committing or waiting for their flush: every write not answered yet.
  size_t pending() const { return pending_.load(std::memory_order_relaxed); }
  void flush();

 private:
  void commit_loop();
  void transaction_loop();
  void durable_loop();
  // Hands a commit's units to the flush thread.
  void hand_to_flush(std::vector<PendingWrite>& units);
  // Runs the callbacks, then counts the writes as answered.
  void answer(std::vector<PendingWrite>& batch);

  CommitBatch commit_batch_;
  Transaction transaction_;
  MakeDurable make_durable_;
  std::mutex queue_mutex_;
  std::condition_variable queue_ready_;
  std::condition_variable drained_;
  std::vector<PendingWrite> queue_;
  bool stopping_ = false;
  std::atomic<size_t> pending_{0};
  // Commits handed to the flush thread and not flushed yet. The flush thread lowers it under
  // queue_mutex_, so that the committer, waiting for it to reach zero, is woken.
  std::atomic<size_t> unflushed_commits_{0};
  // Committed, waiting for make_durable (only with make_durable).
  std::mutex committed_mutex_;
  std::condition_variable committed_ready_;
  std::vector<PendingWrite> committed_;
  size_t committed_commits_ = 0;
  bool committer_done_ = false;
  std::thread committer_;
  std::thread durable_;
};

}  // namespace kesher::store
