#pragma once
#include <cstdint>
#include <memory>

#include "app/context.hpp"
#include "domain/push_rules.hpp"
#include "push/sender.hpp"
#include "store/push_subscriptions.hpp"

// Web push from the server's events (docs/protocol.md "Web push"): a member with no open socket
// hears of a new message, a match or a like on the devices they subscribed. The events call
// notify_offline from one place each: announce_message (chat_module.cpp, every message, members'
// and operators' alike), publish_match (events.cpp) and swipe's new like (social_module.cpp).
namespace kesher::modules {

// Queues the notification for each of the member's live subscriptions, in their language, unless
// they have a socket open (then the socket's own event tells them). Never blocks: the lookup runs
// on a worker, the sending on the push sender's thread.
void notify_offline(app::Context& app, int64_t user_id, domain::push::Notification notification);

// Queues one notification for one subscription (the confirmation after POST /api/send-push).
void push_to(app::Context& app, const store::push_subscriptions::Stored& subscription,
             domain::push::Notification notification, domain::Language language);

// After each attempt, on the sender's thread: a 404 or 410 deletes the subscription (RFC 8030
// §7.3), a 2xx marks it used.
void on_push_answer(app::Context& app, const push::Delivery& delivery,
                    const push::PushAnswer& answer);

}  // namespace kesher::modules
