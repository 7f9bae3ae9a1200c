#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <optional>
#include <stdexcept>

#include "modules/router.hpp"

using namespace kesher;
namespace json = boost::json;

namespace {

json::object echo(modules::Request& request) {
  json::object reply{{"request_status", 1}, {"data", request.payload}};
  request.after_reply.push_back(json::object{{"module", "follow_up"}});
  return reply;
}

json::object explode(modules::Request&) {
  throw std::runtime_error("database is on fire");
}

// Keeps the responder so that a test can answer later, as the group commit does.
std::optional<modules::Responder> parked;

json::object later(modules::Request& request) {
  parked = request.defer();
  return json::object{{"ignored", true}};
}

struct RecordingConnection final : bus::Connection {
  std::vector<std::string> frames;
  void send(bus::Frame frame) override { frames.push_back(*frame); }
  void close(uint16_t) override {}
};

json::object parse(const std::string& frame) {
  return json::parse(frame).as_object();
}

class RouterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    app_.now = [] { return int64_t{1000}; };
    router_.add("echo", protocol::Access::guest, echo);
    router_.add("secret", protocol::Access::member, echo);
    router_.add("explode", protocol::Access::guest, explode);
    router_.add("later", protocol::Access::guest, later);
  }
  std::vector<std::string> handle(const std::string& frame) {
    return router_.handle(app_, connection_, frame);
  }
  app::Context app_;
  app::ConnectionState connection_;
  modules::Router router_;
};

}  // namespace

TEST_F(RouterTest, RoutesAndEchoesRidThenFollowUps) {
  auto frames = handle(R"({"module":"echo","rid":"r1","x":5})");
  ASSERT_EQ(frames.size(), 2u);
  auto reply = parse(frames[0]);
  EXPECT_EQ(reply["module"], "echo");
  EXPECT_EQ(reply["rid"], "r1");
  EXPECT_EQ(reply["data"].at("x"), 5);
  EXPECT_FALSE(reply["data"].as_object().contains("module"));
  auto follow_up = parse(frames[1]);
  EXPECT_EQ(follow_up["module"], "follow_up");
  EXPECT_FALSE(follow_up.contains("rid"));  // events nobody asked for carry no rid
}

TEST_F(RouterTest, UnknownModuleIsEchoed) {
  auto reply = parse(handle(R"({"module":"nope","rid":"2"})")[0]);
  EXPECT_EQ(reply["error_code"], "unknown_module");
  EXPECT_EQ(reply["module"], "nope");
  EXPECT_EQ(reply["rid"], "2");
}

TEST_F(RouterTest, MemberModulesNeedAuthentication) {
  EXPECT_EQ(parse(handle(R"({"module":"secret"})")[0])["error_code"], "not_authenticated");
  connection_.user_id = 7;
  EXPECT_EQ(parse(handle(R"({"module":"secret"})")[0])["request_status"], 1);
}

TEST_F(RouterTest, HandlerExceptionsBecomeInternalError) {
  auto reply = parse(handle(R"({"module":"explode","rid":"3"})")[0]);
  EXPECT_EQ(reply["error_code"], "internal_error");
  EXPECT_EQ(reply["rid"], "3");
}

TEST_F(RouterTest, UndecodableFramesAnswerAsModuleError) {
  auto reply = parse(handle("{{{")[0]);
  EXPECT_EQ(reply["module"], "error");
  EXPECT_EQ(reply["error_code"], "malformed_json");
}

TEST_F(RouterTest, ADeferredReplyArrivesThroughTheConnectionWithModuleAndRid) {
  auto socket = std::make_shared<RecordingConnection>();
  connection_.connection = socket;
  EXPECT_TRUE(handle(R"({"module":"later","rid":"r9"})").empty()) << "no reply now";
  ASSERT_TRUE(parked);
  parked->send(json::object{{"request_status", 1}});
  ASSERT_EQ(socket->frames.size(), 1u);
  auto reply = parse(socket->frames[0]);
  EXPECT_EQ(reply["module"], "later");
  EXPECT_EQ(reply["rid"], "r9");
  EXPECT_EQ(reply["request_status"], 1);
  parked.reset();
}
