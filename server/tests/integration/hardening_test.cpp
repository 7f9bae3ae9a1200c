// The defects an outside review found (issue 8), each against the real binary: slow readers,
// per-member budgets and socket caps, password-hashing floods, the login throttle, content types,
// HSTS, expired sessions and the logout race.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <future>
#include <iterator>
#include <sstream>
#include <thread>

#include "harness.hpp"

using namespace kesher::test;
using Clock = std::chrono::steady_clock;

namespace {

std::string unique_email(const std::string& tag) {
  static std::atomic<int> counter{0};
  return tag + std::to_string(++counter) + "@example.com";
}

HttpResult post(const ServerProcess& server, const std::string& path, const json::object& body,
                const std::string& cookie = {}) {
  return http_request(server.port(), "POST", path, json::serialize(body),
                      {cookie, server.origin()});
}

// "name=value" of the named cookie set by the response, or empty.
std::string cookie_from(const HttpResult& result, const std::string& name) {
  for (const auto& cookie : result.set_cookies) {
    if (cookie.rfind(name + "=", 0) == 0) return cookie.substr(0, cookie.find(';'));
  }
  return {};
}

double percentile(std::vector<double> values, double p) {
  std::sort(values.begin(), values.end());
  return values[static_cast<size_t>(p * static_cast<double>(values.size() - 1))];
}

// The flood tests sample `configs` every 10 ms, more often than a member's default frame budget
// allows (FrameBudgetIsPerMemberAcrossSockets tests that budget): their servers get a larger one.
const std::vector<std::string> kSamplingFrameBudget{"--frame-rate", "200", "--frame-burst", "200"};

// Round trips of `configs` (a worker-pool module) in milliseconds, 10 ms apart.
std::vector<double> configs_round_trips(WsClient& socket, int count) {
  std::vector<double> millis;
  for (int i = 0; i < count; ++i) {
    auto start = Clock::now();
    auto reply = socket.request("configs", {{"keys", json::array{"site"}}});
    EXPECT_EQ(reply["module"], "configs");
    millis.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    std::this_thread::sleep_for(10ms);  // inside kSamplingFrameBudget
  }
  return millis;
}

}  // namespace

