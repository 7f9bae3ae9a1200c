#include "harness.hpp"

#include <libpq-fe.h>

#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <utility>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "support/child_exit.hpp"
#include "support/pg_cluster.hpp"

namespace kesher::test {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using kesher::testing::end_with_test_process;
using kesher::testing::started_on_main_thread;
using tcp = asio::ip::tcp;
namespace fs = std::filesystem;

namespace {

// A small places fixture in the importer's format (scripts/import-places.mjs), so the tests don't
// depend on the full import.
constexpr const char* kPlacesFixture =
    "id\tname_en\tname_he\tname_de\tcountry\tpopulation\tlat\tlon\n"
    "293397\tTel Aviv\tתל אביב-יפו\tTel Aviv-Jaffa\tIL\t432892\t32.08088\t34.78057\n"
    "281184\tJerusalem\tירושלים\tJerusalem\tIL\t801000\t31.76904\t35.21633\n"
    "294801\tHaifa\tחיפה\tHaifa\tIL\t267300\t32.81841\t34.98850\n"
    "2950159\tBerlin\tברלין\tBerlin\tDE\t3426354\t52.52437\t13.41053\n"
    "2867714\tMunich\tמינכן\tMünchen\tDE\t1260391\t48.13743\t11.57549\n"
    "5128581\tNew York City\tניו יורק\tNew York\tUS\t8804190\t40.71427\t-74.00597\n";

std::string unique_suffix() {
  static std::mt19937_64 rng{std::random_device{}()};
  return std::to_string(::getpid()) + "-" + std::to_string(rng() % 1000000000);
}

// KESHER_TEST_DATABASE=postgres: each data folder gets a fresh PostgreSQL database of the test
// process's throwaway cluster, named in this file so that commands run on the folder find it.
constexpr const char* kDatabaseUrlFile = "test-database-url";

// Commands on a test's folder use its places fixture too (see ServerProcess::launch).
constexpr const char* kWithoutPlacesImport = "env -u KESHER_PLACES ";

std::string database_url_of(const fs::path& data_dir) {
  std::ifstream in(data_dir / kDatabaseUrlFile);
  std::string url;
  std::getline(in, url);
  return url;
}

// " --database '<url>'" for a command line on that folder, or nothing for SQLite.
std::string database_option(const fs::path& data_dir) {
  std::string url = database_url_of(data_dir);
  return url.empty() ? std::string() : " --database '" + url + "'";
}

}  // namespace

ServerProcess::ServerProcess(std::vector<std::string> extra_args)
    : extra_args_(std::move(extra_args)) {
  data_dir_ = fs::temp_directory_path() / ("kesher-it-" + unique_suffix());
  fs::create_directories(data_dir_);
  write_places_fixture(data_dir_);
  if (kesher::testing::testing_postgres()) {
    database_url_ = kesher::testing::shared_postgres_cluster().create_database();
    std::ofstream(data_dir_ / kDatabaseUrlFile) << database_url_ << "\n";
  }
  launch();
}

void write_places_fixture(const fs::path& data_dir) {
  std::ofstream(data_dir / "places.tsv") << kPlacesFixture;
}

ServerProcess::ServerProcess(const Shared& shared, std::vector<std::string> extra_args)
    : data_dir_(shared.data_dir),
      database_url_(shared.database_url),
      extra_args_(std::move(extra_args)),
      owns_data_dir_(false) {
  // So that commands run against the folder (run_kesher_command) reach the same database.
  if (!database_url_.empty()) std::ofstream(data_dir_ / kDatabaseUrlFile) << database_url_ << "\n";
  launch();
}

std::string ServerProcess::origin() const {
  // A node behind a proxy is told the site's origin; anything else is reached directly.
  auto given = std::find(extra_args_.begin(), extra_args_.end(), "--origin");
  if (given != extra_args_.end() && std::next(given) != extra_args_.end()) return *std::next(given);
  return "http://localhost:" + std::to_string(port_);
}

ServerProcess::~ServerProcess() {
  stop();
  std::error_code ignored;
  if (owns_data_dir_) fs::remove_all(data_dir_, ignored);
}

void ServerProcess::launch() {
  std::vector<std::string> args{server_binary(),    "--port",      "0",
                                "--host",           "127.0.0.1",   "--data",
                                data_dir_.string(), "--log-level", "warn"};
  // No web client unless a test brings its own.
  if (std::find(extra_args_.begin(), extra_args_.end(), "--web") == extra_args_.end()) {
    args.insert(args.end(), {"--web", (data_dir_ / "no-web").string()});
  }
  // Every test registers from 127.0.0.1; the per-address sign-up limit has tests of its own,
  // which pass the flag themselves.
  if (std::find(extra_args_.begin(), extra_args_.end(), "--register-limit-per-ip") ==
      extra_args_.end()) {
    args.insert(args.end(), {"--register-limit-per-ip", "1000000"});
  }
  if (!database_url_.empty()) args.insert(args.end(), {"--database", database_url_});
  args.insert(args.end(), extra_args_.begin(), extra_args_.end());
  std::vector<char*> argv;
  for (auto& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  // The data folder's small places fixture, not the full import make test names for the tests
  // that want it (they pass --places): indexing 112,000 places took most of each start.
  std::vector<char*> envp;
  for (char** variable = environ; *variable; ++variable) {
    if (std::string_view(*variable).starts_with("KESHER_PLACES=")) continue;
    envp.push_back(*variable);
  }
  envp.push_back(nullptr);
  const bool end_with_test = started_on_main_thread();
  const pid_t parent = ::getpid();

  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) throw std::runtime_error("pipe failed");
  // Only async-signal-safe calls between fork and exec: the test process has threads.
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    if (end_with_test) end_with_test_process(parent, SIGTERM);
    dup2(pipe_fds[1], STDOUT_FILENO);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    execve(argv[0], argv.data(), envp.data());
    _exit(127);
  }
  close(pipe_fds[1]);
  FILE* out = fdopen(pipe_fds[0], "r");
  char line[512];
  port_ = 0;
  while (fgets(line, sizeof line, out)) {
    std::string text(line);
    auto at = text.find("listening on ");
    if (at == std::string::npos) continue;
    auto colon = text.find(':', at);
    port_ = static_cast<uint16_t>(std::stoi(text.substr(colon + 1)));
    break;
  }
  // Keep draining stdout in the background so the child never blocks on a full pipe;
  // KESHER_TEST_SERVER_LOG=1 shows what the server logs (on stderr), to see why a request failed.
  std::thread([out, show = std::getenv("KESHER_TEST_SERVER_LOG") != nullptr] {
    char sink[512];
    while (fgets(sink, sizeof sink, out)) {
      if (show) std::fputs(sink, stderr);
    }
    fclose(out);
  }).detach();
  if (port_ == 0) throw std::runtime_error("kesher did not start");
}

