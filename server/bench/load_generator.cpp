// kesher_load: drives a running kesher over real WebSockets and reports what the server did.
// server/bench/run_load.sh seeds the members (`kesher seed-load`), starts the server and runs this.
//
//   kesher_load chat --port P --sessions FILE --server-pid PID [--users 10000] [--rate 20000]
//                    [--duration 30] [--warmup 5] [--threads 1] [--json]
//   kesher_load connections --port P --sessions FILE --server-pid PID [--count 50000] [--json]
//   kesher_load chat|connections --protocol xmpp --port P --server-pid PID [--xmpp-domain D] …
//
// chat: pairs of members (2k, 2k+1) chat through send_message at a fixed aggregate rate. The
// schedule is open-loop: message k is due at start + k / rate whatever the server's speed, and
// latency is measured from that due time to the receiver's new_message, so queueing anywhere
// (server or generator) shows up instead of being hidden (coordinated omission).
//
// chat --personas FILE --console-cookie C: every member writes to the personas of FILE (ids, one
// a line) instead of a partner, and one staff console socket (/console/ws, staff_session=C)
// counts each message when it shows in the console's queue (console/queue/upsert): the latency
// is then due time → the message in the queue (docs/performance.md, "Console queue").
//
// chat --rates R1,R2,… --p99-limit-ms L: steps the rate up over the same sockets, one measured
// window per rate, and stops after the first rate whose p99 exceeds L or that the server falls
// behind at (a message not delivered by the end of the drain, or refused); the last line then
// names the highest rate that held (`make bench-peers`, docs/performance.md "Peer: ejabberd").
// A rate that misses is measured once more before the stepping stops, for either server: on a
// shared machine one ten-second window can miss by a disk flush or a preempted thread, and a
// second window at the same rate tells that apart from the server's limit. Both windows are in
// the JSON's steps (the second with "retry": true).
//
// connections: opens authenticated sockets, keeps them alive with the client's ping and reports
// the server's resident memory per socket.
//
// --protocol xmpp drives an XMPP server (ejabberd in `make bench-peers`) instead: WebSocket
// subprotocol `xmpp` (RFC 7395), SASL PLAIN as <prefix><n>@<domain> with --password, a bound
// resource and the initial presence; chat messages are <message type='chat'> to the partner's
// bare JID with the same "load <due ns>" body, and the keep-alive and the authenticated check are
// XEP-0199 pings to the server. No sessions file: member n is simply <prefix><n>.
#include <sys/resource.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <deque>
#include <fstream>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <thread>

#include "app/load_seed.hpp"
#include "net/no_throw.hpp"
#include "xmpp_frames.hpp"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace json = boost::json;
namespace xmpp = kesher::bench::xmpp;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

using kesher::net::kNoThrow;
// The server answers more than this per socket and second with rate_limited (docs/protocol.md).
constexpr double kServerMessagesPerSecond = 30;
// Marks the generator's own messages; the rest of the text is the due time in steady-clock ns.
// Kesher's message_text and XMPP's <body> carry the same text.
constexpr std::string_view kTextPrefix = "load ";
// The resource every XMPP member binds; one socket per member, as with Kesher.
constexpr std::string_view kXmppResource = "load";
// The ids of the generator's XEP-0199 pings: the keep-alive, and the authenticated check.
constexpr std::string_view kXmppPingId = "ping";
constexpr std::string_view kXmppVerifyId = "verify";
// Tries at connecting one socket before it counts as failed.
constexpr int kConnectAttempts = 3;
// The pacer wakes at most this often and sends everything that fell due meanwhile.
constexpr auto kPacerTick = 250us;

int64_t nanoseconds(Clock::time_point at) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(at.time_since_epoch()).count();
}

double seconds_between(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

// ---------------------------------------------------------------------------------------------
// The members made by `kesher seed-load`.

struct Member {
  int ordinal = 0;  // line in the sessions file; the email is app::load_member_email(ordinal)
  int64_t user_id = 0;
  std::string session;
};

std::vector<Member> read_members(const std::string& path, size_t wanted, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read " + path;
    return {};
  }
  std::vector<Member> members;
  Member member;
  while (members.size() < wanted && in >> member.user_id >> member.session) {
    member.ordinal = static_cast<int>(members.size());
    members.push_back(member);
  }
  if (members.size() < wanted) {
    error = path + " has " + std::to_string(members.size()) + " sessions, " +
            std::to_string(wanted) + " wanted (kesher seed-load --users)";
  }
  return members;
}

// XMPP members are <prefix><ordinal>, registered by the bench script; user_id is the ordinal.
std::vector<Member> numbered_members(size_t count) {
  std::vector<Member> members(count);
  for (size_t i = 0; i < count; ++i) {
    members[i].ordinal = static_cast<int>(i);
    members[i].user_id = static_cast<int64_t>(i);
  }
  return members;
}

// ---------------------------------------------------------------------------------------------
// What /proc says about a process and the machine.

struct ProcessSample {
  bool ok = false;
  double cpu_seconds = 0;  // user + system
  int64_t rss_bytes = 0;
  int64_t peak_rss_bytes = 0;  // VmHWM
  Clock::time_point at;
};

ProcessSample sample_process(int pid) {
  ProcessSample sample;
  sample.at = Clock::now();
  if (pid <= 0) return sample;
  std::string proc = "/proc/" + std::to_string(pid);
  std::ifstream status(proc + "/status");
  std::string line;
  while (std::getline(status, line)) {
    auto kilobytes = [&line] { return std::stoll(line.substr(line.find(':') + 1)) * 1024; };
    if (line.rfind("VmRSS:", 0) == 0) sample.rss_bytes = kilobytes();
    if (line.rfind("VmHWM:", 0) == 0) sample.peak_rss_bytes = kilobytes();
  }
  std::ifstream stat(proc + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  // The command name may hold spaces and parentheses; the fields start after the last ')'.
  auto close = text.rfind(')');
  if (close == std::string::npos) return sample;
  std::istringstream fields(text.substr(close + 1));
  std::string field;
  double ticks = 0;
  for (int index = 0; fields >> field && index <= 12; ++index) {
    if (index == 11 || index == 12) ticks += std::stod(field);  // utime, stime
  }
  sample.cpu_seconds = ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
  sample.ok = sample.rss_bytes > 0;
  return sample;
}

double own_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// Seconds of CPU the whole machine has spent busy, all cores together (/proc/stat, first line):
// in processes, and in interrupts and softirqs (loopback TCP does much of its work there, and no
// process is charged for it).
struct MachineCpu {
  double processes = 0;
  double interrupts = 0;
};

MachineCpu machine_cpu_seconds() {
  std::ifstream stat("/proc/stat");
  std::string cpu;
  stat >> cpu;
  MachineCpu seconds;
  double ticks = 0;
  // user nice system idle iowait irq softirq steal
  for (int field = 0; field < 8 && stat >> ticks; ++field) {
    if (field <= 2 || field == 7) seconds.processes += ticks;
    if (field == 5 || field == 6) seconds.interrupts += ticks;
  }
  double per_second = static_cast<double>(sysconf(_SC_CLK_TCK));
  seconds.processes /= per_second;
  seconds.interrupts /= per_second;
  return seconds;
}

// Kernel memory is not in any process's RSS: slab holds the sockets themselves (both ends here).
int64_t machine_slab_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string line;
  while (std::getline(meminfo, line)) {
    if (line.rfind("Slab:", 0) == 0) return std::stoll(line.substr(5)) * 1024;
  }
  return 0;
}

// ---------------------------------------------------------------------------------------------
// Options and shared state.

enum class Protocol { kesher, xmpp };

