// Two nodes behind HAProxy with PostgreSQL and Redis (issue 15, docs/architecture.md "Two
// shapes"): chat, events, presence, money, media, the console, the jobs and a node's death across
// the nodes. A handful of tests: each starts a cluster of its own, which costs a few seconds.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include "bus/address_key.hpp"
#include "cluster_support.hpp"
#include "console_support.hpp"

using namespace kesher::test;

namespace {

int counter = 0;

class Cluster : public ::testing::Test {
 protected:
  // A hundred sends from one member at once are more than the frame budget's default burst.
  void SetUp() override {
    cluster_ = std::make_unique<LocalCluster>(2, std::vector<std::string>{"--frame-burst", "1000"});
  }

  Member member() {
    return register_member(cluster_->endpoint(),
                           "cluster" + std::to_string(++counter) + "@example.com");
  }
  // A validated socket on node `index` (0 or 1).
  std::unique_ptr<WsClient> on_node(size_t index, const Member& member) {
    auto socket = connect_member(cluster_->node_endpoint(index), member);
    if (!socket) return nullptr;
    auto reply = socket->request("session/validate");
    EXPECT_EQ(reply.at("request_status").as_int64(), 1) << serialize(reply);
    return socket;
  }
  json::object send_text(WsClient& socket, int64_t to, const std::string& client_id) {
    return socket.request("send_message", {{"receiver_id", to},
                                           {"message_type", "text"},
                                           {"message_text", "hello " + client_id},
                                           {"client_id", client_id}});
  }
  int64_t count(const std::string& sql) { return query_integer(cluster_->node(0), sql); }

  std::unique_ptr<LocalCluster> cluster_;
};

// The `onlines` event about `user` that `socket` hears next (others are skipped), or nothing.
std::optional<std::string> presence_of(WsClient& socket, int64_t user,
                                       std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    auto event = socket.wait_event("onlines", left);
    if (!event) return std::nullopt;
    if (event->at("user_id").as_int64() == user) return std::string(event->at("type").as_string());
  }
  return std::nullopt;
}

TEST_F(Cluster, MembersOnDifferentNodesChatLiveAndEverySocketGetsEveryEvent) {
  Member dana = member(), noam = member();
  auto dana1 = on_node(0, dana), dana2 = on_node(1, dana);
  auto noam2 = on_node(1, noam), noam1 = on_node(0, noam);

  auto reply = send_text(*dana1, noam.id, "c-1");
  ASSERT_EQ(reply.at("request_status").as_int64(), 1) << serialize(reply);
  int64_t id = reply.at("request_details").at("id").as_int64();
  // The receiver on both nodes, and the sender's other tab on the other node, with its balance.
  for (auto* socket : {noam1.get(), noam2.get(), dana2.get()}) {
    auto event = socket->wait_event("new_message");
    ASSERT_TRUE(event) << "a socket missed the message";
    EXPECT_EQ(event->at("request_details").at("id").as_int64(), id);
  }
  auto credits = dana2->wait_event("credits");
  ASSERT_TRUE(credits);
  EXPECT_EQ(credits->at("data").at("credits").as_int64(), 150);
  EXPECT_FALSE(dana1->wait_event("new_message", 300ms)) << "the sending socket has its reply";

  // And back, from the other node.
  reply = send_text(*noam2, dana.id, "c-2");
  ASSERT_EQ(reply.at("request_status").as_int64(), 1) << serialize(reply);
  for (auto* socket : {dana1.get(), dana2.get(), noam1.get()}) {
    ASSERT_TRUE(socket->wait_event("new_message")) << "a socket missed the answer";
  }
  EXPECT_EQ(count("SELECT COUNT(*) FROM messages"), 2);

  // A logout on one node closes the session's sockets on the other.
  auto logout = http_request(cluster_->node_endpoint(0).port, "POST", "/api/auth/logout", "{}",
                             {.cookie = noam.cookie, .origin = cluster_->endpoint().origin});
  EXPECT_EQ(logout.status, 200) << logout.body;
  EXPECT_EQ(noam2->wait_closed(5s), 4001) << "closed on node 2 by a logout on node 1";
  EXPECT_EQ(noam1->wait_closed(5s), 4001);
}

