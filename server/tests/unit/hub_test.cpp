// The hub's bookkeeping, with connections that only record what they are told.
#include <gtest/gtest.h>

#include <algorithm>

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