struct Options {
  Protocol protocol = Protocol::kesher;
  std::string xmpp_domain = "localhost";
  std::string xmpp_path = "/ws";
  std::string xmpp_user_prefix = "load";
  std::string host = "127.0.0.1";
  uint16_t port = 0;
  std::string sessions_path;
  int server_pid = 0;
  int threads = 1;
  // Sockets per 127.0.0.x source address. The port range holds ~28,000, but connect() takes the
  // ports of one parity first and gets slow scanning for a free one past about half of them.
  int per_source = 10000;
  int first_source = 2;  // 127.0.0.2 onwards
  int connect_in_flight = 128;
  int logins = 5;
  std::string password = "load-bench-password";
  bool json = false;
  // chat
  int users = 10000;
  double rate = 20000;
  double duration = 30;
  double warmup = 5;
  double drain = 5;
  bool both_ways = false;
  bool timeline = false;
  std::vector<double> rates;   // step the rate up through these instead of --rate
  double p99_limit_ms = 0;     // with --rates: stop after the first step over it (0: run them all)
  std::string personas_path;   // members write to these personas…
  std::string console_cookie;  // …and a console socket with this staff_session sees them queued
  // connections
  int count = 50000;
  double ping_interval = 15;
  double settle = 20;
  int verify = 200;
};

struct ErrorCounts {
  std::map<std::string, uint64_t> by_code;
  void add(std::string_view code, uint64_t n = 1) { by_code[std::string(code)] += n; }
  uint64_t total() const {
    uint64_t sum = 0;
    for (const auto& [code, n] : by_code) sum += n;
    return sum;
  }
  void merge(const ErrorCounts& other) {
    for (const auto& [code, n] : other.by_code) by_code[code] += n;
  }
};

// One thread's tallies; only that thread writes them, and they are read after it has stopped.
struct Tally {
  uint64_t sent = 0;             // send_message frames written, due inside the window
  uint64_t sent_total = 0;       // including warm-up
  uint64_t skipped = 0;          // due while the sender's socket was down
  uint64_t acked = 0;            // send_message replies with request_status 1
  uint64_t delivered = 0;        // new_message received for a message due inside the window
  uint64_t delivered_total = 0;  // including warm-up
  uint64_t rate_limited = 0;
  uint64_t pongs = 0;          // Kesher pongs, XMPP ping results
  uint64_t verified = 0;       // totals answered with request_status 1 (an authenticated socket)
  uint64_t verify_failed = 0;  // totals answered otherwise
  ErrorCounts errors;          // request_status 0 and error frames, by error_code
  ErrorCounts connect_errors;
  ErrorCounts closes;  // sockets that ended, by close code or error
  std::map<std::string, uint64_t> other_modules;
  std::vector<uint32_t> latency_us;  // due time → new_message, messages due inside the window
  std::vector<std::vector<uint32_t>> latency_by_second;  // the same, by second of the window
  std::vector<uint32_t> reply_us;  // due time → send_message reply, same messages
  Clock::duration max_send_lag{};  // how late the generator itself wrote a frame
  uint64_t late_sends = 0;         // written more than 1 ms after their due time

  void merge(const Tally& o) {
    sent += o.sent;
    sent_total += o.sent_total;
    skipped += o.skipped;
    acked += o.acked;
    delivered += o.delivered;
    delivered_total += o.delivered_total;
    rate_limited += o.rate_limited;
    pongs += o.pongs;
    verified += o.verified;
    verify_failed += o.verify_failed;
    errors.merge(o.errors);
    connect_errors.merge(o.connect_errors);
    closes.merge(o.closes);
    for (const auto& [module, n] : o.other_modules) other_modules[module] += n;
    latency_us.insert(latency_us.end(), o.latency_us.begin(), o.latency_us.end());
    if (latency_by_second.size() < o.latency_by_second.size()) {
      latency_by_second.resize(o.latency_by_second.size());
    }
    for (size_t second = 0; second < o.latency_by_second.size(); ++second) {
      auto& into = latency_by_second[second];
      into.insert(into.end(), o.latency_by_second[second].begin(),
                  o.latency_by_second[second].end());
    }
    reply_us.insert(reply_us.end(), o.reply_us.begin(), o.reply_us.end());
    max_send_lag = std::max(max_send_lag, o.max_send_lag);
    late_sends += o.late_sends;
  }
};

// Set by the main thread before the phase that reads it starts (the post that starts a phase
// orders the writes before the reads).
struct Shared {
  Options options;
  tcp::endpoint server;
  std::string origin;
  std::string client_id_prefix;  // differs per run: the server replays a known client_id
  Clock::time_point window_begin;
  Clock::time_point window_end;
  std::atomic<int> connected{0};
  std::atomic<int> connect_failed{0};
  std::atomic<int> open_sockets{0};
  std::atomic<uint64_t> sent_in_window{0};
  std::atomic<uint64_t> delivered_in_window{0};
  std::atomic<uint64_t> verify_answers{0};
  std::atomic<int> logins_done{0};
  std::atomic<int> logins_ok{0};
};

class Client;

// One thread with its own io_context and the sockets it owns.
struct Worker {
  explicit Worker(int worker_index) : index(worker_index), guard(ioc.get_executor()) {}
  int index;
  asio::io_context ioc{1};
  asio::executor_work_guard<asio::io_context::executor_type> guard;
  std::vector<std::shared_ptr<Client>> clients;
  Tally tally;
  std::thread thread;
  size_t next_to_connect = 0;
};

// ---------------------------------------------------------------------------------------------
// One member's socket.

class Client : public std::enable_shared_from_this<Client> {
 public:
  Client(Worker& worker, Shared& shared, const Member& member, asio::ip::address_v4 source,
         bool console = false)
      : worker_(worker),
        shared_(shared),
        member_(member),
        source_(source),
        console_(console),
        ws_(worker.ioc) {}

  int64_t user_id() const { return member_.user_id; }
  bool is_open() const { return open_; }
  int64_t partner_id = 0;

  // A socket that fails to connect or sign in is tried again: about 2 in 10,000 XMPP sign-ins
  // against ejabberd were dropped (ENOTCONN, nothing in its log), and one member down would leave
  // a sender skipped at every step of a run.
  static asio::awaitable<void> connect(std::shared_ptr<Client> self) {
    for (int attempt = 1;; ++attempt) {
      std::string failure = co_await self->connect_once();
      if (failure.empty()) co_return;
      boost::system::error_code ignored;
      beast::get_lowest_layer(self->ws_).close(ignored);  // a handshake starts the stream afresh
      if (attempt == kConnectAttempts) {
        self->connect_failed(failure);
        co_return;
      }
      self->worker_.tally.connect_errors.add(failure + " (tried again)");
      asio::steady_timer pause(self->worker_.ioc, 100ms);
      co_await pause.async_wait(kNoThrow);
    }
  }