int ServerProcess::stop() {
  if (pid_ <= 0) return 0;
  ::kill(pid_, SIGTERM);
  int status = 0;
  // Polled finely: a server with nothing left open exits within milliseconds of the signal.
  for (int i = 0; i < 500; ++i) {
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    std::this_thread::sleep_for(10ms);
  }
  ::kill(pid_, SIGKILL);
  waitpid(pid_, &status, 0);
  pid_ = -1;
  return -1;
}

void ServerProcess::kill() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
}

void ServerProcess::restart() {
  stop();
  launch();
}

int64_t ServerProcess::rss_bytes() const {
  std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stoll(line.substr(6)) * 1024;
  }
  return -1;
}

int ServerProcess::established_connections(const std::vector<uint16_t>& client_ports) const {
  // /proc/net/tcp: "sl local_address rem_address st …", addresses as HEXIP:HEXPORT, st 01 is
  // ESTABLISHED. The server listens on 127.0.0.1 only.
  std::ifstream table("/proc/net/tcp");
  std::string line;
  std::getline(table, line);  // header
  auto hex = [](uint16_t port) {
    char text[8];
    std::snprintf(text, sizeof text, "%04X", port);
    return std::string(text);
  };
  std::vector<std::string> clients;
  for (uint16_t port : client_ports) clients.push_back(hex(port));
  int count = 0;
  while (std::getline(table, line)) {
    std::istringstream fields(line);
    std::string slot, local, remote, state;
    fields >> slot >> local >> remote >> state;
    if (state != "01" || local.substr(local.find(':') + 1) != hex(port_)) continue;
    std::string client = remote.substr(remote.find(':') + 1);
    if (clients.empty() || std::find(clients.begin(), clients.end(), client) != clients.end()) {
      ++count;
    }
  }
  return count;
}

