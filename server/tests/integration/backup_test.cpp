// `kesher backup` against the real binary: an online copy taken while sends are being committed
// is one consistent snapshot that a second server serves, and bad targets are refused clearly.
#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <set>
#include <thread>

#include "consistency.hpp"
#include "harness.hpp"
#include "support/pg_cluster.hpp"

using namespace kesher::test;
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

int counter = 0;

struct Sent {
  std::string client_id;
  Clock::time_point written;
  Clock::time_point answered;
  bool acknowledged = false;
};

json::object text(int64_t to, const std::string& body, const std::string& client_id) {
  return {{"receiver_id", to},
          {"message_type", "text"},
          {"message_text", body},
          {"client_id", client_id}};
}

// Sends one message after another until told to stop, noting when each went out and came back;
// at most 25 a second, below the socket's rate limit (30 a second once its burst is spent).
void keep_sending(WsClient& socket, int64_t to, const std::string& prefix,
                  const std::atomic<bool>& stop, std::atomic<int>& answered,
                  std::vector<Sent>& log) {
  for (int n = 0; !stop.load(); ++n) {
    std::this_thread::sleep_until(log.empty() ? Clock::now() : log.back().written + 40ms);
    Sent sent{prefix + std::to_string(n), Clock::now(), {}, false};
    auto reply =
        socket.request("send_message", text(to, "during " + sent.client_id, sent.client_id));
    sent.answered = Clock::now();
    auto status = reply.find("request_status");
    sent.acknowledged = status != reply.end() && status->value().as_int64() == 1;
    log.push_back(sent);
    answered.fetch_add(1);
    if (!socket.is_open()) return;
  }
}

class Backup : public ::testing::Test {
 protected:
  void SetUp() override {
    // `kesher backup` is SQLite's online backup; a PostgreSQL database is backed up with pg_dump.
    if (kesher::testing::testing_postgres()) GTEST_SKIP() << "SQLite only: kesher backup";
    server_ = std::make_unique<ServerProcess>();
    target_ = fs::temp_directory_path() / ("kesher-backup-" + std::to_string(::getpid()) + "-" +
                                           std::to_string(++counter) + ".db");
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove(target_, ignored);
  }

  Member member(const std::string& name) {
    return register_member(*server_, name + std::to_string(++counter) + "@example.com");
  }
  void grant(const Member& member, int64_t credits) {
    std::string id = std::to_string(member.id);
    execute_sql(*server_,
                "BEGIN; INSERT INTO credit_ledger (user_id, delta, reason, reference, "
                "idempotency_key, created_at) VALUES (" +
                    id + ", " + std::to_string(credits) + ", 'test', 'grant', 'grant:" + id +
                    "', 0); UPDATE users SET credits = credits + " + std::to_string(credits) +
                    " WHERE id = " + id + "; COMMIT");
  }
  std::unique_ptr<WsClient> connect(const ServerProcess& server, const Member& member) {
    auto socket = connect_member(server, member);
    socket->request("session/validate");
    return socket;
  }

  std::unique_ptr<ServerProcess> server_;
  fs::path target_;
};

std::vector<int64_t> page_ids(WsClient& socket, int64_t contact) {
  auto page = socket.request("messages", {{"contact_user_id", contact}, {"recordsToTake", 20}});
  std::vector<int64_t> ids;
  for (const auto& item : page.at("data").as_array()) ids.push_back(item.at("id").as_int64());
  return ids;
}

