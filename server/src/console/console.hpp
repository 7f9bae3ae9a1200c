#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "app/context.hpp"
#include "modules/http_routes.hpp"
#include "modules/router.hpp"
#include "store/chat.hpp"
#include "store/console.hpp"

// The staff console (docs/protocol.md "The staff console", docs/architecture.md "Staff console"):
// staff sign in over HTTP with their own cookie, and answer members as personas over their own
// socket, /console/ws. This is what the rest of the server sees of it.
namespace kesher::console {

// The console's socket modules, each with the role it needs (protocol::Access::staff or admin).
modules::Router make_console_router();
// /console pages, /console/api/{login,logout,upload} and /console/media/u/….
void register_console_routes(modules::HttpRouter& router);
// Who opens /console/ws, from its staff_session cookie (net::Handlers::console_authenticate).
void authenticate_console_socket(app::Context& app, app::ConnectionState& socket,
                                 const std::string& staff_cookie);

// After a member's message to a persona is durable: the queue item to every console, and the
// message to the operator holding the conversation. On a worker.
void on_member_message(app::Context& app, const store::chat::MessageRow& message);
// A member types to a persona: the operator holding the conversation sees it. On a worker.
void on_member_typing(app::Context& app, int64_t member_id, int64_t persona_id);
// Background work (modules::run_jobs): locks whose lease ran out are dropped, their holders told,
// and the personas' presence follows.
void expire_leases(app::Context& app);
// Personas are online exactly while an operator holds one of their conversations.
void sync_persona_presence(app::Context& app);
// After a member's erasure dropped their locks and queue items (modules::finish_erasure): each
// holder loses the lock as at an admin's break (console/lock_lost, "broken"), every console the
// queue items, and the personas' presence follows. On a worker.
void on_member_erased(app::Context& app, int64_t member_id,
                      const std::vector<store::console::Lock>& locks,
                      const std::vector<int64_t>& queued_personas);

}  // namespace kesher::console