std::string ServerProcess::describe_connections(const std::vector<uint16_t>& client_ports) const {
  std::ifstream table("/proc/net/tcp");
  std::string line;
  std::string header;
  std::getline(table, header);
  std::string out = header + "\n";
  auto hex = [](uint16_t port) {
    char text[8];
    std::snprintf(text, sizeof text, "%04X", port);
    return std::string(text);
  };
  while (std::getline(table, line)) {
    std::istringstream fields(line);
    std::string slot, local, remote, state;
    fields >> slot >> local >> remote >> state;
    if (state != "01") continue;  // ESTABLISHED only
    std::string local_port = local.substr(local.find(':') + 1);
    std::string remote_port = remote.substr(remote.find(':') + 1);
    for (uint16_t port : client_ports) {
      bool server_side = local_port == hex(port_) && remote_port == hex(port);
      bool client_side = local_port == hex(port) && remote_port == hex(port_);
      if (server_side || client_side) out += line + "\n";
    }
  }
  return out;
}

json::object HttpResult::json() const {
  boost::system::error_code ec;
  auto value = json::parse(body, ec);
  if (ec || !value.is_object()) return {};
  return value.as_object();
}

std::string HttpResult::session_cookie() const {
  for (const auto& cookie : set_cookies) {
    if (cookie.rfind("session=", 0) != 0) continue;
    return cookie.substr(0, cookie.find(';'));
  }
  return {};
}

std::string multipart_body(const std::string& bytes, const std::string& filename,
                           const std::string& field) {
  std::string body;
  body += "--" + std::string(kBoundary) + "\r\n";
  body +=
      "Content-Disposition: form-data; name=\"" + field + "\"; filename=\"" + filename + "\"\r\n";
  body += "Content-Type: image/jpeg\r\n\r\n";
  body += bytes;
  body += "\r\n--" + std::string(kBoundary) + "--\r\n";
  return body;
}

HeldPort::HeldPort() {
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int on = 1;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (fd_ < 0 || ::setsockopt(fd_, SOL_SOCKET, SO_REUSEPORT, &on, sizeof on) != 0 ||
      ::bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    release();
    throw std::runtime_error("no free loopback port");
  }
  port_ = ntohs(address.sin_port);
}

void HeldPort::release() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

ChildProcess::ChildProcess(const std::vector<std::string>& args, const fs::path& log)
    : ChildProcess(args, log, Options{}) {}

ChildProcess::ChildProcess(const std::vector<std::string>& args, const fs::path& log,
                           const Options& options) {
  // Everything the child needs is made before fork: the test process has threads, and only
  // async-signal-safe calls are allowed between fork and exec.
  std::vector<char*> argv;
  for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  const char* directory =
      options.working_directory.empty() ? nullptr : options.working_directory.c_str();
  const bool end_with_test = started_on_main_thread();
  const pid_t parent = ::getpid();
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    if (end_with_test) end_with_test_process(parent, SIGTERM);
    if (directory && ::chdir(directory) != 0) ::_exit(126);
    int out = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    int in = ::open("/dev/null", O_RDONLY);
    ::dup2(in, STDIN_FILENO);
    ::dup2(out, STDOUT_FILENO);
    ::dup2(out, STDERR_FILENO);
    ::execvp(argv[0], argv.data());
    ::_exit(127);
  }
}

