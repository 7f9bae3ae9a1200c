#include "net/server.hpp"

#include <malloc.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <sched.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <cerrno>
#include <chrono>
#include <list>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>

#include "bus/address_key.hpp"
#include "domain/content_negotiation.hpp"
#include "domain/index_page.hpp"
#include "domain/language.hpp"
#include "domain/rate_limit.hpp"
#include "net/compression.hpp"
#include "net/no_throw.hpp"
#include "net/plain_request.hpp"
#include "pages/explore_page.hpp"
#include "protocol/cookies.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "protocol/forwarded.hpp"

namespace kesher::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;

namespace {

constexpr size_t kMaxFrameBytes = 64 * 1024;
// Beast reserves room for an inbound message before it arrives (1,536 bytes by default) in every
// waiting socket; reading at most this much per step keeps an idle socket's reservation small
// while a typical frame still arrives in one step.
constexpr size_t kReadStepBytes = 512;
constexpr size_t kMaxQueuedFrames = 1024;
constexpr size_t kMaxQueuedBytes = 8 * 1024 * 1024;
// Guests share a budget per address, and many visitors can share one behind a carrier's NAT.
constexpr double kGuestBudgetFactor = 4;
constexpr auto kHttpTimeout = 30s;
// A request whose body may be large (an upload of up to 15 MiB from a phone) gets longer to arrive.
constexpr auto kLargeBodyTimeout = 120s;
// A socket being closed gets this long for the close handshake; then the TCP connection is cut,
// whatever the peer does, so that a peer that stopped reading cannot hold the server's buffers.
constexpr auto kCloseGrace = 3s;
// How long a stop waits at most for close frames and answers in flight to leave.
constexpr auto kStopGrace = 500ms;
constexpr std::string_view kHsts = "max-age=31536000; includeSubDomains";
// The cookie the client writes with the chosen UI language (web/src/app/constants.ts).
constexpr std::string_view kLanguageCookie = "language";
// The kernel's send buffer of a WebSocket (Linux doubles it). Chat frames are small, and a fixed
// size keeps what a peer that stops reading can pin in the kernel to this, instead of the
// megabytes that autotuning grows to; the server's own queue (kMaxQueuedFrames) is the rest.
constexpr int kSocketSendBuffer = 64 * 1024;

constexpr std::string_view kContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "font-src 'self'; connect-src 'self'; media-src 'self'; frame-src 'self'; object-src 'none'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

// Hashing and decoding are batch work and socket work is not: by default their threads run under
// SCHED_IDLE, which the kernel only gives a core that nothing else wants (threads they start, such
// as libvips's workers, inherit it), so a burst of uploads or logins cannot delay chat. On cores
// shared with other busy programs that would starve them, so --background-priority nice (or a
// system that refuses SCHED_IDLE) sets them 10 nice values below the server instead.
void lower_this_threads_priority(bool idle_class) {
  thread_local bool lowered = false;
  if (lowered) return;
  lowered = true;
  sched_param idle{};
  if (idle_class && pthread_setschedparam(pthread_self(), SCHED_IDLE, &idle) == 0) return;
  // A thread's own nice value, on Linux.
  errno = 0;
  int current = getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()));
  if (errno == 0) {
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), std::min(current + 10, 19));
  }
}

double seconds_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Runs blocking work on the worker pool and resumes the coroutine on its own executor, so that
// database work never occupies a network thread (brief §7). `work` must not throw.
// Not a coroutine itself, and callers pass a named lambda: GCC 12 bitwise-copies lambda
// temporaries with non-trivial captures that sit in a co_await expression, which corrupted them.
template <class Result, class Work>
auto on_worker(asio::thread_pool& pool, Work work) {
  return asio::async_initiate<decltype(asio::use_awaitable), void(Result)>(
      [&pool](auto handler, Work work) {
        asio::post(pool, [work = std::move(work), handler = std::move(handler)]() mutable {
          Result result = work();
          auto executor = asio::get_associated_executor(handler);
          asio::post(executor,
                     [handler = std::move(handler), result = std::move(result)]() mutable {
                       std::move(handler)(std::move(result));
                     });
        });
      },
      asio::use_awaitable, std::move(work));
}

// `https` is whether the public origin is https: browsers then remember to use nothing else.
template <class Fields>
void apply_security_headers(Fields& fields, bool https) {
  fields.set("Content-Security-Policy", kContentSecurityPolicy);
  fields.set("X-Content-Type-Options", "nosniff");
  fields.set("Referrer-Policy", "same-origin");
  fields.set("X-Frame-Options", "DENY");
  if (https) fields.set(http::field::strict_transport_security, kHsts);
  fields.set(http::field::server, "kesher");
}

bool is_security_header(std::string_view name) {
  return beast::iequals(name, "Content-Security-Policy") || beast::iequals(name, "X-Frame-Options");
}

std::string error_body(std::string_view code) {
  return protocol::serialize(boost::json::object{{"error_code", code}, {"message", code}});
}

// 503 server_busy with Retry-After, for when a bounded pool's queue is full.
protocol::HttpResponse busy_response() {
  protocol::HttpResponse response = protocol::error_response(503, errc::server_busy);
  response.headers.emplace_back("Retry-After", "1");
  return response;
}

}  // namespace

struct WorkerPool::Impl {
  explicit Impl(int threads) : pool(static_cast<size_t>(threads)) {}
  asio::thread_pool pool;
};

WorkerPool::WorkerPool(int threads) : impl_(std::make_unique<Impl>(threads)) {}

WorkerPool::~WorkerPool() = default;

