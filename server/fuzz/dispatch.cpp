// Whole WebSocket frames through every handler of the server (modules::make_router) over a real
// SQLite database: once on a signed-in member's socket and once on a guest's. Bad input must get
// its error code; internal_error means an exception escaped a handler, which is a finding.
#include <boost/json.hpp>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fuzz_app.hpp"
#include "fuzz_check.hpp"
#include "modules/registry.hpp"
#include "protocol/errors.hpp"

using namespace kesher;
namespace json = boost::json;

namespace {

// Frames that reach the socket later: deferred replies and events for the member.
class RecordingSocket final : public bus::Connection {
 public:
  void send(bus::Frame frame) override {
    std::lock_guard lock(mutex_);
    frames_.push_back(*frame);
  }
  void close(uint16_t) override {}
  std::vector<std::string> take() {
    std::lock_guard lock(mutex_);
    return std::exchange(frames_, {});
  }

 private:
  std::mutex mutex_;
  std::vector<std::string> frames_;
};

void check_frame(std::string_view frame) {
  json::value value = json::parse(frame);
  const json::object& reply = value.as_object();
  FUZZ_CHECK(reply.contains("module"));
  const json::value* code = reply.if_contains("error_code");
  if (code && code->is_string() && code->get_string() == errc::internal_error) {
    std::fprintf(stderr, "internal_error: %.*s\n", static_cast<int>(frame.size()), frame.data());
    FUZZ_CHECK(code->get_string() != errc::internal_error);
  }
}

void run(app::Context& app, app::ConnectionState& connection, RecordingSocket& socket,
         std::string_view frame) {
  static const modules::Router router = modules::make_router();
  auto frames = router.handle(app, connection, frame);
  // A deferred reply arrives through the socket once its commit is done.
  app.db->flush();
  for (const auto& reply : frames) check_frame(reply);
  for (const auto& reply : socket.take()) check_frame(reply);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static fuzz::FuzzApp* world = fuzz::make_fuzz_app("dispatch");
  // Never destroyed, like the application that may still hold it at exit.
  static auto* socket = new std::shared_ptr<RecordingSocket>(std::make_shared<RecordingSocket>());
  std::string_view frame(reinterpret_cast<const char*>(data), size);

  app::ConnectionState member;
  member.user_id = world->member_id;
  member.session_hash = world->session_hash;
  member.cookie_session_hash = world->session_hash;
  member.connection = *socket;
  run(world->app, member, **socket, frame);

  app::ConnectionState guest;
  guest.connection = *socket;
  run(world->app, guest, **socket, frame);
  return 0;
}
