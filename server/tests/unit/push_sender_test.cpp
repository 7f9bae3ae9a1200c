// The push sender (push/sender): the request it builds for a push service, and its queue, with a
// transport that records instead of sending.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>

#include "push/p256.hpp"
#include "push/sender.hpp"
#include "push/webpush_crypto.hpp"

using namespace kesher::push;
using namespace std::chrono_literals;

namespace {

std::string header(const PushRequest& request, std::string_view name) {
  for (const auto& [key, value] : request.headers) {
    if (key == name) return value;
  }
  return "<none>";
}

Delivery delivery_for(const std::string& browser_point, int64_t id = 1) {
  Delivery delivery;
  delivery.subscription_id = id;
  delivery.user_id = 7;
  delivery.endpoint = "https://push.example.net/send/abc";
  delivery.p256dh = browser_point;
  delivery.auth = std::string(16, 'x');
  delivery.payload = R"({"kind":"confirm"})";
  delivery.ttl_seconds = 600;
  delivery.urgency = "high";
  return delivery;
}

std::string browser_point() {
  auto browser = p256_generate();
  return p256_point(*browser).value();
}

// Holds every post until released, answering with `status`.
class RecordingTransport final : public PushTransport {
 public:
  explicit RecordingTransport(int status) : status_(status) {}
  PushAnswer post(const PushRequest& request) override {
    std::unique_lock lock(mutex_);
    requests_.push_back(request);
    changed_.notify_all();
    changed_.wait(lock, [this] { return open_; });
    return {status_, {}};
  }
  void open() {
    std::lock_guard lock(mutex_);
    open_ = true;
    changed_.notify_all();
  }
  bool wait_for_requests(size_t count) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, 5s, [&] { return requests_.size() >= count; });
  }
  std::vector<PushRequest> requests() {
    std::lock_guard lock(mutex_);
    return requests_;
  }

 private:
  int status_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<PushRequest> requests_;
  bool open_ = false;
};

}  // namespace

TEST(PushSender, BuildsAnEncryptedSignedRequest) {
  auto key = VapidKey::generate().value();
  auto request =
      build_request(delivery_for(browser_point()), key, "mailto:ops@kesher.example", 1'800'000'000);
  ASSERT_TRUE(request.has_value());
  EXPECT_EQ(request->endpoint, "https://push.example.net/send/abc");
  EXPECT_EQ(header(*request, "Content-Encoding"), "aes128gcm");
  EXPECT_EQ(header(*request, "Content-Type"), "application/octet-stream");
  EXPECT_EQ(header(*request, "TTL"), "600");
  EXPECT_EQ(header(*request, "Urgency"), "high");
  std::string authorization = header(*request, "Authorization");
  EXPECT_EQ(authorization.rfind("vapid t=", 0), 0u) << authorization;
  EXPECT_NE(authorization.find(", k=" + key.public_key_base64url()), std::string::npos);
  // One aes128gcm record: header, the message, the delimiter and the tag; never the plaintext.
  EXPECT_EQ(request->body.size(), kHeaderBytes + 18 + 1 + kTagBytes);
  EXPECT_EQ(request->body.find("confirm"), std::string::npos);
}

TEST(PushSender, RefusesUnusableKeys) {
  auto key = VapidKey::generate().value();
  auto bad_point = delivery_for(std::string("\x04") + std::string(64, '\x01'));
  EXPECT_FALSE(build_request(bad_point, key, "mailto:ops@kesher.example", 1).has_value());
  auto bad_endpoint = delivery_for(browser_point());
  bad_endpoint.endpoint = "ftp://push.example.net/x";
  EXPECT_FALSE(build_request(bad_endpoint, key, "mailto:ops@kesher.example", 1).has_value());
}

TEST(PushSender, SendsOnItsOwnThreadAndReportsTheAnswer) {
  auto transport = std::make_unique<RecordingTransport>(410);
  auto* recorder = transport.get();
  std::mutex mutex;
  std::condition_variable answered;
  std::vector<std::pair<int64_t, int>> answers;
  PushSender sender(
      std::move(transport), VapidKey::generate().value(), "mailto:ops@kesher.example",
      [] { return int64_t{1'800'000'000}; },
      [&](const Delivery& delivery, const PushAnswer& answer) {
        std::lock_guard lock(mutex);
        answers.emplace_back(delivery.subscription_id, answer.status);
        answered.notify_all();
      },
      /*max_queued=*/2);
  std::string point = browser_point();
  EXPECT_TRUE(sender.send(delivery_for(point, 1)));  // taken by the thread, held in post()
  ASSERT_TRUE(recorder->wait_for_requests(1));
  EXPECT_TRUE(sender.send(delivery_for(point, 2)));
  EXPECT_TRUE(sender.send(delivery_for(point, 3)));
  EXPECT_FALSE(sender.send(delivery_for(point, 4)));  // the queue is bounded
  EXPECT_EQ(sender.pending(), 3u);
  recorder->open();
  std::unique_lock lock(mutex);
  ASSERT_TRUE(answered.wait_for(lock, 5s, [&] { return answers.size() == 3; }));
  EXPECT_EQ(answers[0], std::make_pair(int64_t{1}, 410));
  EXPECT_EQ(answers[2], std::make_pair(int64_t{3}, 410));
  EXPECT_TRUE(subscription_gone(410));
  EXPECT_TRUE(subscription_gone(404));
  EXPECT_FALSE(subscription_gone(429));
  EXPECT_FALSE(subscription_gone(201));
}
