#include "store/group_commit.hpp"

#include <future>

namespace kesher::store {

GroupCommitter::GroupCommitter(CommitBatch commit_batch)
    : commit_batch_(std::move(commit_batch)), committer_([this] { commit_loop(); }) {}

GroupCommitter::~GroupCommitter() {
  {
    std::lock_guard lock(queue_mutex_);
    stopping_ = true;
  }
  queue_ready_.notify_one();
  if (committer_.joinable()) committer_.join();
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
}

}  // namespace kesher::store
