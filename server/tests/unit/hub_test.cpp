// The hub's bookkeeping, with connections that only record what they are told.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <thread>

#include "bus/hub.hpp"

using namespace kesher::bus;

namespace {

struct RecordingConnection : Connection {
  std::vector<std::string> frames;
  std::vector<uint16_t> closes;
  void send(Frame frame) override { frames.push_back(*frame); }
  void close(uint16_t code) override { closes.push_back(code); }
};

}  // namespace

TEST(Hub, ASocketArrivingAfterItsSessionWasLoggedOutIsRefused) {
  Hub hub;
  auto early = std::make_shared<RecordingConnection>();
  ASSERT_EQ(hub.attach(7, "session-a", early), AttachResult::attached);
  // The logout lands while a second socket of the same session is between its lookup and attach.
  hub.close_session("session-a", kCloseLoggedOut);
  EXPECT_EQ(early->closes, std::vector<uint16_t>{kCloseLoggedOut});
  auto late = std::make_shared<RecordingConnection>();
  EXPECT_EQ(hub.attach(7, "session-a", late), AttachResult::session_revoked);
  EXPECT_EQ(hub.sockets_of(7), 1u);  // only the early one, which is closing
  hub.detach(early.get());
  EXPECT_EQ(hub.sockets_of(7), 0u);
  // Another session of the same member is unaffected.
  EXPECT_EQ(hub.attach(7, "session-b", late), AttachResult::attached);
}

TEST(Hub, AMemberHasAtMostTheAllowedSockets) {
  Hub hub;
  std::vector<std::shared_ptr<RecordingConnection>> sockets;
  for (int i = 0; i < 3; ++i) {
    sockets.push_back(std::make_shared<RecordingConnection>());
    EXPECT_EQ(hub.attach(1, "s", sockets.back(), 3), AttachResult::attached);
  }
  auto fourth = std::make_shared<RecordingConnection>();
  EXPECT_EQ(hub.attach(1, "s", fourth, 3), AttachResult::too_many_sockets);
  // Re-attaching one already counted does not count it twice.
  EXPECT_EQ(hub.attach(1, "s", sockets[0], 3), AttachResult::attached);
  hub.detach(sockets[1].get());
  EXPECT_EQ(hub.attach(1, "s", fourth, 3), AttachResult::attached);
  hub.publish(1, std::make_shared<const std::string>("hello"));
  EXPECT_EQ(fourth->frames, std::vector<std::string>{"hello"});
  EXPECT_TRUE(sockets[1]->frames.empty());
}

// Personas are online while an operator holds one of their conversations (Hub::set_held): the
// listener hears each change once, and a held user with a socket of its own changes nothing.
TEST(Hub, HeldUsersAreOnlineAndAnnouncedOnlyOnChange) {
  Hub hub;
  std::vector<std::pair<int64_t, bool>> heard;
  hub.set_presence_listener([&](int64_t user, bool online) { heard.emplace_back(user, online); });
  EXPECT_FALSE(hub.online(41));
  hub.set_held({41, 42});
  EXPECT_TRUE(hub.online(41));
  EXPECT_TRUE(hub.online(42));
  EXPECT_EQ(hub.sockets_of(41), 0u) << "held is not a socket: nothing is sent to it";
  hub.set_held({41, 42});  // no change, nothing heard
  hub.set_held({42});
  EXPECT_FALSE(hub.online(41));
  std::vector<std::pair<int64_t, bool>> expected{{41, true}, {42, true}, {41, false}};
  std::sort(heard.begin(), heard.begin() + 2);
  EXPECT_EQ(heard, expected);

  // A user with a socket is online already: holding or releasing them is not news.
  heard.clear();
  auto socket = std::make_shared<RecordingConnection>();
  ASSERT_EQ(hub.attach(7, "s", socket), AttachResult::attached);
  EXPECT_EQ(heard, (std::vector<std::pair<int64_t, bool>>{{7, true}}));
  heard.clear();
  hub.set_held({7, 42});
  hub.set_held({42});
  EXPECT_TRUE(heard.empty());
  // And the last socket of a held user going away leaves them online.
  hub.set_held({7, 42});
  hub.detach(socket.get());
  EXPECT_TRUE(heard.empty());
  EXPECT_TRUE(hub.online(7));
  hub.set_held({});
  std::sort(heard.begin(), heard.end());
  EXPECT_EQ(heard, (std::vector<std::pair<int64_t, bool>>{{7, false}, {42, false}}));
}

namespace {

// What the hub tells the rest of the cluster, recorded.
struct RecordingPeers : Peers {
  std::vector<std::tuple<int64_t, size_t, bool>> counts;
  std::vector<std::pair<int64_t, std::string>> delivered;
  std::vector<std::string> closed_sessions;
  void local_count(int64_t user_id, size_t count, bool grew) override {
    counts.emplace_back(user_id, count, grew);
  }
  void deliver(int64_t user_id, const Frame& frame) override {
    delivered.emplace_back(user_id, *frame);
  }
  void close_session(const std::string& session_hash, uint16_t) override {
    closed_sessions.push_back(session_hash);
  }
};

}  // namespace

