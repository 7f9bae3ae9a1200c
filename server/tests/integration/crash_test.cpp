// Crash safety against the real binary: concurrent money-moving requests on several sockets, the
// server killed with SIGKILL at a random moment while they are in flight, then restarted. After
// every restart what was acknowledged is stored, the ledger agrees with every balance and with
// what it pays for, the file passes integrity_check, and replaying with the same idempotency key
// stores nothing twice and charges nothing twice.
//
// The requests come from workloads (sends today); buy_spin and the purchase webhooks join as
// further Workload implementations, and their tables' rules go into consistency.cpp.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <thread>

#include "consistency.hpp"
#include "harness.hpp"

using namespace kesher::test;

namespace {

// One request a round makes: who, with which idempotency key, and what came back.
struct Attempt {
  size_t actor = 0;  // index into the members
  std::string key;   // the idempotency key the request carries
  json::object request;
  bool sent = false;
  std::optional<json::object> reply;  // nullopt: no reply before the kill

  bool acknowledged() const { return reply && reply->at("request_status").as_int64() == 1; }
};

// Who made a stored record, and with which key: what a replay must find again.
using ActorKey = std::pair<int64_t, std::string>;

class Workload {
 public:
  virtual ~Workload() = default;
  virtual std::string name() const = 0;
  // The request (module and payload, no rid) `actor` makes, carrying `key`.
  virtual json::object make_request(const std::vector<Member>& members, size_t actor,
                                    const std::string& key) const = 0;
  // The id of the record an acknowledging reply names.
  virtual int64_t acknowledged_id(const json::object& reply) const = 0;
  // Whether a reply says it found the first result rather than acting again.
  virtual bool is_replay(const json::object& reply) const = 0;
  // Every record carrying a key of this workload, as read from the file: the ids per key.
  virtual std::map<ActorKey, std::vector<int64_t>> stored(const ServerProcess& server) const = 0;
  // The ledger idempotency keys one stored attempt accounts for.
  virtual std::vector<std::string> ledger_keys(int64_t actor_id, const std::string& key) const = 0;
};

class SendMessages final : public Workload {
 public:
  std::string name() const override { return "send_message"; }
  json::object make_request(const std::vector<Member>& members, size_t actor,
                            const std::string& key) const override {
    return {{"module", "send_message"},
            {"client_id", key},
            {"receiver_id", members[(actor + 1) % members.size()].id},
            {"message_type", "text"},
            {"message_text", "crash test " + key}};
  }
  int64_t acknowledged_id(const json::object& reply) const override {
    return reply.at("request_details").at("id").as_int64();
  }
  bool is_replay(const json::object& reply) const override {
    return reply.at("request_details").at("replayed").as_int64() == 1;
  }
  std::map<ActorKey, std::vector<int64_t>> stored(const ServerProcess& server) const override {
    std::map<ActorKey, std::vector<int64_t>> records;
    for (const auto& row : query_rows(server,
                                      "SELECT sender_id, client_id, id FROM messages WHERE "
                                      "client_id IS NOT NULL ORDER BY id")) {
      const auto& columns = row.as_array();
      records[{columns[0].as_int64(), std::string(columns[1].as_string())}].push_back(
          columns[2].as_int64());
    }
    return records;
  }
  std::vector<std::string> ledger_keys(int64_t actor_id, const std::string& key) const override {
    return {"send:" + std::to_string(actor_id) + ":" + key};
  }
};

constexpr int kRounds = 5;
constexpr size_t kMembers = 4;
constexpr size_t kSocketsPerMember = 2;
constexpr size_t kAttemptsPerSocket = 40;
constexpr size_t kWindow = 8;  // requests in flight per socket
// A member may send a burst of frames across all of their sockets (--frame-burst, 60 by default;
// docs/protocol.md). The server here allows a larger burst, so that no request is dropped as
// rate_limited: a member sends session/validate on each socket, then its attempts or, after the
// restart, its replays. The budget itself is tested in hardening_test.cpp.
constexpr size_t kFrameBurst = 1000;
static_assert(kSocketsPerMember * (1 + kAttemptsPerSocket) <= kFrameBurst);
constexpr int64_t kGrant = 1'000'000;

// Drives one socket: keeps up to kWindow requests in flight until its attempts are answered, the
// socket dies (the kill), the server answers a frame with a socket-level error (which no attempt
// should cause: it is returned) or a server that stopped answering has had 20 seconds.
std::optional<json::object> drive(WsClient& socket, const std::vector<Attempt*>& attempts,
                                  std::atomic<size_t>& acknowledged) {
  std::map<std::string, Attempt*> in_flight;
  size_t next = 0;
  auto deadline = std::chrono::steady_clock::now() + 20s;
  while (socket.is_open() && (next < attempts.size() || !in_flight.empty()) &&
         std::chrono::steady_clock::now() < deadline) {
    while (next < attempts.size() && in_flight.size() < kWindow && socket.is_open()) {
      Attempt& attempt = *attempts[next++];
      json::object frame = attempt.request;
      frame["rid"] = attempt.key;
      attempt.sent = true;
      socket.send(frame);
      in_flight[attempt.key] = &attempt;
    }
    auto frame = socket.receive(2s);
    if (!frame) continue;
    auto rid = frame->find("rid");
    if (rid == frame->end() || !rid->value().is_string()) {
      if (frame->at("module") == "error") return frame;
      continue;  // an event: new_message, credits
    }
    auto it = in_flight.find(std::string(rid->value().as_string()));
    if (it == in_flight.end()) continue;
    it->second->reply = std::move(*frame);
    if (it->second->acknowledged()) acknowledged.fetch_add(1);
    in_flight.erase(it);
  }
  return std::nullopt;
}

// Runs each socket's attempts on a thread of its own until all are answered, or, with a
// `kill_after` bound, kills the server once that many are acknowledged. Returns the
// socket-level errors the server sent.
std::vector<json::object> run_attempts(ServerProcess& server,
                                       std::vector<std::unique_ptr<WsClient>>& sockets,
                                       const std::vector<std::vector<Attempt*>>& per_socket,
                                       std::optional<size_t> kill_after) {
  std::atomic<size_t> acknowledged{0};
  std::atomic<size_t> finished{0};
  std::vector<std::optional<json::object>> errors(sockets.size());
  std::vector<std::thread> threads;
  for (size_t i = 0; i < sockets.size(); ++i) {
    threads.emplace_back([&, i] {
      errors[i] = drive(*sockets[i], per_socket[i], acknowledged);
      finished.fetch_add(1);
    });
  }
  if (kill_after) {
    auto deadline = std::chrono::steady_clock::now() + 20s;
    while (acknowledged.load() < *kill_after && finished.load() < sockets.size() &&
           std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(100us);
    }
    server.kill();
  }
  for (auto& thread : threads) thread.join();
  std::vector<json::object> found;
  for (auto& error : errors) {
    if (error) found.push_back(std::move(*error));
  }
  return found;
}

struct RoundFigures {
  size_t sent = 0;
  size_t acknowledged = 0;
  size_t unanswered = 0;         // sent, no reply before the kill
  size_t stored_unanswered = 0;  // of those, committed before the kill
  size_t replays = 0;
};

class Crash : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<ServerProcess>(
        std::vector<std::string>{"--frame-burst", std::to_string(kFrameBurst)});
    for (size_t i = 0; i < kMembers; ++i) {
      members_.push_back(register_member(*server_, "crash" + std::to_string(i) + "@example.com"));
    }
    // Credits the product can't grant yet, added the way the ledger would.
    for (const auto& member : members_) {
      std::string id = std::to_string(member.id);
      execute_sql(*server_,
                  "BEGIN; INSERT INTO credit_ledger (user_id, delta, reason, reference, "
                  "idempotency_key, created_at) VALUES (" +
                      id + ", " + std::to_string(kGrant) + ", 'test', 'grant', 'grant:" + id +
                      "', 0); UPDATE users SET credits = credits + " + std::to_string(kGrant) +
                      " WHERE id = " + id + "; COMMIT");
    }
  }

  std::vector<std::unique_ptr<WsClient>> connect_all(size_t per_member) {
    std::vector<std::unique_ptr<WsClient>> sockets;
    for (size_t s = 0; s < per_member; ++s) {
      for (const auto& member : members_) {
        auto socket = connect_member(*server_, member);
        if (!socket) throw std::runtime_error("cannot connect");
        socket->request("session/validate");
        sockets.push_back(std::move(socket));
      }
    }
    return sockets;
  }

  // Attempt i goes out on socket i % sockets, so its actor is that socket's member (connect_all
  // lays the sockets out member after member, round after round).
  std::vector<Attempt> make_attempts(const Workload& workload, int round) {
    std::vector<Attempt> attempts;
    size_t sockets = kMembers * kSocketsPerMember;
    for (size_t i = 0; i < sockets * kAttemptsPerSocket; ++i) {
      Attempt attempt;
      attempt.actor = (i % sockets) % kMembers;
      attempt.key = "r" + std::to_string(round) + "-" + std::to_string(i);
      attempt.request = workload.make_request(members_, attempt.actor, attempt.key);
      attempts.push_back(std::move(attempt));
    }
    return attempts;
  }

  int64_t actor_id(const Attempt& attempt) const { return members_[attempt.actor].id; }

  void discrepancy(const std::string& what) {
    ++discrepancies_;
    ADD_FAILURE() << what;
  }

  void check_consistency(const std::string& when) {
    for (const auto& problem : consistency_problems(*server_)) discrepancy(when + ": " + problem);
  }

  // Right after the restart: every acknowledged attempt is stored under the id its reply named,
  // nothing refused or never sent is, and no key names two records.
  void check_durable(const Workload& workload, const std::vector<Attempt>& attempts,
                     const std::map<ActorKey, std::vector<int64_t>>& stored) {
    for (const auto& attempt : attempts) {
      auto it = stored.find({actor_id(attempt), attempt.key});
      size_t count = it == stored.end() ? 0 : it->second.size();
      if (attempt.acknowledged()) {
        if (count != 1 || it->second.front() != workload.acknowledged_id(*attempt.reply)) {
          discrepancy("acknowledged " + attempt.key + " (id " +
                      std::to_string(workload.acknowledged_id(*attempt.reply)) + ") is stored " +
                      std::to_string(count) + " times");
        }
      } else if (attempt.reply || !attempt.sent) {
        if (count != 0) discrepancy("refused or unsent " + attempt.key + " is stored");
      } else if (count > 1) {
        discrepancy("unanswered " + attempt.key + " is stored " + std::to_string(count) + " times");
      }
    }
  }

  // Replays the unanswered and refused attempts and every fourth acknowledged one of each member on
  // fresh sockets: each is stored once afterwards, those stored before come back as replays of the
  // same record, and only the newly stored ones add ledger entries.
  size_t replay(const Workload& workload, const std::vector<Attempt>& attempts,
                const std::map<ActorKey, std::vector<int64_t>>& before) {
    std::vector<Attempt> replays;
    std::vector<size_t> acknowledged_seen(kMembers, 0);
    for (const auto& attempt : attempts) {
      if (!attempt.sent) continue;
      if (attempt.acknowledged() && acknowledged_seen[attempt.actor]++ % 4 != 0) continue;
      Attempt again = attempt;
      again.sent = false;
      again.reply.reset();
      replays.push_back(std::move(again));
    }
    int64_t last_ledger_id =
        query_integer(*server_, "SELECT COALESCE(MAX(id), 0) FROM credit_ledger");
    // Each replay goes out on one of its actor's sockets (socket s * kMembers + actor), in turn.
    auto sockets = connect_all(kSocketsPerMember);
    std::vector<std::vector<Attempt*>> per_socket(sockets.size());
    std::vector<size_t> turn(kMembers, 0);
    for (auto& attempt : replays) {
      size_t s = turn[attempt.actor]++ % kSocketsPerMember;
      per_socket[s * kMembers + attempt.actor].push_back(&attempt);
    }
    for (const auto& error : run_attempts(*server_, sockets, per_socket, std::nullopt)) {
      discrepancy("socket error during the replays: " + json::serialize(error));
    }

    auto after = workload.stored(*server_);
    std::set<std::string> new_ledger_keys;
    for (const auto& attempt : replays) {
      ActorKey key{actor_id(attempt), attempt.key};
      auto was = before.find(key);
      bool stored_before = was != before.end();
      if (!attempt.acknowledged()) {
        discrepancy("replay of " + attempt.key + " not acknowledged: " +
                    (attempt.reply ? json::serialize(*attempt.reply) : "no reply"));
        continue;
      }
      if (workload.is_replay(*attempt.reply) != stored_before) {
        discrepancy("replay of " + attempt.key +
                    " says replayed=" + std::to_string(workload.is_replay(*attempt.reply)) +
                    ", stored before " + std::to_string(stored_before));
      }
      auto now = after.find(key);
      if (now == after.end() || now->second.size() != 1 ||
          now->second.front() != workload.acknowledged_id(*attempt.reply) ||
          (stored_before && was->second != now->second)) {
        discrepancy("after its replay " + attempt.key + " is not stored exactly once as id " +
                    std::to_string(workload.acknowledged_id(*attempt.reply)));
      }
      if (!stored_before) {
        for (auto& k : workload.ledger_keys(key.first, key.second)) new_ledger_keys.insert(k);
      }
    }
    for (const auto& row :
         query_rows(*server_, "SELECT idempotency_key FROM credit_ledger WHERE id > " +
                                  std::to_string(last_ledger_id))) {
      std::string key(row.as_array().at(0).as_string());
      if (!new_ledger_keys.count(key)) discrepancy("replays charged again: " + key);
      new_ledger_keys.erase(key);
    }
    for (const auto& key : new_ledger_keys) discrepancy("newly stored without its entry: " + key);
    return replays.size();
  }

  RoundFigures crash_round(const Workload& workload, int round, std::mt19937_64& rng) {
    RoundFigures figures;
    auto sockets = connect_all(kSocketsPerMember);
    auto attempts = make_attempts(workload, round);
    std::vector<std::vector<Attempt*>> per_socket(sockets.size());
    for (size_t i = 0; i < attempts.size(); ++i) {
      per_socket[i % sockets.size()].push_back(&attempts[i]);
    }
    // The kill lands anywhere between a tenth and three quarters of the way through.
    std::uniform_int_distribution<size_t> moment(attempts.size() / 10, attempts.size() * 3 / 4);
    for (const auto& error : run_attempts(*server_, sockets, per_socket, moment(rng))) {
      discrepancy("socket error before the kill: " + json::serialize(error));
    }
    sockets.clear();
    server_->restart();

    auto stored = workload.stored(*server_);
    check_durable(workload, attempts, stored);
    check_consistency("round " + std::to_string(round) + " after the restart");
    for (const auto& attempt : attempts) {
      figures.sent += attempt.sent;
      figures.acknowledged += attempt.acknowledged();
      if (attempt.sent && !attempt.reply) {
        ++figures.unanswered;
        figures.stored_unanswered += stored.count({actor_id(attempt), attempt.key});
      }
    }
    figures.replays = replay(workload, attempts, stored);
    check_consistency("round " + std::to_string(round) + " after the replays");
    return figures;
  }

  std::unique_ptr<ServerProcess> server_;
  std::vector<Member> members_;
  int discrepancies_ = 0;
};