ChildProcess::~ChildProcess() {
  stop();
}

bool ChildProcess::running() {
  if (pid_ <= 0) return false;
  if (::waitpid(pid_, nullptr, WNOHANG) == pid_) pid_ = -1;
  return pid_ > 0;
}

void ChildProcess::stop() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGTERM);
  for (int i = 0; i < 100; ++i) {
    if (::waitpid(pid_, nullptr, WNOHANG) == pid_) {
      pid_ = -1;
      return;
    }
    std::this_thread::sleep_for(50ms);
  }
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

HttpResult http_request(uint16_t port, const std::string& method, const std::string& target,
                        const std::string& body, const HttpOptions& options) {
  asio::io_context ioc;
  beast::tcp_stream stream(ioc);
  if (!options.source_address.empty()) {
    stream.socket().open(tcp::v4());
    stream.socket().bind(tcp::endpoint(asio::ip::make_address(options.source_address), 0));
  }
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> request{http::string_to_verb(method), target, 11};
  request.set(http::field::host, "localhost:" + std::to_string(port));
  if (!options.cookie.empty()) request.set(http::field::cookie, options.cookie);
  if (!options.origin.empty()) request.set(http::field::origin, options.origin);
  if (!body.empty()) request.set(http::field::content_type, options.content_type);
  // A name given twice gives two lines, as a proxy that adds its own does.
  for (const auto& [name, value] : options.headers) request.insert(name, value);
  request.body() = body;
  request.prepare_payload();
  http::write(stream, request);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(16 * 1024 * 1024);
  if (request.method() == http::verb::head) parser.skip(true);  // headers only, whatever they say
  http::read(stream, buffer, parser);
  auto response = parser.release();
  HttpResult result;
  result.status = static_cast<int>(response.result_int());
  result.body = response.body();
  for (const auto& field : response) {
    std::string name(field.name_string());
    for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (name == "set-cookie") result.set_cookies.emplace_back(field.value());
    result.headers[name] = std::string(field.value());
  }
  boost::system::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  return result;
}

struct WsClient::Impl {
  asio::io_context ioc;
  websocket::stream<beast::tcp_stream> ws{ioc};
  beast::flat_buffer buffer;
  bool open = true;
  int close_code = -1;
  // A read that timed out stays in flight: cancelling a Beast websocket read would leave the
  // stream unusable, so the next receive() picks the same read up.
  bool read_pending = false;
  bool read_done = false;
  boost::system::error_code read_error;
};

