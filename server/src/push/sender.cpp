#include "push/sender.hpp"

#include <spdlog/spdlog.h>

#include "push/subscription.hpp"
#include "push/webpush_crypto.hpp"

namespace kesher::push {

std::optional<PushRequest> build_request(const Delivery& delivery, const VapidKey& key,
                                         std::string_view subject, int64_t now) {
  auto authorization = vapid_authorization(key, delivery.endpoint, subject, now);
  if (!authorization) return std::nullopt;
  auto encrypted = encrypt_aes128gcm(delivery.payload, delivery.p256dh, delivery.auth);
  if (!encrypted) return std::nullopt;
  PushRequest request;
  request.endpoint = delivery.endpoint;
  request.body = std::move(encrypted.body);
  request.headers = {{"Content-Encoding", "aes128gcm"},
                     {"Content-Type", "application/octet-stream"},
                     {"TTL", std::to_string(delivery.ttl_seconds)},
                     {"Urgency", delivery.urgency},
                     {"Authorization", std::move(*authorization)}};
  return request;
}

PushSender::PushSender(std::unique_ptr<PushTransport> transport, VapidKey key, std::string subject,
                       std::function<int64_t()> now, AnswerListener on_answer, size_t max_queued)
    : transport_(std::move(transport)),
      key_(std::move(key)),
      subject_(std::move(subject)),
      now_(std::move(now)),
      on_answer_(std::move(on_answer)),
      max_queued_(max_queued),
      thread_([this] { run(); }) {}

PushSender::~PushSender() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

bool PushSender::send(Delivery delivery) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || queue_.size() >= max_queued_) return false;
    queue_.push_back(std::move(delivery));
  }
  wake_.notify_one();
  return true;
}

size_t PushSender::pending() const {
  std::lock_guard lock(mutex_);
  return queue_.size() + in_flight_;
}

void PushSender::run() {
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (stopping_) return;
    Delivery delivery = std::move(queue_.front());
    queue_.pop_front();
    ++in_flight_;
    lock.unlock();
    PushAnswer answer;
    try {
      if (auto request = build_request(delivery, key_, subject_, now_())) {
        answer = transport_->post(*request);
      } else {
        answer.error = "unusable subscription keys or endpoint";
      }
      if (answer.status < 200 || answer.status >= 300) {
        spdlog::info("push to {} (subscription {}) answered {} {}",
                     endpoint_origin(delivery.endpoint).value_or("?"), delivery.subscription_id,
                     answer.status, answer.error);
      }
      if (on_answer_) on_answer_(delivery, answer);
    } catch (const std::exception& e) {
      spdlog::error("push to subscription {} failed: {}", delivery.subscription_id, e.what());
    }
    lock.lock();
    --in_flight_;
  }
}

}  // namespace kesher::push