// Defect 1: a socket that stops reading is torn down within a bounded time, whatever its peer
// does, and the server's memory comes back.
TEST(Hardening, SlowReadersAreTornDownAndTheirMemoryReleased) {
  // Its bounds are the Release server's: under ASan the flood takes several times longer to
  // drain, and freed memory waits in ASan's quarantine instead of going back to the system.
  if (server_is_sanitized()) GTEST_SKIP() << "time and memory bounds of the Release build";
  // Whichever comes first cuts a socket: its queue overflowing, or a write waiting
  // --ws-write-stall. When loopback is busy (a parallel shard) the flood can reach the server so
  // slowly that the queue never fills; the stall bound is then what ends it, and at the default
  // 10 s a straggler could outlast the 20 s below (seen once with 50 sockets, 22.7 s).
  ServerProcess server({"--ws-write-stall", "4"});
  constexpr int kSockets = 50;
  constexpr int kMembers = 5;  // ten sockets each, the per-member cap
  std::vector<Member> members;
  for (int i = 0; i < kMembers; ++i)
    members.push_back(register_member(server, unique_email("slow")));
  {
    auto warm = connect_member(server, members[0]);
    ASSERT_EQ(warm->request("session/validate")["request_status"], 1);
    std::vector<uint16_t> warm_port{warm->local_port()};
    warm.reset();
    // Gone on the server's side too, or it would still count against members[0]'s socket cap.
    auto gone_by = Clock::now() + 5s;
    while (server.established_connections(warm_port) > 0 && Clock::now() < gone_by) {
      std::this_thread::sleep_for(20ms);
    }
  }
  int64_t rss_before = server.rss_bytes();

  std::vector<std::unique_ptr<WsClient>> sockets;
  for (int i = 0; i < kSockets; ++i) {
    WsClient::Options options{server.origin(), members[i % kMembers].cookie, {}, 4096};
    auto socket = WsClient::connect(server.port(), options);
    ASSERT_TRUE(socket) << "socket " << i;
    sockets.push_back(std::move(socket));
  }
  std::vector<uint16_t> ports;
  for (auto& socket : sockets) ports.push_back(socket->local_port());
  ASSERT_EQ(server.established_connections(ports), kSockets);
  // Each socket asks for far more than its peer ever reads: every frame gets an answer (a pong or
  // a rate_limited error), and none of them is read.
  std::string frame = R"({"module":"ping"})";
  auto flood_started = Clock::now();
  for (int round = 0; round < 12000; ++round) {
    for (auto& socket : sockets) {
      if (socket->is_open()) socket->send_text(frame);
    }
  }
  int64_t rss_peak = server.rss_bytes();

  // Every one of them is cut: none is left ESTABLISHED on the server's side.
  auto deadline = Clock::now() + 20s;
  while (server.established_connections(ports) > 0 && Clock::now() < deadline) {
    std::this_thread::sleep_for(100ms);
  }
  double seconds = std::chrono::duration<double>(Clock::now() - flood_started).count();
  EXPECT_EQ(server.established_connections(ports), 0) << server.describe_connections(ports);
  std::this_thread::sleep_for(2s);  // the idle sweep returns freed memory within a second
  int64_t rss_after = server.rss_bytes();
  std::printf(
      "[ figures  ] slow readers: %d sockets torn down %.1f s after the flood began; RSS %.1f MB "
      "before, %.1f MB at the peak, %.1f MB after\n",
      kSockets, seconds, rss_before / 1048576.0, rss_peak / 1048576.0, rss_after / 1048576.0);
  EXPECT_LT(rss_after - rss_before, 8 * 1024 * 1024);

  // The server is still there for everybody else.
  auto fresh = connect_member(server, members[1]);
  ASSERT_TRUE(fresh);
  EXPECT_EQ(fresh->request("session/validate")["request_status"], 1);
}

// A peer that reads nothing yet keeps sending a little: its answers fill the kernel's buffers but
// never the server's queue (1,024 frames), so what ends it is the limit on a write that waits.
// (A lossy network does this to the flood above: TCP backs off, and the peer's frames trickle in.)
TEST(Hardening, APeerThatStopsReadingButKeepsSendingIsCutWhenItsWriteStalls) {
  // A limit outside 1 to 600 s is refused at start.
  EXPECT_THROW(ServerProcess({"--ws-write-stall", "0"}), std::runtime_error);
  EXPECT_THROW(ServerProcess({"--ws-write-stall", "ten"}), std::runtime_error);
  ServerProcess server({"--ws-write-stall", "2"});
  auto member = register_member(server, unique_email("stall"));
  WsClient::Options options{server.origin(), member.cookie, {}, 4096};
  auto socket = WsClient::connect(server.port(), options);
  ASSERT_TRUE(socket);
  // The one answer this peer reads: how large each of the others will be.
  auto first = socket->request("configs");
  ASSERT_EQ(first["request_status"], 1);
  size_t answer_bytes = json::serialize(first).size();
  std::vector<uint16_t> port{socket->local_port()};

  // Twenty requests a second: inside the frame budget (30), and after 20 s still far from the
  // queue's limit, while the answers outgrow the kernel's buffers (some 130 KB) within seconds.
  auto started = Clock::now();
  int sent = 0;
  bool cut = false;
  while (Clock::now() - started < 20s) {
    if (socket->is_open()) {
      socket->send_text(R"({"module":"configs"})");
      ++sent;
    }
    if (server.established_connections(port) == 0) {
      cut = true;
      break;
    }
    std::this_thread::sleep_for(50ms);
  }
  double seconds = std::chrono::duration<double>(Clock::now() - started).count();
  std::printf(
      "[ figures  ] a peer that reads nothing, %d requests of %zu-byte answers: cut after "
      "%.1f s\n",
      sent, answer_bytes, seconds);
  EXPECT_TRUE(cut);
  EXPECT_LT(static_cast<size_t>(sent) * answer_bytes, 8u * 1024 * 1024);
  EXPECT_LT(sent, 1024);

  // The member is not shut out: a fresh socket works.
  auto fresh = connect_member(server, member);
  ASSERT_TRUE(fresh);
  EXPECT_EQ(fresh->request("session/validate")["request_status"], 1);
}

