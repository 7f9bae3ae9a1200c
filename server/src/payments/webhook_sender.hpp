#pragma once
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

// The sandbox's side of a webhook (docs/protocol.md): a POST over real HTTP, like Stripe's, signed
// anew at every attempt and retried with backoff until the endpoint answers 2xx.
namespace kesher::payments {

// One outgoing POST; the HTTP client lives in net/ (net/http_client.cpp), Asio with it.
class HttpPoster {
 public:
  virtual ~HttpPoster() = default;
  // The response status, or 0 when there was none (refused, timed out). Blocking.
  virtual int post(const std::string& url,
                   const std::vector<std::pair<std::string, std::string>>& headers,
                   const std::string& body) = 0;
};

struct RetryPolicy {
  std::chrono::milliseconds first_delay{1000};  // after the first failure; doubled each time
  std::chrono::milliseconds max_delay{std::chrono::hours(1)};
  int max_attempts = 20;  // then the delivery is given up and logged
};

// The wait before attempt `attempt` + 1, after `attempt` failures (1, 2, 4 … capped).
std::chrono::milliseconds retry_delay(const RetryPolicy& policy, int attempt);

class WebhookSender {
 public:
  WebhookSender(std::unique_ptr<HttpPoster> poster, std::function<int64_t()> now,
                RetryPolicy policy = {});
  ~WebhookSender();  // gives up deliveries still waiting
  WebhookSender(const WebhookSender&) = delete;
  WebhookSender& operator=(const WebhookSender&) = delete;

  // Queues a delivery of `body` to `url`, signed with `secret`, first tried after `delay`.
  void send(std::string url, std::string body, std::string secret,
            std::chrono::milliseconds delay = {});
  // Deliveries not yet answered with a 2xx (waiting or in flight).
  size_t pending() const;

 private:
  struct Delivery {
    std::string url;
    std::string body;
    std::string secret;
    int attempts = 0;
    std::chrono::steady_clock::time_point due;
  };
  void run();

  std::unique_ptr<HttpPoster> poster_;
  std::function<int64_t()> now_;
  RetryPolicy policy_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<Delivery> queue_;
  size_t in_flight_ = 0;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace kesher::payments
