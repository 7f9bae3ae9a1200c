#include <atomic>
#include <chrono>
#include <fstream>
#include <stdexcept>

#include "mail/mailer.hpp"
#include "mail/message.hpp"

namespace kesher::mail {

namespace {

class OutboxMailer final : public Mailer {
 public:
  OutboxMailer(std::filesystem::path folder, std::string from)
      : folder_(std::move(folder)), from_(std::move(from)) {
    std::filesystem::create_directories(folder_);
  }

  void send(const Mail& mail) override {
    auto stamp = std::chrono::duration_cast<std::chrono::milliseconds>(
                     std::chrono::system_clock::now().time_since_epoch())
                     .count();
    auto path = folder_ / (std::to_string(stamp) + "-" + std::to_string(counter_++) + ".eml");
    std::ofstream out(path, std::ios::binary);
    if (!out) throw std::runtime_error("cannot write " + path.string());
    out << format_message(from_, mail, BodyEncoding::eight_bit);
  }

 private:
  std::filesystem::path folder_;
  std::string from_;
  std::atomic<uint64_t> counter_{0};
};

}  // namespace

std::unique_ptr<Mailer> make_outbox_mailer(std::filesystem::path folder, std::string from) {
  return std::make_unique<OutboxMailer>(std::move(folder), std::move(from));
}

}  // namespace kesher::mail
