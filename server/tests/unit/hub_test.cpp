// The hub's bookkeeping, with connections that only record what they are told.
#include <gtest/gtest.h>

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