TEST_F(Cluster, PresenceCrossesNodes) {
  Member dana = member(), noam = member();
  auto dana1 = on_node(0, dana);
  auto noam2 = on_node(1, noam);
  ASSERT_EQ(send_text(*noam2, dana.id, "p-1").at("request_status").as_int64(), 1);
  ASSERT_TRUE(dana1->wait_event("new_message"));
  // They know each other now. Noam leaves node 2: Dana, on node 1, hears it. His arrival may be
  // told first: node 2 published it before the message made them contacts, and node 1 may have
  // read it after (node 2's words reach node 1 in their order, so none comes after his leaving).
  noam2.reset();
  auto heard = presence_of(*dana1, noam.id, 5s);
  if (heard == "online") heard = presence_of(*dana1, noam.id, 5s);
  EXPECT_EQ(heard, "offline");
  // Noam comes back on node 1 with one socket and on node 2 with another: online once.
  auto noam1 = on_node(0, noam);
  EXPECT_EQ(presence_of(*dana1, noam.id, 5s), "online");
  noam2 = on_node(1, noam);
  EXPECT_EQ(presence_of(*dana1, noam.id, 700ms), std::nullopt) << "already online in the cluster";
  noam1.reset();
  EXPECT_EQ(presence_of(*dana1, noam.id, 700ms), std::nullopt) << "still online on node 2";
  // What the contacts list says on node 1 comes from the cluster.
  auto contacts = dana1->request("user/contacts");
  bool seen = false;
  for (const auto& contact : contacts.at("data").as_array()) {
    if (contact.at("id").as_int64() == noam.id) {
      seen = true;
      EXPECT_EQ(contact.at("status").as_int64(), 1) << "online on node 2, shown so on node 1";
    }
  }
  EXPECT_TRUE(seen) << serialize(contacts);
}

TEST_F(Cluster, HundredConcurrentSendsOverBothNodesWithCreditsForTenDeliverExactlyTen) {
  Member dana = member(), noam = member();
  grant_credits(cluster_->node(0), dana, 300);  // 200 at sign-up + 300 = 10 texts of 50
  auto noam2 = on_node(1, noam);
  constexpr int kSockets = 10, kPerSocket = 10;
  std::vector<std::unique_ptr<WsClient>> sockets;
  for (int i = 0; i < kSockets; ++i) sockets.push_back(on_node(i % 2, dana));
  std::vector<WsClient*> senders;
  for (auto& socket : sockets) senders.push_back(socket.get());
  auto tally = send_concurrently(senders, kPerSocket, noam.id, "race-", 15s);
  EXPECT_EQ(tally.accepted, 10);
  EXPECT_EQ(tally.refused, 90);
  EXPECT_EQ(tally.other, 0);
  int delivered = 0;
  while (noam2->wait_event("new_message", 1s)) ++delivered;
  EXPECT_EQ(delivered, 10) << "each accepted message reached the receiver's node once";
  std::string dana_id = std::to_string(dana.id);
  EXPECT_EQ(count("SELECT COUNT(*) FROM messages"), 10);
  EXPECT_EQ(
      count("SELECT COUNT(*) FROM credit_ledger WHERE reason = 'message' AND user_id = " + dana_id),
      10);
  EXPECT_EQ(count("SELECT credits FROM users WHERE id = " + dana_id), 0);
  EXPECT_EQ(count("SELECT SUM(delta) FROM credit_ledger WHERE user_id = " + dana_id), 0);
}

// The bus's scripts run by their digest once Redis has seen them (EVALSHA), and a flush of
// Redis's scripts loses nothing: each script's next call is sent whole again.
TEST_F(Cluster, ScriptsRunByDigestAndOutliveAFlushOfRedisScripts) {
  auto calls_of = [&](const std::string& command) -> int64_t {
    std::string stats = cluster_->redis().command({"INFO", "commandstats"});
    std::string prefix = "cmdstat_" + command + ":calls=";
    auto at = stats.find(prefix);
    return at == std::string::npos ? 0 : std::stoll(stats.substr(at + prefix.size()));
  };
  Member dana = member(), noam = member();
  auto dana1 = on_node(0, dana);
  auto noam2 = on_node(1, noam);
  ASSERT_EQ(send_text(*dana1, noam.id, "d-1").at("request_status").as_int64(), 1);
  ASSERT_TRUE(noam2->wait_event("new_message"));
  EXPECT_GT(calls_of("evalsha"), 0) << "every script call went whole";

  EXPECT_EQ(cluster_->redis().command({"SCRIPT", "FLUSH"}), "OK");
  // A socket more (the count script) and a message across nodes (the delivery's).
  auto noam1 = on_node(0, noam);
  const std::string counts_key = "kesher:m:u:" + std::to_string(noam.id);
  EXPECT_TRUE(eventually(
      [&] {
        return cluster_->redis().command({"HVALS", counts_key}) == "1\n1";
      },
      3s))
      << "Redis counts his socket on each node";
  ASSERT_EQ(send_text(*dana1, noam.id, "d-2").at("request_status").as_int64(), 1);
  EXPECT_TRUE(noam2->wait_event("new_message")) << "the message crossed to node 2";
  EXPECT_TRUE(noam1->wait_event("new_message"));
}

