// hiredis's asynchronous context, with Asio as its event loop: hiredis owns the socket and says
// when it wants to read or write (the ev hooks); a posix::stream_descriptor over the same file
// descriptor waits for readiness and calls redisAsyncHandleRead/Write. Everything runs on the
// link's one thread, so hiredis (which is not thread-safe) is never entered from two at once, and
// no network or worker thread ever waits on Redis unless it asks to (bus::RedisLink::command is
// a post).
#include "net/redis_client.hpp"

#include <hiredis/async.h>
#include <hiredis/hiredis.h>
#include <spdlog/spdlog.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <future>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "domain/crypto.hpp"

namespace kesher::net {

namespace asio = boost::asio;

namespace {

constexpr std::chrono::milliseconds kReconnectDelay{500};

bus::RedisReply copy_reply(const redisReply* reply) {
  bus::RedisReply out;
  if (!reply) return bus::RedisReply::error("no reply");
  switch (reply->type) {
    case REDIS_REPLY_INTEGER:
      out.kind = bus::RedisReply::Kind::integer;
      out.integer = reply->integer;
      break;
    case REDIS_REPLY_STRING:
      out.kind = bus::RedisReply::Kind::string;
      out.text.assign(reply->str, reply->len);
      break;
    case REDIS_REPLY_STATUS:
      out.kind = bus::RedisReply::Kind::status;
      out.text.assign(reply->str, reply->len);
      break;
    case REDIS_REPLY_ERROR:
      out.kind = bus::RedisReply::Kind::error;
      out.text.assign(reply->str, reply->len);
      break;
    case REDIS_REPLY_ARRAY:
      out.kind = bus::RedisReply::Kind::array;
      out.elements.reserve(reply->elements);
      for (size_t i = 0; i < reply->elements; ++i) {
        out.elements.push_back(copy_reply(reply->element[i]));
      }
      break;
    default:
      out.kind = bus::RedisReply::Kind::nil;
  }
  return out;
}

// One hiredis connection and the descriptor that watches its socket. Lives on the link's thread.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  using Ready = std::function<void()>;
  using Down = std::function<void()>;

  Connection(asio::io_context& ioc, bus::wire::RedisAddress address, const char* name)
      : ioc_(ioc), address_(std::move(address)), name_(name), descriptor_(ioc) {}

  // Starts connecting; `ready` runs once connected, `down` once the context is gone (a failed
  // connection, a dropped one, or close()).
  void open(Ready ready, Down down) {
    ready_ = std::move(ready);
    down_ = std::move(down);
    context_ = address_.unix_path.empty() ? redisAsyncConnect(address_.host.c_str(), address_.port)
                                          : redisAsyncConnectUnix(address_.unix_path.c_str());
    if (!context_ || context_->err) {
      if (context_) {
        spdlog::debug("redis {}: {}", name_, context_->errstr);
        redisAsyncFree(context_);
        context_ = nullptr;
      }
      asio::post(ioc_, [self = shared_from_this()] { self->down_(); });
      return;
    }
    context_->data = this;
    boost::system::error_code ec;
    descriptor_.assign(context_->c.fd, ec);
    if (ec) {
      redisAsyncFree(context_);  // runs cleanup(), which reports down
      return;
    }
    context_->ev.data = this;
    context_->ev.addRead = [](void* self) { static_cast<Connection*>(self)->want_read(true); };
    context_->ev.delRead = [](void* self) { static_cast<Connection*>(self)->want_read(false); };
    context_->ev.addWrite = [](void* self) { static_cast<Connection*>(self)->want_write(true); };
    context_->ev.delWrite = [](void* self) { static_cast<Connection*>(self)->want_write(false); };
    context_->ev.cleanup = [](void* self) { static_cast<Connection*>(self)->on_cleanup(); };
    redisAsyncSetConnectCallback(context_, [](const redisAsyncContext* c, int status) {
      auto* self = static_cast<Connection*>(c->data);
      if (status == REDIS_OK) {
        self->connected_ = true;
        if (self->ready_) self->ready_();
      } else {
        spdlog::debug("redis {}: cannot connect: {}", self->name_, c->errstr);
      }
    });
    redisAsyncSetDisconnectCallback(context_, [](const redisAsyncContext* c, int status) {
      auto* self = static_cast<Connection*>(c->data);
      if (status != REDIS_OK) spdlog::warn("redis {}: connection lost: {}", self->name_, c->errstr);
    });
  }

  bool usable() const { return context_ != nullptr; }
  bool connected() const { return context_ != nullptr && connected_; }

  // Sends a command; `callback(context, reply, privdata)` as hiredis calls it.
  bool send(const std::vector<std::string>& args, redisCallbackFn* callback, void* privdata) {
    if (!context_) return false;
    std::vector<const char*> argv;
    std::vector<size_t> lengths;
    for (const auto& arg : args) {
      argv.push_back(arg.data());
      lengths.push_back(arg.size());
    }
    return redisAsyncCommandArgv(context_, callback, privdata, static_cast<int>(argv.size()),
                                 argv.data(), lengths.data()) == REDIS_OK;
  }

