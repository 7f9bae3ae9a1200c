// Privacy against the real binary: who liked or visited a member stays a premium benefit in every
// module and event, presence reaches only people who may know the person, and after a block
// nothing of one reaches the other.
#include <gtest/gtest.h>

#include <array>
#include <set>

#include "harness.hpp"

using namespace kesher::test;

namespace {

int counter = 0;

struct Person {
  Member member;
  std::string name;
  std::string photo;  // empty when none
};

// What could identify one of `people` in a frame: their id under any id-carrying key, their
// name, or their photo URL.
void expect_no_identity(const json::value& value, const std::vector<Person>& people,
                        const std::string& where) {
  static const std::set<std::string> kIdKeys{"id",        "user_id",        "sender_id",
                                             "reader_id", "partner_id",     "receiver_id",
                                             "s_id",      "swiped_user_id", "contact_id"};
  if (value.is_object()) {
    for (const auto& [key, child] : value.as_object()) {
      if (kIdKeys.contains(std::string(key)) && child.is_int64()) {
        for (const auto& person : people) {
          EXPECT_NE(child.as_int64(), person.member.id)
              << where << " names " << person.name << " by " << key << ": "
              << json::serialize(value);
        }
      }
      expect_no_identity(child, people, where);
    }
  } else if (value.is_array()) {
    for (const auto& child : value.as_array()) expect_no_identity(child, people, where);
  } else if (value.is_string()) {
    std::string text(value.as_string());
    for (const auto& person : people) {
      EXPECT_EQ(text.find(person.name), std::string::npos) << where << " carries " << text;
      if (!person.photo.empty()) {
        EXPECT_EQ(text.find(person.photo), std::string::npos) << where << " carries " << text;
      }
    }
  }
}

std::set<std::string> keys_of(const json::object& object) {
  std::set<std::string> keys;
  for (const auto& [key, value] : object) keys.emplace(key);
  return keys;
}

constexpr std::array<const char*, 9> kTargets{
    "explore", "meet", "popular", "spotlight", "mylikes", "matches", "likesme", "visitors", "chat"};

class Privacy : public ::testing::Test {
 protected:
  void SetUp() override { server_ = std::make_unique<ServerProcess>(); }

  // A woman in Tel Aviv looking for men (or a man looking for women), named, maybe with a photo.
  Person person(int gender, const std::string& name, bool with_photo = false) {
    json::object body{{"gender", gender},   {"s_gender", gender == 1 ? 2 : 1},
                      {"birth_year", 1993}, {"s_age", "18,100"},
                      {"name", name},       {"language", "en"}};
    Person p{register_member(*server_, "p" + std::to_string(++counter) + "@example.com", body),
             name, ""};
    if (with_photo) {
      p.photo = "/media/test/" + name + ".svg";
      execute_sql(*server_, "INSERT INTO photos (user_id, url, position, created_at) VALUES (" +
                                std::to_string(p.member.id) + ", '" + p.photo + "', 1, 0)");
    }
    return p;
  }
  std::unique_ptr<WsClient> connect(const Person& person) {
    auto socket = connect_member(*server_, person.member);
    socket->request("session/validate");
    return socket;
  }
  void make_premium(const Person& person) {
    ASSERT_EQ(run_kesher(*server_, {"set-premium", "--user-id", std::to_string(person.member.id)}),
              0);
  }