  // Writes one send_message due at `due`; the text carries the due time for the receiver.
  void send_chat(Clock::time_point due, uint64_t sequence) {
    if (!open_) {
      ++worker_.tally.skipped;
      return;
    }
    auto now = Clock::now();
    worker_.tally.max_send_lag = std::max(worker_.tally.max_send_lag, now - due);
    if (now - due > 1ms) ++worker_.tally.late_sends;
    bool in_window = due >= shared_.window_begin && due < shared_.window_end;
    ++worker_.tally.sent_total;
    if (in_window) {
      ++worker_.tally.sent;
      shared_.sent_in_window.fetch_add(1, std::memory_order_relaxed);
    }
    std::string due_ns = std::to_string(nanoseconds(due));
    std::string client_id =
        shared_.client_id_prefix + std::to_string(worker_.index) + '-' + std::to_string(sequence);
    if (shared_.options.protocol == Protocol::xmpp) {
      send(xmpp::chat_frame(xmpp_jid(partner_id), client_id, std::string(kTextPrefix) + due_ns));
      return;
    }
    std::string frame;
    frame.reserve(200);
    frame += R"({"module":"send_message","rid":")";
    frame += due_ns;
    frame += R"(","client_id":")";
    frame += client_id;
    frame += R"(","receiver_id":)";
    frame += std::to_string(partner_id);
    frame += R"(,"message_type":"text","message_text":")";
    frame += kTextPrefix;
    frame += due_ns;
    frame += R"("})";
    send(std::move(frame));
  }

  // The client's keep-alive: Kesher's ping, or a XEP-0199 ping to the XMPP server.
  void send_ping() {
    send(shared_.options.protocol == Protocol::xmpp ? xmpp::ping_frame(kXmppPingId)
                                                    : std::string(R"({"module":"ping"})"));
  }

  // From another thread: a request only a signed-in socket gets a positive answer to.
  void post_verify() {
    post_send(shared_.options.protocol == Protocol::xmpp
                  ? xmpp::ping_frame(kXmppVerifyId)
                  : std::string(R"({"module":"totals","rid":"verify"})"));
  }

  // From another thread: hands the frame to the socket's own thread.
  void post_send(std::string frame) {
    asio::post(worker_.ioc, [self = shared_from_this(), frame = std::move(frame)]() mutable {
      self->send(std::move(frame));
    });
  }

  void send(std::string frame) {
    if (!open_) return;
    outbox_.push_back(std::move(frame));
    if (writing_) return;
    writing_ = true;
    asio::co_spawn(worker_.ioc, drain(shared_from_this()), asio::detached);
  }

 private:
  // Connects, upgrades and (XMPP) signs in; returns what went wrong, or nothing once open.
  asio::awaitable<std::string> connect_once() {
    auto& socket = ws_.next_layer();
    boost::system::error_code ec;
    socket.open(tcp::v4(), ec);
    if (!ec) {
      // Defers the choice of a local port to connect(), so each source address can use the whole
      // ephemeral range towards the one server port.
      int yes = 1;
      ::setsockopt(socket.native_handle(), IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &yes, sizeof yes);
      socket.bind(tcp::endpoint(source_, 0), ec);
    }
    if (ec) co_return ec.message();
    auto [connect_error] = co_await socket.async_connect(shared_.server, kNoThrow);
    if (connect_error) co_return connect_error.message();
    socket.set_option(tcp::no_delay(true), ec);  // as browsers do
    bool xmpp = shared_.options.protocol == Protocol::xmpp;
    // The XMPP sign-in is a conversation after the handshake; a server that stops answering in
    // the middle of it must not hold the connecting lane forever.
    ws_.set_option(websocket::stream_base::timeout{
        30s, xmpp ? Clock::duration(30s) : websocket::stream_base::none(), false});
    if (xmpp) {
      ws_.set_option(websocket::stream_base::decorator(
          [origin = shared_.origin](websocket::request_type& request) {
            request.set(http::field::origin, origin);
            request.set(http::field::sec_websocket_protocol, "xmpp");
          }));
    } else {
      ws_.set_option(websocket::stream_base::decorator(
          [origin = shared_.origin, cookie = (console_ ? "staff_session=" : "session=") +
                                             member_.session](websocket::request_type& request) {
            request.set(http::field::origin, origin);
            request.set(http::field::cookie, cookie);
          }));
    }
    // Client frames are masked through this buffer; ours are small, the default is 4 KiB.
    ws_.write_buffer_bytes(1024);
    std::string host = shared_.options.host + ":" + std::to_string(shared_.options.port);
    std::string path = xmpp ? shared_.options.xmpp_path : console_ ? "/console/ws" : "/ws";
    auto [handshake_error] = co_await ws_.async_handshake(host, path, kNoThrow);
    if (handshake_error) co_return handshake_error.message();
    if (xmpp) {
      std::string failure = co_await xmpp_sign_in();
      if (!failure.empty()) co_return failure;
      ws_.set_option(websocket::stream_base::timeout{30s, websocket::stream_base::none(), false});
    }
    open_ = true;
    shared_.open_sockets.fetch_add(1, std::memory_order_relaxed);
    shared_.connected.fetch_add(1, std::memory_order_relaxed);
    asio::co_spawn(worker_.ioc, read_loop(shared_from_this()), asio::detached);
    co_return "";
  }

  std::string xmpp_jid(int64_t ordinal) const {
    return shared_.options.xmpp_user_prefix + std::to_string(ordinal) + "@" +
           shared_.options.xmpp_domain;
  }

  // RFC 7395 sign-in: <open/>, SASL PLAIN, <open/> on the restarted stream, resource binding and
  // the initial presence. Session-less: RFC 6121 dropped <session/>, and ejabberd marks it
  // optional. Returns what went wrong, or nothing once the member can chat.
  asio::awaitable<std::string> xmpp_sign_in() {
    const auto& options = shared_.options;
    std::string user = options.xmpp_user_prefix + std::to_string(member_.ordinal);
    struct Step {
      std::string frame;
      std::string_view wanted;  // the reply that moves on; anything else that is not skipped fails
    };
    const Step steps[] = {
        {xmpp::open_frame(options.xmpp_domain), "features"},
        {xmpp::auth_plain_frame(user, options.password), "success"},
        {xmpp::open_frame(options.xmpp_domain), "features"},
        {xmpp::bind_frame(kXmppResource), "iq"},
    };
    beast::flat_buffer buffer;
    for (const auto& step : steps) {
      auto [write_error, written] = co_await ws_.async_write(asio::buffer(step.frame), kNoThrow);
      if (write_error) co_return "xmpp " + std::string(step.wanted) + ": " + write_error.message();
      for (;;) {
        buffer.consume(buffer.size());
        auto [read_error, read] = co_await ws_.async_read(buffer, kNoThrow);
        if (read_error) co_return "xmpp " + std::string(step.wanted) + ": " + read_error.message();
        auto stanza = xmpp::parse_stanza(
            std::string_view(static_cast<const char*>(buffer.data().data()), buffer.size()));
        if (!stanza) co_return "xmpp " + std::string(step.wanted) + ": unparsable frame";
        if (stanza->name == "open") continue;  // the server's side of the stream (re)start
        if (stanza->name != step.wanted) {
          co_return "xmpp " + std::string(step.wanted) + ": got " + std::string(stanza->name) +
              (stanza->error_condition.empty() ? "" : " " + std::string(stanza->error_condition));
        }
        if (stanza->name == "iq" && (stanza->id != xmpp::kBindId || stanza->type != "result")) {
          co_return "xmpp bind: " + std::string(stanza->type) + " " +
              std::string(stanza->error_condition);
        }
        break;
      }
    }
    std::string presence = xmpp::presence_frame();
    auto [presence_error, written] = co_await ws_.async_write(asio::buffer(presence), kNoThrow);
    if (presence_error) co_return "xmpp presence: " + presence_error.message();
    co_return "";
  }

  void connect_failed(const std::string& reason) {
    worker_.tally.connect_errors.add(reason);
    shared_.connect_failed.fetch_add(1, std::memory_order_relaxed);
  }

  static asio::awaitable<void> read_loop(std::shared_ptr<Client> self) {
    co_await self->read_frames();
  }

  asio::awaitable<void> read_frames() {
    beast::flat_buffer buffer;
    for (;;) {
      auto [ec, bytes] = co_await ws_.async_read(buffer, kNoThrow);
      if (ec) {
        if (ec == websocket::error::closed) {
          worker_.tally.closes.add("close " + std::to_string(ws_.reason().code));
        } else if (ec != asio::error::operation_aborted) {
          worker_.tally.closes.add(ec.message());
        }
        break;
      }
      on_frame(std::string_view(static_cast<const char*>(buffer.data().data()), buffer.size()));
      buffer.consume(buffer.size());
    }
    open_ = false;
    shared_.open_sockets.fetch_sub(1, std::memory_order_relaxed);
  }

  static asio::awaitable<void> drain(std::shared_ptr<Client> self) {
    co_await self->write_outbox();
  }

  asio::awaitable<void> write_outbox() {
    while (!outbox_.empty() && open_) {
      auto [ec, bytes] = co_await ws_.async_write(asio::buffer(outbox_.front()), kNoThrow);
      outbox_.pop_front();
      if (ec) break;
    }
    writing_ = false;
  }

  void on_frame(std::string_view text) {
    if (shared_.options.protocol == Protocol::xmpp) {
      on_xmpp_frame(text);
      return;
    }
    auto received = Clock::now();
    unsigned char scratch[4096];
    json::monotonic_resource memory(scratch, sizeof scratch);
    boost::system::error_code ec;
    json::value value = json::parse(text, ec, &memory);
    auto* frame = ec ? nullptr : value.if_object();
    if (!frame) {
      worker_.tally.errors.add("unparsable_frame");
      return;
    }
    auto string_field = [](const json::object& object, std::string_view key) -> std::string_view {
      auto* field = object.if_contains(key);
      return field && field->is_string() ? std::string_view(field->get_string()) : "";
    };
    std::string_view module = string_field(*frame, "module");
    auto* status = frame->if_contains("request_status");
    bool failed = status && status->is_int64() && status->get_int64() == 0;
    auto& tally = worker_.tally;
    if (module == "new_message") {
      auto* details = frame->if_contains("request_details");
      if (details && details->is_object())
        on_delivery(string_field(details->get_object(), "message"), received);
    } else if (module == "console/queue/upsert") {
      // A member's message as the console's queue shows it: its text is the item's preview.
      auto* item = frame->if_contains("data");
      if (item && item->is_object())
        on_delivery(string_field(item->get_object(), "preview"), received);
    } else if (failed || module == "error") {
      std::string_view code = string_field(*frame, "error_code");
      if (code == "rate_limited") ++tally.rate_limited;
      if (module == "totals") ++tally.verify_failed;
      if (module == "totals") shared_.verify_answers.fetch_add(1, std::memory_order_relaxed);
      tally.errors.add(std::string(module) + ":" + std::string(code.empty() ? "?" : code));
    } else if (module == "send_message") {
      ++tally.acked;
      auto due = Clock::time_point(std::chrono::nanoseconds(
          std::strtoll(std::string(string_field(*frame, "rid")).c_str(), nullptr, 10)));
      if (due >= shared_.window_begin && due < shared_.window_end) {
        tally.reply_us.push_back(micros_since(due, received));
      }
    } else if (module == "pong") {
      ++tally.pongs;
    } else if (module == "totals") {
      ++tally.verified;
      shared_.verify_answers.fetch_add(1, std::memory_order_relaxed);
    } else {
      ++tally.other_modules[std::string(module)];
    }
  }

  // XMPP gives no reply to a sent message (without XEP-0198): only deliveries, the answers to
  // pings and errors count.
  void on_xmpp_frame(std::string_view text) {
    auto received = Clock::now();
    auto stanza = xmpp::parse_stanza(text);
    auto& tally = worker_.tally;
    if (!stanza) {
      tally.errors.add("unparsable_frame");
      return;
    }
    auto error_name = [&stanza] {
      return std::string(stanza->name) + ":" +
             std::string(stanza->error_condition.empty() ? "?" : stanza->error_condition);
    };
    if (stanza->name == "message") {
      if (stanza->type == "error") {
        tally.errors.add(error_name());
      } else {
        on_delivery(stanza->body, received);
      }
    } else if (stanza->name == "iq" && stanza->id == kXmppVerifyId) {
      ++(stanza->type == "result" ? tally.verified : tally.verify_failed);
      shared_.verify_answers.fetch_add(1, std::memory_order_relaxed);
    } else if (stanza->name == "iq" && stanza->id == kXmppPingId && stanza->type == "result") {
      ++tally.pongs;
    } else if (stanza->type == "error" || stanza->name == "error") {
      tally.errors.add(error_name());  // a failed ping, or a stream error before the close
    } else {
      ++tally.other_modules[std::string(stanza->name)];
    }
  }

  void on_delivery(std::string_view message, Clock::time_point received) {
    if (message.substr(0, kTextPrefix.size()) != kTextPrefix) {
      ++worker_.tally.other_modules["message (not ours)"];
      return;
    }
    std::string due_text(message.substr(kTextPrefix.size()));
    auto due =
        Clock::time_point(std::chrono::nanoseconds(std::strtoll(due_text.c_str(), nullptr, 10)));
    ++worker_.tally.delivered_total;
    if (due < shared_.window_begin || due >= shared_.window_end) return;
    ++worker_.tally.delivered;
    shared_.delivered_in_window.fetch_add(1, std::memory_order_relaxed);
    uint32_t latency = micros_since(due, received);
    worker_.tally.latency_us.push_back(latency);
    if (shared_.options.timeline) {
      auto second = static_cast<size_t>(
          std::chrono::duration_cast<std::chrono::seconds>(due - shared_.window_begin).count());
      auto& by_second = worker_.tally.latency_by_second;
      if (by_second.size() <= second) by_second.resize(second + 1);
      by_second[second].push_back(latency);
    }
  }

  static uint32_t micros_since(Clock::time_point from, Clock::time_point to) {
    auto micros = std::chrono::duration_cast<std::chrono::microseconds>(to - from).count();
    return static_cast<uint32_t>(std::clamp<int64_t>(micros, 0, UINT32_MAX));
  }

  Worker& worker_;
  Shared& shared_;
  Member member_;
  asio::ip::address_v4 source_;
  bool console_;  // a staff console socket (/console/ws) rather than a member's
  websocket::stream<tcp::socket> ws_;
  std::deque<std::string> outbox_;
  bool writing_ = false;
  std::atomic<bool> open_{false};  // read by the main thread when it picks sockets to verify
};