TEST_F(Cluster, SocketCapAndLoginThrottleHoldAcrossNodes) {
  Member dana = member();
  // Five wrong passwords spread over both nodes use up the account's budget on both.
  for (int i = 0; i < 5; ++i) {
    auto wrong = http_request(cluster_->node_endpoint(i % 2).port, "POST", "/api/auth/login",
                              R"({"email":")" + dana.email + R"(","password":"wrong horse"})",
                              {.origin = cluster_->endpoint().origin});
    EXPECT_EQ(wrong.status, 401) << wrong.body;
  }
  for (size_t node : {0, 1}) {
    auto right =
        http_request(cluster_->node_endpoint(node).port, "POST", "/api/auth/login",
                     R"({"email":")" + dana.email + R"(","password":")" + dana.password + R"("})",
                     {.origin = cluster_->endpoint().origin});
    EXPECT_EQ(right.status, 429) << "node " << node + 1 << ": " << right.body;
  }
  // The default cap is 10 sockets per member: 5 on each node fill it, and an eleventh on either
  // node is closed.
  std::vector<std::unique_ptr<WsClient>> sockets;
  for (int i = 0; i < 10; ++i) sockets.push_back(on_node(i % 2, dana));
  ASSERT_TRUE(eventually(
      [&] {
        return cluster_->redis().command({"HVALS", "kesher:m:u:" + std::to_string(dana.id)}) ==
               "5\n5";
      },
      3s));
  auto eleventh = connect_member(cluster_->node_endpoint(1), dana);
  ASSERT_TRUE(eleventh) << "each node alone is under the cap";
  EXPECT_EQ(eleventh->wait_closed(5s), 4003) << "the cluster is not";
  for (auto& socket : sockets) EXPECT_TRUE(socket->is_open());
}