  // Frees the context: pending callbacks get a null reply, then cleanup() runs.
  void close() {
    if (context_) redisAsyncFree(context_);
  }

 private:
  // One direction of interest (reading or writing): whether hiredis wants it, and whether a wait
  // for it is under way (at most one at a time).
  struct Interest {
    bool wanted = false;
    bool waiting = false;
  };
  using WaitType = asio::posix::stream_descriptor::wait_type;

  void want_read(bool on) { want(read_, asio::posix::stream_descriptor::wait_read, on); }
  void want_write(bool on) { want(write_, asio::posix::stream_descriptor::wait_write, on); }
  void want(Interest& interest, WaitType type, bool on) {
    interest.wanted = on;
    if (on && !interest.waiting) wait(interest, type);
  }
  // Waits for readiness and hands it to hiredis, again while hiredis still wants it (a delRead or
  // delWrite in between ends the loop; cleanup cancels the wait).
  void wait(Interest& interest, WaitType type) {
    interest.waiting = true;
    descriptor_.async_wait(
        type, [self = shared_from_this(), &interest, type](const boost::system::error_code& ec) {
          interest.waiting = false;
          if (ec || !self->context_ || !interest.wanted) return;
          if (type == asio::posix::stream_descriptor::wait_read) {
            redisAsyncHandleRead(self->context_);
          } else {
            redisAsyncHandleWrite(self->context_);
          }
          if (self->context_ && interest.wanted && !interest.waiting) self->wait(interest, type);
        });
  }
  // hiredis is freeing the context (and will close the socket itself): let go of the descriptor
  // without closing it, and say the connection is down, after this call stack unwinds.
  void on_cleanup() {
    context_ = nullptr;
    connected_ = false;
    read_.wanted = write_.wanted = false;
    boost::system::error_code ec;
    descriptor_.cancel(ec);
    (void)descriptor_.release();
    asio::post(ioc_, [self = shared_from_this()] {
      if (self->down_) self->down_();
    });
  }

  asio::io_context& ioc_;
  const bus::wire::RedisAddress address_;
  const char* name_;
  asio::posix::stream_descriptor descriptor_;
  redisAsyncContext* context_ = nullptr;
  bool connected_ = false;
  Interest read_, write_;
  Ready ready_;
  Down down_;
};

class AsioRedisLink final : public bus::RedisLink {
 public:
  explicit AsioRedisLink(bus::wire::RedisAddress address)
      : address_(std::move(address)), work_(asio::make_work_guard(ioc_)) {
    thread_ = std::thread([this] { ioc_.run(); });
  }
  ~AsioRedisLink() override { stop(); }

  void start(std::vector<std::string> channels, Handlers handlers) override {
    asio::post(ioc_, [this, channels = std::move(channels), handlers = std::move(handlers)] {
      channels_ = channels;
      handlers_ = handlers;
      open_commands();
      open_subscriber();
    });
  }

  void command(std::vector<std::string> args, Reply reply) override {
    asio::post(ioc_, [this, args = std::move(args), reply = std::move(reply)]() mutable {
      send_now(std::move(args), std::move(reply));
    });
  }

  void after(std::chrono::milliseconds delay, std::function<void()> work) override {
    auto timer = std::make_shared<asio::steady_timer>(ioc_, delay);
    timer->async_wait([this, timer, work = std::move(work)](const boost::system::error_code& ec) {
      if (!ec && !stopped_) work();
    });
  }

  void stop() override {
    if (!thread_.joinable()) return;
    std::promise<void> closed;
    asio::post(ioc_, [this, &closed] {
      stopped_ = true;
      if (commands_) commands_->close();
      if (subscriber_) subscriber_->close();
      closed.set_value();
    });
    closed.get_future().wait();
    work_.reset();
    ioc_.stop();
    thread_.join();
    // What the closing posted (the connections' last word) runs here and finds the link stopped;
    // the connections go before the io_context that their descriptors belong to.
    ioc_.restart();
    ioc_.poll();
    commands_.reset();
    subscriber_.reset();
  }

 private:
  // A command on its way: the callback for its answer, and for an EVAL sent by its script's digest,
  // the EVAL itself, sent whole should Redis not know the digest.
  struct Pending {
    AsioRedisLink* link;
    Reply reply;
    std::vector<std::string> eval;
  };