void WorkerPool::post(std::function<void()> work) {
  asio::post(impl_->pool, [work = std::move(work)] {
    // Named for profiles and top -H, at the first work each thread takes.
    thread_local bool named = pthread_setname_np(pthread_self(), "kesher-worker") == 0;
    (void)named;
    try {
      work();
    } catch (const std::exception& e) {
      spdlog::error("background work failed: {}", e.what());
    }
  });
}

void WorkerPool::join() {
  impl_->pool.join();
}

class WebSocketSession;

struct Server::Impl {
  Impl(app::Context& app_context, WorkerPool& pool, const protocol::ModuleTable& m,
       const protocol::ModuleTable& cm, Handlers h, const StaticFiles& f)
      : app(app_context),
        workers(pool.impl().pool),
        modules(m),
        console_modules(cm),
        handlers(std::move(h)),
        files(f),
        ioc(app_context.config.network_threads),
        password_lane(app_context.config.password_threads,
                      app_context.config.max_queued_password_jobs, /*low_priority=*/true),
        media_lane(app_context.config.media_threads, app_context.config.max_queued_uploads,
                   /*low_priority=*/true),
        acceptor(ioc) {}

  app::Context& app;
  asio::thread_pool& workers;  // main's WorkerPool
  const protocol::ModuleTable& modules;
  const protocol::ModuleTable& console_modules;
  const Handlers handlers;
  const StaticFiles& files;
  asio::io_context ioc;
  // Requests that are slow by nature, apart from the workers so that a flood of them cannot
  // delay socket work: hashing a password (argon2id) and decoding an upload (libvips).
  struct BoundedLane {
    BoundedLane(int threads, size_t max_queued, bool low)
        : pool(static_cast<size_t>(threads)), max_jobs(max_queued), low_priority(low) {}
    asio::thread_pool pool;
    std::atomic<size_t> jobs{0};
    const size_t max_jobs;
    const bool low_priority;
  };
  BoundedLane password_lane;
  BoundedLane media_lane;
  // --background-priority, read once: SCHED_IDLE for the lanes' threads, or nice +10.
  const bool background_idle = app.config.background_priority == "idle";
  asio::awaitable<protocol::HttpResponse> answer_on(BoundedLane& lane,
                                                    protocol::HttpRequest request);
  tcp::acceptor acceptor;
  // Inbound frames per member across all of their sockets, and per address across guest sockets.
  domain::KeyedBuckets member_budget{app.config.member_frames_per_second,
                                     app.config.member_frame_burst};
  domain::KeyedBuckets guest_budget{(app.config.member_frames_per_second * kGuestBudgetFactor),
                                    (app.config.member_frame_burst * kGuestBudgetFactor)};

  // Set when a socket that overflowed its queue is gone: the idle sweep then hands the freed heap
  // back to the system (glibc keeps it otherwise, and a flood of slow readers leaves megabytes).
  std::atomic<bool> trim_pending{false};

  // Open WebSockets per remote address, for config.max_sockets_per_ip.
  std::mutex addresses_mutex;
  std::unordered_map<std::string, size_t> sockets_per_address;
  bool admit_address(const std::string& address);
  void release_address(const std::string& address);

  template <class Body>
  void secure(http::response<Body>& response) const {
    apply_security_headers(response, app.secure_cookies());
  }

  // Every accepted WebSocket, for the idle sweep: one timer for all of them instead of a timer
  // and a coroutine in each.
  std::mutex sockets_mutex;
  std::list<WebSocketSession*> sockets;
  // HTTP connections being served (a keep-alive one counts until it ends): a stop waits for them.
  std::atomic<int> http_connections{0};
  bool quiet();
  asio::awaitable<void> stop_when_quiet();

  asio::awaitable<void> accept_loop();
  asio::awaitable<void> jobs_loop();
  asio::awaitable<void> idle_sweep_loop();
  asio::awaitable<void> serve_http(tcp::socket socket);
  asio::awaitable<void> refuse_upgrade(beast::tcp_stream& stream, unsigned version,
                                       http::status status, std::string_view code);
  http::response<http::string_body> make_response(const protocol::HttpResponse& response,
                                                  const http::request<http::string_body>& request);
};