TEST_F(Crash, SigkillWhileSendsAreInFlightLosesAndDoublesNothing) {
  auto started = std::chrono::steady_clock::now();
  uint64_t seed = std::random_device{}();
  if (const char* fixed = std::getenv("KESHER_CRASH_SEED")) seed = std::stoull(fixed);
  std::mt19937_64 rng(seed);
  SCOPED_TRACE("KESHER_CRASH_SEED=" + std::to_string(seed));

  SendMessages sends;
  std::vector<const Workload*> workloads{&sends};
  int survived = 0;
  size_t unanswered_total = 0;
  for (const Workload* workload : workloads) {
    for (int round = 1; round <= kRounds; ++round) {
      int before = discrepancies_;
      auto figures = crash_round(*workload, round, rng);
      if (discrepancies_ == before) ++survived;
      unanswered_total += figures.unanswered;
      std::printf(
          "[crash] %s round %d: %zu sent, %zu acknowledged, %zu unanswered at the kill (%zu of "
          "them stored), %zu replayed\n",
          workload->name().c_str(), round, figures.sent, figures.acknowledged, figures.unanswered,
          figures.stored_unanswered, figures.replays);
    }
  }
  // Without requests in flight at the kills the rounds would prove nothing.
  EXPECT_GT(unanswered_total, 0u);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::printf("[crash] %d of %zu rounds survived, %d discrepancies, %.1f s (seed %llu)\n", survived,
              kRounds * workloads.size(), discrepancies_, seconds,
              static_cast<unsigned long long>(seed));
  EXPECT_EQ(discrepancies_, 0);
}