// A peer that asked for a little, never read the answers, and stays chatty: its answers fit in
// the kernel's buffers, so no write of the server's ever waits and the sweep sees nothing, and its
// pings keep the idle limit away. The kernel holds the same limit (TCP_USER_TIMEOUT): its window
// stays closed, and the connection ends.
TEST(Hardening, APeerWhoseWindowStaysClosedIsCutThoughNoWriteWaits) {
  ServerProcess server({"--ws-write-stall", "2"});
  auto member = register_member(server, unique_email("window"));
  WsClient::Options options{server.origin(), member.cookie, {}, 4096};
  auto socket = WsClient::connect(server.port(), options);
  ASSERT_TRUE(socket);
  std::vector<uint16_t> port{socket->local_port()};
  // About 15 KB of answers: more than the peer's 4 KiB buffer takes, far less than the server's
  // 128 KiB send buffer holds, so the server's own writes all finish.
  for (int i = 0; i < 10; ++i) socket->send_text(R"({"module":"configs"})");
  auto started = Clock::now();
  bool cut = false;
  int pings = 0;
  while (Clock::now() - started < 15s) {
    if (socket->is_open()) {
      socket->send_text(R"({"module":"ping"})");
      ++pings;
    }
    if (server.established_connections(port) == 0) {
      cut = true;
      break;
    }
    std::this_thread::sleep_for(250ms);
  }
  double seconds = std::chrono::duration<double>(Clock::now() - started).count();
  std::printf("[ figures  ] a peer with its window closed, %d pings in: cut after %.1f s\n", pings,
              seconds);
  EXPECT_TRUE(cut) << server.describe_connections(port);
  EXPECT_LT(seconds, 10.0);
}

// Defect 6: the frame budget belongs to the member, not the socket.
TEST(Hardening, FrameBudgetIsPerMemberAcrossSockets) {
  ServerProcess server;
  auto member = register_member(server, unique_email("budget"));
  std::vector<std::unique_ptr<WsClient>> sockets;
  for (int i = 0; i < 5; ++i) {
    sockets.push_back(connect_member(server, member));
    ASSERT_TRUE(sockets.back());
  }
  auto started = Clock::now();
  for (auto& socket : sockets) {
    for (int i = 0; i < 100; ++i) socket->send_text(R"({"module":"ping"})");
  }
  int pongs = 0, limited = 0;
  for (auto& socket : sockets) {
    while (auto message = socket->receive(1s)) {
      if ((*message)["module"] == "pong") ++pongs;
      if ((*message)["error_code"] == "rate_limited") ++limited;
      if (pongs + limited == 500) break;
    }
  }
  double elapsed = std::chrono::duration<double>(Clock::now() - started).count();
  std::printf("[ figures  ] 5 sockets of one member sent 500 pings: %d processed in %.2f s\n",
              pongs, elapsed);
  EXPECT_EQ(pongs + limited, 500);
  // The burst of 60 plus 30 a second, for the whole member.
  EXPECT_LE(pongs, 60 + static_cast<int>(30 * elapsed) + 1);
  EXPECT_GE(pongs, 60);
}