WsClient::WsClient(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
WsClient::~WsClient() {
  if (impl_->open) {
    boost::system::error_code ignored;
    impl_->ws.next_layer().socket().close(ignored);
  }
}

std::unique_ptr<WsClient> WsClient::connect(uint16_t port, const Options& options, int* status) {
  auto impl = std::make_unique<Impl>();
  if (options.receive_buffer_bytes > 0) {
    auto& socket = impl->ws.next_layer().socket();
    socket.open(tcp::v4());
    socket.set_option(asio::socket_base::receive_buffer_size(options.receive_buffer_bytes));
  }
  impl->ws.next_layer().connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  impl->ws.set_option(websocket::stream_base::decorator([options](websocket::request_type& req) {
    if (!options.origin.empty()) req.set(http::field::origin, options.origin);
    if (!options.cookie.empty()) req.set(http::field::cookie, options.cookie);
    if (!options.accept_language.empty()) {
      req.set(http::field::accept_language, options.accept_language);
    }
  }));
  impl->ws.read_message_max(16 * 1024 * 1024);
  websocket::response_type response;
  boost::system::error_code ec;
  impl->ws.handshake(response, "localhost:" + std::to_string(port), options.target, ec);
  if (status) *status = static_cast<int>(response.result_int());
  if (ec) return nullptr;
  return std::unique_ptr<WsClient>(new WsClient(std::move(impl)));
}

void WsClient::send_text(const std::string& text) {
  // Written asynchronously so that a read left in flight by receive() can keep running.
  auto& impl = *impl_;
  impl.ws.text(true);
  bool written = false;
  boost::system::error_code result;
  impl.ws.async_write(asio::buffer(text), [&](boost::system::error_code ec, size_t) {
    written = true;
    result = ec;
  });
  impl.ioc.restart();
  while (!written && impl.ioc.run_one() > 0) {
  }
  if (result) impl.open = false;
}

void WsClient::send(const json::object& message) {
  send_text(json::serialize(message));
}

std::optional<json::object> WsClient::receive(std::chrono::milliseconds timeout) {
  auto& impl = *impl_;
  if (!impl.open) return std::nullopt;
  if (!impl.read_pending) {
    impl.read_pending = true;
    impl.read_done = false;
    impl.ws.async_read(impl.buffer, [&impl](boost::system::error_code ec, size_t) {
      impl.read_done = true;
      impl.read_error = ec;
    });
  }
  impl.ioc.restart();
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!impl.read_done && std::chrono::steady_clock::now() < deadline) {
    impl.ioc.run_one_until(deadline);
  }
  if (!impl.read_done) return std::nullopt;
  impl.read_pending = false;
  if (impl.read_error) {
    impl.open = false;
    // The close frame may arrive just before the TCP connection ends; its code still counts.
    if (impl.ws.reason().code != websocket::close_code::none)
      impl.close_code = impl.ws.reason().code;
    return std::nullopt;
  }
  std::string text = beast::buffers_to_string(impl.buffer.data());
  impl.buffer.consume(impl.buffer.size());
  boost::system::error_code ec;
  auto value = json::parse(text, ec);
  if (ec || !value.is_object()) return json::object{{"unparsed", text}};
  return value.as_object();
}

json::object WsClient::request(const std::string& module, json::object payload) {
  std::string rid = "t" + std::to_string(next_rid_++);
  payload["module"] = module;
  payload["rid"] = rid;
  send(payload);
  auto deadline = std::chrono::steady_clock::now() + 10s;
  while (std::chrono::steady_clock::now() < deadline) {
    auto message = receive(1s);
    if (!message) {
      if (!is_open()) break;
      continue;
    }
    if (auto it = message->find("rid");
        it != message->end() && it->value().is_string() && it->value().get_string() == rid) {
      return *message;
    }
    events_.push_back(std::move(*message));
  }
  return json::object{{"timeout", true}};
}

std::optional<json::object> WsClient::wait_event(const std::string& module,
                                                 std::chrono::milliseconds timeout) {
  auto matches = [&](const json::object& m) {
    auto it = m.find("module");
    return it != m.end() && it->value().is_string() && it->value().get_string() == module;
  };
  for (auto it = events_.begin(); it != events_.end(); ++it) {
    if (matches(*it)) {
      auto event = std::move(*it);
      events_.erase(it);
      return event;
    }
  }
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    auto message = receive(std::max(left, 1ms));
    if (!message) {
      if (!is_open()) return std::nullopt;
      continue;
    }
    if (matches(*message)) return message;
    events_.push_back(std::move(*message));
  }
  return std::nullopt;
}

std::vector<json::object> WsClient::drain_events(std::chrono::milliseconds settle) {
  auto deadline = std::chrono::steady_clock::now() + settle;
  while (is_open()) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left <= 0ms) break;
    if (auto message = receive(left)) events_.push_back(std::move(*message));
  }
  return std::exchange(events_, {});
}

int WsClient::wait_closed(std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (impl_->open && std::chrono::steady_clock::now() < deadline) receive(100ms);
  return impl_->open ? -1 : impl_->close_code;
}

bool WsClient::is_open() const {
  return impl_->open;
}

uint16_t WsClient::local_port() const {
  boost::system::error_code ignored;
  return impl_->ws.next_layer().socket().local_endpoint(ignored).port();
}

json::object registration_body(const std::string& email) {
  return json::object{{"email", email},     {"password", "correct horse"},
                      {"name", "Dana"},     {"gender", 2},
                      {"s_gender", 1},      {"s_age", "25,40"},
                      {"birth_year", 1994}, {"birth_month", 5},
                      {"birth_day", 17},    {"place_id", 293397},
                      {"answer", 3},        {"language", "en"}};
}

