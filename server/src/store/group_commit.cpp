#include "store/group_commit.hpp"

#include <pthread.h>

#include <future>
#include <iterator>
#include <utility>

namespace kesher::store {

GroupCommitter::GroupCommitter(CommitBatch commit_batch) : commit_batch_(std::move(commit_batch)) {
  committer_ = std::thread([this] { commit_loop(); });
  // Named for profiles and top -H (docs/performance.md reads CPU per thread).
  pthread_setname_np(committer_.native_handle(), "kesher-commit");
}

GroupCommitter::GroupCommitter(Transaction transaction, MakeDurable make_durable)
    : transaction_(std::move(transaction)), make_durable_(std::move(make_durable)) {
  committer_ = std::thread([this] { transaction_loop(); });
  durable_ = std::thread([this] { durable_loop(); });
  pthread_setname_np(committer_.native_handle(), "kesher-commit");
  pthread_setname_np(durable_.native_handle(), "kesher-flush");
}

GroupCommitter::~GroupCommitter() {
  {
    std::lock_guard lock(queue_mutex_);
    stopping_ = true;
  }
  queue_ready_.notify_one();
  if (committer_.joinable()) committer_.join();
  {
    std::lock_guard lock(committed_mutex_);
    committer_done_ = true;
  }
  committed_ready_.notify_one();
  if (durable_.joinable()) durable_.join();
}

void GroupCommitter::write(const std::function<void(Session&)>& work) {
  std::promise<void> finished;
  auto result = finished.get_future();
  write_async([&work](Session& session) { work(session); },
              [&finished](std::exception_ptr error) {
                if (error) {
                  finished.set_exception(error);
                } else {
                  finished.set_value();
                }
              });
  result.get();
}

void GroupCommitter::write_async(std::function<void(Session&)> work, Database::WriteDone done) {
  {
    std::lock_guard lock(queue_mutex_);
    queue_.push_back({std::move(work), std::move(done)});
    pending_.fetch_add(1, std::memory_order_relaxed);
  }
  queue_ready_.notify_one();
}

void GroupCommitter::flush() {
  std::unique_lock lock(queue_mutex_);
  drained_.wait(lock, [&] { return pending_.load(std::memory_order_relaxed) == 0; });
}

void GroupCommitter::answer(std::vector<PendingWrite>& batch) {
  for (PendingWrite& pending : batch) pending.done(pending.error);
  size_t written = batch.size();
  // The callbacks go before flush() can return: they may hold the last reference to a socket
  // session, whose destructor calls into the server that shutdown destroys after flush().
  batch.clear();
  {
    std::lock_guard lock(queue_mutex_);
    pending_.fetch_sub(written, std::memory_order_relaxed);
  }
  drained_.notify_all();
}

void GroupCommitter::commit_loop() {
  std::vector<PendingWrite> batch;
  for (;;) {
    {
      std::unique_lock lock(queue_mutex_);
      queue_ready_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything queued has been written
      batch.swap(queue_);
    }
    commit_batch_(batch);
    answer(batch);
  }
}

void GroupCommitter::transaction_loop() {
  std::vector<PendingWrite> batch;
  std::vector<PendingWrite> open;  // run in the open transaction, not committed yet
  bool in_transaction = false;
  auto commit_open = [&] {
    if (in_transaction) {
      in_transaction = false;
      try {
        transaction_.commit();
      } catch (...) {
        auto error = std::current_exception();
        for (PendingWrite& pending : open) {
          if (!pending.error) pending.error = error;
        }
      }
    }
    hand_to_flush(open);
  };
  for (;;) {
    bool stopping = false;
    {
      std::unique_lock lock(queue_mutex_);
      queue_ready_.wait(lock, [&] {
        return stopping_ || !queue_.empty() ||
               (!open.empty() && unflushed_commits_.load(std::memory_order_relaxed) == 0);
      });
      if (queue_.empty() && open.empty()) return;  // stopping, and everything has been handed on
      batch.swap(queue_);
      stopping = stopping_;
    }
    for (PendingWrite& pending : batch) {
      if (!in_transaction) {
        try {
          transaction_.begin();
          in_transaction = true;
        } catch (...) {
          pending.error = std::current_exception();
        }
      }
      if (in_transaction) transaction_.run(pending);
      open.push_back(std::move(pending));
      if (open.size() >= kMostUnitsPerCommit) commit_open();
    }
    batch.clear();
    bool flush_free = unflushed_commits_.load(std::memory_order_relaxed) == 0;
    if (!open.empty() && (flush_free || stopping)) commit_open();
  }
}

void GroupCommitter::hand_to_flush(std::vector<PendingWrite>& units) {
  // Only the flush thread's decrement must wake the committer; this is the committer itself.
  unflushed_commits_.fetch_add(1, std::memory_order_relaxed);
  {
    std::lock_guard lock(committed_mutex_);
    committed_.insert(committed_.end(), std::make_move_iterator(units.begin()),
                      std::make_move_iterator(units.end()));
    ++committed_commits_;
  }
  units.clear();
  committed_ready_.notify_one();
}

void GroupCommitter::durable_loop() {
  std::vector<PendingWrite> batch;
  for (;;) {
    size_t commits = 0;
    {
      std::unique_lock lock(committed_mutex_);
      committed_ready_.wait(lock, [&] { return committer_done_ || !committed_.empty(); });
      if (committed_.empty()) return;  // the committer has stopped and all is answered
      batch.swap(committed_);
      commits = std::exchange(committed_commits_, 0);
    }
    try {
      make_durable_();
    } catch (...) {
      // Committed but perhaps not on disk: no unit may be told it is. A client that sends again
      // with its client id finds the message if it survived (a replay), and pays once.
      auto error = std::current_exception();
      for (PendingWrite& pending : batch) {
        if (!pending.error) pending.error = error;
      }
    }
    // The flush is free: the committer may commit what it ran meanwhile while these are answered.
    bool free = false;
    {
      std::lock_guard lock(queue_mutex_);
      free = unflushed_commits_.fetch_sub(commits, std::memory_order_relaxed) == commits;
    }
    if (free) queue_ready_.notify_one();
    answer(batch);
  }
}

}  // namespace kesher::store
