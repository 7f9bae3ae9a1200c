#include "modules/push_notify.hpp"

#include <spdlog/spdlog.h>

#include "store/users.hpp"

namespace kesher::modules {

void push_to(app::Context& app, const store::push_subscriptions::Stored& subscription,
             domain::push::Notification notification, domain::Language language) {
  const auto& sender = app.push;
  if (!sender) return;
  push::Delivery delivery{
      .subscription_id = subscription.id,
      .user_id = subscription.user_id,
      .endpoint = subscription.endpoint,
      .p256dh = subscription.p256dh,
      .auth = subscription.auth,
      .payload = domain::push::payload_json(notification, subscription.user_id, language),
      .ttl_seconds = domain::push::ttl_seconds(notification.kind),
      .urgency = std::string(domain::push::urgency(notification.kind)),
  };
  if (!sender->send(std::move(delivery))) {
    spdlog::warn("push queue full: a {} push to member {} dropped",
                 domain::push::kind_name(notification.kind), subscription.user_id);
  }
}

void notify_offline(app::Context& app, int64_t user_id, domain::push::Notification notification) {
  if (app.hub.reachable(user_id) || !app.push) return;
  app.workers.post([&app, user_id, notification] {
    std::vector<store::push_subscriptions::Stored> subscriptions;
    domain::Language language = domain::Language::he;
    int64_t now = app.now();
    app.db->read([&](store::Session& db) {
      subscriptions = store::push_subscriptions::of_user(db, user_id, now);
      if (subscriptions.empty()) return;
      if (auto code = store::users::language_of(db, user_id)) {
        language = domain::parse_language(*code).value_or(domain::Language::he);
      }
    });
    for (const auto& subscription : subscriptions) {
      push_to(app, subscription, notification, language);
    }
  });
}

void on_push_answer(app::Context& app, const push::Delivery& delivery,
                    const push::PushAnswer& answer) {
  bool gone = push::subscription_gone(answer.status);
  bool delivered = answer.status >= 200 && answer.status < 300;
  if (!gone && !delivered) return;
  int64_t now = app.now();
  app.db->write([&](store::Session& db) {
    if (gone) {
      store::push_subscriptions::remove_gone(db, delivery.subscription_id, delivery.endpoint);
    } else {
      store::push_subscriptions::touch(db, delivery.subscription_id, now);
    }
  });
}

}  // namespace kesher::modules