// In a cluster the hub reports every change of a user's count here, in order, and leaves the
// presence announcements to the cluster (announce_cluster_change).
TEST(Hub, InAClusterCountsGoToThePeersAndTheClusterAnnouncesPresence) {
  Hub hub;
  auto peers = std::make_shared<RecordingPeers>();
  hub.set_peers(peers);
  std::vector<std::pair<int64_t, bool>> heard;
  hub.set_presence_listener([&](int64_t user, bool online) { heard.emplace_back(user, online); });
  auto a = std::make_shared<RecordingConnection>();
  auto b = std::make_shared<RecordingConnection>();
  ASSERT_EQ(hub.attach(7, "s", a), AttachResult::attached);
  ASSERT_EQ(hub.attach(7, "s", b), AttachResult::attached);
  hub.detach(a.get());
  hub.set_held({7, 8});
  hub.set_held({});
  hub.detach(b.get());
  using Count = std::tuple<int64_t, size_t, bool>;
  std::vector<Count> expected{{7, 1, true},  {7, 2, true},  {7, 1, false}, {7, 2, false},
                              {8, 1, false}, {7, 1, false}, {8, 0, false}, {7, 0, false}};
  // set_held reports its users in no set order.
  std::sort(peers->counts.begin() + 3, peers->counts.begin() + 5);
  std::sort(peers->counts.begin() + 5, peers->counts.begin() + 7);
  EXPECT_EQ(peers->counts, expected);
  EXPECT_TRUE(heard.empty()) << "a node alone does not know whether a user is new to the cluster";
  hub.announce_cluster_change(7, true);
  EXPECT_EQ(heard, (std::vector<std::pair<int64_t, bool>>{{7, true}}));
  EXPECT_TRUE(hub.online(7)) << "online elsewhere";
  EXPECT_TRUE(hub.reachable(7));
  EXPECT_EQ(hub.sockets_of(7), 0u);
}

TEST(Hub, InAClusterAFrameGoesToThePeersOnlyForAUserOnlineThere) {
  Hub hub;
  auto peers = std::make_shared<RecordingPeers>();
  hub.set_peers(peers);
  auto here = std::make_shared<RecordingConnection>();
  ASSERT_EQ(hub.attach(1, "s", here), AttachResult::attached);
  auto frame = std::make_shared<const std::string>("hello");
  hub.publish(1, frame);
  hub.publish(2, frame);
  EXPECT_EQ(here->frames, std::vector<std::string>{"hello"});
  EXPECT_TRUE(peers->delivered.empty()) << "nobody online in the cluster: nothing for Redis";
  EXPECT_FALSE(hub.reachable(2));

  hub.set_cluster_online(2, true);
  hub.set_cluster_online(1, true);
  hub.publish(2, frame);
  hub.publish(1, frame, here.get());
  std::vector<std::pair<int64_t, std::string>> expected{{2, "hello"}, {1, "hello"}};
  EXPECT_EQ(peers->delivered, expected);
  EXPECT_EQ(here->frames, std::vector<std::string>{"hello"}) << "the sender's own socket skipped";
  EXPECT_TRUE(hub.reachable(2));
  EXPECT_TRUE(hub.reachable(1, /*besides=*/1)) << "other tabs may be on other nodes";
  auto users = hub.online_users();
  std::sort(users.begin(), users.end());
  EXPECT_EQ(users, (std::vector<int64_t>{1, 2}));

  // What another node sends is for the sockets here, and goes nowhere else.
  hub.deliver_local(1, std::make_shared<const std::string>("from afar"));
  EXPECT_EQ(here->frames, (std::vector<std::string>{"hello", "from afar"}));
  EXPECT_EQ(peers->delivered.size(), 2u);

  hub.replace_cluster_online({});
  EXPECT_FALSE(hub.online(2));
}

TEST(Hub, InAClusterALogoutReachesThePeersAndARevocationFromThemClosesSocketsHere) {
  Hub hub;
  auto peers = std::make_shared<RecordingPeers>();
  hub.set_peers(peers);
  auto a = std::make_shared<RecordingConnection>();
  auto b = std::make_shared<RecordingConnection>();
  ASSERT_EQ(hub.attach(1, "one", a), AttachResult::attached);
  ASSERT_EQ(hub.attach(2, "two", b), AttachResult::attached);
  hub.close_session("one", kCloseLoggedOut);
  EXPECT_EQ(peers->closed_sessions, std::vector<std::string>{"one"});
  EXPECT_EQ(a->closes, std::vector<uint16_t>{kCloseLoggedOut});
  hub.close_session_here("two", kCloseLoggedOut);
  EXPECT_EQ(b->closes, std::vector<uint16_t>{kCloseLoggedOut});
  EXPECT_EQ(peers->closed_sessions.size(), 1u) << "what came from the peers is not sent back";
  EXPECT_EQ(hub.attach(2, "two", std::make_shared<RecordingConnection>()),
            AttachResult::session_revoked);
}