const char* server_binary() {
  static const char* binary = [] {
    const char* chosen = std::getenv("KESHER_SERVER_BIN");
    return chosen && *chosen ? chosen : KESHER_BINARY;
  }();
  return binary;
}

bool server_is_sanitized() {
#ifdef KESHER_SANITIZED
  return true;
#else
  const char* flag = std::getenv("KESHER_SERVER_SANITIZED");
  return flag && std::string_view(flag) == "1";
#endif
}

Member register_member(const ServerProcess& server, const std::string& email,
                       const json::object& overrides) {
  // No Origin header, as a client that is not a browser sends it.
  return register_member(Endpoint{server.port(), ""}, email, overrides);
}

Member register_member(const Endpoint& endpoint, const std::string& email,
                       const json::object& overrides) {
  auto body = registration_body(email);
  for (const auto& [key, value] : overrides) body[key] = value;
  auto result = http_request(endpoint.port, "POST", "/api/auth/register", json::serialize(body),
                             {.origin = endpoint.origin});
  if (result.status != 201) {
    throw std::runtime_error("registration failed: " + std::to_string(result.status) + " " +
                             result.body);
  }
  Member member{email, "correct horse", result.session_cookie(), 0};
  member.id = result.json().at("user").at("id").as_int64();
  return member;
}

std::unique_ptr<WsClient> connect_member(const ServerProcess& server, const Member& member) {
  return connect_member(server.endpoint(), member);
}

std::unique_ptr<WsClient> connect_member(const Endpoint& endpoint, const Member& member) {
  return WsClient::connect(endpoint.port, {endpoint.origin, member.cookie, ""});
}

namespace {

// The same helpers on the server's PostgreSQL database: the test's SQL as it is (one script,
// no parameters), every row with its columns typed as the SQLite helpers type them.
json::array postgres_rows(const std::string& url, const std::string& sql) {
  PGconn* conn = PQconnectdb(url.c_str());
  if (PQstatus(conn) != CONNECTION_OK) {
    std::string message = PQerrorMessage(conn);
    PQfinish(conn);
    throw std::runtime_error("cannot connect to " + url + ": " + message);
  }
  PGresult* result = PQexec(conn, sql.c_str());
  ExecStatusType status = PQresultStatus(result);
  if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
    std::string message = PQresultErrorMessage(result);
    PQclear(result);
    PQfinish(conn);
    throw std::runtime_error("sql failed: " + message + " in: " + sql);
  }
  json::array rows;
  for (int r = 0; r < PQntuples(result); ++r) {
    json::array row;
    for (int c = 0; c < PQnfields(result); ++c) {
      if (PQgetisnull(result, r, c)) {
        row.emplace_back(nullptr);
        continue;
      }
      std::string text = PQgetvalue(result, r, c);
      switch (PQftype(result, c)) {
        case 16:  // bool
          row.emplace_back(int64_t{text == "t" ? 1 : 0});
          break;
        case 20:  // int8, int2, int4
        case 21:
        case 23:
          row.emplace_back(static_cast<int64_t>(std::stoll(text)));
          break;
        case 1700:  // numeric: SUM(bigint)
          if (text.find('.') == std::string::npos) {
            row.emplace_back(static_cast<int64_t>(std::stoll(text)));
          } else {
            row.emplace_back(std::stod(text));
          }
          break;
        case 700:  // float4, float8
        case 701:
          row.emplace_back(std::stod(text));
          break;
        default:
          row.emplace_back(json::string(text));
      }
    }
    rows.emplace_back(std::move(row));
  }
  PQclear(result);
  PQfinish(conn);
  return rows;
}

// The server's database, opened read-only beside the running server (WAL allows it).
sqlite3* open_read_only(const ServerProcess& server) {
  sqlite3* db = nullptr;
  std::string path = (server.data_dir() / "kesher.db").string();
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    throw std::runtime_error("cannot open " + path);
  }
  sqlite3_busy_timeout(db, 2000);
  return db;
}

}  // namespace