// One WebSocket: a serial reader that hands each frame to the worker pool, and a writer that
// drains a bounded queue. Members are touched on the connection's strand only, except where noted.
//
// An idle socket should cost the server little memory (docs/performance.md, "Idle connections"),
// so the session keeps nothing it doesn't need between frames: the WebSocket sits on the bare
// socket (Beast's own timer covers the handshake and close), the upgrade request is dropped once
// accepted, the outgoing queue allocates nothing while empty, the writer coroutine exists only
// while there is something to write, and one server-wide sweep keeps the idle timeout.
class WebSocketSession final : public bus::Connection,
                               public std::enable_shared_from_this<WebSocketSession> {
 public:
  WebSocketSession(Server::Impl& server, tcp::socket socket, app::ConnectionState state)
      : server_(server), ws_(std::move(socket)), state_(std::move(state)) {}
  ~WebSocketSession() override {
    server_.release_address(state_.remote_ip);
    if (clustered()) server_.app.address_hub.detach(this);
    if (overflowed_) server_.trim_pending = true;
  }

  void start(http::request<http::string_body> request) {
    asio::co_spawn(ws_.get_executor(), run(shared_from_this(), std::move(request)), asio::detached);
  }

  void send(bus::Frame frame) override {
    asio::post(ws_.get_executor(),
               [self = shared_from_this(), frame = std::move(frame)] { self->enqueue(frame); });
  }

  // A close through the bus (a logout, a ban, an erasure) comes after the frames sent to the
  // socket before it: the reply to the request that caused it is written first.
  void close(uint16_t code) override {
    asio::post(ws_.get_executor(),
               [self = shared_from_this(), code] { self->close_after_queue(code); });
  }

  // Any thread: whether no frame has arrived since `since`.
  bool silent_since(std::chrono::steady_clock::time_point since) const {
    return last_inbound_.load(std::memory_order_relaxed) < since;
  }

  // Once the loop has stopped for good: a session still open then never finishes serve(), so its
  // reference to itself is dropped here, and destroying the loop's pending work frees it.
  void release_self() { state_.connection.reset(); }

  // Any thread: closes with 4002 unless a frame has arrived meanwhile.
  void close_if_idle(std::chrono::steady_clock::duration limit) {
    asio::post(ws_.get_executor(), [self = shared_from_this(), limit] {
      if (self->silent_since(std::chrono::steady_clock::now() - limit)) {
        self->close_now(bus::kCloseIdle);
      }
    });
  }

  // Any thread: whether a write began before `since` and has not finished.
  bool write_stalled_since(std::chrono::steady_clock::time_point since) const {
    auto started = write_started_.load(std::memory_order_relaxed);
    return started != std::chrono::steady_clock::time_point{} && started < since;
  }

  // Any thread: closes the socket if its write has still not finished. Its peer stopped reading,
  // yet may send so little that the queue never overflows: the kernel's buffers, full, hold the
  // answers, and the queue stays short (docs/protocol.md, "Limits").
  void close_if_write_stalled(std::chrono::steady_clock::duration limit) {
    asio::post(ws_.get_executor(), [self = shared_from_this(), limit] {
      if (self->write_stalled_since(std::chrono::steady_clock::now() - limit)) {
        self->close_slow_reader("its write waited too long");
      }
    });
  }

  // Any thread: whether the session the socket signed in with has expired by `now`.
  bool session_expired(int64_t now) const {
    int64_t expires_at = session_expires_at_.load(std::memory_order_relaxed);
    return expires_at > 0 && expires_at <= now;
  }

 private:
  static asio::awaitable<void> run(std::shared_ptr<WebSocketSession> self,
                                   http::request<http::string_body> request) {
    co_await self->serve(std::move(request));
  }

  asio::awaitable<void> serve(http::request<http::string_body> request) {
    // Beast's own idle timer does not restart on traffic unless it sends pings, so the idle
    // timeout is kept by Server::Impl::idle_sweep_loop() instead.
    ws_.set_option(
        websocket::stream_base::timeout{kHttpTimeout, websocket::stream_base::none(), false});
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& response) { response.set(http::field::server, "kesher"); }));
    ws_.read_message_max(kMaxFrameBytes);
    boost::system::error_code option_error;
    ws_.next_layer().set_option(asio::socket_base::send_buffer_size(kSocketSendBuffer),
                                option_error);
    // The write-stall limit, kept by the kernel as well: bytes the peer has neither acknowledged
    // nor had room for (its window closed) for that long end the connection. Answers that fit in
    // the kernel's buffers leave no write of ours waiting, so the sweep alone would never see a
    // peer that stopped reading after a few requests.
    int user_timeout_ms = server_.app.config.ws_write_stall_seconds * 1000;
    ::setsockopt(ws_.next_layer().native_handle(), IPPROTO_TCP, TCP_USER_TIMEOUT, &user_timeout_ms,
                 sizeof user_timeout_ms);
    // A signed-in socket joins the hub before the upgrade's answer, so that an event published
    // while the answer is on its way is not lost: the client may act on the answer at once (a
    // test, another tab). Until the answer has gone the writer is held, and frames only queue.
    state_.connection = shared_from_this();
    auto attached = bus::AttachResult::attached;
    if (state_.authenticated() || state_.console) {
      writing_ = true;
      attached =
          hub().attach(state_.console ? state_.staff_id : state_.user_id, state_.session_hash,
                       state_.connection, server_.app.config.max_sockets_per_member);
    }
    auto [ec] = co_await ws_.async_accept(request, kNoThrow);
    // This frame lives as long as the socket; its headers (cookie, key, origin…) are not needed.
    request = {};
    writing_ = false;
    if (ec || attached != bus::AttachResult::attached) {
      hub().detach(this);
      queue_.clear();
      queued_bytes_ = 0;
      state_.connection.reset();
      if (ec) co_return;
      // A refused peer that does not read would otherwise hold the connection for the whole
      // close-handshake timeout.
      start_teardown();
      co_await ws_.async_close(
          websocket::close_reason(attached == bus::AttachResult::session_revoked
                                      ? bus::kCloseLoggedOut
                                      : bus::kCloseTooManySockets),
          kNoThrow);
      closed_ = true;
      teardown_->cancel();
      co_return;
    }
    if (!queue_.empty()) {
      writing_ = true;
      write_next();
    } else if (close_after_write_) {
      close_now(*close_after_write_);
    }
    session_expires_at_ = state_.session_expires_at;
    last_inbound_ = std::chrono::steady_clock::now();
    {
      std::lock_guard lock(server_.sockets_mutex);
      registration_ = server_.sockets.insert(server_.sockets.end(), this);
    }
    // In a cluster, Redis counts the address's sockets on every node; over the cap, the newest
    // here is closed (kCloseTooManySockets), as a member's is.
    if (clustered()) {
      server_.app.address_hub.attach(bus::address_key(state_.remote_ip), {}, state_.connection);
    }
    co_await read_loop();
    {
      std::lock_guard lock(server_.sockets_mutex);
      server_.sockets.erase(registration_);
    }
    hub().detach(this);
    state_.connection.reset();  // breaks the cycle session → state → session
    closed_ = true;
    if (teardown_) teardown_->cancel();
    // Beast closes the connection on every way a read ends that we know of; a session that is
    // over must not leave one open in any other.
    if (beast::get_lowest_layer(ws_).is_open()) cut();
  }

  asio::awaitable<void> read_loop() {
    beast::flat_buffer buffer;
    for (;;) {
      auto [ec, bytes] = co_await ws_.async_read_some(buffer, kReadStepBytes, kNoThrow);
      if (ec) {
        // Beast has already sent close 1009 for an oversized frame.
        if (ec != websocket::error::closed) spdlog::debug("websocket read ended: {}", ec.message());
        co_return;
      }
      if (!ws_.is_message_done()) continue;
      // A socket on its way out answers nothing more.
      if (closing_ || close_after_write_) {
        buffer.consume(buffer.size());
        continue;
      }
      last_inbound_ = std::chrono::steady_clock::now();
      std::string frame = beast::buffers_to_string(buffer.data());
      buffer.consume(buffer.size());
      // A large message must not leave a large buffer behind in a socket that then goes quiet.
      if (buffer.capacity() > kReadStepBytes) buffer.shrink_to_fit();
      if (!ws_.got_text()) {
        enqueue(error_frame(errc::malformed_json));
        continue;
      }
      protocol::Prepared prepared =
          state_.console ? server_.console_modules.prepare(frame) : server_.modules.prepare(frame);
      // The budget follows the socket's identity, which session/validate may change. In a
      // cluster, a member with sockets on k nodes pays k tokens a frame on each of them, so that
      // the nodes together grant the budget once.
      bool within_budget =
          state_.console ? server_.member_budget.try_take(
                               "staff:" + std::to_string(state_.staff_id), seconds_now(),
                               double(hub().nodes_holding(state_.staff_id)))
          : state_.authenticated()
              ? server_.member_budget.try_take(std::to_string(state_.user_id), seconds_now(),
                                               double(hub().nodes_holding(state_.user_id)))
              : server_.guest_budget.try_take(state_.remote_ip, seconds_now(),
                                              double(nodes_holding_address()));
      if (!within_budget) {
        enqueue(
            std::make_shared<const std::string>(protocol::refusal(prepared, errc::rate_limited)));
        continue;
      }
      std::vector<std::string> replies;
      const auto& answer = state_.console ? server_.handlers.console_frame : server_.handlers.frame;
      if (prepared.runs_on_network()) {
        replies = answer(state_, std::move(prepared));
      } else {
        auto route = [this, &answer, prepared = std::move(prepared)]() mutable {
          return answer(state_, std::move(prepared));
        };
        replies = co_await on_worker<std::vector<std::string>>(server_.workers, std::move(route));
      }
      for (auto& reply : replies) {
        enqueue(std::make_shared<const std::string>(std::move(reply)));
      }
      session_expires_at_ = state_.session_expires_at;
    }
  }

  static bus::Frame error_frame(std::string_view code) {
    auto reply = protocol::reply_error(code);
    reply["module"] = "error";
    return std::make_shared<const std::string>(protocol::serialize(reply));
  }

  // Started by enqueue() when the queue stops being empty; runs until it is empty again. A
  // completion handler rather than a coroutine: a socket's burst is mostly one frame, and a
  // coroutine per burst (its frame, the post that starts it, the awaitable's machinery) cost more
  // than the frame's own write in the chat load's profile.
  void write_next() {
    if (queue_.empty() || closed_ || closing_) {
      writing_ = false;
      if (close_after_write_ && !closed_) close_now(*close_after_write_);
      return;
    }
    // Taken off the queue before writing, so that close_now() may drop the rest meanwhile.
    bus::Frame frame = std::move(queue_.front());
    queue_.pop_front();
    queued_bytes_ -= frame->size();
    ws_.text(true);
    write_started_.store(std::chrono::steady_clock::now(), std::memory_order_relaxed);
    auto bytes = asio::buffer(*frame);  // before `frame` moves into the handler that keeps it
    ws_.async_write(bytes, [self = shared_from_this(), frame = std::move(frame)](
                               const boost::system::error_code& ec, size_t) {
      self->write_started_.store({}, std::memory_order_relaxed);
      if (ec) {
        // The connection is broken: nothing more is written, and cutting it ends the reader too.
        self->writing_ = false;
        self->cut();
        return;
      }
      self->write_next();
    });
  }

  void enqueue(const bus::Frame& frame) {
    if (closed_ || closing_ || close_after_write_) return;
    // A client that stops reading must not make the server's memory grow (brief §4).
    if (queue_.size() >= kMaxQueuedFrames || queued_bytes_ + frame->size() > kMaxQueuedBytes) {
      close_slow_reader("its queue is full");
      return;
    }
    queue_.push_back(frame);
    queued_bytes_ += frame->size();
    if (writing_) return;
    writing_ = true;
    write_next();
  }

  // A peer that stopped reading (1008); what it held is given back to the system once it is gone.
  void close_slow_reader(std::string_view why) {
    spdlog::warn("closing a socket of user {} that stopped reading: {}", state_.user_id, why);
    overflowed_ = true;
    close_now(static_cast<uint16_t>(websocket::close_code::policy_error));
  }

  // Starts the close handshake and guarantees an end: a peer that does not read cannot take the
  // close frame (it waits behind a write that never completes), so after kCloseGrace the TCP
  // connection is cut and everything the socket held is released.
  void close_now(uint16_t code) {
    if (closing_ || closed_) return;
    closing_ = true;
    hub().detach(this);
    // Frames not yet written are no use to a socket that is going away.
    queue_.clear();
    queued_bytes_ = 0;
    start_teardown();
    asio::co_spawn(
        ws_.get_executor(),
        [self = shared_from_this(), code]() -> asio::awaitable<void> {
          auto [ec] = co_await self->ws_.async_close(websocket::close_reason(code), kNoThrow);
          if (ec) self->cut();
        },
        asio::detached);
  }

  // close_now() once the frames queued so far are written; nothing queued after this is. The
  // teardown starts now, so a peer that does not read still ends within kCloseGrace.
  void close_after_queue(uint16_t code) {
    if (closing_ || closed_ || close_after_write_) return;
    if (!writing_) return close_now(code);
    hub().detach(this);
    close_after_write_ = code;
    start_teardown();
  }

  void start_teardown() {
    if (teardown_) return;
    teardown_ = std::make_unique<asio::steady_timer>(ws_.get_executor(), kCloseGrace);
    teardown_->async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
      if (!ec && !self->closed_) self->cut();
    });
  }

  // Ends the TCP connection at once. Lingering off makes it a reset, so the kernel drops what is
  // still unsent instead of holding it for a peer that does not read.
  void cut() {
    auto& socket = beast::get_lowest_layer(ws_);
    boost::system::error_code ignored;
    socket.set_option(asio::socket_base::linger(true, 0), ignored);
    socket.close(ignored);
  }

  bus::Hub& hub() const { return state_.console ? server_.app.console_hub : server_.app.hub; }
  // Whether this node is one of a cluster (app/cluster.cpp named it).
  bool clustered() const { return !server_.app.node_id.empty(); }
  // The nodes holding a socket of this socket's address (1 outside a cluster).
  int64_t nodes_holding_address() const {
    return clustered() ? server_.app.address_hub.nodes_holding(bus::address_key(state_.remote_ip))
                       : 1;
  }

  Server::Impl& server_;
  websocket::stream<tcp::socket> ws_;
  // Written on the strand, read by the idle sweep on any network thread.
  std::atomic<std::chrono::steady_clock::time_point> last_inbound_;
  std::list<WebSocketSession*>::iterator registration_;  // in server_.sockets while serving
  // Written on the strand, read by the idle sweep.
  std::atomic<int64_t> session_expires_at_{0};
  // When the write in progress began, or zero while none is; written on the strand, read by the
  // idle sweep.
  std::atomic<std::chrono::steady_clock::time_point> write_started_{};
  std::unique_ptr<asio::steady_timer> teardown_;  // only while closing
  app::ConnectionState state_;
  std::list<bus::Frame> queue_;  // unlike std::deque, allocates nothing while empty
  size_t queued_bytes_ = 0;
  bool writing_ = false;  // write_next() has a write in progress
  bool closing_ = false;
  std::optional<uint16_t> close_after_write_;  // a close waiting for the queue to be written
  bool closed_ = false;
  bool overflowed_ = false;
};

