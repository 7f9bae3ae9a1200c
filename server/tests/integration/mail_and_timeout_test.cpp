// SMTP delivery to a local relay, and the idle timeout, against the real binary.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>
#include <future>
#include <istream>
#include <thread>

#include "harness.hpp"

using namespace kesher::test;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

// A minimal SMTP relay on loopback that accepts one message and hands back the conversation. It
// stands in for a mail provider, which the test machine cannot reach.
class LoopbackRelay {
 public:
  LoopbackRelay() : acceptor_(io_, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)) {
    thread_ = std::thread([this] { serve(); });
  }
  ~LoopbackRelay() {
    boost::system::error_code ignored;
    acceptor_.close(ignored);
    if (thread_.joinable()) thread_.join();
  }
  uint16_t port() const { return acceptor_.local_endpoint().port(); }
  std::future<std::string> transcript() { return promise_.get_future(); }

 private:
  void serve() {
    std::string log;
    try {
      tcp::socket socket(io_);
      acceptor_.accept(socket);
      asio::streambuf buffer;
      auto say = [&](const std::string& line) { asio::write(socket, asio::buffer(line + "\r\n")); };
      auto hear = [&] {
        asio::read_until(socket, buffer, "\r\n");
        std::istream in(&buffer);
        std::string line;
        std::getline(in, line);
        log += line + "\n";
        return line;
      };
      say("220 relay ready");
      hear();  // EHLO
      say("250-relay");
      say("250 8BITMIME");
      hear();  // MAIL FROM
      say("250 ok");
      hear();  // RCPT TO
      say("250 ok");
      hear();  // DATA
      say("354 go ahead");
      while (hear() != ".\r") {
      }
      say("250 queued");
      hear();  // QUIT
      say("221 bye");
    } catch (const std::exception& e) {
      log += std::string("relay error: ") + e.what();
    }
    promise_.set_value(log);
  }

  asio::io_context io_;
  tcp::acceptor acceptor_;
  std::promise<std::string> promise_;
  std::thread thread_;
};

}  // namespace

TEST(Mail, RegistrationMailGoesThroughTheConfiguredRelay) {
  LoopbackRelay relay;
  auto transcript = relay.transcript();
  ServerProcess server({"--smtp", "smtp://127.0.0.1:" + std::to_string(relay.port())});
  register_member(server, "smtp@example.com");
  ASSERT_EQ(transcript.wait_for(10s), std::future_status::ready);
  std::string log = transcript.get();
  EXPECT_NE(log.find("EHLO kesher"), std::string::npos) << log;
  EXPECT_NE(log.find("RCPT TO:<smtp@example.com>"), std::string::npos) << log;
  EXPECT_NE(log.find("Subject: =?UTF-8?B?"), std::string::npos) << log;
  EXPECT_NE(log.find("Content-Transfer-Encoding: base64"), std::string::npos) << log;
  EXPECT_FALSE(std::filesystem::exists(server.data_dir() / "outbox"));
}

TEST(Mail, UnusableSmtpUrlStopsStartUp) {
  EXPECT_THROW(ServerProcess({"--smtp", "ftp://nowhere"}), std::runtime_error);
}

TEST(IdleTimeout, SilentSocketsAreClosed) {
  ServerProcess server({"--ws-idle-timeout", "1"});
  auto quiet = WsClient::connect(server.port(), {server.origin(), "", ""});
  auto chatty = WsClient::connect(server.port(), {server.origin(), "", ""});
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(chatty->request("ping")["module"], "pong");
    std::this_thread::sleep_for(400ms);
  }
  EXPECT_TRUE(chatty->is_open());
  EXPECT_EQ(quiet->wait_closed(3s), 4002);
}
