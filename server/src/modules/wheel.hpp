#pragma once
#include <boost/json/object.hpp>

#include "app/context.hpp"

namespace kesher::modules {

// The `spinofluck/prizes` event: the wheel with the odds of each prize (docs/protocol.md "The
// wheel"), sent after a successful session/validate.
boost::json::object wheel_prizes_event(app::Context& app);

}  // namespace kesher::modules
