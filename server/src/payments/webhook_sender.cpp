#include "payments/webhook_sender.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "domain/webhook_signature.hpp"

namespace kesher::payments {

std::chrono::milliseconds retry_delay(const RetryPolicy& policy, int attempt) {
  auto delay = policy.first_delay;
  for (int i = 1; i < attempt && delay < policy.max_delay; ++i) delay *= 2;
  return std::min(delay, policy.max_delay);
}

WebhookSender::WebhookSender(std::unique_ptr<HttpPoster> poster, std::function<int64_t()> now,
                             RetryPolicy policy)
    : poster_(std::move(poster)),
      now_(std::move(now)),
      policy_(policy),
      thread_([this] { run(); }) {}

WebhookSender::~WebhookSender() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void WebhookSender::send(std::string url, std::string body, std::string secret,
                         std::chrono::milliseconds delay) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back({std::move(url), std::move(body), std::move(secret), 0,
                      std::chrono::steady_clock::now() + delay});
  }
  wake_.notify_all();
}

size_t WebhookSender::pending() const {
  std::lock_guard lock(mutex_);
  return queue_.size() + in_flight_;
}

void WebhookSender::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    auto next = std::min_element(queue_.begin(), queue_.end(),
                                 [](const auto& a, const auto& b) { return a.due < b.due; });
    if (next == queue_.end()) {
      wake_.wait(lock);
      continue;
    }
    if (next->due > std::chrono::steady_clock::now()) {
      wake_.wait_until(lock, next->due);
      continue;
    }
    Delivery delivery = std::move(*next);
    queue_.erase(next);
    ++in_flight_;
    lock.unlock();
    // Signed at each attempt, as Stripe does: a retry an hour later still carries a fresh time.
    std::string signature = domain::sign_webhook(delivery.secret, now_(), delivery.body);
    int status = poster_->post(
        delivery.url, {{"Content-Type", "application/json"}, {"Kesher-Signature", signature}},
        delivery.body);
    lock.lock();
    --in_flight_;
    if (status >= 200 && status < 300) continue;
    ++delivery.attempts;
    if (delivery.attempts >= policy_.max_attempts) {
      spdlog::error("webhook to {} given up after {} attempts (last status {})", delivery.url,
                    delivery.attempts, status);
      continue;
    }
    spdlog::warn("webhook to {} answered {}; retrying", delivery.url, status);
    delivery.due = std::chrono::steady_clock::now() + retry_delay(policy_, delivery.attempts);
    queue_.push_back(std::move(delivery));
  }
}

}  // namespace kesher::payments
