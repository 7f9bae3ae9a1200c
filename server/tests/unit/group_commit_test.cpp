#include "store/group_commit.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

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

}  // namespace
}  // namespace kesher::store
