#include "net/smtp_mailer.hpp"

#include <sodium.h>
#include <spdlog/spdlog.h>
#include <sys/socket.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>
#include <boost/url/parse.hpp>
#include <condition_variable>
#include <deque>
#include <istream>
#include <mutex>
#include <thread>

#include "mail/message.hpp"

namespace kesher::net {

namespace {

namespace asio = boost::asio;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;

struct SmtpTarget {
  std::string host;
  std::string port;
  std::string user;
  std::string password;
  bool implicit_tls = false;
};

class SmtpError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One SMTP conversation over a plain or TLS stream (RFC 5321, RFC 3207 STARTTLS, RFC 4616 PLAIN).
class SmtpSession {
 public:
  explicit SmtpSession(const SmtpTarget& target)
      : target_(target), tls_context_(ssl::context::tls_client), stream_(io_, tls_context_) {
    tls_context_.set_default_verify_paths();
    stream_.set_verify_mode(ssl::verify_peer);
    stream_.set_verify_callback(ssl::host_name_verification(target.host));
  }

  void deliver(const std::string& from, const mail::Mail& mail) {
    connect();
    expect(220);
    bool starttls = hello();
    if (!tls_ && starttls) {
      command("STARTTLS", 220);
      start_tls();
      hello();
    }
    if (!target_.user.empty()) authenticate();
    command("MAIL FROM:<" + mail::address_of(from) + ">", 250);
    command("RCPT TO:<" + mail::address_of(mail.to) + ">", 250);
    command("DATA", 354);
    send(dot_stuffed(mail::format_message(from, mail, mail::BodyEncoding::base64)) + ".\r\n");
    expect(250);
    command("QUIT", 221);
  }

 private:
  void connect() {
    tcp::resolver resolver(io_);
    auto endpoints = resolver.resolve(target_.host, target_.port);
    asio::connect(stream_.next_layer(), endpoints);
    // Blocking calls need a bound: a relay that stops answering must not hang the mail thread.
    timeval timeout{20, 0};
    int fd = stream_.next_layer().native_handle();
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
    if (target_.implicit_tls) start_tls();
  }

  void start_tls() {
    SSL_set_tlsext_host_name(stream_.native_handle(), target_.host.c_str());
    stream_.handshake(ssl::stream_base::client);
    tls_ = true;
  }

  // Returns whether the relay offers STARTTLS.
  bool hello() {
    send("EHLO kesher\r\n");
    auto lines = read_reply(250);
    for (const auto& line : lines) {
      if (line.find("STARTTLS") != std::string::npos) return true;
    }
    return false;
  }

  void authenticate() {
    std::string credentials = std::string(1, '\0') + target_.user + '\0' + target_.password;
    std::string encoded(
        sodium_base64_ENCODED_LEN(credentials.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
    sodium_bin2base64(encoded.data(), encoded.size(),
                      reinterpret_cast<const unsigned char*>(credentials.data()),
                      credentials.size(), sodium_base64_VARIANT_ORIGINAL);
    encoded.resize(std::char_traits<char>::length(encoded.c_str()));
    command("AUTH PLAIN " + encoded, 235);
  }

  static std::string dot_stuffed(const std::string& message) {
    std::string out;
    size_t start = 0;
    while (start < message.size()) {
      size_t end = message.find("\r\n", start);
      std::string line = message.substr(start, end == std::string::npos ? end : end - start);
      if (!line.empty() && line[0] == '.') out += '.';
      out += line + "\r\n";
      if (end == std::string::npos) break;
      start = end + 2;
    }
    return out;
  }

  void command(const std::string& line, int expected) {
    send(line + "\r\n");
    expect(expected);
  }

  void expect(int code) { read_reply(code); }

  std::vector<std::string> read_reply(int expected) {
    std::vector<std::string> lines;
    for (;;) {
      std::string line = read_line();
      lines.push_back(line);
      if (line.size() < 4 || line[3] != '-') break;  // "250-..." continues, "250 ..." ends
    }
    const std::string& last = lines.back();
    int code = last.size() >= 3 ? std::atoi(last.substr(0, 3).c_str()) : 0;
    // 251 ("user not local; will forward") is as good as 250.
    if (code != expected && !(expected == 250 && code == 251)) {
      throw SmtpError("expected " + std::to_string(expected) + ", got: " + last);
    }
    return lines;
  }

  std::string read_line() {
    if (tls_) {
      asio::read_until(stream_, buffer_, "\r\n");
    } else {
      asio::read_until(stream_.next_layer(), buffer_, "\r\n");
    }
    std::istream in(&buffer_);
    std::string line;
    std::getline(in, line);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
  }

  void send(const std::string& text) {
    if (tls_) {
      asio::write(stream_, asio::buffer(text));
    } else {
      asio::write(stream_.next_layer(), asio::buffer(text));
    }
  }

  const SmtpTarget& target_;
  asio::io_context io_;
  ssl::context tls_context_;
  ssl::stream<tcp::socket> stream_;
  asio::streambuf buffer_;
  bool tls_ = false;
};

class SmtpMailer final : public mail::Mailer {
 public:
  SmtpMailer(SmtpTarget target, std::string from)
      : target_(std::move(target)), from_(std::move(from)), thread_([this] { run(); }) {}

  ~SmtpMailer() override {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
  }

  void send(const mail::Mail& mail) override {
    {
      std::lock_guard lock(mutex_);
      queue_.push_back(mail);
    }
    wake_.notify_one();
  }

 private:
  void run() {
    for (;;) {
      mail::Mail next;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) return;  // stopping, and everything queued was sent
        next = std::move(queue_.front());
        queue_.pop_front();
      }
      try {
        SmtpSession(target_).deliver(from_, next);
        spdlog::info("mail to {} sent", next.to);
      } catch (const std::exception& e) {
        spdlog::error("mail to {} failed: {}", next.to, e.what());
      }
    }
  }

  SmtpTarget target_;
  std::string from_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<mail::Mail> queue_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace

std::unique_ptr<mail::Mailer> make_smtp_mailer(const std::string& url, const std::string& from,
                                               std::string* error) {
  auto parsed = boost::urls::parse_uri(url);
  if (!parsed) {
    *error = "not a URL: " + url;
    return nullptr;
  }
  SmtpTarget target;
  std::string scheme(parsed->scheme());
  if (scheme != "smtp" && scheme != "smtps") {
    *error = "the scheme must be smtp or smtps";
    return nullptr;
  }
  target.implicit_tls = scheme == "smtps";
  target.host = std::string(parsed->host());
  target.port =
      parsed->has_port() ? std::string(parsed->port()) : (target.implicit_tls ? "465" : "587");
  target.user = std::string(parsed->user());
  target.password = std::string(parsed->password());
  if (target.host.empty()) {
    *error = "the URL has no host";
    return nullptr;
  }
  return std::make_unique<SmtpMailer>(std::move(target), from);
}

}  // namespace kesher::net