bool Server::Impl::admit_address(const std::string& address) {
  std::lock_guard lock(addresses_mutex);
  size_t& open = sockets_per_address[address];
  if (open >= app.config.max_sockets_per_ip) {
    if (open == 0) sockets_per_address.erase(address);
    return false;
  }
  ++open;
  return true;
}

void Server::Impl::release_address(const std::string& address) {
  std::lock_guard lock(addresses_mutex);
  auto it = sockets_per_address.find(address);
  if (it == sockets_per_address.end()) return;
  if (--it->second == 0) sockets_per_address.erase(it);
}

asio::awaitable<void> Server::Impl::refuse_upgrade(beast::tcp_stream& stream, unsigned version,
                                                   http::status status, std::string_view code) {
  http::response<http::string_body> response{status, version};
  response.set(http::field::content_type, "application/json");
  response.body() = error_body(code);
  secure(response);
  response.keep_alive(false);
  response.prepare_payload();
  co_await http::async_write(stream, response, kNoThrow);
}

asio::awaitable<void> Server::Impl::accept_loop() {
  for (;;) {
    auto [ec, socket] = co_await acceptor.async_accept(asio::make_strand(ioc), kNoThrow);
    if (ec) {
      if (ec == asio::error::operation_aborted || !acceptor.is_open()) co_return;
      spdlog::warn("accept failed: {}", ec.message());
      continue;
    }
    auto executor = socket.get_executor();
    asio::co_spawn(executor, serve_http(std::move(socket)), asio::detached);
  }
}

