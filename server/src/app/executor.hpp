#pragma once
#include <functional>

namespace kesher::app {

// Where work that may block runs (docs/architecture.md, "Threads"). The server's worker pool is
// made and owned by main (net::WorkerPool); commands and tests without one run work at once.
class Executor {
 public:
  virtual ~Executor() = default;
  // Runs `work` later on one of the executor's threads. An exception from it is logged.
  virtual void post(std::function<void()> work) = 0;
};

// Runs the work on the caller's thread, before post() returns.
Executor& inline_executor();

}  // namespace kesher::app
