#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "app/config.hpp"
#include "app/executor.hpp"
#include "app/throttle.hpp"
#include "bus/hub.hpp"
#include "domain/escape.hpp"
#include "domain/places.hpp"
#include "domain/push_rules.hpp"
#include "domain/rate_limit.hpp"
#include "domain/wheel.hpp"
#include "mail/mailer.hpp"
#include "media/upload_slots.hpp"
#include "payments/sandbox.hpp"
#include "payments/webhook_sender.hpp"
#include "store/database.hpp"

namespace kesher::push {
class PushSender;
}  // namespace kesher::push

namespace kesher::app {

// Failed-login and recovery limits (docs/protocol.md).
struct Throttles {
  // Attempts, counted before the password is checked. A browser that has signed in to the account
  // before (a device cookie) has a budget of its own, so a stranger's guesses cannot lock the
  // owner out (docs/decisions/0006-login-throttling.md). In process on one node; shared through
  // Redis in a cluster (main replaces them), so that a guesser gains nothing from the other nodes.
  std::unique_ptr<Throttle> login_by_account = local_throttle(5, 15 * 60);
  std::unique_ptr<Throttle> login_by_device = local_throttle(5, 15 * 60);
  std::unique_ptr<Throttle> login_by_ip = local_throttle(20, 15 * 60);
  std::unique_ptr<Throttle> register_by_ip = local_throttle(20, 3600);  // Config's limit
  std::unique_ptr<Throttle> reset_by_ip = local_throttle(20, 15 * 60);
  std::unique_ptr<Throttle> recover_by_email = local_throttle(1, 60);
  std::unique_ptr<Throttle> recover_by_ip = local_throttle(10, 3600);
  // POST /api/send-push per member (docs/protocol.md "Web push").
  std::unique_ptr<Throttle> push_subscribe_by_member =
      local_throttle(domain::push::kSubscribeLimit, domain::push::kSubscribeWindowSeconds);
  // POST /api/auth/escape per member (docs/protocol.md "Escaping in-app browsers").
  std::unique_ptr<Throttle> escape_by_member =
      local_throttle(domain::escape::kRequestLimit, domain::escape::kRequestWindowSeconds);
  // Every throttle with its name (the Redis key's part) so that main can replace them all.
  template <class Visit>
  void each(Visit visit) {
    visit("login_by_account", login_by_account);
    visit("login_by_device", login_by_device);
    visit("login_by_ip", login_by_ip);
    visit("register_by_ip", register_by_ip);
    visit("reset_by_ip", reset_by_ip);
    visit("recover_by_email", recover_by_email);
    visit("recover_by_ip", recover_by_ip);
    visit("push_subscribe_by_member", push_subscribe_by_member);
    visit("escape_by_member", escape_by_member);
  }
};

// Everything a handler may use, on a worker or network thread; every member is thread-safe.
struct Context {
  Config config;
  std::string public_origin;                 // resolved once the port is known
  std::vector<std::string> allowed_origins;  // Origin values accepted at upgrade and on POST
  std::unique_ptr<store::Database> db;
  std::unique_ptr<domain::PlaceIndex> places;
  std::unique_ptr<mail::Mailer> mailer;
  bus::Hub hub;
  // In a cluster: this node's name (Config::node_id, resolved), else empty.
  std::string node_id;
  // The staff console's sockets, by staff id: apart from members', so that no event of one side
  // can reach the other.
  bus::Hub console_hub;
  // In a cluster only: every WebSocket by its client's address (bus::address_key), so that Redis
  // counts an address's sockets on every node: the per-address cap holds across nodes, and a
  // guest address on k nodes gets a k-th of its frame budget on each (app/cluster.cpp).
  bus::Hub address_hub;
  // `typing` events passed on, per sender and receiver (domain::console::kTypingIntervalSeconds).
  domain::KeyedBuckets typing_budget{0.5, 1};
  Throttles throttles;
  std::string media_link_key;  // signs media links (domain/media_links.hpp); media/uploads.hpp
  media::UploadSlots uploads_running;
  std::function<int64_t()> now;  // unix seconds; injectable for tests
  // Payments (docs/decisions/0009-payments.md): the providers (only the sandbox), where the
  // sandbox calls this server's webhook endpoint (loopback, set once the port is known), and its
  // outgoing calls.
  std::unique_ptr<payments::SandboxProvider> sandbox;
  std::string webhook_origin;
  std::unique_ptr<payments::WebhookSender> webhooks;
  const payments::PaymentProvider* payment_provider(std::string_view name) const {
    return sandbox && name == sandbox->name() ? sandbox.get() : nullptr;
  }
  // Web push (docs/decisions/0013-web-push.md): the sender serve() makes; commands and tests that
  // make none push nothing. After `db` and `now`, so that it stops (its thread answers into the
  // database) before they go.
  std::shared_ptr<push::PushSender> push;
  domain::wheel::UniformSource wheel_random;  // empty: the CSPRNG (Config::wheel_seed)
  // Runs blocking work on a worker thread: for callbacks that fire on a network thread or on the
  // database's committer. main passes its worker pool in; without one, work runs at once.
  Executor& workers = inline_executor();
  bool origin_allowed(std::string_view origin) const {
    for (const auto& allowed : allowed_origins) {
      if (allowed == origin) return true;
    }
    return false;
  }
  bool secure_cookies() const { return public_origin.rfind("https://", 0) == 0; }
};

// One socket's state. It is touched only by that socket's serial request processing.
struct ConnectionState {
  int64_t user_id = 0;
  std::string session_hash;
  int64_t session_expires_at = 0;   // unix seconds; the socket is closed when it passes
  std::string cookie_session_hash;  // from the upgrade request
  std::string remote_ip;
  std::string geo_language = "he";  // from Accept-Language, for geodata
  std::string language = "he";      // the user's language once validated, else geo_language
  std::shared_ptr<bus::Connection> connection;
  bool authenticated() const { return user_id != 0; }
  // A socket of the staff console (/console/ws): its staff member and role instead of a user.
  bool console = false;
  int64_t staff_id = 0;
  std::string staff_role;
};

}  // namespace kesher::app