namespace {

std::string client_of(const std::string& peer, const std::vector<std::string>& trusted_proxies,
                      const http::request<http::string_body>& request) {
  if (trusted_proxies.empty()) return peer;
  std::vector<std::string_view> lines;
  for (auto [line, end] = request.equal_range("X-Forwarded-For"); line != end; ++line) {
    lines.push_back(line->value());
  }
  return protocol::client_address(peer, trusted_proxies, lines);
}

bool is_static_candidate(const http::request<http::string_body>& request) {
  return request.method() == http::verb::get || request.method() == http::verb::head;
}

// A file of the build as the response's content: the encoding the request accepts, as the build
// compressed it (nothing is compressed here), with its length. A 200 carries the encoding's entity
// tag, and becomes a 304 when the request already holds that encoding (If-None-Match).
void put_file(http::response<http::string_body>& response, const StaticFile& file,
              const http::request<http::string_body>& request) {
  auto [coding, representation] = file.choose(request[http::field::accept_encoding]);
  if (file.negotiated) {
    // After what the page itself varies on (the language's page: Cookie, Accept-Language).
    std::string vary(response[http::field::vary]);
    response.set(http::field::vary, vary.empty() ? "Accept-Encoding" : vary + ", Accept-Encoding");
  }
  if (response.result() == http::status::ok) {
    response.set(http::field::etag, representation.etag);
    if (domain::if_none_match_holds(request[http::field::if_none_match], representation.etag)) {
      // RFC 9110 §15.4.5: the validators and caching fields of the 200, no content, and no
      // Content-Length (it would have to be the 200's).
      response.result(http::status::not_modified);
      response.erase(http::field::content_type);
      response.body().clear();
      return;
    }
  }
  if (coding != domain::ContentCoding::identity) {
    response.set(http::field::content_encoding, domain::coding_name(coding));
  }
  if (request.method() == http::verb::get) response.body() = *representation.body;
  response.content_length(representation.body->size());
}

}  // namespace