// ---------------------------------------------------------------------------------------------
// Phases, each run on every worker's own thread.

class Generator {
 public:
  explicit Generator(const Options& options) {
    shared_.options = options;
    shared_.server = tcp::endpoint(asio::ip::make_address(options.host), options.port);
    shared_.origin = "http://" + options.host + ":" + std::to_string(options.port);
    shared_.client_id_prefix =
        "l" + std::to_string(nanoseconds(Clock::now()) % 1'000'000'000) + "-";
    for (int i = 0; i < std::max(1, options.threads); ++i) {
      workers_.push_back(std::make_unique<Worker>(i));
    }
    for (auto& worker : workers_) {
      worker->thread = std::thread([&ioc = worker->ioc] { ioc.run(); });
    }
  }

  ~Generator() { stop(); }

  Shared& shared() { return shared_; }
  std::vector<std::unique_ptr<Worker>>& workers() { return workers_; }

  // Spreads the members over the workers (round robin) and over the source addresses (in blocks
  // of per_source), then connects them with a bounded number of handshakes in flight.
  bool connect_all(const std::vector<Member>& members) {
    const auto& options = shared_.options;
    for (size_t i = 0; i < members.size(); ++i) {
      auto& worker = *workers_[i % workers_.size()];
      auto source = asio::ip::make_address_v4(
          "127.0.0." +
          std::to_string(options.first_source + static_cast<int>(i) / options.per_source));
      worker.clients.push_back(std::make_shared<Client>(worker, shared_, members[i], source));
    }
    auto started = Clock::now();
    int per_worker = std::max(1, options.connect_in_flight / static_cast<int>(workers_.size()));
    for (auto& worker : workers_) {
      for (int lane = 0; lane < per_worker; ++lane) {
        asio::co_spawn(worker->ioc, connect_lane(*worker), asio::detached);
      }
    }
    int total = static_cast<int>(members.size());
    int last_reported = 0;
    while (shared_.connected + shared_.connect_failed < total) {
      std::this_thread::sleep_for(100ms);
      int done = shared_.connected + shared_.connect_failed;
      if (done - last_reported >= 10000) {
        std::fprintf(stderr, "  %d/%d sockets connected (%.1f s)\n", shared_.connected.load(),
                     total, seconds_between(started, Clock::now()));
        last_reported = done;
      }
    }
    connect_seconds_ = seconds_between(started, Clock::now());
    return shared_.connected == total;
  }

  double connect_seconds() const { return connect_seconds_; }

  // One staff console socket on the first worker, kept alive with the console's ping every 10 s;
  // null when it could not connect.
  std::shared_ptr<Client> connect_console(const std::string& staff_cookie) {
    auto& worker = *workers_.front();
    Member staff{0, 0, staff_cookie};
    auto client = std::make_shared<Client>(
        worker, shared_, staff, asio::ip::make_address_v4("127.0.0.1"), /*console=*/true);
    int before = shared_.connected + shared_.connect_failed;
    asio::co_spawn(worker.ioc, Client::connect(client), asio::detached);
    while (shared_.connected + shared_.connect_failed == before) std::this_thread::sleep_for(10ms);
    if (!client->is_open()) return nullptr;
    asio::co_spawn(
        worker.ioc,
        [client, &ioc = worker.ioc]() -> asio::awaitable<void> {
          asio::steady_timer timer(ioc);
          while (client->is_open()) {
            timer.expires_after(10s);
            co_await timer.async_wait(kNoThrow);
            client->send_ping();
          }
        },
        asio::detached);
    return client;
  }

  // Real logins through POST /api/auth/login with the shared password, on the first worker.
  void http_logins(const std::vector<Member>& members) {
    int wanted = std::min<int>(shared_.options.logins, static_cast<int>(members.size()));
    if (wanted <= 0) return;
    std::vector<Member> chosen(members.begin(), members.begin() + wanted);
    auto started = Clock::now();
    asio::co_spawn(workers_.front()->ioc, login_all(chosen), asio::detached);
    while (shared_.logins_done < wanted) std::this_thread::sleep_for(10ms);
    login_seconds_ = seconds_between(started, Clock::now());
  }

  double login_seconds() const { return login_seconds_; }

  // Stops the threads; the sockets close when the workers go.
  void stop() {
    for (auto& worker : workers_) {
      worker->guard.reset();
      worker->ioc.stop();
    }
    for (auto& worker : workers_) {
      if (worker->thread.joinable()) worker->thread.join();
    }
  }

  Tally merged_tally() const {
    Tally all;
    for (const auto& worker : workers_) all.merge(worker->tally);
    return all;
  }

  // While the workers run: each hands over its tally on its own thread and starts a new one, so
  // that steps of a run over the same sockets are counted apart.
  Tally take_tally() {
    std::vector<std::promise<Tally>> handed(workers_.size());
    for (size_t w = 0; w < workers_.size(); ++w) {
      asio::post(workers_[w]->ioc, [&worker = *workers_[w], &promise = handed[w]] {
        promise.set_value(std::exchange(worker.tally, Tally{}));
      });
    }
    Tally all;
    for (auto& promise : handed) all.merge(promise.get_future().get());
    return all;
  }

 private:
  asio::awaitable<void> connect_lane(Worker& worker) {
    while (worker.next_to_connect < worker.clients.size()) {
      auto client = worker.clients[worker.next_to_connect++];
      co_await Client::connect(client);
    }
  }

  asio::awaitable<void> login_all(std::vector<Member> members) {
    for (const auto& member : members) {
      bool ok = co_await login(member);
      if (ok) ++shared_.logins_ok;
      ++shared_.logins_done;
    }
  }

  asio::awaitable<bool> login(const Member& member) {
    beast::tcp_stream stream(co_await asio::this_coro::executor);
    stream.expires_after(30s);
    auto [connect_error] = co_await stream.async_connect(shared_.server, kNoThrow);
    if (connect_error) co_return false;
    http::request<http::string_body> request{http::verb::post, "/api/auth/login", 11};
    request.set(http::field::host,
                shared_.options.host + ":" + std::to_string(shared_.options.port));
    request.set(http::field::origin, shared_.origin);
    request.set(http::field::content_type, "application/json");
    request.body() =
        json::serialize(json::object{{"email", kesher::app::load_member_email(member.ordinal)},
                                     {"password", shared_.options.password}});
    request.prepare_payload();
    auto [write_error, written] = co_await http::async_write(stream, request, kNoThrow);
    if (write_error) co_return false;
    beast::flat_buffer buffer;
    http::response<http::string_body> response;
    auto [read_error, read] = co_await http::async_read(stream, buffer, response, kNoThrow);
    if (read_error) co_return false;
    auto cookie = response[http::field::set_cookie];
    co_return response.result() == http::status::ok&& cookie.starts_with("session=");
  }

  Shared shared_;
  std::vector<std::unique_ptr<Worker>> workers_;
  double connect_seconds_ = 0;
  double login_seconds_ = 0;
};

// ---------------------------------------------------------------------------------------------
// Reporting helpers.

double percentile_ms(std::vector<uint32_t>& sorted, double q) {
  if (sorted.empty()) return 0;
  size_t rank = static_cast<size_t>(std::ceil(q * static_cast<double>(sorted.size())));
  return sorted[std::min(sorted.size() - 1, rank == 0 ? 0 : rank - 1)] / 1000.0;
}

json::object latency_json(std::vector<uint32_t> samples) {
  std::sort(samples.begin(), samples.end());
  return {{"count", samples.size()},
          {"p50_ms", percentile_ms(samples, 0.50)},
          {"p99_ms", percentile_ms(samples, 0.99)},
          {"p999_ms", percentile_ms(samples, 0.999)},
          {"max_ms", samples.empty() ? 0.0 : samples.back() / 1000.0}};
}

json::object counts_json(const ErrorCounts& counts) {
  json::object out;
  for (const auto& [code, n] : counts.by_code) out[code] = n;
  return out;
}

std::string describe(const ErrorCounts& counts) {
  if (counts.by_code.empty()) return "none";
  std::string out;
  for (const auto& [code, n] : counts.by_code) {
    if (!out.empty()) out += ", ";
    out += code + " " + std::to_string(n);
  }
  return out;
}

double mebibytes(int64_t bytes) {
  return static_cast<double>(bytes) / (1024.0 * 1024.0);
}

void print_json(const Options& options, const json::object& result) {
  if (options.json) std::printf("%s\n", json::serialize(result).c_str());
}

// Waits until `condition` holds or `limit` passes; returns whether it held.
template <class Condition>
bool wait_for(Condition condition, Clock::duration limit) {
  auto deadline = Clock::now() + limit;
  while (!condition()) {
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(20ms);
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// chat

// Sends this worker's share of the schedule: message k is due at start + k / rate and goes out
// from the worker's sender k mod n, so each sender's own rate stays even.
asio::awaitable<void> pace_chat(Worker& worker, std::vector<std::shared_ptr<Client>> senders,
                                double rate, Clock::time_point start, Clock::time_point stop) {
  if (senders.empty() || rate <= 0) co_return;
  asio::steady_timer timer(worker.ioc);
  const double interval_ns = 1e9 / rate;
  uint64_t k = 0;
  auto due_of = [&](uint64_t n) {
    return start +
           std::chrono::nanoseconds(static_cast<int64_t>(static_cast<double>(n) * interval_ns));
  };
  for (;;) {
    auto now = Clock::now();
    for (auto due = due_of(k); due <= now; due = due_of(++k)) {
      if (due >= stop) co_return;
      senders[k % senders.size()]->send_chat(due, k);
    }
    timer.expires_at(std::max(due_of(k), now + kPacerTick));
    auto [ec] = co_await timer.async_wait(kNoThrow);
    if (ec) co_return;
  }
}

// The members (from the session file, or numbered for XMPP), and a generator that has done the
// real HTTP logins (Kesher only: an XMPP member signs in on its socket).
std::optional<std::pair<std::unique_ptr<Generator>, std::vector<Member>>> logged_in_members(
    const Options& options, int count) {
  std::vector<Member> members;
  if (options.protocol == Protocol::xmpp) {
    members = numbered_members(static_cast<size_t>(count));
  } else {
    std::string error;
    members = read_members(options.sessions_path, static_cast<size_t>(count), error);
    if (!error.empty()) {
      std::fprintf(stderr, "kesher_load: %s\n", error.c_str());
      return std::nullopt;
    }
  }
  auto generator = std::make_unique<Generator>(options);
  if (options.protocol == Protocol::kesher) {
    std::fprintf(stderr, "logging in %d members over HTTP\n", options.logins);
    generator->http_logins(members);
  }
  return std::make_pair(std::move(generator), std::move(members));
}

// What every step of a chat run shares: the connected sockets and who sends.
struct ChatRun {
  Generator& generator;
  const Options& options;
  size_t users = 0;
  bool all_connected = false;
  ProcessSample connected_sample;  // the server once every socket had connected
  std::vector<std::vector<std::shared_ptr<Client>>> senders;  // by worker
  size_t sender_count = 0;
  bool console = false;
  std::string client_id_prefix;  // the run's; each step adds its own, as client ids must differ
};

struct ChatStep {
  json::object result;
  bool held = false;  // p99 within --p99-limit-ms, everything delivered, nothing refused
};

// One measured window at `rate` over the run's sockets: warm-up, window, drain; prints the report.
ChatStep run_chat_step(ChatRun& run, double rate, int step) {
  const Options& options = run.options;
  Generator& generator = run.generator;
  auto& shared = generator.shared();
  double per_sender = rate / static_cast<double>(std::max<size_t>(1, run.sender_count));
  if (options.protocol == Protocol::kesher && per_sender > kServerMessagesPerSecond) {
    std::fprintf(stderr,
                 "warning: %.1f messages a second per sender is over the server's limit of %.0f; "
                 "expect rate_limited\n",
                 per_sender, kServerMessagesPerSecond);
  }

  shared.client_id_prefix = run.client_id_prefix + "s" + std::to_string(step) + "-";
  shared.sent_in_window = 0;
  shared.delivered_in_window = 0;
  auto start = Clock::now() + 200ms;
  shared.window_begin = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(options.warmup));
  shared.window_end = shared.window_begin + std::chrono::duration_cast<Clock::duration>(
                                                std::chrono::duration<double>(options.duration));
  std::fprintf(
      stderr,
      "chatting: %zu senders, %.0f messages/s (%.2f per sender), %.0f s warm-up, %.0f s measured\n",
      run.sender_count, rate, per_sender, options.warmup, options.duration);
  // The tallies start empty: what arrives late from the step before is counted as nothing.
  (void)generator.take_tally();
  for (size_t w = 0; w < generator.workers().size(); ++w) {
    // Each worker's share of the rate is in proportion to its senders.
    double worker_rate = rate * static_cast<double>(run.senders[w].size()) /
                         static_cast<double>(std::max<size_t>(1, run.sender_count));
    asio::co_spawn(
        generator.workers()[w]->ioc,
        pace_chat(*generator.workers()[w], run.senders[w], worker_rate, start, shared.window_end),
        asio::detached);
  }

  std::this_thread::sleep_until(shared.window_begin);
  auto server_before = sample_process(options.server_pid);
  double own_before = own_cpu_seconds();
  auto machine_before = machine_cpu_seconds();
  std::this_thread::sleep_until(shared.window_end);
  auto server_after = sample_process(options.server_pid);
  double own_after = own_cpu_seconds();
  auto machine_after = machine_cpu_seconds();
  // Messages due near the end are still on their way; wait for them, up to --drain seconds.
  bool drained = wait_for(
      [&] { return shared.delivered_in_window.load() >= shared.sent_in_window.load(); },
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.drain)));
  auto server_end = sample_process(options.server_pid);
  Tally tally = generator.take_tally();

