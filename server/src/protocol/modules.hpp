#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

#include "protocol/envelope.hpp"

namespace kesher::protocol {

// Who may call a module: anyone on /ws, a signed-in member on /ws, or on the console's socket any
// staff member, or an admin only.
enum class Access { guest, member, staff, admin };

// Where a module's handler may run. `on_network` is for handlers that never block (no database
// wait: they answer at once or defer to the group commit), so the frame skips the hop to a worker
// thread.
enum class Runs { on_worker, on_network };

// A socket module as the protocol knows it: its name, who may call it and where it runs. The
// handlers themselves live in modules/ (modules::Router), by `index`.
struct Module {
  std::string name;
  Access access;
  Runs runs;
  size_t index;  // registration order
};

// A decoded frame and the module it names.
struct Prepared {
  std::variant<Envelope, DecodeFailure> decoded;
  const Module* module = nullptr;  // null: unknown module or undecodable frame
  bool runs_on_network() const { return !module || module->runs == Runs::on_network; }
};

// The socket modules by name. Decoding a frame is cheap and never blocks: the network layer
// prepares each frame to choose its thread, and the router dispatches the prepared frame.
class ModuleTable {
 public:
  // The module's index; adding a name again replaces its access and thread, keeping its index.
  size_t add(std::string name, Access access, Runs runs);
  Prepared prepare(std::string_view frame) const;
  bool knows(std::string_view name) const { return modules_.contains(std::string(name)); }
  // Every module, sorted by name.
  std::vector<const Module*> modules() const;

 private:
  std::unordered_map<std::string, Module> modules_;  // nodes never move: Prepared points into it
};

// The error reply to a frame that is not handled (over its sender's budget): the frame's module
// and rid when it decoded, so that the client knows which request it was.
std::string refusal(const Prepared& prepared, std::string_view error_code);

// The reply to a frame that did not decode: {"module":"error", ...}.
std::string decode_failure_reply(const DecodeFailure& failure);

}  // namespace kesher::protocol