std::string newest_mail_link(const ServerProcess& server, const std::string& marker) {
  std::string newest;
  auto newest_time = fs::file_time_type::min();
  for (const auto& entry : fs::directory_iterator(server.data_dir() / "outbox")) {
    std::ifstream in(entry.path());
    std::string text((std::istreambuf_iterator<char>(in)), {});
    auto at = text.find(marker);
    if (at == std::string::npos || entry.last_write_time() < newest_time) continue;
    newest_time = entry.last_write_time();
    auto end = text.find_first_of("\r\n", at);
    newest = text.substr(at + marker.size(), end - at - marker.size());
  }
  return newest;
}

int64_t query_integer(const ServerProcess& server, const std::string& sql) {
  if (!server.database_url().empty()) {
    // As sqlite3_column_int64 reads it: -1 without a row, NULL as 0.
    json::array rows = postgres_rows(server.database_url(), sql);
    if (rows.empty() || rows[0].as_array().empty()) return -1;
    const json::value& value = rows[0].as_array()[0];
    if (value.is_int64()) return value.as_int64();
    if (value.is_double()) return static_cast<int64_t>(value.as_double());
    if (value.is_string()) return std::atoll(value.as_string().c_str());
    return 0;
  }
  sqlite3* db = open_read_only(server);
  sqlite3_stmt* stmt = nullptr;
  int64_t value = -1;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK &&
      sqlite3_step(stmt) == SQLITE_ROW) {
    value = sqlite3_column_int64(stmt, 0);
  }
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return value;
}

}  // namespace kesher::test

namespace kesher::test {

void execute_sql(const ServerProcess& server, const std::string& sql) {
  if (!server.database_url().empty()) {
    // Without foreign key checks, like the SQLite connection below (which never turns them on),
    // so that tests may break the data on purpose (Consistency).
    postgres_rows(server.database_url(), "SET session_replication_role = replica; " + sql);
    return;
  }
  sqlite3* db = nullptr;
  std::string path = (server.data_dir() / "kesher.db").string();
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    throw std::runtime_error("cannot open " + path);
  }
  sqlite3_busy_timeout(db, 5000);
  char* error = nullptr;
  int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
  std::string message = error ? error : "";
  sqlite3_free(error);
  sqlite3_close(db);
  if (rc != SQLITE_OK) throw std::runtime_error("sql failed: " + message);
}

int run_kesher(const ServerProcess& server, const std::vector<std::string>& args) {
  auto result = run_kesher_command(server.data_dir(), args);
  // The command's output is noise when it succeeds, and the only clue when it does not.
  if (result.status != 0) {
    std::string command;
    for (const auto& arg : args) command += " " + arg;
    std::fprintf(stderr, "kesher%s exited with %d:\n%s\n", command.c_str(), result.status,
                 result.output.c_str());
  }
  return result.status;
}

}  // namespace kesher::test

namespace kesher::test {

std::unique_ptr<ServerProcess> ServerProcess::with_database(const fs::path& database,
                                                            std::vector<std::string> extra_args) {
  auto server = std::make_unique<ServerProcess>(std::move(extra_args));
  server->stop();
  for (const char* suffix : {"", "-wal", "-shm"}) {
    fs::remove(server->data_dir() / (std::string("kesher.db") + suffix));
  }
  fs::copy_file(database, server->data_dir() / "kesher.db");
  server->launch();
  return server;
}

json::array query_rows(const ServerProcess& server, const std::string& sql) {
  if (!server.database_url().empty()) return postgres_rows(server.database_url(), sql);
  sqlite3* db = open_read_only(server);
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
    std::string message = sqlite3_errmsg(db);
    sqlite3_close(db);
    throw std::runtime_error("query failed: " + message + " in: " + sql);
  }
  json::array rows;
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    json::array row;
    for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
      switch (sqlite3_column_type(stmt, i)) {
        case SQLITE_INTEGER:
          row.emplace_back(static_cast<int64_t>(sqlite3_column_int64(stmt, i)));
          break;
        case SQLITE_FLOAT:
          row.emplace_back(sqlite3_column_double(stmt, i));
          break;
        case SQLITE_NULL:
          row.emplace_back(nullptr);
          break;
        default:
          row.emplace_back(json::string(reinterpret_cast<const char*>(sqlite3_column_text(stmt, i)),
                                        sqlite3_column_bytes(stmt, i)));
      }
    }
    rows.emplace_back(std::move(row));
  }
  std::string message = rc == SQLITE_DONE ? "" : sqlite3_errmsg(db);
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  if (rc != SQLITE_DONE) throw std::runtime_error("query failed: " + message + " in: " + sql);
  return rows;
}

