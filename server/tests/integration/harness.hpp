#pragma once
// Drives the real kesher binary: a child process on port 0 with a temporary data folder, spoken to
// over real HTTP and real WebSockets. Beast stays inside harness.cpp.
#include <boost/json.hpp>
#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kesher::test {

namespace json = boost::json;
using namespace std::chrono_literals;

// The small places table every test server gets (places.tsv in a data folder).
void write_places_fixture(const std::filesystem::path& data_dir);

// Where clients reach a server: its port, and the Origin it accepts (a node of a cluster accepts
// the load balancer's origin on its own port too).
struct Endpoint {
  uint16_t port = 0;
  std::string origin;
};

class ServerProcess {
 public:
  // Starts kesher with a fresh data folder holding a small places fixture.
  explicit ServerProcess(std::vector<std::string> extra_args = {});
  // A node of a cluster (cluster_support.hpp): a data folder and database it shares with the other
  // nodes, which the cluster made and removes.
  struct Shared {
    std::filesystem::path data_dir;
    std::string database_url;
  };
  ServerProcess(const Shared& shared, std::vector<std::string> extra_args);
  // Starts kesher on a fresh data folder whose database is a copy of `database` (a backup).
  static std::unique_ptr<ServerProcess> with_database(const std::filesystem::path& database,
                                                      std::vector<std::string> extra_args = {});
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  uint16_t port() const { return port_; }
  // The origin its pages are served from: its --origin if it was given one.
  std::string origin() const;
  Endpoint endpoint() const { return {port_, origin()}; }
  const std::filesystem::path& data_dir() const { return data_dir_; }
  // The server's PostgreSQL database (KESHER_TEST_DATABASE=postgres), or empty for SQLite.
  const std::string& database_url() const { return database_url_; }
  // SIGTERM, then the exit status (or -1 if it had to be killed).
  int stop();
  // SIGKILL, then reaps it: a crash at whatever point the server is in. restart() brings it back.
  void kill();
  void restart();
  bool running() const { return pid_ > 0; }
  int pid() const { return pid_; }
  // The server's resident memory (VmRSS), in bytes.
  int64_t rss_bytes() const;
  // TCP connections in state ESTABLISHED on the server's port, as the kernel sees them; only those
  // from these client ports when any are given.
  int established_connections(const std::vector<uint16_t>& client_ports = {}) const;
  // Both ends' ESTABLISHED lines of /proc/net/tcp for those client ports (queues, timers,
  // retransmits): what a test prints when a connection outlived its bound.
  std::string describe_connections(const std::vector<uint16_t>& client_ports) const;

 private:
  void launch();

  std::filesystem::path data_dir_;
  std::string database_url_;
  std::vector<std::string> extra_args_;
  bool owns_data_dir_ = true;
  int pid_ = -1;
  uint16_t port_ = 0;
};

struct HttpResult {
  int status = 0;
  std::string body;
  std::map<std::string, std::string> headers;  // lower-case names
  std::vector<std::string> set_cookies;
  json::object json() const;
  // The value of the session cookie set by this response, or empty.
  std::string session_cookie() const;
};

struct HttpOptions {
  std::string cookie;  // "session=..."
  std::string origin;
  std::string content_type = "application/json";
  std::string source_address;  // e.g. "127.0.0.7": another client address on loopback
  std::vector<std::pair<std::string, std::string>> headers;  // any others
};

// A multipart/form-data body with one file part, as a browser sends an upload (POST /upload), and
// the boundary its Content-Type names ("multipart/form-data; boundary=" + kBoundary).
inline constexpr std::string_view kBoundary = "KesherTestBoundary7MA4YWxk";
std::string multipart_body(const std::string& bytes, const std::string& filename,
                           const std::string& field = "file");

HttpResult http_request(uint16_t port, const std::string& method, const std::string& target,
                        const std::string& body = {}, const HttpOptions& options = {});

// A loopback port chosen for a child process that binds it itself (HAProxy, the push service).
// Between the choice and the child's bind anything on the machine may take the port: another
// test's server, or an outgoing connection's ephemeral port (make test runs four shards at once).
// Until release() the port stays bound here with SO_REUSEPORT, not listening: a child that binds
// with SO_REUSEPORT as well (HAProxy does) can bind it meanwhile, and nothing else can.
class HeldPort {
 public:
  HeldPort();  // throws when the machine has no port to give
  ~HeldPort() { release(); }
  HeldPort(const HeldPort&) = delete;
  HeldPort& operator=(const HeldPort&) = delete;
  uint16_t port() const { return port_; }
  void release();

 private:
  int fd_ = -1;
  uint16_t port_ = 0;
};

// A program of the test's own in the background (redis-server, HAProxy, the push service), its
// output going to `log`; SIGTERM and reaped when destroyed. Like a ServerProcess, it ends with a
// test process that is killed outright, when started on the main thread (end_with_test_process).
class ChildProcess {
 public:
  struct Options {
    std::filesystem::path working_directory;  // empty: the test's own
  };
  ChildProcess(const std::vector<std::string>& args, const std::filesystem::path& log);
  ChildProcess(const std::vector<std::string>& args, const std::filesystem::path& log,
               const Options& options);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  // False once it has exited (and then it is reaped).
  bool running();
  void stop();