TEST(Hardening, SocketsPerMemberAndPerAddressAreCapped) {
  ServerProcess server({"--max-sockets-per-member", "3", "--max-sockets-per-ip", "5"});
  auto member = register_member(server, unique_email("cap"));
  std::vector<std::unique_ptr<WsClient>> sockets;
  for (int i = 0; i < 3; ++i) {
    sockets.push_back(connect_member(server, member));
    ASSERT_TRUE(sockets.back());
    ASSERT_EQ(sockets.back()->request("session/validate")["request_status"], 1);
  }
  int status = 0;
  EXPECT_FALSE(WsClient::connect(server.port(), {server.origin(), member.cookie, {}}, &status));
  EXPECT_EQ(status, 429);

  // A guest socket may not sign in as a member who is already at the cap.
  auto guest = WsClient::connect(server.port(), {server.origin(), {}, {}});
  ASSERT_TRUE(guest);
  auto session = member.cookie.substr(member.cookie.find('=') + 1);
  auto refused = guest->request("session/validate", {{"session", session}});
  EXPECT_EQ(refused["error_code"], "too_many_sockets");

  // Two more sockets fill the address's five; the sixth is refused whoever it is.
  auto second_guest = WsClient::connect(server.port(), {server.origin(), {}, {}});
  ASSERT_TRUE(second_guest);
  EXPECT_FALSE(WsClient::connect(server.port(), {server.origin(), {}, {}}, &status));
  EXPECT_EQ(status, 429);

  // Closing one frees its place.
  sockets.pop_back();
  std::this_thread::sleep_for(300ms);
  auto again = connect_member(server, member);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->request("session/validate")["request_status"], 1);
}

// Defect 3: bogus resets cost no hashing, and hashing never holds up socket work.
TEST(Hardening, ResetFloodDoesNotDelaySocketCalls) {
  ServerProcess server(kSamplingFrameBudget);
  auto member = register_member(server, unique_email("flood"));
  auto socket = connect_member(server, member);
  ASSERT_EQ(socket->request("session/validate")["request_status"], 1);
  configs_round_trips(*socket, 20);  // warm up
  double idle_p99 = percentile(configs_round_trips(*socket, 200), 0.99);

  std::atomic<bool> flooding{true};
  std::atomic<int> resets{0};
  std::vector<std::thread> flooders;
  for (int i = 0; i < 40; ++i) {
    flooders.emplace_back([&] {
      while (flooding) {
        auto result = post(server, "/api/auth/reset",
                           {{"token", "made-up-token-" + std::to_string(resets.load())},
                            {"password", "a long enough password"}});
        EXPECT_TRUE(result.status == 400 || result.status == 429) << result.status;
        ++resets;
        // Paced, so that the test's own 40 clients do not take the machine's two cores.
        std::this_thread::sleep_for(10ms);
      }
    });
  }
  std::this_thread::sleep_for(300ms);
  double flood_p99 = percentile(configs_round_trips(*socket, 200), 0.99);
  flooding = false;
  for (auto& thread : flooders) thread.join();
  std::printf(
      "[ figures  ] configs p99: %.2f ms idle, %.2f ms under %d bogus resets from 40 clients\n",
      idle_p99, flood_p99, resets.load());
  // Before the fix: 1 ms idle, 289 ms under the flood. The bound allows for a busy test machine.
  EXPECT_LT(flood_p99, 3 * idle_p99 + 20.0);
}

// Real hashing work from many addresses (so no per-address limit stops it): wrong passwords for
// unknown accounts, each checked against a decoy hash. It runs on the hashing pool, never on the
// workers that answer socket calls.
TEST(Hardening, PasswordHashingFloodDoesNotDelaySocketCalls) {
  ServerProcess server(kSamplingFrameBudget);
  auto member = register_member(server, unique_email("hashing"));
  auto socket = connect_member(server, member);
  ASSERT_EQ(socket->request("session/validate")["request_status"], 1);
  configs_round_trips(*socket, 20);  // warm up
  double idle_p99 = percentile(configs_round_trips(*socket, 150), 0.99);

  std::atomic<bool> flooding{true};
  std::atomic<int> hashed{0}, busy{0};
  std::vector<std::thread> flooders;
  for (int i = 0; i < 24; ++i) {
    flooders.emplace_back([&, i] {
      HttpOptions options{
          {}, server.origin(), "application/json", "127.0.0." + std::to_string(10 + i)};
      for (int n = 0; flooding && n < 20; ++n) {
        std::string email = "nobody" + std::to_string(i) + "-" + std::to_string(n) + "@example.com";
        auto result = http_request(
            server.port(), "POST", "/api/auth/login",
            json::serialize(json::object{{"email", email}, {"password", "a wrong password"}}),
            options);
        if (result.status == 401) ++hashed;
        if (result.status == 503) ++busy;
      }
    });
  }
  std::this_thread::sleep_for(300ms);
  double flood_p99 = percentile(configs_round_trips(*socket, 150), 0.99);
  flooding = false;
  for (auto& thread : flooders) thread.join();
  std::printf(
      "[ figures  ] configs p99: %.2f ms idle, %.2f ms while %d logins were hashed "
      "(%d answered server_busy)\n",
      idle_p99, flood_p99, hashed.load(), busy.load());
  EXPECT_GT(hashed.load(), 24);
  EXPECT_LT(flood_p99, 3 * idle_p99 + 20.0);
}

