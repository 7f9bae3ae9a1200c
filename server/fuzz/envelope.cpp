// Every WebSocket frame first meets Router::prepare (envelope decoding and the module), and, when
// it has no handler to run, the error reply of Router::dispatch or protocol::refusal.
#include <boost/json.hpp>
#include <cstdint>
#include <string_view>

#include "fuzz_check.hpp"
#include "modules/registry.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"

using namespace kesher;
namespace json = boost::json;

namespace {

bool is_decode_failure_code(std::string_view code) {
  return code == errc::malformed_json || code == errc::not_an_object ||
         code == errc::missing_module;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const modules::Router router = modules::make_router();
  std::string_view frame(reinterpret_cast<const char*>(data), size);

  protocol::Prepared prepared = router.prepare(frame);
  auto* envelope = std::get_if<protocol::Envelope>(&prepared.decoded);
  if (!envelope) {
    FUZZ_CHECK(prepared.module == nullptr);
    FUZZ_CHECK(
        is_decode_failure_code(std::get<protocol::DecodeFailure>(prepared.decoded).error_code));
  } else {
    FUZZ_CHECK(!envelope->module.empty());
    FUZZ_CHECK((prepared.module != nullptr) == router.modules().knows(envelope->module));
    FUZZ_CHECK(envelope->rid.size() <= protocol::kMaxRidLength);
    FUZZ_CHECK(!envelope->payload.contains("module"));
    // What a handler reads serializes again. Not always to JSON: Boost.JSON reads 1e999 as
    // infinity and writes "Infinity", so no reply may echo a client's number as it came.
    protocol::serialize(envelope->payload);
  }

  std::string module = envelope ? envelope->module : "error";
  std::string rid = envelope ? envelope->rid : "";
  auto check_error_reply = [&](const std::string& frame_text) {
    json::object reply = json::parse(frame_text).as_object();
    FUZZ_CHECK(reply.at("request_status") == 0);
    FUZZ_CHECK(reply.at("module").as_string() == module);
    FUZZ_CHECK(rid.empty() ? !reply.contains("rid") : reply.at("rid").as_string() == rid);
  };
  // A frame over its sender's budget is refused with the frame's module and rid.
  check_error_reply(protocol::refusal(prepared, errc::rate_limited));

  // Frames that reach no handler are answered without the application context: an undecodable
  // frame, an unknown module, or a member module on a socket that has not signed in.
  bool answered_without_handler =
      !envelope || !prepared.module || prepared.module->access == protocol::Access::member;
  if (!answered_without_handler) return 0;
  static app::Context unused;  // no database, no places: these paths must not need them
  app::ConnectionState guest;
  auto frames = router.dispatch(unused, guest, std::move(prepared));
  FUZZ_CHECK(frames.size() == 1);
  check_error_reply(frames.front());
  return 0;
}