  double window = seconds_between(server_before.at, server_after.at);
  double server_cpu = server_after.cpu_seconds - server_before.cpu_seconds;
  double own_cpu = own_after - own_before;
  // Whatever else ran meanwhile (builds, tests) competed for the same two cores.
  double other_cpu =
      std::max(0.0, machine_after.processes - machine_before.processes - server_cpu - own_cpu);
  double interrupt_cpu = machine_after.interrupts - machine_before.interrupts;
  double cores = static_cast<double>(std::thread::hardware_concurrency());
  double delivered_per_second = static_cast<double>(tally.delivered) / options.duration;
  // The server's CPU over the window for each message delivered in it (due in it, exactly).
  double cpu_us_per_message =
      tally.delivered > 0 ? 1e6 * server_cpu / static_cast<double>(tally.delivered) : 0;
  uint64_t errors = tally.errors.total();
  bool xmpp = options.protocol == Protocol::xmpp;
  const auto& connected_sample = run.connected_sample;

  json::object result{
      {"mode", run.console ? "console" : "chat"},
      {"protocol", xmpp ? "xmpp" : "kesher"},
      {"step", step},
      {"users", run.users},
      {"connected", shared.connected.load()},
      {"connect_seconds", generator.connect_seconds()},
      {"connect_errors", counts_json(tally.connect_errors)},
      {"http_logins", shared.logins_ok.load()},
      {"http_logins_tried", shared.logins_done.load()},
      {"senders", run.sender_count},
      {"target_rate", rate},
      {"duration_s", options.duration},
      {"warmup_s", options.warmup},
      {"sent", tally.sent},
      {"sent_total", tally.sent_total},  // warm-up included, for CPU sampled over the whole run
      {"acked", tally.acked},
      {"delivered", tally.delivered},
      {"delivered_per_s", delivered_per_second},
      {"undelivered", tally.sent > tally.delivered ? tally.sent - tally.delivered : 0},
      {"skipped_sender_down", tally.skipped},
      {"latency", latency_json(tally.latency_us)},
      {"reply_latency", latency_json(tally.reply_us)},
      {"errors", counts_json(tally.errors)},
      {"errors_total", errors},
      {"rate_limited", tally.rate_limited},
      {"closes", counts_json(tally.closes)},
      {"generator_max_send_lag_ms",
       std::chrono::duration<double, std::milli>(tally.max_send_lag).count()},
      {"generator_late_sends", tally.late_sends},
      {"server_rss_mib_connected", mebibytes(connected_sample.rss_bytes)},
      {"server_rss_mib_end", mebibytes(server_end.rss_bytes)},
      {"server_peak_rss_mib", mebibytes(server_end.peak_rss_bytes)},
      {"server_cpu_percent_of_core", window > 0 ? 100 * server_cpu / window : 0},
      {"server_cpu_percent_of_machine", window > 0 ? 100 * server_cpu / window / cores : 0},
      {"server_cpu_us_per_delivered", cpu_us_per_message},
      {"generator_cpu_percent_of_core", window > 0 ? 100 * own_cpu / window : 0},
      {"other_cpu_percent_of_core", window > 0 ? 100 * other_cpu / window : 0},
      {"softirq_cpu_percent_of_core", window > 0 ? 100 * interrupt_cpu / window : 0},
      {"other_frames", json::value_from(tally.other_modules)},
  };