// The rules in consistency.cpp are only as good as their SQL: each one sees its own breakage.
TEST(Consistency, EachRuleSeesItsBreakage) {
  ServerProcess server;
  Member dana = register_member(server, "rules-dana@example.com");
  Member noam = register_member(server, "rules-noam@example.com");
  auto socket = connect_member(server, dana);
  socket->request("session/validate");
  auto reply = socket->request("send_message", {{"receiver_id", noam.id},
                                                {"message_type", "text"},
                                                {"message_text", "hello"},
                                                {"client_id", "rules-1"}});
  ASSERT_EQ(reply.at("request_status").as_int64(), 1) << serialize(reply);
  std::string message = std::to_string(reply.at("request_details").at("id").as_int64());
  std::string d = std::to_string(dana.id), n = std::to_string(noam.id);
  ASSERT_EQ(consistency_problems(server), std::vector<std::string>{});

  auto sees = [&](const std::string& rule, const std::string& breaking,
                  const std::string& mending) {
    execute_sql(server, breaking);
    auto problems = consistency_problems(server);
    execute_sql(server, mending);
    bool seen = std::any_of(problems.begin(), problems.end(), [&](const std::string& problem) {
      return problem.rfind(rule, 0) == 0;
    });
    EXPECT_TRUE(seen) << rule << " not seen after: " << breaking;
    EXPECT_EQ(consistency_problems(server), std::vector<std::string>{}) << "mended: " << mending;
  };
  sees("balance differs", "UPDATE users SET credits = credits + 1 WHERE id = " + d,
       "UPDATE users SET credits = credits - 1 WHERE id = " + d);
  std::string debit = " WHERE reason = 'message' AND user_id = " + d;
  sees("priced message without exactly one debit",
       "UPDATE credit_ledger SET idempotency_key = 'elsewhere'" + debit,
       "UPDATE credit_ledger SET idempotency_key = 'send:" + d + ":rules-1'" + debit);
  sees("priced message without exactly one debit",
       "UPDATE credit_ledger SET delta = -49" + debit +
           "; UPDATE users SET credits = credits + 1 WHERE id = " + d,
       "UPDATE credit_ledger SET delta = -50" + debit +
           "; UPDATE users SET credits = credits - 1 WHERE id = " + d);
  sees("message debit without its message",
       "UPDATE credit_ledger SET reference = 'message:0'" + debit,
       "UPDATE credit_ledger SET reference = 'message:" + message + "'" + debit);
  sees("conversation counters disagree",
       "UPDATE conversations SET unread = unread + 1 WHERE user_id = " + n,
       "UPDATE conversations SET unread = unread - 1 WHERE user_id = " + n);
  sees("conversation counters disagree",
       "UPDATE conversations SET last_message_id = 0 WHERE user_id = " + d,
       "UPDATE conversations SET last_message_id = " + message + " WHERE user_id = " + d);
  sees("message without both conversation rows",
       "UPDATE conversations SET other_id = " + d + " + 1000 WHERE user_id = " + n,
       "UPDATE conversations SET other_id = " + d + " WHERE user_id = " + n);
}

}  // namespace
