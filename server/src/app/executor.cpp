#include "app/executor.hpp"

#include <spdlog/spdlog.h>

#include <exception>

namespace kesher::app {

namespace {

class InlineExecutor final : public Executor {
 public:
  void post(std::function<void()> work) override {
    try {
      work();
    } catch (const std::exception& e) {
      spdlog::error("background work failed: {}", e.what());
    }
  }
};

}  // namespace

Executor& inline_executor() {
  static InlineExecutor executor;
  return executor;
}

}  // namespace kesher::app