TEST(Hardening, ResetChecksTheTokenBeforeHashingAndIsThrottledPerAddress) {
  ServerProcess server;
  int too_many = 0;
  for (int i = 0; i < 25; ++i) {
    auto result = post(server, "/api/auth/reset",
                       {{"token", "no-such-token"}, {"password", "a long enough password"}});
    if (result.status == 429) {
      ++too_many;
      EXPECT_EQ(result.json()["error_code"], "too_many_attempts");
    } else {
      EXPECT_EQ(result.json()["error_code"], "invalid_token");
    }
  }
  EXPECT_EQ(too_many, 5);  // 20 attempts per address per 15 minutes
}

TEST(Hardening, RegistrationIsThrottledPerAddressAndTakenAddressesAnswerAtOnce) {
  ServerProcess server({"--register-limit-per-ip", "3"});
  auto first = registration_body(unique_email("reg"));
  EXPECT_EQ(post(server, "/api/auth/register", first).status, 201);
  auto taken = post(server, "/api/auth/register", first);
  EXPECT_EQ(taken.status, 409);
  EXPECT_EQ(taken.json()["error_code"], "email_taken");
  EXPECT_EQ(post(server, "/api/auth/register", registration_body(unique_email("reg"))).status, 201);
  auto fourth = post(server, "/api/auth/register", registration_body(unique_email("reg")));
  EXPECT_EQ(fourth.status, 429);
  EXPECT_EQ(fourth.json()["error_code"], "too_many_attempts");
  EXPECT_GT(fourth.json()["retry_after"].as_int64(), 0);
}

// Defect 4: the check and the count are one step, so parallel guesses cannot overshoot.
TEST(Hardening, ParallelWrongLoginsNeverOvershootTheLimit) {
  ServerProcess server;
  auto member = register_member(server, unique_email("parallel"));
  std::vector<std::future<int>> attempts;
  for (int i = 0; i < 20; ++i) {
    attempts.push_back(std::async(std::launch::async, [&] {
      return post(server, "/api/auth/login",
                  {{"email", member.email}, {"password", "wrong password"}})
          .status;
    }));
  }
  int let_through = 0, refused = 0;
  for (auto& attempt : attempts) {
    int status = attempt.get();
    if (status == 401) ++let_through;
    if (status == 429) ++refused;
  }
  std::printf("[ figures  ] 20 parallel wrong logins: %d let through, %d refused\n", let_through,
              refused);
  EXPECT_EQ(let_through, 5);
  EXPECT_EQ(refused, 15);
}

