#pragma once
#include <boost/json/object.hpp>
#include <cstdint>

#include "app/context.hpp"

namespace kesher::modules {

// Events to a user's sockets (brief §4: every socket of the user, minus `except`). Blocking:
// worker threads only. A user with no open socket costs no database work.
void publish_event(app::Context& app, int64_t user_id, const boost::json::object& event,
                   const bus::Connection* except = nullptr);
void publish_totals(app::Context& app, int64_t user_id);
void publish_match(app::Context& app, int64_t to_user, int64_t other,
                   const bus::Connection* except = nullptr);
void announce_presence(app::Context& app, int64_t user_id, bool online);

}  // namespace kesher::modules
