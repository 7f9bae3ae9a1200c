#pragma once
#include <atomic>
#include <filesystem>
#include <memory>
#include <string>

namespace kesher::mail {

struct Mail {
  std::string to;
  std::string subject;
  std::string text;
};

class Mailer {
 public:
  virtual ~Mailer() = default;
  virtual void send(const Mail& mail) = 0;
};

// Without SMTP, mail is written as .eml files into data/outbox/ so that a local user can open
// the recovery link.
std::unique_ptr<Mailer> make_outbox_mailer(std::filesystem::path folder, std::string from);

}  // namespace kesher::mail