TEST_F(Cluster, AKilledNodesMembersReconnectThroughTheProxyAndLoseNothing) {
  Member dana = member(), noam = member();
  grant_credits(cluster_->node(0), noam, 10'000);
  auto dana1 = on_node(0, dana);
  auto noam2 = on_node(1, noam);
  // Noam sends from node 2; every acknowledged message is counted.
  std::set<std::string> acknowledged;
  for (int i = 0; i < 20; ++i) {
    std::string id = "k-" + std::to_string(i);
    if (send_text(*noam2, dana.id, id).at("request_status").as_int64() == 1)
      acknowledged.insert(id);
  }
  ASSERT_EQ(acknowledged.size(), 20u);
  // Ten more go out without waiting, and node 2 dies under them.
  for (int i = 20; i < 30; ++i) {
    noam2->send({{"module", "send_message"},
                 {"rid", "late-" + std::to_string(i)},
                 {"client_id", "k-" + std::to_string(i)},
                 {"receiver_id", dana.id},
                 {"message_type", "text"},
                 {"message_text", "in flight"}});
  }
  cluster_->node(1).kill();
  noam2->wait_closed(5s);  // -1 either way: the connection ends without a close frame
  EXPECT_FALSE(noam2->is_open()) << "node 2's sockets died with it";
  // Node 1 clears the dead node's members: Noam is offline for Dana within the bound (8 s).
  EXPECT_EQ(presence_of(*dana1, noam.id, 12s), "offline");

  // Noam's client reconnects through the proxy, which only has node 1 left, and sends again
  // what it had no answer for, with the same client ids.
  std::unique_ptr<WsClient> again;
  ASSERT_TRUE(eventually(
      [&] {
        again = connect_member(cluster_->endpoint(), noam);
        return again && again->request("session/validate").at("request_status").as_int64() == 1;
      },
      10s));
  EXPECT_EQ(presence_of(*dana1, noam.id, 5s), "online") << "presence recovers";
  for (int i = 20; i < 30; ++i) {
    auto reply = send_text(*again, dana.id, "k-" + std::to_string(i));
    EXPECT_EQ(reply.at("request_status").as_int64(), 1) << serialize(reply);
  }
  // Every message once, paid once, and Dana's history on node 1 has them all.
  std::string noam_id = std::to_string(noam.id);
  EXPECT_EQ(count("SELECT COUNT(*) FROM messages WHERE sender_id = " + noam_id), 30);
  EXPECT_EQ(
      count("SELECT COUNT(*) FROM credit_ledger WHERE reason = 'message' AND user_id = " + noam_id),
      30);
  EXPECT_EQ(count("SELECT credits FROM users WHERE id = " + noam_id), 10'200 - 30 * 50);
  EXPECT_EQ(count("SELECT SUM(delta) FROM credit_ledger WHERE user_id = " + noam_id),
            10'200 - 30 * 50);
  // What Dana's node holds in Redis no longer names the dead node.
  EXPECT_TRUE(eventually(
      [&] {
        return cluster_->redis().command({"HKEYS", "kesher:m:u:" + noam_id}) == "node1";
      },
      3s));
}

// Media lives in the folder the nodes share, and a link signed by one node opens on the other.
TEST_F(Cluster, AnUploadOnOneNodeOpensOnTheOther) {
  Member dana = member(), eli = member();
  auto picture = std::filesystem::temp_directory_path() /
                 ("kesher-cluster-" + std::to_string(::getpid()) + ".jpg");
  ASSERT_EQ(std::system(("vips gaussnoise '" + picture.string() + "[Q=85]' 320 240").c_str()), 0);
  std::ifstream in(picture, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::filesystem::remove(picture);
  HttpOptions options{dana.cookie, cluster_->endpoint().origin};
  options.content_type = "multipart/form-data; boundary=" + std::string(kBoundary);
  auto uploaded = http_request(cluster_->node_endpoint(0).port, "POST", "/upload",
                               multipart_body(bytes, "p.jpg"), options);
  ASSERT_EQ(uploaded.status, 200) << uploaded.body;
  std::string link(uploaded.json().at("data").as_string());

  auto on_other = http_request(cluster_->node_endpoint(1).port, "GET", link, {}, {dana.cookie});
  EXPECT_EQ(on_other.status, 200) << link;
  EXPECT_EQ(on_other.headers["content-type"], "image/jpeg");
  EXPECT_EQ(on_other.body.substr(0, 2), "\xFF\xD8");
  // The same checks hold there: not for another member, not with a forged signature.
  EXPECT_EQ(http_request(cluster_->node_endpoint(1).port, "GET", link, {}, {eli.cookie}).status,
            403);
  std::string forged = link;
  forged.back() = forged.back() == 'A' ? 'B' : 'A';
  EXPECT_EQ(http_request(cluster_->node_endpoint(1).port, "GET", forged, {}, {dana.cookie}).status,
            403);
}

// A member writes to a persona through one node; the operator, signed in on the other, sees it
// arrive in the queue and answers, and the answer reaches the member.
TEST_F(Cluster, AnOperatorOnOneNodeAnswersAMemberOnTheOther) {
  Staff op = add_staff(cluster_->node(0), "ops@kesher.test", "operator");
  int64_t persona = add_persona(cluster_->node(0), "noa-cluster");
  Member dana = member();
  grant_credits(cluster_->node(0), dana, 5000);
  auto console = signed_in_console(cluster_->node(0), op);
  ASSERT_TRUE(console);
  auto dana2 = on_node(1, dana);
  ASSERT_EQ(send_text(*dana2, persona, "c-1").at("request_status").as_int64(), 1);
  auto upsert = console->wait_event("console/queue/upsert", 5s);
  ASSERT_TRUE(upsert) << "node 2's message reaches the console on node 1";
  EXPECT_EQ(upsert->at("data").at("member_id").as_int64(), dana.id);
  EXPECT_EQ(upsert->at("data").at("persona_id").as_int64(), persona);

  json::object conversation{{"member_id", dana.id}, {"persona_id", persona}};
  ASSERT_EQ(console->request("console/claim", conversation).at("request_status").as_int64(), 1);
  json::object answer = conversation;
  answer["message_type"] = "text";
  answer["message_text"] = "Hi Dana!";
  answer["client_id"] = "op-1";
  auto sent = console->request("console/send", answer);
  ASSERT_EQ(sent.at("request_status").as_int64(), 1) << serialize(sent);
  auto arrived = dana2->wait_event("new_message", 5s);
  ASSERT_TRUE(arrived) << "the answer reaches the member on node 2";
  EXPECT_EQ(arrived->at("request_details").at("message").as_string(), "Hi Dana!");
  EXPECT_EQ(arrived->at("request_details").at("sender_id").as_int64(), persona);
  EXPECT_FALSE(arrived->at("request_details").as_object().contains("operator"));
}

// Which node (1, 2) holds the job lock now, from PostgreSQL's side; 0 for none.
int64_t job_leader(ServerProcess& any_node) {
  return query_integer(any_node,
                       "SELECT COALESCE(MAX(CAST(REPLACE(REPLACE(a.application_name, "
                       "'kesher node', ''), ' jobs', '') AS INTEGER)), 0) "
                       "FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
                       "WHERE l.locktype = 'advisory' AND l.granted AND l.database = "
                       "(SELECT oid FROM pg_database WHERE datname = current_database()) "
                       "AND a.application_name LIKE 'kesher node% jobs'");
}

// The jobs run on one node; when it dies, the other takes the lock and runs them.
TEST_F(Cluster, TheJobsMoveToTheOtherNodeWhenTheirNodeDies) {
  int64_t leader = 0;
  ASSERT_TRUE(eventually([&] { return (leader = job_leader(cluster_->node(0))) != 0; }, 5s));
  size_t survivor = leader == 1 ? 1 : 0;
  // Each node's connections say whose they are and what they do.
  EXPECT_EQ(query_integer(cluster_->node(0),
                          "SELECT COUNT(DISTINCT application_name) FROM pg_stat_activity WHERE "
                          "application_name IN ('kesher node1 writer', 'kesher node2 writer')"),
            2);
  // Exactly one node leads while both live.
  std::this_thread::sleep_for(1500ms);
  EXPECT_EQ(job_leader(cluster_->node(survivor)), leader);

  // A persona who likes back only when the job says so.
  int64_t persona = add_persona(cluster_->node(survivor), "noa-jobs");
  execute_sql(cluster_->node(survivor),
              "UPDATE users SET likes_back_percent = 0 WHERE id = " + std::to_string(persona));
  Member dana = member();
  auto socket = on_node(survivor, dana);
  auto liked = socket->request("swipe", {{"swiped_user_id", persona}, {"like", 1}});
  ASSERT_EQ(liked.at("request_status").as_int64(), 1) << serialize(liked);

  cluster_->node(static_cast<size_t>(leader - 1)).kill();
  ASSERT_TRUE(eventually(
      [&] { return job_leader(cluster_->node(survivor)) == static_cast<int64_t>(survivor + 1); },
      10s))
      << "the surviving node takes the job lock";
  // A like-back falls due: the new leader's jobs make the match.
  execute_sql(cluster_->node(survivor),
              "INSERT INTO pending_like_backs (persona_id, member_id, due_at) VALUES (" +
                  std::to_string(persona) + ", " + std::to_string(dana.id) + ", 0)");
  auto match = socket->wait_event("match", 10s);
  ASSERT_TRUE(match);
  EXPECT_EQ(match->at("data").at("user").at("id").as_int64(), persona);
}

}  // namespace

// Behind HAProxy every request reaches a node from 127.0.0.1; each still counts against its own
// client (option forwardfor, --trusted-proxy), on whichever node it lands, and what a client
// writes in X-Forwarded-For itself changes nothing.
TEST(ClusterBehindTheProxy, PerAddressLimitsCountEachClientOnEveryNode) {
  LocalCluster cluster(2, {"--register-limit-per-ip", "2"});
  auto register_from = [&](const std::string& source, const std::string& claimed = {}) {
    HttpOptions options{{}, cluster.endpoint().origin};
    options.source_address = source;
    if (!claimed.empty()) options.headers.emplace_back("X-Forwarded-For", claimed);
    auto body = registration_body("proxied" + std::to_string(++counter) + "@example.com");
    return http_request(cluster.endpoint().port, "POST", "/api/auth/register",
                        json::serialize(body), options)
        .status;
  };
  // Round-robin: the two sign-ups land on different nodes, and the third is refused on either.
  EXPECT_EQ(register_from("127.0.0.2"), 201);
  EXPECT_EQ(register_from("127.0.0.2"), 201);
  EXPECT_EQ(register_from("127.0.0.2"), 429);
  EXPECT_EQ(register_from("127.0.0.2"), 429);
  // Another client has its own allowance, and cannot spend someone else's by naming them.
  EXPECT_EQ(register_from("127.0.0.3", "127.0.0.2"), 201);
  EXPECT_EQ(register_from("127.0.0.3", "198.51.100.1"), 201);
  EXPECT_EQ(register_from("127.0.0.3", "198.51.100.2"), 429);
}

// The frame budget is the member's across the cluster (docs/security.md): on two nodes, each node
// grants half of it, so two sockets on two nodes get no more through than five on one node
// (Hardening.FrameBudgetIsPerMemberAcrossSockets); once the member is on one node again, that node
// grants all of it. The default budget here: 30 frames a second, bursts of 60.
TEST(ClusterBudget, AMembersFrameBudgetIsTheirsAcrossNodes) {
  LocalCluster cluster(2);
  auto dana = register_member(cluster.endpoint(), "budget-dana@example.com");
  auto noam = register_member(cluster.endpoint(), "budget-noam@example.com");
  auto validated = [&](size_t node, const Member& member) {
    auto socket = connect_member(cluster.node_endpoint(node), member);
    EXPECT_TRUE(socket);
    if (socket) {
      EXPECT_EQ(socket->request("session/validate").at("request_status").as_int64(), 1);
    }
    return socket;
  };
  auto counts_of = [&](int64_t user) {
    return cluster.redis().command({"HVALS", "kesher:m:u:" + std::to_string(user)});
  };
  auto on_first = validated(0, dana);
  ASSERT_TRUE(on_first);
  ASSERT_TRUE(eventually([&] { return counts_of(dana.id) == "1"; }, 3s));
  auto on_second = validated(1, dana);
  ASSERT_TRUE(on_second);
  ASSERT_TRUE(eventually([&] { return counts_of(dana.id) == "1\n1"; }, 3s));
  // Node 1 learnt of the second node from its own count's reply; node 1 told node 0 on node 0's
  // channel, which a message from node 1 to Dana's socket there travels after.
  auto noam_socket = validated(1, noam);
  ASSERT_TRUE(noam_socket);
  auto sent = noam_socket->request("send_message", {{"receiver_id", dana.id},
                                                    {"message_type", "text"},
                                                    {"message_text", "ready?"},
                                                    {"client_id", "budget-1"}});
  ASSERT_EQ(sent.at("request_status").as_int64(), 1) << serialize(sent);
  ASSERT_TRUE(on_first->wait_event("new_message"));
  ASSERT_TRUE(on_second->wait_event("new_message"));

  auto ping_all = [](const std::vector<WsClient*>& sockets, int each) {
    for (int i = 0; i < each; ++i) {
      for (auto* socket : sockets) socket->send_text(R"({"module":"ping"})");
    }
    int pongs = 0, limited = 0;
    for (auto* socket : sockets) {
      int answered = 0;
      while (answered < each) {
        auto message = socket->receive(2s);
        if (!message) break;
        if ((*message)["module"] == "pong") ++pongs, ++answered;
        if ((*message)["error_code"] == "rate_limited") ++limited, ++answered;
      }
    }
    return std::pair{pongs, limited};
  };

  using Clock = std::chrono::steady_clock;
  auto started = Clock::now();
  auto [pongs, limited] = ping_all({on_first.get(), on_second.get()}, 100);
  double elapsed = std::chrono::duration<double>(Clock::now() - started).count();
  std::printf(
      "[ figures  ] one member's sockets on two nodes sent 200 pings: %d processed in %.2f s\n",
      pongs, elapsed);
  EXPECT_EQ(pongs + limited, 200);
  EXPECT_LE(pongs, 60 + static_cast<int>(30 * elapsed) + 2) << "each node granted all of it";
  EXPECT_GE(pongs, 55) << "the budget, but for the frames that validated the sockets";

  // The first node alone, once the budget has filled up again, grants all of it.
  auto expect_whole_budget_on_first = [&](const char* otherwise) {
    std::this_thread::sleep_for(2500ms);
    auto begun = Clock::now();
    auto [alone, refused] = ping_all({on_first.get()}, 100);
    double took = std::chrono::duration<double>(Clock::now() - begun).count();
    EXPECT_EQ(alone + refused, 100);
    EXPECT_GE(alone, 60) << otherwise;
    EXPECT_LE(alone, 60 + static_cast<int>(30 * took) + 1);
  };

  // On one node again.
  on_second.reset();
  ASSERT_TRUE(eventually([&] { return counts_of(dana.id) == "1"; }, 3s));
  expect_whole_budget_on_first("still charged as if on two nodes");

  // On two nodes again, and then the second node dies: once it is reaped, the first node grants
  // the whole budget again (the reaper tells the nodes left).
  on_second = validated(1, dana);
  ASSERT_TRUE(on_second);
  ASSERT_TRUE(eventually([&] { return counts_of(dana.id) == "1\n1"; }, 3s));
  cluster.node(1).kill();
  ASSERT_TRUE(eventually([&] { return counts_of(dana.id) == "1"; }, 12s)) << "node 2 not reaped";
  expect_whole_budget_on_first("still charged as if on the dead node too");
}

// The per-address socket cap and the guests' frame budget hold across nodes (the address hub,
// app/cluster.cpp): Redis counts an address's sockets on every node. Straight to the nodes, every
// client here is 127.0.0.1.
TEST(ClusterAddresses, TheSocketCapAndTheGuestBudgetOfAnAddressHoldAcrossNodes) {
  LocalCluster cluster(2, {"--max-sockets-per-ip", "3"});
  const std::string counts_key =
      "kesher:a:u:" + std::to_string(kesher::bus::address_key("127.0.0.1"));
  auto counts = [&] { return cluster.redis().command({"HVALS", counts_key}); };
  auto guest = [&](size_t node) {
    return WsClient::connect(cluster.node_endpoint(node).port, {cluster.endpoint().origin, {}, {}});
  };
  auto first = guest(0), second = guest(0);
  ASSERT_TRUE(first && second);
  ASSERT_TRUE(eventually([&] { return counts() == "2"; }, 3s)) << counts();
  // Members' presence is heard on both nodes; an address's is no node's business.
  EXPECT_EQ(cluster.redis().command({"PUBSUB", "NUMSUB", "kesher:m:presence", "kesher:a:presence"}),
            "kesher:m:presence\n2\nkesher:a:presence\n0");
  auto third = guest(1);
  ASSERT_TRUE(third) << "each node alone is under the cap";
  ASSERT_TRUE(eventually([&] { return counts() == "2\n1"; }, 3s)) << counts();
  auto fourth = guest(1);
  ASSERT_TRUE(fourth) << "node 2 alone is under the cap";
  EXPECT_EQ(fourth->wait_closed(5s), 4003) << "the cluster is not";
  for (auto* socket : {first.get(), second.get(), third.get()}) EXPECT_TRUE(socket->is_open());

  // The address is on two nodes: each grants half of the guests' budget (120 frames a second,
  // bursts of 240), so two sockets on two nodes get no more through than one.
  second.reset();
  ASSERT_TRUE(eventually([&] { return counts() == "1\n1"; }, 3s)) << counts();
  for (int i = 0; i < 300; ++i) {
    first->send_text(R"({"module":"ping"})");
    third->send_text(R"({"module":"ping"})");
  }
  auto started = std::chrono::steady_clock::now();
  int pongs = 0, limited = 0;
  for (auto* socket : {first.get(), third.get()}) {
    for (int answered = 0; answered < 300;) {
      auto message = socket->receive(2s);
      if (!message) break;
      if ((*message)["module"] == "pong") ++pongs, ++answered;
      if ((*message)["error_code"] == "rate_limited") ++limited, ++answered;
    }
  }
  double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::printf(
      "[ figures  ] one address's guest sockets on two nodes sent 600 pings: %d processed\n",
      pongs);
  EXPECT_EQ(pongs + limited, 600);
  EXPECT_LE(pongs, 240 + static_cast<int>(120 * elapsed) + 2) << "each node granted all of it";
  EXPECT_GE(pongs, 230);
}