  void send_now(std::vector<std::string> args, Reply reply) {
    if (stopped_ || !commands_ || !commands_->usable()) {
      if (reply) reply(bus::RedisReply::error("redis: not connected"));
      return;
    }
    auto pending = std::make_unique<Pending>(Pending{this, std::move(reply), {}});
    std::vector<std::string> by_digest;
    if (args.size() >= 2 && args[0] == "EVAL") {
      std::string& digest = digests_[args[1]];
      if (digest.empty()) digest = domain::sha1_hex(args[1]);
      // A script's first EVAL on a connection teaches Redis the script; after it the digest names
      // it, and Redis runs one connection's commands in order, so none overtakes its script.
      if (!taught_.insert(digest).second) {
        by_digest = {"EVALSHA", digest};
        by_digest.insert(by_digest.end(), args.begin() + 2, args.end());
        pending->eval = std::move(args);
      }
    }
    const auto& sent = pending->eval.empty() ? args : by_digest;
    Pending* in_flight = pending.release();
    if (!commands_->send(sent, &AsioRedisLink::on_command_reply, in_flight)) {
      std::unique_ptr<Pending> refused(in_flight);
      if (refused->reply) refused->reply(bus::RedisReply::error("redis: command refused"));
    }
  }

  static void on_command_reply(redisAsyncContext*, void* raw, void* privdata) {
    std::unique_ptr<Pending> pending(static_cast<Pending*>(privdata));
    auto reply = copy_reply(static_cast<redisReply*>(raw));
    AsioRedisLink& link = *pending->link;
    if (!pending->eval.empty() && reply.unknown_script() && !link.stopped_) {
      // Redis's scripts were flushed: each script's next EVAL teaches it again.
      link.taught_.clear();
      link.send_now(std::move(pending->eval), std::move(pending->reply));
      return;
    }
    if (pending->reply) pending->reply(reply);
  }

  void open_commands() {
    taught_.clear();
    commands_ = std::make_shared<Connection>(ioc_, address_, "commands");
    commands_->open(
        [this] {
          commands_fresh_ = true;
          maybe_connected();
        },
        [this] { reopen_later([this] { open_commands(); }); });
  }

  void open_subscriber() {
    subscribed_ = 0;
    subscriber_ = std::make_shared<Connection>(ioc_, address_, "subscriber");
    subscriber_->open([this] { subscriber_fresh_ = true; },
                      [this] {
                        subscribed_ = 0;
                        reopen_later([this] { open_subscriber(); });
                      });
    std::vector<std::string> args{"SUBSCRIBE"};
    args.insert(args.end(), channels_.begin(), channels_.end());
    subscriber_->send(
        args,
        [](redisAsyncContext*, void* raw, void* privdata) {
          static_cast<AsioRedisLink*>(privdata)->on_subscriber_reply(static_cast<redisReply*>(raw));
        },
        this);
  }

  void on_subscriber_reply(const redisReply* reply) {
    if (stopped_ || !reply || reply->type != REDIS_REPLY_ARRAY || reply->elements != 3) return;
    const redisReply* kind = reply->element[0];
    const redisReply* channel = reply->element[1];
    const redisReply* payload = reply->element[2];
    if (kind->type != REDIS_REPLY_STRING || channel->type != REDIS_REPLY_STRING) return;
    std::string_view what(kind->str, kind->len);
    if (what == "subscribe") {
      if (++subscribed_ == channels_.size()) maybe_connected();
    } else if (what == "message" && payload->type == REDIS_REPLY_STRING) {
      if (handlers_.message) {
        handlers_.message(std::string(channel->str, channel->len),
                          std::string(payload->str, payload->len));
      }
    }
  }

  // Both connections are up and subscribed, and one of them is new: the bus brings Redis in line.
  void maybe_connected() {
    if (stopped_ || !commands_ || !commands_->connected() || subscribed_ != channels_.size()) {
      return;
    }
    if (!commands_fresh_ && !subscriber_fresh_) return;
    commands_fresh_ = subscriber_fresh_ = false;
    spdlog::info("redis: connected");
    if (handlers_.connected) handlers_.connected();
  }

  void reopen_later(std::function<void()> reopen) {
    if (stopped_) return;
    after(kReconnectDelay, std::move(reopen));
  }

  const bus::wire::RedisAddress address_;
  asio::io_context ioc_;
  asio::executor_work_guard<asio::io_context::executor_type> work_;
  std::thread thread_;
  // On the link's thread only:
  std::vector<std::string> channels_;
  Handlers handlers_;
  std::shared_ptr<Connection> commands_;
  std::shared_ptr<Connection> subscriber_;
  size_t subscribed_ = 0;
  bool commands_fresh_ = false;
  bool subscriber_fresh_ = false;
  bool stopped_ = false;
  std::unordered_map<std::string, std::string> digests_;  // a script's text → its SHA-1
  std::unordered_set<std::string> taught_;  // the digests of scripts sent whole on this connection
};

}  // namespace

std::unique_ptr<bus::RedisLink> make_redis_link(const bus::wire::RedisAddress& address) {
  return std::make_unique<AsioRedisLink>(address);
}

}  // namespace kesher::net