 private:
  int pid_ = -1;
};

class WsClient {
 public:
  struct Options {
    std::string origin;
    std::string cookie;
    std::string accept_language;
    int receive_buffer_bytes = 0;  // SO_RCVBUF before connecting, e.g. for a slow reader
    std::string target = "/ws";    // "/console/ws" for the staff console
  };
  // nullptr if the upgrade was refused; *status then holds the HTTP status.
  static std::unique_ptr<WsClient> connect(uint16_t port, const Options& options,
                                           int* status = nullptr);
  ~WsClient();

  void send_text(const std::string& text);
  void send(const json::object& message);
  // The next frame as JSON, or nullopt on timeout or close.
  std::optional<json::object> receive(std::chrono::milliseconds timeout = 5s);
  // Sends with a fresh rid and returns the reply with that rid; other frames are kept as events.
  json::object request(const std::string& module, json::object payload = {});
  // The next event with this module, from those already received or arriving within timeout.
  std::optional<json::object> wait_event(const std::string& module,
                                         std::chrono::milliseconds timeout = 5s);
  // Every event received so far, and those arriving within `settle`; the queue is emptied.
  std::vector<json::object> drain_events(std::chrono::milliseconds settle);
  // Waits until the server closes the socket; returns the close code (1006 when it ended without
  // a close frame), or -1 if it is still open after the timeout.
  int wait_closed(std::chrono::milliseconds timeout = 5s);
  bool is_open() const;
  uint16_t local_port() const;

 private:
  struct Impl;
  explicit WsClient(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
  std::vector<json::object> events_;
  int next_rid_ = 1;
};

// Registers through the real HTTP API and returns the session cookie ("session=...").
struct Member {
  std::string email;
  std::string password;
  std::string cookie;
  int64_t id = 0;
};
// Text messages sent all at once from several sockets of one member (`per_socket` each, client
// ids `<prefix><socket * 100 + i>`), then each socket's replies counted by outcome.
struct SendTally {
  int accepted = 0;
  int refused = 0;  // not_enough_credits
  int other = 0;
};
SendTally send_concurrently(const std::vector<WsClient*>& sockets, int per_socket,
                            int64_t receiver_id, const std::string& client_prefix = {},
                            std::chrono::milliseconds reply_timeout = 10s);

// The server the tests start: the build's own, or KESHER_SERVER_BIN (make test-asan points the
// Release tests at the ASan+UBSan server instead of building a second set of tests).
const char* server_binary();
// Whether that server is a sanitizer build, whose time and memory bounds are looser: the test
// binary's own build, or KESHER_SERVER_SANITIZED=1 beside KESHER_SERVER_BIN.
bool server_is_sanitized();

json::object registration_body(const std::string& email);
// Registers with the default body, changed by `overrides` (gender, s_age, place_id, …).
Member register_member(const ServerProcess& server, const std::string& email,
                       const json::object& overrides = {});
Member register_member(const Endpoint& endpoint, const std::string& email,
                       const json::object& overrides = {});
std::unique_ptr<WsClient> connect_member(const ServerProcess& server, const Member& member);
std::unique_ptr<WsClient> connect_member(const Endpoint& endpoint, const Member& member);

// The part after `marker` (e.g. "/recover/") of the link in the newest mail in the outbox.
std::string newest_mail_link(const ServerProcess& server, const std::string& marker);

// Reads one integer from the server's SQLite file (opened read-only while it runs).
int64_t query_integer(const ServerProcess& server, const std::string& sql);
// Every row of a query on the server's SQLite file (read-only), each row an array of its columns.
json::array query_rows(const ServerProcess& server, const std::string& sql);
// Writes to the server's SQLite file while it runs (WAL allows a second writer process), for
// setup the product has no endpoint for yet, such as a member's photo before uploads exist.
void execute_sql(const ServerProcess& server, const std::string& sql);
// Credits the product can't grant yet (payments come later), added the way the ledger would.
void grant_credits(const ServerProcess& server, const Member& member, int64_t credits);
// A small picture of noise (64×48) made with libvips' command line, as a member's camera would send
// it; `format` is the file suffix with any save options, e.g. "png" or "jpg[Q=90]".
std::string noise_picture(const std::string& format);
// Runs the kesher binary's administration commands against the server's data folder.
int run_kesher(const ServerProcess& server, const std::vector<std::string>& args);
// The same against any data folder, keeping what it printed (stdout and stderr).
struct CommandResult {
  int status = -1;
  std::string output;
};
// `input`, when given, is written to its standard input followed by a line break.
CommandResult run_kesher_command(const std::filesystem::path& data_dir,
                                 const std::vector<std::string>& args,
                                 const std::string& input = {});

}  // namespace kesher::test