  std::unique_ptr<ServerProcess> server_;
};

json::object page(WsClient& socket, const std::string& module) {
  return socket.request(module, {{"currentLength", 0}, {"recordsToTake", 20}});
}

json::object swipe(WsClient& socket, const Person& whom) {
  return socket.request("swipe", {{"swiped_user_id", whom.member.id}, {"like", 1}});
}

json::object visit(WsClient& socket, const Person& whom) {
  return socket.request("visit", {{"visited_user_id", whom.member.id}});
}

json::object text(WsClient& socket, const Person& to, const std::string& body) {
  return socket.request(
      "send_message",
      {{"receiver_id", to.member.id}, {"message_type", "text"}, {"message_text", body}});
}

// Waits until the socket has heard every one of `expected` (person, "online" or "offline"), in
// any order; other events are dropped.
bool heard_all(WsClient& socket, std::vector<std::pair<Person, std::string>> expected) {
  auto deadline = std::chrono::steady_clock::now() + 5s;
  while (!expected.empty() && std::chrono::steady_clock::now() < deadline) {
    auto event = socket.wait_event("onlines", 500ms);
    if (!event) continue;
    std::erase_if(expected, [&](const auto& item) {
      return (*event)["user_id"] == item.first.member.id && (*event)["type"] == item.second.c_str();
    });
  }
  return expected.empty();
}

bool heard(WsClient& socket, const Person& who, const std::string& type) {
  return heard_all(socket, {{who, type}});
}

std::set<int64_t> presence_heard(const std::vector<json::object>& events) {
  std::set<int64_t> ids;
  for (const auto& event : events) {
    if (event.at("module") == "onlines") ids.insert(event.at("user_id").as_int64());
  }
  return ids;
}

}  // namespace

TEST_F(Privacy, NonPremiumLearnsNoFanOrVisitorIdentityAnywhere) {
  auto member = person(2, "Maya");
  auto subscriber = person(2, "Paula");  // premium: the same fan and visitor, seen in full
  auto fan = person(1, "Fabian", true);
  auto visitor = person(1, "Victor", true);
  auto stranger = person(1, "Simon", true);
  make_premium(subscriber);
  auto member_socket = connect(member);
  auto subscriber_socket = connect(subscriber);
  {
    auto fan_socket = connect(fan);
    auto visitor_socket = connect(visitor);
    ASSERT_EQ(swipe(*fan_socket, member)["request_status"], 1);
    ASSERT_EQ(swipe(*fan_socket, subscriber)["request_status"], 1);
    ASSERT_EQ(visit(*visitor_socket, member)["request_status"], 1);
    ASSERT_EQ(visit(*visitor_socket, subscriber)["request_status"], 1);
  }
  // Both go offline and come back: the premium member hears it, the other nothing.
  EXPECT_TRUE(heard_all(*subscriber_socket, {{fan, "offline"}, {visitor, "offline"}}));
  auto fan_socket = connect(fan);
  auto visitor_socket = connect(visitor);
  EXPECT_TRUE(heard_all(*subscriber_socket, {{fan, "online"}, {visitor, "online"}}));
  const std::vector<Person> hidden{fan, visitor};
  auto events = member_socket->drain_events(300ms);
  EXPECT_TRUE(presence_heard(events).empty());
  bool told_of_the_like = false;
  for (const auto& event : events) {
    expect_no_identity(event, hidden, std::string(event.at("module").as_string()) + " event");
    told_of_the_like = told_of_the_like || event.at("module") == "totals";
  }
  EXPECT_TRUE(told_of_the_like);  // the count arrived, anonymously

  // The counts are there; the lists hold one anonymous entry each, nothing else.
  auto totals = member_socket->request("totals");
  EXPECT_EQ(totals["data"].at("fans").at("total"), 1);
  EXPECT_EQ(totals["data"].at("visitors").at("total"), 1);
  EXPECT_EQ(totals["data"].at("fans_new"), 1);
  EXPECT_EQ(totals["data"].at("visits_new"), 1);
  expect_no_identity(totals, hidden, "totals");
  for (const auto* module : {"user/fans", "user/visitors"}) {
    auto reply = page(*member_socket, module);
    ASSERT_EQ(reply["request_status"], 1) << module;
    const auto& entries = reply["data"].as_array();
    ASSERT_EQ(entries.size(), 1u) << module;
    // A blurred copy of the first photo at most (media_test.cpp); this fan has no photo.
    EXPECT_EQ(keys_of(entries[0].as_object()), (std::set<std::string>{"locked", "photo"}))
        << module << ": " << json::serialize(entries[0]);
    EXPECT_TRUE(entries[0].at("photo").is_null()) << module;
    EXPECT_EQ(entries[0].at("locked"), 1) << module;
    expect_no_identity(reply, hidden, module);
  }

  // A profile answer never depends on the target hint, and a fan's or a visitor's card is the
  // same kind of answer as a stranger's: nothing in it says who liked or visited.
  for (const auto& other : {fan, visitor, stranger}) {
    auto plain = member_socket->request("profile", {{"user_id", other.member.id}});
    ASSERT_EQ(plain["request_status"], 1) << other.name;
    plain.erase("rid");
    EXPECT_EQ(plain["data"].at("user").at("liked"), 0);
    EXPECT_EQ(plain["data"].at("user").at("matched"), 0);
    for (const auto* target : kTargets) {
      auto reply =
          member_socket->request("profile", {{"user_id", other.member.id}, {"target", target}});
      reply.erase("rid");
      EXPECT_EQ(reply, plain) << other.name << " from " << target;
    }
    auto photos = member_socket->request("user/photos", {{"user_id", other.member.id}});
    EXPECT_EQ(photos["request_status"], 1) << other.name;
  }
  auto fan_card = member_socket->request("profile", {{"user_id", fan.member.id}});
  auto stranger_card = member_socket->request("profile", {{"user_id", stranger.member.id}});
  EXPECT_EQ(keys_of(fan_card["data"].at("user").as_object()),
            keys_of(stranger_card["data"].at("user").as_object()));
  EXPECT_EQ(member_socket->request("profile",
                                   {{"user_id", fan.member.id}, {"target", "x"}})["error_code"],
            "invalid_value");

  // Premium: the same lists name them.
  for (const auto& [module, who] :
       {std::pair{"user/fans", fan}, std::pair{"user/visitors", visitor}}) {
    auto reply = page(*subscriber_socket, module);
    const auto& entries = reply["data"].as_array();
    ASSERT_EQ(entries.size(), 1u) << module;
    EXPECT_EQ(entries[0].at("id"), who.member.id) << module;
    EXPECT_EQ(entries[0].at("name"), who.name.c_str()) << module;
    EXPECT_EQ(entries[0].at("photo"), who.photo.c_str()) << module;
    EXPECT_EQ(entries[0].at("locked"), 0) << module;
  }

  // Buying premium opens the lists and presence at once, with no new likes needed.
  make_premium(member);
  auto fans = page(*member_socket, "user/fans");
  EXPECT_EQ(fans["data"].as_array().at(0).at("id"), fan.member.id);
  fan_socket.reset();
  EXPECT_TRUE(heard(*member_socket, fan, "offline"));
}