// The lockout a stranger causes does not keep the owner out: from a browser that signed in
// before, or through the reset mail.
TEST(Hardening, StrangersCannotLockTheOwnerOut) {
  ServerProcess server;
  auto member = register_member(server, unique_email("owner"));
  auto first_login =
      post(server, "/api/auth/login", {{"email", member.email}, {"password", member.password}});
  ASSERT_EQ(first_login.status, 200);
  std::string device = cookie_from(first_login, "device");
  ASSERT_FALSE(device.empty());
  for (int i = 0; i < 8; ++i) {
    post(server, "/api/auth/login", {{"email", member.email}, {"password", "a stranger's guess"}});
  }
  auto stranger =
      post(server, "/api/auth/login", {{"email", member.email}, {"password", member.password}});
  EXPECT_EQ(stranger.status, 429);  // an unknown browser, even with the right password
  auto owner = post(server, "/api/auth/login",
                    {{"email", member.email}, {"password", member.password}}, device);
  EXPECT_EQ(owner.status, 200) << owner.body;

  // A forged or foreign device cookie is just an unknown browser.
  auto forged =
      post(server, "/api/auth/login", {{"email", member.email}, {"password", member.password}},
           "device=made-up-device-token");
  EXPECT_EQ(forged.status, 429);

  // A device has its own budget: wrong guesses from it lock only it.
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(post(server, "/api/auth/login", {{"email", member.email}, {"password", "owner typo"}},
                   device)
                  .status,
              401);
  }
  EXPECT_EQ(post(server, "/api/auth/login",
                 {{"email", member.email}, {"password", member.password}}, device)
                .status,
            429);

  // Through the mail: the reset lifts the lock and trusts the browser that used the link.
  ASSERT_EQ(post(server, "/api/auth/recover", {{"email", member.email}}).status, 200);
  std::string token = newest_mail_link(server, "/recover/");
  ASSERT_FALSE(token.empty());
  auto reset = post(server, "/api/auth/reset", {{"token", token}, {"password", "a fresh secret"}});
  ASSERT_EQ(reset.status, 200) << reset.body;
  std::string new_device = cookie_from(reset, "device");
  ASSERT_FALSE(new_device.empty());
  EXPECT_EQ(post(server, "/api/auth/login",
                 {{"email", member.email}, {"password", "a fresh secret"}}, new_device)
                .status,
            200);
  // The old device cookie was retired with the old password.
  auto old_device = post(server, "/api/auth/login",
                         {{"email", member.email}, {"password", "a fresh secret"}}, device);
  EXPECT_NE(cookie_from(old_device, "device"), "");  // treated as unknown: a new one is issued
}

TEST(Hardening, ApiRequiresJsonBodies) {
  ServerProcess server;
  auto body = json::serialize(registration_body(unique_email("ctype")));
  for (std::string type : {"text/plain", "application/x-www-form-urlencoded",
                           "multipart/form-data; boundary=x", "application/jsonp"}) {
    HttpOptions options{{}, server.origin(), type};
    auto result = http_request(server.port(), "POST", "/api/auth/register", body, options);
    EXPECT_EQ(result.status, 415) << type;
    EXPECT_EQ(result.json()["error_code"], "unsupported_media_type") << type;
  }
  HttpOptions json_charset{{}, server.origin(), "Application/JSON; charset=utf-8"};
  EXPECT_EQ(http_request(server.port(), "POST", "/api/auth/register", body, json_charset).status,
            201);
  // A body-less logout is refused too: a cross-site form must not sign anybody out.
  EXPECT_EQ(
      http_request(server.port(), "POST", "/api/auth/logout", {}, {{}, server.origin()}).status,
      415);
}

TEST(Hardening, HstsOnlyWhenTheOriginIsHttps) {
  ServerProcess plain;
  EXPECT_EQ(
      http_request(plain.port(), "GET", "/healthz").headers.count("strict-transport-security"), 0u);
  ServerProcess https({"--origin", "https://kesher.example"});
  for (std::string target : {"/healthz", "/", "/no-such-page"}) {
    auto result = http_request(https.port(), "GET", target);
    EXPECT_EQ(result.headers["strict-transport-security"], "max-age=31536000; includeSubDomains")
        << target;
  }
}

TEST(Hardening, AnOpenSocketIsClosedWhenItsSessionExpires) {
  ServerProcess server({"--session-ttl", "3"});
  auto member = register_member(server, unique_email("expiry"));
  auto socket = connect_member(server, member);
  ASSERT_EQ(socket->request("session/validate")["request_status"], 1);
  auto started = Clock::now();
  // The socket stays busy, so it is the expiry, not the idle timeout, that ends it.
  int code = -1;
  while (code == -1 && Clock::now() - started < 10s) {
    socket->send_text(R"({"module":"ping"})");
    code = socket->wait_closed(500ms);
  }
  EXPECT_EQ(code, 4001);
  EXPECT_GE(Clock::now() - started, 1s);
  auto again = connect_member(server, member);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->request("session/validate")["request_status"], 0);
}