TEST_F(Backup, OnlineCopyTakenDuringSendsServesWhatWasCommittedBeforeIt) {
  Member dana = member("dana"), noam = member("noam"), lior = member("lior");
  Member busy1 = member("busy"), busy2 = member("busy");
  for (const auto* m : {&dana, &busy1, &busy2}) grant(*m, 1'000'000);

  // Committed before the backup, on conversations nothing else touches.
  std::map<std::pair<int64_t, int64_t>, std::vector<int64_t>> committed;  // (low, high) -> ids
  auto send_before = [&](const Member& from, const Member& to, const std::string& body) {
    auto socket = connect(*server_, from);
    auto reply =
        socket->request("send_message", text(to.id, body, "b" + std::to_string(++counter)));
    ASSERT_EQ(reply.at("request_status").as_int64(), 1) << serialize(reply);
    committed[{std::min(from.id, to.id), std::max(from.id, to.id)}].push_back(
        reply.at("request_details").at("id").as_int64());
  };
  for (int i = 0; i < 3; ++i) send_before(dana, noam, "hello noam " + std::to_string(i));
  send_before(noam, dana, "hello dana");
  send_before(lior, dana, "hi from lior");

  // Sends keep being committed on other conversations while the copy is taken.
  std::atomic<bool> stop{false};
  std::atomic<int> answered{0};
  std::vector<std::vector<Sent>> logs(2);
  auto socket1 = connect(*server_, busy1), socket2 = connect(*server_, busy2);
  std::thread sender1([&] { keep_sending(*socket1, busy2.id, "x1-", stop, answered, logs[0]); });
  std::thread sender2([&] { keep_sending(*socket2, busy1.id, "x2-", stop, answered, logs[1]); });
  auto wait_for_answers = [&](int count) {
    auto deadline = Clock::now() + 10s;
    while (answered.load() < count && Clock::now() < deadline) std::this_thread::sleep_for(1ms);
  };
  wait_for_answers(10);

  auto started = Clock::now();
  // A page per step: the copy spans many of the server's commits.
  auto backup = run_kesher_command(server_->data_dir(),
                                   {"backup", "--to", target_.string(), "--pages-per-step", "1"});
  auto ended = Clock::now();
  int answered_at_end = answered.load();
  wait_for_answers(answered_at_end + 10);
  stop = true;
  sender1.join();
  sender2.join();
  ASSERT_EQ(backup.status, 0) << backup.output;
  EXPECT_NE(backup.output.find("copied to " + target_.string()), std::string::npos)
      << backup.output;

  auto copy = ServerProcess::with_database(target_);
  EXPECT_EQ(consistency_problems(*copy), std::vector<std::string>{});
  // One row holding "ok". Spelled as JSON: json::array{json::array{"ok"}} is that row under g++
  // but a copy of the inner array under clang (the sanitizer build).
  EXPECT_EQ(query_rows(*copy, "PRAGMA integrity_check"), json::parse(R"([["ok"]])").as_array());

  // Members log in on the copy over HTTP and read their conversations over the socket.
  for (const auto* m : {&dana, &lior}) {
    auto login =
        http_request(copy->port(), "POST", "/api/auth/login",
                     serialize(json::object{{"email", m->email}, {"password", m->password}}),
                     {"", copy->origin()});
    ASSERT_EQ(login.status, 200) << login.body;
    Member again = *m;
    again.cookie = login.session_cookie();
    auto socket = connect(*copy, again);
    ASSERT_TRUE(socket->is_open());
    for (const auto& [pair, ids] : committed) {
      if (pair.first != m->id && pair.second != m->id) continue;
      int64_t other = pair.first == m->id ? pair.second : pair.first;
      EXPECT_EQ(page_ids(*socket, other), ids);
    }
  }

  // Sends answered before the backup began are in the copy; sends written after it ended are not.
  std::set<std::string> in_copy;
  for (const auto& row :
       query_rows(*copy, "SELECT client_id FROM messages WHERE client_id LIKE 'x%'")) {
    in_copy.insert(std::string(row.as_array().at(0).as_string()));
  }
  int before = 0, during = 0, after = 0;
  for (const auto& log : logs) {
    for (const auto& sent : log) {
      ASSERT_TRUE(sent.acknowledged) << sent.client_id;
      if (sent.answered < started) {
        ++before;
        EXPECT_TRUE(in_copy.count(sent.client_id)) << sent.client_id << " is missing";
      } else if (sent.written > ended) {
        ++after;
        EXPECT_FALSE(in_copy.count(sent.client_id)) << sent.client_id << " is from after";
      } else {
        ++during;
      }
    }
  }
  std::printf("[backup] %s[backup] sends acknowledged: %d before, %d during, %d after the backup\n",
              backup.output.c_str(), before, during, after);
}

TEST_F(Backup, RefusesAMissingDatabaseAndBadTargetsSayingWhy) {
  fs::path empty = fs::temp_directory_path() / ("kesher-no-data-" + std::to_string(::getpid()));
  fs::create_directories(empty);
  auto missing = run_kesher_command(empty, {"backup", "--to", target_.string()});
  EXPECT_NE(missing.status, 0);
  EXPECT_NE(missing.output.find("no database at " + (empty / "kesher.db").string()),
            std::string::npos)
      << missing.output;
  EXPECT_FALSE(fs::exists(empty / "kesher.db")) << "a backup never creates a database";
  fs::remove_all(empty);

  auto unwritable =
      run_kesher_command(server_->data_dir(), {"backup", "--to", "/nonexistent-folder/k.db"});
  EXPECT_NE(unwritable.status, 0);
  EXPECT_NE(unwritable.output.find("cannot write /nonexistent-folder/k.db"), std::string::npos)
      << unwritable.output;

  Member dana = member("dana");
  auto database = (server_->data_dir() / "kesher.db").string();
  auto itself = run_kesher_command(server_->data_dir(), {"backup", "--to", database});
  EXPECT_NE(itself.status, 0);
  EXPECT_NE(itself.output.find("is the database itself"), std::string::npos) << itself.output;
  EXPECT_EQ(
      query_integer(*server_, "SELECT COUNT(*) FROM users WHERE id = " + std::to_string(dana.id)),
      1);
  EXPECT_EQ(consistency_problems(*server_), std::vector<std::string>{});

  fs::path log = target_;
  log += "-wal";
  std::ofstream(log) << "not a log";
  auto stale = run_kesher_command(server_->data_dir(), {"backup", "--to", target_.string()});
  EXPECT_NE(stale.status, 0);
  EXPECT_NE(stale.output.find(log.string() + " exists"), std::string::npos) << stale.output;
  EXPECT_FALSE(fs::exists(target_));
  fs::remove(log);

  auto folder = run_kesher_command(server_->data_dir(), {"backup", "--to", "/tmp"});
  EXPECT_NE(folder.status, 0);
  EXPECT_NE(folder.output.find("is a folder"), std::string::npos) << folder.output;
}

}  // namespace
