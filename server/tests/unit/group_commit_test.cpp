#include "store/group_commit.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
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

// A backend for the pipelined committer that counts what it is asked to do.
struct CountingTransaction {
  std::atomic<int> begun{0};
  std::atomic<int> run{0};
  std::atomic<int> commits{0};
  std::atomic<bool> fail_commit{false};

  GroupCommitter::Transaction callbacks() {
    return {.begin = [this] { ++begun; },
            .run = [this](PendingWrite&) { ++run; },
            .commit =
                [this] {
                  if (fail_commit) throw std::runtime_error("commit refused");
                  ++commits;
                }};
  }
};

// A flush that waits until the test lets it finish.
struct HeldFlush {
  std::mutex mutex;
  std::condition_variable changed;
  bool may_finish = false;
  std::atomic<int> started{0};

  GroupCommitter::MakeDurable callback() {
    return [this] {
      ++started;
      std::unique_lock lock(mutex);
      changed.wait(lock, [&] { return may_finish; });
    };
  }
  void release() {
    {
      std::lock_guard lock(mutex);
      may_finish = true;
    }
    changed.notify_all();
  }
};

// Queues five writes, waits for their answers and counts those refused.
int refused_of_five_writes(GroupCommitter& committer) {
  std::atomic<int> refused{0};
  for (int i = 0; i < 5; ++i)
    committer.write_async([](Session&) {},
                          [&](std::exception_ptr error) {
                            if (error) ++refused;
                          });
  committer.flush();
  return refused.load();
}

void wait_until(const std::function<bool()>& condition) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!condition() && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
  ASSERT_TRUE(condition());
}

// A committed write is answered only after the flush that covers it has returned, and units
// that arrive meanwhile run at once but are committed only when the flush is free: one commit
// for all of them.
TEST(GroupCommit, UnitsThatArriveWhileTheFlushIsBusyRunAndShareTheNextCommit) {
  CountingTransaction backend;
  HeldFlush flush;
  GroupCommitter committer(backend.callbacks(), flush.callback());
  std::atomic<int> answered{0};
  committer.write_async([](Session&) {}, [&](std::exception_ptr) { ++answered; });
  wait_until([&] { return flush.started.load() == 1; });
  EXPECT_EQ(backend.commits.load(), 1);
  for (int i = 0; i < 10; ++i)
    committer.write_async([](Session&) {}, [&](std::exception_ptr) { ++answered; });
  wait_until([&] { return backend.run.load() == 11; });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(backend.commits.load(), 1);  // the ten wait, run, for the flush to be free
  EXPECT_EQ(answered.load(), 0);
  EXPECT_EQ(committer.pending(), 11U);
  flush.release();
  committer.flush();
  EXPECT_EQ(backend.commits.load(), 2);
  EXPECT_EQ(backend.begun.load(), 2);
  EXPECT_EQ(answered.load(), 11);
  EXPECT_EQ(committer.pending(), 0U);
}

// However long the flush takes, one transaction does not grow past the cap.
TEST(GroupCommit, ACommitCoversAtMostTheCapWhileTheFlushIsBusy) {
  CountingTransaction backend;
  HeldFlush flush;
  GroupCommitter committer(backend.callbacks(), flush.callback());
  committer.write_async([](Session&) {}, [](std::exception_ptr) {});
  wait_until([&] { return flush.started.load() == 1; });
  const int more = static_cast<int>(GroupCommitter::kMostUnitsPerCommit) + 10;
  for (int i = 0; i < more; ++i) committer.write_async([](Session&) {}, [](std::exception_ptr) {});
  wait_until([&] { return backend.run.load() == more + 1; });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(backend.commits.load(), 2);  // the first, and one at the cap
  flush.release();
  committer.flush();
  EXPECT_EQ(backend.commits.load(), 3);
}

TEST(GroupCommit, AFailedFlushAnswersItsWritesWithTheError) {
  CountingTransaction backend;
  GroupCommitter committer(backend.callbacks(), [] { throw std::runtime_error("disk gone"); });
  EXPECT_EQ(refused_of_five_writes(committer), 5);
}

TEST(GroupCommit, AFailedCommitAnswersEveryUnitItHeldWithTheError) {
  CountingTransaction backend;
  backend.fail_commit = true;
  GroupCommitter committer(backend.callbacks(), [] {});
  EXPECT_EQ(refused_of_five_writes(committer), 5);
  // The next transaction begins afresh.
  backend.fail_commit = false;
  std::exception_ptr later;
  committer.write_async([](Session&) {}, [&](std::exception_ptr error) { later = error; });
  committer.flush();
  EXPECT_FALSE(later);
}

TEST(GroupCommit, AUnitWhoseTransactionCannotBeginIsRefusedAndTheNextOneTriesAgain) {
  std::atomic<int> begins{0};
  GroupCommitter committer(GroupCommitter::Transaction{.begin =
                                                           [&] {
                                                             if (++begins == 1)
                                                               throw std::runtime_error("locked");
                                                           },
                                                       .run = [](PendingWrite&) {},
                                                       .commit = [] {}},
                           [] {});
  std::exception_ptr first;
  committer.write_async([](Session&) {}, [&](std::exception_ptr error) { first = error; });
  committer.flush();
  std::exception_ptr second;
  committer.write_async([](Session&) {}, [&](std::exception_ptr error) { second = error; });
  committer.flush();
  EXPECT_TRUE(first);
  EXPECT_FALSE(second);
  EXPECT_EQ(begins.load(), 2);
}

TEST(GroupCommit, WritesAreAnsweredInTheOrderTheyWereQueued) {
  CountingTransaction backend;
  GroupCommitter committer(backend.callbacks(),
                           [] { std::this_thread::sleep_for(std::chrono::milliseconds(1)); });
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

// Stopping commits what ran in the open transaction, flushes it and answers everything
// queued before it returns.
TEST(GroupCommit, StoppingAnswersEverythingQueued) {
  std::atomic<int> answered{0};
  CountingTransaction backend;
  {
    GroupCommitter committer(backend.callbacks(),
                             [] { std::this_thread::sleep_for(std::chrono::milliseconds(5)); });
    for (int i = 0; i < 50; ++i)
      committer.write_async([](Session&) {}, [&](std::exception_ptr) { ++answered; });
  }
  EXPECT_EQ(answered.load(), 50);
  EXPECT_EQ(backend.run.load(), 50);
  EXPECT_GE(backend.commits.load(), 1);
}

}  // namespace
}  // namespace kesher::store