CommandResult run_kesher_command(const fs::path& data_dir, const std::vector<std::string>& args,
                                 const std::string& input) {
  std::string command = std::string(kWithoutPlacesImport) + server_binary() + " --data '" +
                        data_dir.string() + "' --log-level warn" + database_option(data_dir);
  // Tests pass plain text without quotes of its own.
  if (!input.empty()) command = "printf '%s\\n' '" + input + "' | " + command;
  for (const auto& arg : args) command += " '" + arg + "'";
  command += " 2>&1";
  CommandResult result;
  FILE* out = popen(command.c_str(), "r");
  if (!out) return result;
  char chunk[512];
  size_t read;
  while ((read = fread(chunk, 1, sizeof chunk, out)) > 0) result.output.append(chunk, read);
  int status = pclose(out);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

std::string noise_picture(const std::string& format) {
  std::string suffix = format.substr(0, format.find('['));
  std::string options = format.substr(suffix.size());
  auto path = fs::temp_directory_path() / ("kesher-noise-" + unique_suffix() + "." + suffix);
  std::string command = "vips gaussnoise '" + path.string() + options + "' 64 48";
  if (std::system(command.c_str()) != 0) throw std::runtime_error("failed: " + command);
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  fs::remove(path);
  return bytes;
}

void grant_credits(const ServerProcess& server, const Member& member, int64_t credits) {
  static std::atomic<int64_t> grants{0};
  std::string id = std::to_string(member.id);
  execute_sql(server,
              "INSERT INTO credit_ledger (user_id, delta, reason, reference, "
              "idempotency_key, created_at) VALUES (" +
                  id + ", " + std::to_string(credits) + ", 'test', 'grant', 'grant:" + id + ":" +
                  std::to_string(++grants) + "', 0); UPDATE users SET credits = credits + " +
                  std::to_string(credits) + " WHERE id = " + id);
}

SendTally send_concurrently(const std::vector<WsClient*>& sockets, int per_socket,
                            int64_t receiver_id, const std::string& client_prefix,
                            std::chrono::milliseconds reply_timeout) {
  std::atomic<int> accepted{0}, refused{0}, other{0};
  std::vector<std::thread> threads;
  for (size_t s = 0; s < sockets.size(); ++s) {
    threads.emplace_back([&, s] {
      WsClient& socket = *sockets[s];
      for (int i = 0; i < per_socket; ++i) {
        socket.send({{"module", "send_message"},
                     {"rid", std::to_string(i)},
                     {"client_id", client_prefix + std::to_string(s * 100 + i)},
                     {"receiver_id", receiver_id},
                     {"message_type", "text"},
                     {"message_text", "race"}});
      }
      for (int received = 0; received < per_socket;) {
        auto frame = socket.receive(reply_timeout);
        if (!frame) break;
        if (!frame->contains("rid")) continue;  // echoes and credit events of other sockets
        ++received;
        if (frame->at("request_status").as_int64() == 1) {
          ++accepted;
        } else if (frame->at("error_code") == "not_enough_credits") {
          ++refused;
        } else {
          ++other;
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  return {accepted.load(), refused.load(), other.load()};
}

}  // namespace kesher::test