  auto latency = result["latency"].as_object();
  auto reply = result["reply_latency"].as_object();
  if (run.console) {
    std::printf("console queue load (members → personas, latency to the console's queue)\n");
  } else {
    std::printf("chat load%s\n", xmpp ? " (XMPP)" : "");
  }
  std::printf("  users connected       %d of %zu in %.1f s (errors: %s)\n", shared.connected.load(),
              run.users, generator.connect_seconds(), describe(tally.connect_errors).c_str());
  if (!xmpp) {
    std::printf("  HTTP logins           %d of %d ok (%.2f s)\n", shared.logins_ok.load(),
                shared.logins_done.load(), generator.login_seconds());
  }
  std::printf("  senders               %zu, %.0f msg/s target (%.2f per sender)\n",
              run.sender_count, rate, per_sender);
  std::printf("  measured              %.1f s after %.1f s warm-up\n", options.duration,
              options.warmup);
  if (xmpp) {
    std::printf("  sent                  %llu (XMPP acknowledges nothing)\n",
                static_cast<unsigned long long>(tally.sent));
  } else {
    std::printf("  sent / acked          %llu / %llu\n",
                static_cast<unsigned long long>(tally.sent),
                static_cast<unsigned long long>(tally.acked));
  }
  std::printf("  delivered             %llu (%.0f msg/s)%s\n",
              static_cast<unsigned long long>(tally.delivered), delivered_per_second,
              drained ? "" : "  [some still undelivered after the drain]");
  std::printf("  latency due→receipt   p50 %.2f ms  p99 %.2f ms  p99.9 %.2f ms  max %.2f ms\n",
              latency["p50_ms"].as_double(), latency["p99_ms"].as_double(),
              latency["p999_ms"].as_double(), latency["max_ms"].as_double());
  if (!xmpp) {
    std::printf("  latency due→reply     p50 %.2f ms  p99 %.2f ms  p99.9 %.2f ms  max %.2f ms\n",
                reply["p50_ms"].as_double(), reply["p99_ms"].as_double(),
                reply["p999_ms"].as_double(), reply["max_ms"].as_double());
  }
  std::printf("  errors                %llu (%s); rate_limited %llu\n",
              static_cast<unsigned long long>(errors), describe(tally.errors).c_str(),
              static_cast<unsigned long long>(tally.rate_limited));
  std::printf("  sockets closed        %s\n", describe(tally.closes).c_str());
  std::printf("  server RSS            %.1f MiB connected, %.1f MiB at end, peak %.1f MiB\n",
              mebibytes(connected_sample.rss_bytes), mebibytes(server_end.rss_bytes),
              mebibytes(server_end.peak_rss_bytes));
  std::printf(
      "  server CPU            %.0f%% of a core (%.0f%% of %.0f cores), %.1f µs per "
      "delivered message\n",
      result["server_cpu_percent_of_core"].as_double(),
      result["server_cpu_percent_of_machine"].as_double(), cores, cpu_us_per_message);
  std::printf(
      "  generator CPU         %.0f%% of a core; max send lag %.2f ms, %llu sends >1 ms late\n",
      result["generator_cpu_percent_of_core"].as_double(),
      result["generator_max_send_lag_ms"].as_double(),
      static_cast<unsigned long long>(tally.late_sends));
  std::printf(
      "  rest of the machine   other processes %.0f%%, interrupts and softirqs %.0f%% of a "
      "core\n",
      result["other_cpu_percent_of_core"].as_double(),
      result["softirq_cpu_percent_of_core"].as_double());
  if (options.timeline) {
    std::printf("  second  delivered   p50 ms   p99 ms   max ms\n");
    for (size_t second = 0; second < tally.latency_by_second.size(); ++second) {
      auto samples = tally.latency_by_second[second];
      std::sort(samples.begin(), samples.end());
      std::printf("  %6zu  %9zu  %7.2f  %7.2f  %7.2f\n", second, samples.size(),
                  percentile_ms(samples, 0.5), percentile_ms(samples, 0.99),
                  samples.empty() ? 0.0 : samples.back() / 1000.0);
    }
  }
  if (!tally.other_modules.empty()) {
    std::printf("  other frames          %s\n", json::serialize(result["other_frames"]).c_str());
  }

