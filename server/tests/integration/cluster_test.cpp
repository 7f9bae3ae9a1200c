// Two nodes behind HAProxy with PostgreSQL and Redis (issue 15, docs/architecture.md "Two
// shapes"): chat, events, presence, money and a node's death across the nodes. A handful of tests:
// each starts a cluster of its own, which costs a few seconds.
#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <thread>

#include "cluster_support.hpp"

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
  // They know each other now. Noam leaves node 2: Dana, on node 1, hears it.
  noam2.reset();
  EXPECT_EQ(presence_of(*dana1, noam.id, 5s), "offline");
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

}  // namespace