http::response<http::string_body> Server::Impl::make_response(
    const protocol::HttpResponse& plain, const http::request<http::string_body>& request) {
  http::response<http::string_body> response{static_cast<http::status>(plain.status),
                                             request.version()};
  const StaticFile* page = nullptr;
  bool personal_page = false;
  if (plain.serve_index) {
    // The member app's page in the visitor's language (the language cookie, then
    // Accept-Language, then Hebrew; / and /register get theirs with the first screen pre-rendered),
    // or another page of the build (the console's console.html).
    if (plain.serve_page.empty()) {
      std::string_view target = request.target();
      auto language = domain::page_language(
          protocol::cookie_value(request[http::field::cookie], kLanguageCookie),
          request[http::field::accept_language]);
      auto kind = domain::page_kind(target.substr(0, target.find('?')));
      auto file = domain::index_page_file(language, kind);
      // A build without register or explore pages (an older one) serves the app's page, which
      // draws every route; files.page would answer with the landing.
      if ((kind == domain::PageKind::registration || kind == domain::PageKind::explore) &&
          !files.find(file)) {
        kind = domain::PageKind::app;
        file = domain::index_page_file(language, kind);
      }
      page = files.page(file);
      response.set(http::field::vary, "Cookie, Accept-Language");
      if (page && kind == domain::PageKind::explore && plain.explore_screen) {
        // The member's own cards: drawn for this response and never stored by a shared cache.
        // The build's compressed copies are of the page without them, so this one is compressed
        // here, in the coding the request accepts.
        std::string body = pages::render_explore_page(*page->identity.body, *plain.explore_screen);
        auto coding = domain::choose_content_coding(request[http::field::accept_encoding],
                                                    {.gzip = true, .br = true});
        auto compressed = compress_for_response(body, coding);
        if (compressed && coding != domain::ContentCoding::identity) {
          response.set(http::field::content_encoding, domain::coding_name(coding));
          response.body() = std::move(*compressed);
        } else {
          response.body() = std::move(body);
        }
        response.set(http::field::vary, "Cookie, Accept-Language, Accept-Encoding");
        response.set(http::field::cache_control, "private, no-cache");
        page = nullptr;
        personal_page = true;
      }
    } else {
      page = files.find(plain.serve_page);
    }
    response.set(http::field::content_type, "text/html; charset=utf-8");
    if (!personal_page) response.set(http::field::cache_control, "no-cache");
    if (!page && !personal_page) response.body() = "Kesher: the web client is not built.";
  } else {
    response.set(http::field::content_type, plain.content_type);
    response.body() = plain.body;
  }
  secure(response);
  // A response may replace a security header (the sandbox checkout may be framed by the site
  // itself); an empty value removes it.
  for (const auto& [name, value] : plain.headers) {
    if (is_security_header(name)) {
      if (value.empty()) {
        response.erase(name);
      } else {
        response.set(name, value);
      }
    } else {
      response.insert(name, value);
    }
  }
  response.keep_alive(request.keep_alive());
  if (page) {
    put_file(response, *page, request);
  } else {
    response.prepare_payload();
    if (request.method() == http::verb::head) response.body().clear();
  }
  return response;
}