TEST(Hub, OverTheClusterCapTheNewestSocketHereCloses) {
  Hub hub;
  std::vector<std::shared_ptr<RecordingConnection>> sockets;
  for (int i = 0; i < 3; ++i) {
    sockets.push_back(std::make_shared<RecordingConnection>());
    ASSERT_EQ(hub.attach(5, "s", sockets.back()), AttachResult::attached);
  }
  hub.close_newest(5, kCloseTooManySockets);
  EXPECT_TRUE(sockets[0]->closes.empty());
  EXPECT_TRUE(sockets[1]->closes.empty());
  EXPECT_EQ(sockets[2]->closes, std::vector<uint16_t>{kCloseTooManySockets});
  hub.close_newest(6, kCloseTooManySockets);  // nobody: nothing happens
}

// How many nodes hold a member, for the share of the frame budget this node grants them
// (bus/node_spread.hpp): a newer word replaces an older one whatever order they arrive in, word
// about a user with no socket here is dropped, and a user's last socket here takes it along.
TEST(Hub, InAClusterTheNodesHoldingAUserFollowTheNewestWord) {
  Hub hub;
  hub.set_peers(std::make_shared<RecordingPeers>());
  EXPECT_EQ(hub.nodes_holding(7), 1);
  hub.set_nodes_holding(7, 2, 5);
  EXPECT_EQ(hub.nodes_holding(7), 1) << "no socket of 7 here";

  auto a = std::make_shared<RecordingConnection>();
  ASSERT_EQ(hub.attach(7, "s", a), AttachResult::attached);
  hub.set_nodes_holding(7, 2, 5);
  EXPECT_EQ(hub.nodes_holding(7), 2);
  hub.set_nodes_holding(7, 3, 4);  // older, arriving late
  EXPECT_EQ(hub.nodes_holding(7), 2);
  hub.set_nodes_holding(7, 3, 9);
  EXPECT_EQ(hub.nodes_holding(7), 3);
  EXPECT_EQ(hub.nodes_holding(8), 1);
  hub.set_nodes_holding(7, 1, 12);
  EXPECT_EQ(hub.nodes_holding(7), 1);
  hub.set_nodes_holding(7, 2, 11);  // older than the 1 it would replace
  EXPECT_EQ(hub.nodes_holding(7), 1);

  hub.set_nodes_holding(7, 2, 13);
  hub.detach(a.get());
  EXPECT_EQ(hub.nodes_holding(7), 1) << "gone from here";
  hub.set_nodes_holding(7, 2, 14);
  EXPECT_EQ(hub.nodes_holding(7), 1) << "late word about someone who left";
  // Back here later, the user starts from what Redis says then.
  ASSERT_EQ(hub.attach(7, "s", a), AttachResult::attached);
  hub.set_nodes_holding(7, 2, 3);
  EXPECT_EQ(hub.nodes_holding(7), 2);
}

TEST(NodeSpread, ReadersOnManyThreadsSeeOneOfTheValuesWritten) {
  NodeSpread spread;
  std::atomic<bool> stop{false};
  std::atomic<int64_t> odd{0};
  std::thread reader([&] {
    while (!stop.load()) {
      int64_t nodes = spread.nodes_of(3);
      if (nodes != 1 && nodes != 2) odd.fetch_add(1);
    }
  });
  for (int64_t sequence = 1; sequence <= 20000; ++sequence) {
    spread.apply(3, sequence % 2 == 0 ? 2 : 1, sequence);
    if (sequence % 1000 == 0) spread.forget(3);
  }
  stop.store(true);
  reader.join();
  EXPECT_EQ(odd.load(), 0);
  spread.apply(3, 2, 1);
  EXPECT_EQ(spread.nodes_of(3), 2);
  spread.forget(3);
  EXPECT_EQ(spread.nodes_of(3), 1);
}

// A count of nodes that cannot be (none, or fewer: a reply racing a socket's return) never makes a
// frame free or costlier than one node: the user counts as on this node alone.
TEST(Hub, ANonsenseCountOfNodesCountsAsThisNodeAlone) {
  Hub hub;
  hub.set_peers(std::make_shared<RecordingPeers>());
  auto a = std::make_shared<RecordingConnection>();
  ASSERT_EQ(hub.attach(7, "s", a), AttachResult::attached);
  hub.set_nodes_holding(7, 3, 1);
  ASSERT_EQ(hub.nodes_holding(7), 3);
  hub.set_nodes_holding(7, 0, 2);
  EXPECT_EQ(hub.nodes_holding(7), 1);
  hub.set_nodes_holding(7, -4, 3);
  EXPECT_EQ(hub.nodes_holding(7), 1);
}