// Defect 7: a logout that lands while a socket is being set up still ends that socket.
TEST(Hardening, LogoutDuringTheUpgradeLeavesNoAuthenticatedSocket) {
  ServerProcess server;
  for (int round = 0; round < 30; ++round) {
    auto member = register_member(server, unique_email("race"));
    auto socket_future = std::async(std::launch::async, [&] {
      return WsClient::connect(server.port(), {server.origin(), member.cookie, {}});
    });
    auto logout = post(server, "/api/auth/logout", {}, member.cookie);
    ASSERT_EQ(logout.status, 200);
    auto socket = socket_future.get();
    if (!socket) continue;
    // Whatever the order, the socket is closed or no longer signed in as the member.
    auto reply = socket->request("totals");
    if (!socket->is_open()) continue;
    EXPECT_EQ(reply["error_code"], "not_authenticated") << "round " << round;
  }
}

namespace {

struct ThreadScheduling {
  int policy = -1;  // SCHED_OTHER 0, SCHED_BATCH 3, SCHED_IDLE 5
  int nice = 0;
};

// Every thread of the server as the kernel schedules it (/proc/<pid>/task/<tid>/stat: the nice
// value is field 19, the policy field 41; the name in field 2 may hold spaces, so count from ')').
std::vector<ThreadScheduling> server_threads(const ServerProcess& server) {
  std::vector<ThreadScheduling> threads;
  auto tasks = std::filesystem::path("/proc") / std::to_string(server.pid()) / "task";
  for (const auto& task : std::filesystem::directory_iterator(tasks)) {
    std::ifstream stat(task.path() / "stat");
    std::string line;
    std::getline(stat, line);
    auto fields = std::istringstream(line.substr(line.rfind(')') + 2));
    std::vector<std::string> rest{std::istream_iterator<std::string>(fields), {}};
    // rest[0] is field 3 (the state).
    if (rest.size() < 39) continue;
    threads.push_back({std::stoi(rest[38]), std::stoi(rest[16])});
  }
  return threads;
}

}  // namespace

// The hashing thread steps back for socket work: SCHED_IDLE by default, and 10 nice values down
// with --background-priority nice, for cores shared with other busy programs (the browser tests).
TEST(Hardening, HashingThreadsStepBackForSocketWork) {
  for (std::string mode : {"idle", "nice"}) {
    SCOPED_TRACE(mode);
    ServerProcess server({"--background-priority", mode});
    auto before = server_threads(server);
    EXPECT_TRUE(std::none_of(before.begin(), before.end(), [](const ThreadScheduling& t) {
      return t.policy == 5 || t.nice > 0;
    }));
    register_member(server, unique_email("priority-" + mode));
    auto after = server_threads(server);
    bool idle = std::any_of(after.begin(), after.end(),
                            [](const ThreadScheduling& t) { return t.policy == 5; });
    bool niced = std::any_of(after.begin(), after.end(), [](const ThreadScheduling& t) {
      return t.policy == 0 && t.nice == 10;
    });
    EXPECT_EQ(idle, mode == "idle");
    EXPECT_EQ(niced, mode == "nice");
  }
}

// A value the flag does not know is refused before anything starts, naming the flag.
TEST(Hardening, AnUnknownBackgroundPriorityIsRefused) {
  auto data = std::filesystem::temp_directory_path() / "kesher-background-priority";
  auto result = run_kesher_command(data, {"--port", "0", "--background-priority", "lowest"});
  EXPECT_NE(result.status, 0);
  EXPECT_NE(result.output.find("--background-priority"), std::string::npos) << result.output;
  std::filesystem::remove_all(data);
}