  ChatStep outcome;
  outcome.held =
      drained && errors == 0 && tally.skipped == 0 && tally.delivered >= tally.sent &&
      (options.p99_limit_ms <= 0 || latency["p99_ms"].as_double() <= options.p99_limit_ms);
  result["held"] = outcome.held;
  print_json(options, result);
  outcome.result = std::move(result);
  return outcome;
}

int run_chat(const Options& options) {
  auto loaded = logged_in_members(options, options.users);
  if (!loaded) return 1;
  auto& [owned_generator, members] = *loaded;
  Generator& generator = *owned_generator;

  ChatRun run{generator, options};
  run.users = members.size();
  run.client_id_prefix = generator.shared().client_id_prefix;
  std::fprintf(stderr, "connecting %zu sockets\n", members.size());
  run.all_connected = generator.connect_all(members);
  run.connected_sample = sample_process(options.server_pid);

  // Pairs (2k, 2k+1): 2k writes to 2k+1, and back too with --both-ways. With --personas, every
  // member writes to a persona (round robin) and the console socket counts the deliveries.
  run.senders.resize(generator.workers().size());
  std::map<int64_t, int64_t> partner_of;
  std::shared_ptr<Client> console;
  if (!options.personas_path.empty()) {
    std::ifstream file(options.personas_path);
    std::vector<int64_t> personas;
    for (int64_t id; file >> id;) personas.push_back(id);
    if (personas.empty()) {
      std::fprintf(stderr, "kesher_load: no persona ids in %s\n", options.personas_path.c_str());
      return 1;
    }
    for (size_t i = 0; i < members.size(); ++i) {
      partner_of[members[i].user_id] = personas[i % personas.size()];
    }
    console = generator.connect_console(options.console_cookie);
    if (!console) {
      std::fprintf(stderr, "kesher_load: the console socket did not open (staff cookie?)\n");
      return 1;
    }
    run.console = true;
  } else {
    for (size_t i = 0; i + 1 < members.size(); i += 2) {
      partner_of[members[i].user_id] = members[i + 1].user_id;
      if (options.both_ways) partner_of[members[i + 1].user_id] = members[i].user_id;
    }
  }
  for (size_t w = 0; w < generator.workers().size(); ++w) {
    for (auto& client : generator.workers()[w]->clients) {
      auto partner = partner_of.find(client->user_id());
      if (partner == partner_of.end()) continue;
      client->partner_id = partner->second;
      run.senders[w].push_back(client);
      ++run.sender_count;
    }
  }

  std::vector<double> rates = options.rates.empty() ? std::vector{options.rate} : options.rates;
  std::optional<ChatStep> highest_held;
  json::array steps;
  int step = 0;
  for (double rate : rates) {
    auto outcome = run_chat_step(run, rate, step++);
    steps.push_back(outcome.result);
    if (!outcome.held && options.p99_limit_ms > 0 && rates.size() > 1) {
      outcome = run_chat_step(run, rate, step++);
      outcome.result["retry"] = true;
      steps.push_back(outcome.result);
    }
    if (outcome.held) {
      highest_held = std::move(outcome);
    } else if (options.p99_limit_ms > 0) {
      break;  // past the server's limit: higher rates only take longer to say so
    }
  }
  generator.stop();

  if (rates.size() > 1) {
    if (highest_held) {
      auto& best = highest_held->result;
      std::printf(
          "highest rate that held (p99 ≤ %.0f ms, all delivered, nothing refused): "
          "%.0f msg/s offered, %.0f delivered/s, p99 %.2f ms, %.1f µs server CPU per "
          "message\n",
          options.p99_limit_ms, best["target_rate"].to_number<double>(),
          best["delivered_per_s"].to_number<double>(),
          best["latency"].as_object()["p99_ms"].as_double(),
          best["server_cpu_us_per_delivered"].as_double());
    } else {
      std::printf("no rate held (p99 ≤ %.0f ms, all delivered, nothing refused)\n",
                  options.p99_limit_ms);
    }
    print_json(options,
               json::object{{"mode", "chat_steps"},
                            {"p99_limit_ms", options.p99_limit_ms},
                            {"highest_held", highest_held ? json::value(highest_held->result)
                                                          : json::value(nullptr)},
                            {"steps", std::move(steps)}});
  }
  return run.all_connected ? 0 : 2;
}

// ---------------------------------------------------------------------------------------------
// connections

// Pings each of the worker's sockets once per interval, spread evenly over it, as the web client
// does every 10 s; the server closes a socket after 45 s without a frame.
asio::awaitable<void> keep_alive(Worker& worker, Clock::duration interval) {
  if (worker.clients.empty()) co_return;
  asio::steady_timer timer(worker.ioc);
  auto step = interval / static_cast<int64_t>(worker.clients.size());
  auto next = Clock::now();
  size_t k = 0;
  for (;;) {
    auto now = Clock::now();
    for (; next <= now; next += step, ++k) {
      worker.clients[k % worker.clients.size()]->send_ping();
    }
    timer.expires_at(std::max(next, now + 10ms));
    auto [ec] = co_await timer.async_wait(kNoThrow);
    if (ec) co_return;
  }
}

// Samples the process every `step` until its resident size moved less than 0.5% over one step, or
// `limit` passes; returns the last sample.
ProcessSample settled_sample(int pid, ProcessSample last, Clock::duration step,
                             Clock::time_point limit) {
  for (;;) {
    std::this_thread::sleep_for(step);
    auto now = sample_process(pid);
    bool stable = std::abs(static_cast<double>(now.rss_bytes - last.rss_bytes)) <
                  0.005 * static_cast<double>(now.rss_bytes);
    last = now;
    if (stable || Clock::now() >= limit) return last;
  }
}