TEST_F(Privacy, PresenceReachesOnlyPeopleWhoMayKnowThePerson) {
  auto subject = person(1, "Sami");
  auto contact = person(2, "Carmen");        // has a conversation with him
  auto liker = person(2, "Lea");             // she liked him
  auto visitor = person(2, "Vera");          // she visited him
  auto match = person(2, "Mira");            // mutual
  auto liked_by_him = person(2, "Fiona");    // he liked her: she may not know him
  auto visited_by_him = person(2, "Wanda");  // he visited her: she may not know him either
  auto subscriber = person(2, "Paula");      // he liked her, and she is premium
  make_premium(subscriber);
  std::vector<std::pair<Person, std::unique_ptr<WsClient>>> receivers;
  for (const auto& p : {contact, liker, visitor, match, liked_by_him, visited_by_him, subscriber}) {
    receivers.emplace_back(p, connect(p));
  }
  auto& liker_socket = receivers[1].second;
  auto& visitor_socket = receivers[2].second;
  auto& match_socket = receivers[3].second;
  {
    auto subject_socket = connect(subject);
    ASSERT_EQ(text(*subject_socket, contact, "Hi")["request_status"], 1);
    ASSERT_EQ(swipe(*liker_socket, subject)["request_status"], 1);
    ASSERT_EQ(visit(*visitor_socket, subject)["request_status"], 1);
    ASSERT_EQ(swipe(*match_socket, subject)["request_status"], 1);
    ASSERT_EQ(swipe(*subject_socket, match)["request_details"].at("is_matched"), 1);
    ASSERT_EQ(swipe(*subject_socket, liked_by_him)["request_status"], 1);
    ASSERT_EQ(visit(*subject_socket, visited_by_him)["request_status"], 1);
    ASSERT_EQ(swipe(*subject_socket, subscriber)["request_status"], 1);
    for (auto& [p, socket] : receivers) socket->drain_events(0ms);
  }
  std::set<std::string> expected{"Carmen", "Lea", "Vera", "Mira", "Paula"};
  for (auto& [p, socket] : receivers) {
    if (expected.contains(p.name)) {
      EXPECT_TRUE(heard(*socket, subject, "offline")) << p.name;
    }
  }
  for (auto& [p, socket] : receivers) {
    if (expected.contains(p.name)) continue;
    EXPECT_FALSE(presence_heard(socket->drain_events(300ms)).contains(subject.member.id))
        << p.name << " learnt that " << subject.name << " went offline";
  }
  auto subject_again = connect(subject);
  for (auto& [p, socket] : receivers) {
    if (expected.contains(p.name)) {
      EXPECT_TRUE(heard(*socket, subject, "online")) << p.name;
    }
  }
  for (auto& [p, socket] : receivers) {
    if (expected.contains(p.name)) continue;
    EXPECT_FALSE(presence_heard(socket->drain_events(300ms)).contains(subject.member.id))
        << p.name << " learnt that " << subject.name << " came online";
  }
}