asio::awaitable<void> Server::Impl::serve_http(tcp::socket socket) {
  http_connections.fetch_add(1, std::memory_order_relaxed);
  struct Leave {
    std::atomic<int>& count;
    ~Leave() { count.fetch_sub(1, std::memory_order_relaxed); }
  } leave{http_connections};
  boost::system::error_code endpoint_error;
  std::string peer_ip = socket.remote_endpoint(endpoint_error).address().to_string();
  beast::tcp_stream stream(std::move(socket));
  beast::flat_buffer buffer;
  for (;;) {
    http::request_parser<http::string_body> parser;
    // Beast checks a Content-Length against the limit as the header arrives, before the route is
    // known: the largest limit first, the route's own once the header is in.
    parser.body_limit(std::max(protocol::kMaxJsonBody, app.config.max_upload_bytes));
    parser.header_limit(16 * 1024);
    stream.expires_after(kHttpTimeout);
    auto [ec, bytes] = co_await http::async_read_header(stream, buffer, parser, kNoThrow);
    if (!ec && !parser.is_done()) {
      const auto& header = parser.get();
      std::string_view target = header.target();
      size_t limit =
          handlers.body_limit(header.method_string(), target.substr(0, target.find('?')));
      parser.body_limit(limit);
      if (parser.content_length() && *parser.content_length() > limit) ec = http::error::body_limit;
      if (limit > protocol::kMaxJsonBody) stream.expires_after(kLargeBodyTimeout);
      if (!ec && beast::iequals(header[http::field::expect], "100-continue")) {
        // curl and other HTTP clients wait for this before they send a large body.
        http::response<http::empty_body> go_on{http::status::continue_, header.version()};
        auto [continue_error, sent] = co_await http::async_write(stream, go_on, kNoThrow);
        if (continue_error) break;
      }
      if (!ec) std::tie(ec, bytes) = co_await http::async_read(stream, buffer, parser, kNoThrow);
    }
    if (ec == http::error::body_limit) {
      http::response<http::string_body> response{http::status::payload_too_large, 11};
      response.set(http::field::content_type, "application/json");
      response.body() = error_body(errc::payload_too_large);
      secure(response);
      response.keep_alive(false);
      response.prepare_payload();
      co_await http::async_write(stream, response, kNoThrow);
      break;
    }
    if (ec) break;
    http::request<http::string_body> request = parser.release();
    // Behind a proxy of ours, each request may come from another client (protocol/forwarded.hpp).
    std::string remote_ip = client_of(peer_ip, app.config.trusted_proxies, request);

    if (websocket::is_upgrade(request)) {
      bool console = request.target() == "/console/ws";
      if (request.target() != "/ws" && !console) break;
      std::string origin(request[http::field::origin]);
      if (!app.origin_allowed(origin)) {
        co_await refuse_upgrade(stream, request.version(), http::status::forbidden,
                                errc::origin_forbidden);
        break;
      }
      if (!admit_address(remote_ip)) {
        co_await refuse_upgrade(stream, request.version(), http::status::too_many_requests,
                                errc::too_many_sockets);
        break;
      }
      // From here the address is counted; the session (or the refusal below) releases it.
      app::ConnectionState state;
      state.remote_ip = remote_ip;
      state.geo_language = std::string(domain::language_code(
          domain::language_from_accept(request[http::field::accept_language])));
      state.language = state.geo_language;
      state.console = console;
      // Each socket reads its own cookie only: a member's session opens nothing on the console's
      // socket, and the staff cookie (Path=/console) never reaches /ws.
      auto authenticate =
          [this, state = std::move(state),
           cookie = protocol::cookie_value(request[http::field::cookie],
                                           console ? "staff_session" : "session")]() mutable {
            try {
              if (state.console) {
                handlers.console_authenticate(state, cookie);
              } else {
                handlers.authenticate(state, cookie);
              }
            } catch (const std::exception& e) {
              spdlog::error("session lookup failed: {}", e.what());
              state.user_id = 0;  // a guest, like a socket without a session
              state.staff_id = 0;
              state.session_hash.clear();
              state.session_expires_at = 0;
            }
            return std::move(state);
          };
      state = co_await on_worker<app::ConnectionState>(workers, std::move(authenticate));
      if (console && state.staff_id == 0) {
        release_address(remote_ip);
        co_await refuse_upgrade(stream, request.version(), http::status::unauthorized,
                                errc::not_authenticated);
        break;
      }
      if ((console &&
           app.console_hub.sockets_of(state.staff_id) >= app.config.max_sockets_per_member) ||
          (state.authenticated() &&
           app.hub.sockets_of(state.user_id) >= app.config.max_sockets_per_member)) {
        release_address(remote_ip);
        co_await refuse_upgrade(stream, request.version(), http::status::too_many_requests,
                                errc::too_many_sockets);
        break;
      }
      auto session =
          std::make_shared<WebSocketSession>(*this, stream.release_socket(), std::move(state));
      session->start(std::move(request));
      co_return;
    }

    http::response<http::string_body> response;
    std::string_view path = request.target().substr(0, request.target().find('?'));
    const StaticFile* file = is_static_candidate(request) ? files.find(path) : nullptr;
    if (file) {
      response = http::response<http::string_body>{http::status::ok, request.version()};
      response.set(http::field::content_type, file->content_type);
      response.set(http::field::cache_control, file->cache_control);
      put_file(response, *file, request);
      secure(response);
      response.keep_alive(request.keep_alive());
    } else if (path == "/healthz") {
      protocol::HttpResponse health{200, "application/json", R"({"status":"ok"})", {}, false};
      response = make_response(health, request);
    } else {
      protocol::HttpRequest plain = to_plain_request(request, remote_ip);
      protocol::HttpResponse answer;
      switch (handlers.lane(plain)) {
        case protocol::HttpLane::password:
          answer = co_await answer_on(password_lane, std::move(plain));
          break;
        case protocol::HttpLane::media:
          answer = co_await answer_on(media_lane, std::move(plain));
          break;
        case protocol::HttpLane::worker: {
          auto handle = [this, plain = std::move(plain)] { return handlers.http(plain); };
          answer = co_await on_worker<protocol::HttpResponse>(workers, std::move(handle));
          break;
        }
      }
      response = make_response(answer, request);
    }
    auto [write_error, written] = co_await http::async_write(stream, response, kNoThrow);
    if (write_error || !response.keep_alive()) break;
  }
  boost::system::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
}

asio::awaitable<protocol::HttpResponse> Server::Impl::answer_on(BoundedLane& lane,
                                                                protocol::HttpRequest request) {
  if (lane.jobs.fetch_add(1) >= lane.max_jobs) {
    lane.jobs.fetch_sub(1);
    co_return busy_response();
  }
  auto admit = [this, request = std::move(request)]() mutable {
    auto refusal = handlers.admit(request);
    return std::make_pair(std::move(refusal), std::move(request));
  };
  auto [refusal, admitted] =
      co_await on_worker<std::pair<std::optional<protocol::HttpResponse>, protocol::HttpRequest>>(
          workers, std::move(admit));
  if (refusal) {
    lane.jobs.fetch_sub(1);
    co_return std::move(*refusal);
  }
  request = std::move(admitted);
  auto handle = [this, &lane, request = std::move(request)] {
    if (lane.low_priority) lower_this_threads_priority(background_idle);
    auto answer = handlers.http(request);
    lane.jobs.fetch_sub(1);
    return answer;
  };
  co_return co_await on_worker<protocol::HttpResponse>(lane.pool, std::move(handle));
}

Server::Server(app::Context& app, WorkerPool& workers, const protocol::ModuleTable& modules,
               const protocol::ModuleTable& console_modules, Handlers handlers,
               const StaticFiles& files)
    : impl_(std::make_unique<Impl>(app, workers, modules, console_modules, std::move(handlers),
                                   files)) {}

Server::~Server() = default;