int run_connections(const Options& options) {
  auto loaded = logged_in_members(options, options.count);
  if (!loaded) return 1;
  auto& [owned_generator, members] = *loaded;
  Generator& generator = *owned_generator;
  auto& shared = generator.shared();

  // A server that has just started may still be growing or collecting (ejabberd's Erlang VM does
  // for a few seconds): the baseline is taken once its resident size holds still.
  auto before = settled_sample(options.server_pid, sample_process(options.server_pid), 2s,
                               Clock::now() + 20s);
  int64_t slab_before = machine_slab_bytes();
  std::fprintf(stderr, "server RSS before: %.1f MiB; connecting %zu sockets\n",
               mebibytes(before.rss_bytes), members.size());
  generator.connect_all(members);
  auto interval = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(options.ping_interval));
  for (auto& worker : generator.workers()) {
    asio::co_spawn(worker->ioc, keep_alive(*worker, interval), asio::detached);
  }

  // Every socket has sent a ping and had its pong once a full interval has passed; after that,
  // wait until the resident size stops moving (under 0.5% over 5 s) or --settle runs out.
  auto settle_start = Clock::now();
  std::this_thread::sleep_for(interval + 2s);
  auto settle_limit =
      settle_start + interval +
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.settle));
  settled_sample(options.server_pid, sample_process(options.server_pid), 5s, settle_limit);
  int64_t slab_after = machine_slab_bytes();

  // A member-only request on a sample of sockets: a guest socket would answer not_authenticated.
  std::vector<std::shared_ptr<Client>> everyone;
  for (auto& worker : generator.workers()) {
    for (auto& client : worker->clients) {
      if (client->is_open()) everyone.push_back(client);
    }
  }
  size_t sample_size = std::min<size_t>(static_cast<size_t>(options.verify), everyone.size());
  size_t stride = std::max<size_t>(1, everyone.size() / std::max<size_t>(1, sample_size));
  int asked = 0;
  for (size_t i = 0; i < everyone.size() && asked < static_cast<int>(sample_size); i += stride) {
    everyone[i]->post_verify();
    ++asked;
  }
  wait_for([&] { return shared.verify_answers.load() >= static_cast<uint64_t>(asked); }, 15s);
  int still_open = shared.open_sockets.load();
  auto after = sample_process(options.server_pid);
  generator.stop();
  Tally tally = generator.merged_tally();

  int connected = shared.connected.load();
  double per_socket =
      connected > 0 ? static_cast<double>(after.rss_bytes - before.rss_bytes) / connected : 0;
  double slab_per_socket =
      connected > 0 ? static_cast<double>(slab_after - slab_before) / connected : 0;
  json::object result{
      {"mode", "connections"},
      {"requested", members.size()},
      {"connected", connected},
      {"connect_seconds", generator.connect_seconds()},
      {"connect_errors", counts_json(tally.connect_errors)},
      {"still_open", still_open},
      {"closes", counts_json(tally.closes)},
      {"http_logins", shared.logins_ok.load()},
      {"ping_interval_s", options.ping_interval},
      {"pongs", tally.pongs},
      {"verify_asked", asked},
      {"verify_authenticated", tally.verified},
      {"verify_failed", tally.verify_failed},
      {"errors", counts_json(tally.errors)},
      {"server_rss_mib_before", mebibytes(before.rss_bytes)},
      {"server_rss_mib_after", mebibytes(after.rss_bytes)},
      {"server_peak_rss_mib", mebibytes(after.peak_rss_bytes)},
      {"server_bytes_per_socket", per_socket},
      {"kernel_slab_bytes_per_socket_pair", slab_per_socket},
  };
  std::printf("idle connections\n");
  std::printf("  sockets connected     %d of %zu in %.1f s (errors: %s)\n", connected,
              members.size(), generator.connect_seconds(), describe(tally.connect_errors).c_str());
  std::printf("  still open            %d (closed: %s)\n", still_open,
              describe(tally.closes).c_str());
  std::printf("  HTTP logins           %d of %d ok\n", shared.logins_ok.load(),
              shared.logins_done.load());
  std::printf("  keep-alive            ping every %.0f s per socket, %llu pongs\n",
              options.ping_interval, static_cast<unsigned long long>(tally.pongs));
  std::printf("  authenticated sample  %llu of %d answered %s\n",
              static_cast<unsigned long long>(tally.verified), asked,
              options.protocol == Protocol::xmpp ? "a ping to the server with a result"
                                                 : "totals with request_status 1");
  std::printf("  errors                %s\n", describe(tally.errors).c_str());
  std::printf("  server RSS            %.1f MiB before, %.1f MiB after, peak %.1f MiB\n",
              mebibytes(before.rss_bytes), mebibytes(after.rss_bytes),
              mebibytes(after.peak_rss_bytes));
  std::printf("  per socket            %.0f bytes of server RSS (%.1f MiB in all)\n", per_socket,
              mebibytes(after.rss_bytes - before.rss_bytes));
  std::printf("  kernel slab           %.0f bytes per socket pair (both ends, not in any RSS)\n",
              slab_per_socket);
  print_json(options, result);
  bool ok = connected == static_cast<int>(members.size()) && still_open == connected &&
            tally.verified == static_cast<uint64_t>(asked);
  return ok ? 0 : 2;
}

void add_common_options(CLI::App& command, Options& options) {
  command.add_option("--host", options.host, "Server address")->capture_default_str();
  command.add_option("--port", options.port, "Server port")->required();
  command.add_option("--protocol", options.protocol, "kesher, or xmpp (RFC 7395, e.g. ejabberd)")
      ->transform(CLI::CheckedTransformer(
          std::map<std::string, Protocol>{{"kesher", Protocol::kesher}, {"xmpp", Protocol::xmpp}}))
      ->capture_default_str();
  command.add_option("--sessions", options.sessions_path,
                     "File from `kesher seed-load --out` (Kesher only)");
  command.add_option("--xmpp-domain", options.xmpp_domain, "XMPP: the members' domain")
      ->capture_default_str();
  command.add_option("--xmpp-path", options.xmpp_path, "XMPP: the WebSocket path")
      ->capture_default_str();
  command
      .add_option("--xmpp-user-prefix", options.xmpp_user_prefix,
                  "XMPP: member n signs in as <prefix><n>@<domain>")
      ->capture_default_str();
  command.add_option("--server-pid", options.server_pid, "The server's pid, for RSS and CPU");
  command.add_option("--threads", options.threads, "Generator threads")
      ->check(CLI::Range(1, 16))
      ->capture_default_str();
  command.add_option("--per-source", options.per_source, "Sockets per 127.0.0.x source address")
      ->check(CLI::Range(1, 28000))
      ->capture_default_str();
  command
      .add_option("--connect-in-flight", options.connect_in_flight,
                  "Handshakes in flight while connecting")
      ->capture_default_str();
  command.add_option("--logins", options.logins, "Real HTTP logins before the run")
      ->capture_default_str();
  command
      .add_option("--password", options.password,
                  "The members' shared password (Kesher's HTTP logins, XMPP's SASL PLAIN)")
      ->capture_default_str();
  command.add_flag("--json", options.json, "Also print the result as one JSON line");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"kesher_load: WebSocket load against a running kesher"};
  cli.require_subcommand(1);
  Options options;

  auto* chat = cli.add_subcommand("chat", "Pairs chat through send_message at a fixed rate");
  add_common_options(*chat, options);
  chat->add_option("--users", options.users, "Members to connect (pairs 2k, 2k+1)")
      ->capture_default_str();
  chat->add_option("--rate", options.rate, "Messages a second, all senders together")
      ->capture_default_str();
  chat->add_option("--duration", options.duration, "Measured seconds")->capture_default_str();
  chat->add_option("--warmup", options.warmup, "Seconds of load before measuring")
      ->capture_default_str();
  chat->add_option("--drain", options.drain, "Seconds to wait for messages still on their way")
      ->capture_default_str();
  chat->add_flag("--both-ways", options.both_ways, "Both members of a pair send");
  chat->add_option("--rates", options.rates,
                   "Step the rate up through these (comma-separated), each a measured window "
                   "over the same sockets")
      ->delimiter(',');
  chat->add_option("--p99-limit-ms", options.p99_limit_ms,
                   "With --rates: stop after the first rate whose p99 is over this");
  chat->add_flag("--timeline", options.timeline,
                 "Also print delivered messages and latency for each measured second");
  chat->add_option("--personas", options.personas_path,
                   "File of persona ids: members write to them, measured at the console's queue");
  chat->add_option("--console-cookie", options.console_cookie,
                   "A staff_session cookie value for the console socket (with --personas)");

  auto* connections = cli.add_subcommand("connections", "Idle authenticated sockets");
  add_common_options(*connections, options);
  connections->add_option("--count", options.count, "Sockets to open")->capture_default_str();
  connections
      ->add_option("--ping-interval", options.ping_interval, "Seconds between pings on one socket")
      ->capture_default_str();
  connections
      ->add_option("--settle", options.settle,
                   "Most seconds to wait, after one ping round, for the RSS to settle")
      ->capture_default_str();
  connections->add_option("--verify", options.verify, "Sockets asked for totals at the end")
      ->capture_default_str();

  CLI11_PARSE(cli, argc, argv);
  if (options.protocol == Protocol::kesher && options.sessions_path.empty()) {
    std::fprintf(stderr, "kesher_load: --sessions is required (unless --protocol xmpp)\n");
    return 1;
  }
  if (*chat) return run_chat(options);
  return run_connections(options);
}