TEST_F(Privacy, BlockingNeverRevealsWhetherSomeoneWasAFan) {
  // Without premium the counts of likes and visits received stay put whoever blocks whom: a
  // count that dropped on a block would name the fan.
  auto member = person(2, "Maya");
  auto fan = person(1, "Fabian");
  auto admirer = person(1, "Adam");
  auto member_socket = connect(member);
  {
    auto fan_socket = connect(fan);
    swipe(*fan_socket, member);
    visit(*fan_socket, member);
    auto admirer_socket = connect(admirer);
    swipe(*admirer_socket, member);
    // The admirer blocks her afterwards.
    ASSERT_EQ(
        admirer_socket->request("user/block", {{"user_id", member.member.id}})["request_status"],
        1);
  }
  auto counts = [&] {
    auto data = member_socket->request("totals")["data"].as_object();
    return std::array<int64_t, 4>{data.at("fans").at("total").as_int64(),
                                  data.at("visitors").at("total").as_int64(),
                                  data.at("fans_new").as_int64(), data.at("visits_new").as_int64()};
  };
  auto entries = [&](const char* module) {
    return page(*member_socket, module)["data"].as_array().size();
  };
  auto before = counts();
  EXPECT_EQ(before, (std::array<int64_t, 4>{2, 1, 2, 1}));
  ASSERT_EQ(member_socket->request("user/block", {{"user_id", fan.member.id}})["request_status"],
            1);
  EXPECT_EQ(counts(), before);
  EXPECT_EQ(entries("user/fans"), 2u);
  EXPECT_EQ(entries("user/visitors"), 1u);
  ASSERT_EQ(member_socket->request("user/unblock", {{"user_id", fan.member.id}})["request_status"],
            1);
  EXPECT_EQ(counts(), before);

  // With premium the lists name people, so a blocked pair simply vanish from them and the counts.
  make_premium(member);
  EXPECT_EQ(counts(), (std::array<int64_t, 4>{1, 1, 1, 1}));  // the admirer blocked her
  member_socket->request("user/block", {{"user_id", fan.member.id}});
  EXPECT_EQ(counts(), (std::array<int64_t, 4>{0, 0, 0, 0}));
  EXPECT_EQ(entries("user/fans"), 0u);
}

TEST_F(Privacy, AfterABlockReadReceiptsStopBothWays) {
  auto a = person(2, "Alma");
  auto b = person(1, "Boaz");
  auto a_socket = connect(a);
  auto b_socket = connect(b);
  auto to_b = text(*a_socket, b, "Hi");
  auto to_a = text(*b_socket, a, "Hello");
  ASSERT_EQ(to_b["request_status"], 1);
  ASSERT_EQ(to_a["request_status"], 1);
  a_socket->drain_events(200ms);
  b_socket->drain_events(200ms);
  auto b_other_tab = connect(b);
  auto a_other_tab = connect(a);

  ASSERT_EQ(a_socket->request("user/block", {{"user_id", b.member.id}})["request_status"], 1);
  // The blocked side reads the blocker's old message: nothing reaches the blocker.
  auto b_read = b_socket->request(
      "message/read", {{"message_id", std::to_string(to_b["data"].at("id").as_int64())}});
  EXPECT_EQ(b_read["request_details"].at("read"), 0);
  // And the other way round.
  auto a_read = a_socket->request(
      "message/read", {{"message_id", std::to_string(to_a["data"].at("id").as_int64())}});
  EXPECT_EQ(a_read["request_details"].at("read"), 0);
  for (auto* socket : {a_socket.get(), a_other_tab.get(), b_socket.get(), b_other_tab.get()}) {
    for (const auto& event : socket->drain_events(300ms)) {
      EXPECT_NE(event.at("module"), "message/read") << json::serialize(event);
    }
  }
  // Nothing was marked read on either side.
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM conversations WHERE read_up_to > 0"), 0);
}

