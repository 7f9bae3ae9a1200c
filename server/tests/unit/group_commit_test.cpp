#include "store/group_commit.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace kesher::store {
namespace {

// Sets `gone` when destroyed, slowly, as a socket session's last reference may be.
struct SlowToDestroy {
  explicit SlowToDestroy(std::atomic<bool>& flag) : gone(flag) {}
  ~SlowToDestroy() {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    gone = true;
  }
  std::atomic<bool>& gone;
};

// Shutdown destroys the server right after flush(): a write's callback that still held a socket
// session then was a use after free (seen under ASan in the integration tests).
TEST(GroupCommit, FlushReturnsOnlyOnceTheAnsweredWritesAreGone) {
  GroupCommitter committer([](std::vector<PendingWrite>&) {});
  std::atomic<bool> gone{false};
  {
    auto holder = std::make_shared<SlowToDestroy>(gone);
    committer.write_async([](Session&) {}, [holder](std::exception_ptr) {});
  }
  committer.flush();
  EXPECT_TRUE(gone.load());
  EXPECT_EQ(committer.pending(), 0U);
}

TEST(GroupCommit, EveryWriteIsAnsweredOnceWithItsBatchError) {
  GroupCommitter committer([](std::vector<PendingWrite>& batch) {
    for (PendingWrite& pending : batch)
      pending.error = std::make_exception_ptr(std::runtime_error("refused"));
  });
  std::atomic<int> answered{0};
  std::atomic<int> refused{0};
  for (int i = 0; i < 10; ++i)
    committer.write_async([](Session&) {},
                          [&](std::exception_ptr error) {
                            ++answered;
                            if (error) ++refused;
                          });
  committer.flush();
  EXPECT_EQ(answered.load(), 10);
  EXPECT_EQ(refused.load(), 10);
}

// With a flush stage, a committed write is answered only after the flush that began after its
// commit has returned, and the committer goes on meanwhile.
TEST(GroupCommit, AWriteIsAnsweredOnlyAfterTheFlushThatCoversIt) {
  std::mutex gate_mutex;
  std::condition_variable gate_changed;
  bool flush_may_finish = false;
  std::atomic<int> flushes_started{0};
  std::atomic<int> committed{0};
  GroupCommitter committer([&](std::vector<PendingWrite>& batch) { committed += batch.size(); },
                           [&] {
                             ++flushes_started;
                             std::unique_lock lock(gate_mutex);
                             gate_changed.wait(lock, [&] { return flush_may_finish; });
                           });
  std::atomic<int> answered{0};
  committer.write_async([](Session&) {}, [&](std::exception_ptr) { ++answered; });
  while (flushes_started.load() == 0) std::this_thread::yield();
  // The first flush is held: a second write still commits, and neither is answered.
  committer.write_async([](Session&) {}, [&](std::exception_ptr) { ++answered; });
  while (committed.load() < 2) std::this_thread::yield();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(answered.load(), 0);
  EXPECT_EQ(committer.pending(), 2U);
  {
    std::lock_guard lock(gate_mutex);
    flush_may_finish = true;
  }
  gate_changed.notify_all();
  committer.flush();
  EXPECT_EQ(answered.load(), 2);
  EXPECT_EQ(committer.pending(), 0U);
}

TEST(GroupCommit, AFailedFlushAnswersItsWritesWithTheError) {
  GroupCommitter committer([](std::vector<PendingWrite>&) {},
                           [] { throw std::runtime_error("disk gone"); });
  std::atomic<int> refused{0};
  for (int i = 0; i < 5; ++i)
    committer.write_async([](Session&) {},
                          [&](std::exception_ptr error) {
                            if (error) ++refused;
                          });
  committer.flush();
  EXPECT_EQ(refused.load(), 5);
}

TEST(GroupCommit, WritesAreAnsweredInTheOrderTheyWereQueued) {
  GroupCommitter committer([](std::vector<PendingWrite>&) {}, [] {});
  std::mutex order_mutex;
  std::vector<int> order;
  for (int i = 0; i < 200; ++i)
    committer.write_async([](Session&) {},
                          [&, i](std::exception_ptr) {
                            std::lock_guard lock(order_mutex);
                            order.push_back(i);
                          });
  committer.flush();
  ASSERT_EQ(order.size(), 200U);
  for (int i = 0; i < 200; ++i) EXPECT_EQ(order[i], i);
}

// Stopping answers what is queued, committed and flushed, in that order, before it returns.
TEST(GroupCommit, StoppingAnswersEverythingQueued) {
  std::atomic<int> answered{0};
  {
    GroupCommitter committer([](std::vector<PendingWrite>&) {},
                             [] { std::this_thread::sleep_for(std::chrono::milliseconds(5)); });
    for (int i = 0; i < 50; ++i)
      committer.write_async([](Session&) {}, [&](std::exception_ptr) { ++answered; });
  }
  EXPECT_EQ(answered.load(), 50);
}

}  // namespace
}  // namespace kesher::store
