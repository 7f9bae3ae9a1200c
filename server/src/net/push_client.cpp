#include "net/push_client.hpp"

#include <openssl/ssl.h>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <boost/url/parse.hpp>

#include "domain/push_rules.hpp"
#include "net/no_throw.hpp"

namespace kesher::net {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;

// A push service answers with a few hundred bytes at most; anything more is not read.
constexpr size_t kMaxAnswerBytes = 16 * 1024;

struct Target {
  bool tls = true;
  std::string host;  // without brackets
  std::string port;
  std::string host_header;
  std::string path;  // with the query
  bool host_is_name = true;
};

std::optional<Target> target_of(const std::string& url) {
  auto parsed = boost::urls::parse_absolute_uri(url);
  if (!parsed) return std::nullopt;
  Target target;
  if (parsed->scheme() == "https") {
    target.tls = true;
  } else if (parsed->scheme() == "http") {
    target.tls = false;
  } else {
    return std::nullopt;
  }
  auto type = parsed->host_type();
  if (type == boost::urls::host_type::ipv6) {
    target.host = parsed->host_ipv6_address().to_string();
    target.host_is_name = false;
  } else if (type == boost::urls::host_type::ipv4) {
    target.host = parsed->host_ipv4_address().to_string();
    target.host_is_name = false;
  } else if (type == boost::urls::host_type::name) {
    target.host = parsed->host_name();
  } else {
    return std::nullopt;
  }
  if (target.host.empty()) return std::nullopt;
  target.port = parsed->has_port() ? std::string(parsed->port()) : (target.tls ? "443" : "80");
  target.host_header = std::string(parsed->encoded_host_and_port());
  target.path = std::string(parsed->encoded_path());
  if (target.path.empty()) target.path = "/";
  if (parsed->has_query()) target.path += "?" + std::string(parsed->encoded_query());
  return target;
}

std::string address_bytes(const asio::ip::address& address) {
  if (address.is_v4()) {
    auto bytes = address.to_v4().to_bytes();
    return std::string(bytes.begin(), bytes.end());
  }
  auto bytes = address.to_v6().to_bytes();
  return std::string(bytes.begin(), bytes.end());
}

class BeastPushClient final : public push::PushTransport {
 public:
  explicit BeastPushClient(PushClientOptions options)
      : options_(options), tls_context_(ssl::context::tls_client) {
    tls_context_.set_default_verify_paths();
    tls_context_.set_verify_mode(ssl::verify_peer);
  }

  push::PushAnswer post(const push::PushRequest& request) override {
    auto target = target_of(request.endpoint);
    if (!target) return {0, "not an http(s) URL"};
    // Plain http only in tests, and then only to loopback (checked per address below).
    if (!target->tls && !options_.allow_loopback) return {0, "plain http"};
    asio::io_context io;
    std::optional<push::PushAnswer> answer;
    asio::co_spawn(io, exchange(*target, request),
                   [&answer](std::exception_ptr error, push::PushAnswer result) {
                     if (error) {
                       answer = push::PushAnswer{0, "exchange failed"};
                     } else {
                       answer = std::move(result);
                     }
                   });
    io.run_for(options_.total_timeout);
    if (!answer) return {0, "timed out"};
    return *answer;
  }

 private:
  // The resolved addresses the push may go to; `why` names the class of the last one refused.
  std::vector<tcp::endpoint> allowed(const tcp::resolver::results_type& results, bool tls,
                                     std::string& why) const {
    std::vector<tcp::endpoint> endpoints;
    for (const auto& entry : results) {
      auto address = entry.endpoint().address();
      auto address_class = domain::push::classify_address(address_bytes(address));
      bool loopback = address_class == domain::push::AddressClass::loopback;
      // Plain http never leaves the machine: only the tests' local push service.
      bool ok = tls ? domain::push::may_push_to(address_class, options_.allow_loopback)
                    : options_.allow_loopback && loopback;
      if (ok) {
        endpoints.push_back(entry.endpoint());
      } else {
        why = "refused " + std::string(domain::push::describe(address_class)) + " address";
      }
    }
    return endpoints;
  }

  template <class Stream>
  asio::awaitable<push::PushAnswer> send_and_read(Stream& stream, beast::tcp_stream& tcp,
                                                  const Target& target,
                                                  const push::PushRequest& request) {
    http::request<http::string_body> message{http::verb::post, target.path, 11};
    message.set(http::field::host, target.host_header);
    message.set(http::field::user_agent, "kesher-push");
    for (const auto& [name, value] : request.headers) message.set(name, value);
    message.body() = request.body;
    message.prepare_payload();
    tcp.expires_after(options_.step_timeout);
    auto [write_error, written] = co_await http::async_write(stream, message, kNoThrow);
    if (write_error) co_return push::PushAnswer{0, "write: " + write_error.message()};
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(kMaxAnswerBytes);
    tcp.expires_after(options_.step_timeout);
    auto [read_error, read] = co_await http::async_read(stream, buffer, parser, kNoThrow);
    if (read_error && read_error != http::error::body_limit) {
      co_return push::PushAnswer{0, "read: " + read_error.message()};
    }
    co_return push::PushAnswer{static_cast<int>(parser.get().result_int()), {}};
  }

  asio::awaitable<push::PushAnswer> exchange(Target target, const push::PushRequest& request) {
    auto executor = co_await asio::this_coro::executor;
    tcp::resolver resolver(executor);
    auto [resolve_error, results] =
        co_await resolver.async_resolve(target.host, target.port, kNoThrow);
    if (resolve_error) co_return push::PushAnswer{0, "resolve: " + resolve_error.message()};
    std::string why = "no address";
    auto endpoints = allowed(results, target.tls, why);
    if (endpoints.empty()) co_return push::PushAnswer{0, why};

    if (!target.tls) {
      beast::tcp_stream stream(executor);
      stream.expires_after(options_.step_timeout);
      auto [connect_error, connected] = co_await stream.async_connect(endpoints, kNoThrow);
      if (connect_error) co_return push::PushAnswer{0, "connect: " + connect_error.message()};
      auto answer = co_await send_and_read(stream, stream, target, request);
      beast::error_code ignored;
      stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
      co_return answer;
    }

    beast::ssl_stream<beast::tcp_stream> stream(executor, tls_context_);
    if (target.host_is_name &&
        !SSL_set_tlsext_host_name(stream.native_handle(), target.host.c_str())) {
      co_return push::PushAnswer{0, "SNI"};
    }
    stream.set_verify_callback(ssl::host_name_verification(target.host));
    auto& tcp = beast::get_lowest_layer(stream);
    tcp.expires_after(options_.step_timeout);
    auto [connect_error, connected] = co_await tcp.async_connect(endpoints, kNoThrow);
    if (connect_error) co_return push::PushAnswer{0, "connect: " + connect_error.message()};
    tcp.expires_after(options_.step_timeout);
    auto [handshake_error] = co_await stream.async_handshake(ssl::stream_base::client, kNoThrow);
    if (handshake_error) co_return push::PushAnswer{0, "TLS: " + handshake_error.message()};
    auto answer = co_await send_and_read(stream, tcp, target, request);
    // A polite close; a push service that drops the connection instead changes nothing.
    tcp.expires_after(std::chrono::seconds(2));
    co_await stream.async_shutdown(kNoThrow);
    co_return answer;
  }

  PushClientOptions options_;
  ssl::context tls_context_;
};

}  // namespace

std::unique_ptr<push::PushTransport> make_push_client(PushClientOptions options) {
  return std::make_unique<BeastPushClient>(options);
}

}  // namespace kesher::net
