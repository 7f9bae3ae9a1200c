#pragma once
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "push/vapid.hpp"

// Sending Web Push messages (RFC 8030 §5): encrypted for the browser (RFC 8291), signed for the
// push service (RFC 8292), POSTed to the subscription's endpoint from a thread of the sender's
// own, never from a network or worker thread. The HTTP client lives in net/ (net/push_client.cpp).
namespace kesher::push {

struct PushRequest {
  std::string endpoint;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
};

struct PushAnswer {
  int status = 0;     // the push service's HTTP status; 0 when there was no answer
  std::string error;  // why there was none: refused address, TLS, timeout…
};

// One POST to a push service. Blocking; called from the sender's thread only.
class PushTransport {
 public:
  virtual ~PushTransport() = default;
  virtual PushAnswer post(const PushRequest& request) = 0;
};

// One message for one subscription.
struct Delivery {
  int64_t subscription_id = 0;
  int64_t user_id = 0;
  std::string endpoint;
  std::string p256dh;  // raw 65 bytes
  std::string auth;    // raw 16 bytes
  std::string payload;
  int64_t ttl_seconds = 0;
  std::string urgency = "normal";  // RFC 8030 §5.3
};

// The request for a delivery: the body encrypted in aes128gcm with a fresh key and salt, and the
// headers Content-Encoding, Content-Type, TTL, Urgency and Authorization (vapid t=…, k=…). nullopt
// when the keys or the endpoint are not usable.
std::optional<PushRequest> build_request(const Delivery& delivery, const VapidKey& key,
                                         std::string_view subject, int64_t now);

// 404 and 410 (RFC 8030 §7.3, §8.2): the subscription is gone and must be forgotten.
inline bool subscription_gone(int status) {
  return status == 404 || status == 410;
}

class PushSender {
 public:
  // Called on the sender's thread after each attempt with the push service's status (0: none).
  using AnswerListener = std::function<void(const Delivery&, const PushAnswer&)>;

  PushSender(std::unique_ptr<PushTransport> transport, VapidKey key, std::string subject,
             std::function<int64_t()> now, AnswerListener on_answer, size_t max_queued = 1024);
  ~PushSender();  // drops what is still queued; waits for the one in flight
  PushSender(const PushSender&) = delete;
  PushSender& operator=(const PushSender&) = delete;

  // Queues the delivery; false (and nothing queued) when max_queued are already waiting: a push
  // is a hint, and a flood of them must not grow memory without bound.
  bool send(Delivery delivery);
  size_t pending() const;
  const VapidKey& key() const { return key_; }

 private:
  void run();

  std::unique_ptr<PushTransport> transport_;
  VapidKey key_;
  std::string subject_;
  std::function<int64_t()> now_;
  AnswerListener on_answer_;
  size_t max_queued_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Delivery> queue_;
  size_t in_flight_ = 0;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace kesher::push