uint16_t Server::listen(const std::string& host, uint16_t port) {
  tcp::endpoint endpoint{asio::ip::make_address(host), port};
  impl_->acceptor.open(endpoint.protocol());
  impl_->acceptor.set_option(asio::socket_base::reuse_address(true));
  impl_->acceptor.bind(endpoint);
  impl_->acceptor.listen(asio::socket_base::max_listen_connections);
  return impl_->acceptor.local_endpoint().port();
}

asio::awaitable<void> Server::Impl::jobs_loop() {
  asio::steady_timer timer(co_await asio::this_coro::executor);
  auto running = std::make_shared<std::atomic<bool>>(false);
  for (;;) {
    timer.expires_after(1s);
    auto [ec] = co_await timer.async_wait(kNoThrow);
    if (ec || !acceptor.is_open()) co_return;
    // One run at a time: a slow run is skipped over, not queued up.
    if (running->exchange(true)) continue;
    asio::post(workers, [this, running] {
      handlers.jobs();
      *running = false;
    });
  }
}

// Closes the sockets that sent nothing for the idle timeout (4002), and those whose write has
// waited for the write-stall limit (1008). Checking four times per limit, and at least once a
// second, closes such a socket between 1 and 1.25 times its limit.
asio::awaitable<void> Server::Impl::idle_sweep_loop() {
  const std::chrono::steady_clock::duration limit =
      std::chrono::seconds(app.config.ws_idle_timeout_seconds);
  const std::chrono::steady_clock::duration write_stall =
      std::chrono::seconds(app.config.ws_write_stall_seconds);
  asio::steady_timer timer(co_await asio::this_coro::executor);
  std::vector<std::shared_ptr<WebSocketSession>> silent;
  std::vector<std::shared_ptr<WebSocketSession>> expired;
  std::vector<std::shared_ptr<WebSocketSession>> stalled;
  for (;;) {
    timer.expires_after(
        std::min<std::chrono::steady_clock::duration>({1s, limit / 4, write_stall / 4}));
    auto [ec] = co_await timer.async_wait(kNoThrow);
    if (ec || !acceptor.is_open()) co_return;
    auto checked_at = std::chrono::steady_clock::now();
    auto since = checked_at - limit;
    auto stalled_since = checked_at - write_stall;
    int64_t now = app.now();
    {
      std::lock_guard lock(sockets_mutex);
      for (WebSocketSession* socket : sockets) {
        // A registered session is alive: it leaves the list before its last owner lets go.
        if (socket->silent_since(since)) silent.push_back(socket->shared_from_this());
        if (socket->session_expired(now)) expired.push_back(socket->shared_from_this());
        if (socket->write_stalled_since(stalled_since)) {
          stalled.push_back(socket->shared_from_this());
        }
      }
    }
    for (auto& socket : stalled) socket->close_if_write_stalled(write_stall);
    for (auto& socket : silent) socket->close_if_idle(limit);
    for (auto& socket : expired) socket->close(bus::kCloseLoggedOut);
    silent.clear();
    expired.clear();
    stalled.clear();
    if (trim_pending.exchange(false)) malloc_trim(0);
    member_budget.prune(seconds_now());
    guest_budget.prune(seconds_now());
  }
}

bool Server::Impl::quiet() {
  std::lock_guard lock(sockets_mutex);
  return sockets.empty() && http_connections.load(std::memory_order_relaxed) == 0;
}

// Gives close frames and answers in flight a moment to leave before the loop stops: at most
// kStopGrace, and no longer than it takes the last socket and HTTP connection to end (a fixed wait
// cost every stop the whole grace).
asio::awaitable<void> Server::Impl::stop_when_quiet() {
  asio::steady_timer timer(co_await asio::this_coro::executor);
  auto deadline = std::chrono::steady_clock::now() + kStopGrace;
  while (!quiet() && std::chrono::steady_clock::now() < deadline) {
    timer.expires_after(10ms);
    co_await timer.async_wait(kNoThrow);
  }
  ioc.stop();
}

void Server::run() {
  auto& impl = *impl_;
  asio::co_spawn(impl.ioc, impl.accept_loop(), asio::detached);
  asio::co_spawn(impl.ioc, impl.jobs_loop(), asio::detached);
  asio::co_spawn(impl.ioc, impl.idle_sweep_loop(), asio::detached);
  asio::signal_set signals(impl.ioc, SIGINT, SIGTERM);
  signals.async_wait([&impl](const boost::system::error_code& ec, int signal) {
    if (ec) return;
    spdlog::info("signal {}: closing sockets and stopping", signal);
    boost::system::error_code ignored;
    impl.acceptor.close(ignored);
    impl.app.hub.close_all(bus::kCloseGoingAway);
    impl.app.console_hub.close_all(bus::kCloseGoingAway);
    asio::co_spawn(impl.ioc, impl.stop_when_quiet(), asio::detached);
  });
  std::vector<std::thread> threads;
  for (int i = 1; i < impl.app.config.network_threads; ++i) {
    threads.emplace_back([&impl] { impl.ioc.run(); });
    pthread_setname_np(threads.back().native_handle(), "kesher-net");
  }
  impl.ioc.run();
  for (auto& thread : threads) thread.join();
  // Sends still waiting for their commit are written and answered while the workers, the hub and
  // the rest of the context are alive; nothing calls back into the server after this.
  impl.app.db->flush();
  impl.password_lane.pool.join();
  impl.media_lane.pool.join();
  // The pool is main's, but the work in it may still hold sockets, which call back into the
  // server when they go: it must have run before the server is destroyed.
  impl.workers.join();
  std::lock_guard lock(impl.sockets_mutex);
  for (WebSocketSession* socket : impl.sockets) socket->release_self();
}

}  // namespace kesher::net