TEST_F(Privacy, AfterABlockNothingOfOneReachesTheOther) {
  auto a = person(2, "Alma", true);
  auto b = person(1, "Boaz", true);
  auto witness = person(2, "Wendy");  // liked by both, premium: hears their presence
  make_premium(witness);
  auto a_socket = connect(a);
  auto b_socket = connect(b);
  auto b_other_tab = connect(b);
  auto witness_socket = connect(witness);
  swipe(*a_socket, b);
  swipe(*b_socket, a);  // a match
  swipe(*a_socket, witness);
  swipe(*b_socket, witness);
  text(*a_socket, b, "Hi");
  text(*b_socket, a, "Hello");
  for (auto* socket : {a_socket.get(), b_socket.get(), b_other_tab.get(), witness_socket.get()}) {
    socket->drain_events(200ms);
  }

  ASSERT_EQ(a_socket->request("user/block", {{"user_id", b.member.id}})["request_status"], 1);
  // The blocked side is told nothing, not even that a count changed.
  for (auto* socket : {b_socket.get(), b_other_tab.get()}) {
    auto events = socket->drain_events(300ms);
    EXPECT_TRUE(events.empty()) << json::serialize(events.front());
  }
  // The blocker's list of blocked people doesn't show whether he is online.
  auto blocked = a_socket->request("user/blocked")["data"].as_array();
  ASSERT_EQ(blocked.size(), 1u);
  EXPECT_EQ(blocked[0].at("id"), b.member.id);
  EXPECT_FALSE(blocked[0].as_object().contains("status")) << json::serialize(blocked[0]);

  // What each then does reaches nobody on the other side.
  EXPECT_EQ(text(*b_socket, a, "Still there?")["error_code"], "not_found");
  EXPECT_EQ(swipe(*b_socket, a)["error_code"], "not_found");
  EXPECT_EQ(visit(*b_socket, a)["error_code"], "not_found");
  EXPECT_EQ(visit(*a_socket, b)["error_code"], "not_found");
  b_socket.reset();
  b_other_tab.reset();
  EXPECT_TRUE(heard(*witness_socket, b, "offline"));
  b_socket = connect(b);
  EXPECT_TRUE(heard(*witness_socket, b, "online"));
  a_socket.reset();
  EXPECT_TRUE(heard(*witness_socket, a, "offline"));
  a_socket = connect(a);
  EXPECT_TRUE(heard(*witness_socket, a, "online"));
  for (const auto& [socket, other] : {std::pair{a_socket.get(), b}, std::pair{b_socket.get(), a}}) {
    for (const auto& event : socket->drain_events(300ms)) {
      expect_no_identity(event, {other}, std::string(event.at("module").as_string()) + " event");
    }
  }
  // Lists and counts: neither appears to the other.
  for (const auto& [socket, other] : {std::pair{a_socket.get(), b}, std::pair{b_socket.get(), a}}) {
    for (const auto* module : {"user/mylikes", "user/matches", "user/contacts"}) {
      expect_no_identity(page(*socket, module), {other}, module);
    }
    auto totals = socket->request("totals")["data"];
    EXPECT_EQ(totals.at("matches").at("total"), 0);
    EXPECT_EQ(totals.at("mylikes").at("total"), 1);  // the witness only
    EXPECT_EQ(socket->request("user/contacts/unread")["data"].as_array().at(0).at("total"), 0);
  }
}
