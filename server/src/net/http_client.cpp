#include "net/http_client.hpp"

#include <spdlog/spdlog.h>
#include <sys/socket.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <boost/url/parse.hpp>

namespace kesher::net {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

constexpr time_t kTimeoutSeconds = 10;

class BeastPoster final : public payments::HttpPoster {
 public:
  int post(const std::string& url, const std::vector<std::pair<std::string, std::string>>& headers,
           const std::string& body) override {
    auto parsed = boost::urls::parse_absolute_uri(url);
    if (!parsed || parsed->scheme() != "http") {
      spdlog::error("webhook url {} is not http://", url);
      return 0;
    }
    std::string host(parsed->host());
    std::string port = parsed->has_port() ? std::string(parsed->port()) : "80";
    std::string target(parsed->encoded_path());
    if (target.empty()) target = "/";
    try {
      asio::io_context io;
      tcp::resolver resolver(io);
      beast::tcp_stream stream(io);
      stream.connect(resolver.resolve(host, port));
      // Blocking calls ignore the stream's expiry: the socket's own timeouts bound them, so that
      // an endpoint that stops answering cannot hold the webhook thread.
      timeval timeout{kTimeoutSeconds, 0};
      int fd = stream.socket().native_handle();
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
      setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
      http::request<http::string_body> request{http::verb::post, target, 11};
      request.set(http::field::host, host + ":" + port);
      request.set(http::field::user_agent, "kesher-sandbox-webhooks");
      for (const auto& [name, value] : headers) request.set(name, value);
      request.body() = body;
      request.prepare_payload();
      http::write(stream, request);
      beast::flat_buffer buffer;
      http::response<http::string_body> response;
      http::read(stream, buffer, response);
      beast::error_code ignored;
      stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
      return static_cast<int>(response.result_int());
    } catch (const std::exception& e) {
      spdlog::warn("webhook POST to {} failed: {}", url, e.what());
      return 0;
    }
  }
};

}  // namespace

std::unique_ptr<payments::HttpPoster> make_http_poster() {
  return std::make_unique<BeastPoster>();
}

}  // namespace kesher::net
