#pragma once
#include <boost/json/object.hpp>
#include <cstdint>

#include "app/context.hpp"

// Events to the console's sockets (app.console_hub), apart from members' (app.hub).
namespace kesher::console {

void publish_to_staff(app::Context& app, int64_t staff_id, const boost::json::object& event);
void publish_to_console(app::Context& app, const boost::json::object& event);
// The conversation's queue item as it is now to every console: upserted, or removed when it no
// longer waits. Blocking: on a worker.
void announce_queue_item(app::Context& app, int64_t member_id, int64_t persona_id);

}  // namespace kesher::console
