#pragma once
#include <boost/json/object.hpp>
#include <cstdint>
#include <string_view>

#include "app/context.hpp"
#include "store/console.hpp"

// Events to the console's sockets (app.console_hub), apart from members' (app.hub).
namespace kesher::console {

void publish_to_staff(app::Context& app, int64_t staff_id, const boost::json::object& event);
void publish_to_console(app::Context& app, const boost::json::object& event);
// The conversation's queue item as it is now to every console: upserted, or removed when it no
// longer waits. Blocking: on a worker.
void announce_queue_item(app::Context& app, int64_t member_id, int64_t persona_id);
// Tells the holder of a lock that ended without them (`console/lock_lost`): `reason` is expired,
// broken or persona_disabled.
void announce_lock_lost(app::Context& app, const store::console::Lock& lock,
                        std::string_view reason);

}  // namespace kesher::console
