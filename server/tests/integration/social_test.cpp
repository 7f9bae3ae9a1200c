// Discovery and the social graph against the real binary: cards, Discover, likes, matches,
// visitors, premium rules, blocking, presence, personas and the privacy of locations.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <thread>

#include "harness.hpp"

using namespace kesher::test;

namespace {

int counter = 0;

// A woman in Tel Aviv looking for men, or the other way round; ages come from birth_year.
Member woman(const ServerProcess& server, json::object extra = {}) {
  json::object body{{"gender", 2}, {"s_gender", 1}, {"birth_year", 1994}, {"s_age", "18,100"}};
  for (const auto& [k, v] : extra) body[k] = v;
  return register_member(server, "w" + std::to_string(++counter) + "@example.com", body);
}

Member man(const ServerProcess& server, json::object extra = {}) {
  json::object body{{"gender", 1}, {"s_gender", 2}, {"birth_year", 1992}, {"s_age", "18,100"}};
  for (const auto& [k, v] : extra) body[k] = v;
  return register_member(server, "m" + std::to_string(++counter) + "@example.com", body);
}

std::vector<int64_t> ids_of(const json::object& reply) {
  std::vector<int64_t> ids;
  if (!reply.contains("data") || !reply.at("data").is_array()) return ids;
  for (const auto& item : reply.at("data").as_array()) {
    const auto& id = item.at("id");
    ids.push_back(id.is_null() ? -1 : id.as_int64());
  }
  return ids;
}

bool contains(const std::vector<int64_t>& ids, int64_t id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

json::object swipe(WsClient& socket, int64_t id, int like = 1) {
  return socket.request("swipe", {{"swiped_user_id", id}, {"like", like}});
}

json::object page(WsClient& socket, const std::string& module, int64_t offset = 0,
                  int64_t take = 20) {
  return socket.request(module, {{"currentLength", offset}, {"recordsToTake", take}});
}

// Every key that could carry a location, anywhere in a reply.
void expect_no_coordinates(const json::value& value, const std::string& where) {
  static const std::set<std::string> kForbidden{"lat",       "lon",         "lng",     "latitude",
                                                "longitude", "coordinates", "loc",     "cell_row",
                                                "cell_col",  "geo",         "location"};
  if (value.is_object()) {
    for (const auto& [key, child] : value.as_object()) {
      EXPECT_FALSE(kForbidden.contains(std::string(key))) << where << " has key " << key;
      expect_no_coordinates(child, where);
    }
  } else if (value.is_array()) {
    for (const auto& child : value.as_array()) expect_no_coordinates(child, where);
  } else if (value.is_double()) {
    ADD_FAILURE() << where << " carries a fractional number " << value.as_double();
  }
}

class Social : public ::testing::Test {
 protected:
  void SetUp() override { server_ = std::make_unique<ServerProcess>(); }
  std::unique_ptr<WsClient> connect(const Member& member) {
    auto socket = connect_member(*server_, member);
    socket->request("session/validate");
    return socket;
  }
  std::unique_ptr<ServerProcess> server_;
};

}  // namespace

TEST_F(Social, MutualLikeMatchesAndBothSidesHearOfIt) {
  auto a = woman(*server_);
  auto b = man(*server_);
  auto a_socket = connect(a);
  auto b_socket = connect(b);
  auto b_other_tab = connect(b);

  auto first = swipe(*a_socket, b.id);
  EXPECT_EQ(first["request_status"], 1);
  EXPECT_EQ(first["request_details"].at("is_matched"), 0);
  auto totals = b_socket->wait_event("totals");
  ASSERT_TRUE(totals);
  EXPECT_EQ((*totals)["data"].at("fans_new"), 1);

  auto second = swipe(*b_socket, a.id);
  EXPECT_EQ(second["request_details"].at("is_matched"), 1);
  EXPECT_EQ(second["request_details"].at("swiped_user_id"), a.id);
  auto a_event = a_socket->wait_event("match");
  ASSERT_TRUE(a_event);
  EXPECT_EQ((*a_event)["data"].at("user").at("id"), b.id);
  EXPECT_EQ((*a_event)["data"].at("user").at("matched"), 1);
  auto other_tab_event = b_other_tab->wait_event("match");
  ASSERT_TRUE(other_tab_event);
  EXPECT_EQ((*other_tab_event)["data"].at("user").at("id"), a.id);
  EXPECT_FALSE(b_socket->wait_event("match", 300ms));  // the swiping tab has the reply

  EXPECT_TRUE(contains(ids_of(page(*a_socket, "user/matches")), b.id));
  EXPECT_TRUE(contains(ids_of(page(*b_socket, "user/matches")), a.id));
  EXPECT_EQ(a_socket->request("totals")["data"].at("matches").at("total"), 1);
  // Liking again keeps one like and one match.
  EXPECT_EQ(swipe(*b_socket, a.id)["request_details"].at("is_matched"), 1);
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM matches"), 2);
}

TEST_F(Social, ExploreHonoursExcludeAndEarlierSwipes) {
  auto seeker = man(*server_);
  std::vector<int64_t> women;
  for (int i = 0; i < 4; ++i) women.push_back(woman(*server_).id);
  auto socket = connect(seeker);

  auto all = ids_of(socket->request("explore", {{"exclude", json::array{}}}));
  EXPECT_EQ(std::set<int64_t>(all.begin(), all.end()),
            std::set<int64_t>(women.begin(), women.end()));
  auto without = ids_of(socket->request("explore", {{"exclude", json::array{women[0]}}}));
  EXPECT_EQ(without.size(), 3u);
  EXPECT_FALSE(contains(without, women[0]));

  swipe(*socket, women[1], 0);  // a pass
  swipe(*socket, women[2], 1);  // a like
  auto after = ids_of(socket->request("explore", {{"exclude", json::array{}}}));
  EXPECT_EQ(std::set<int64_t>(after.begin(), after.end()), (std::set<int64_t>{women[0], women[3]}));
}

TEST_F(Social, FiltersOnGenderAgeAndRadiusHold) {
  auto seeker = man(*server_, {{"s_age", "25,35"}});
  auto fits = woman(*server_, {{"birth_year", 1996}});
  auto too_old = woman(*server_, {{"birth_year", 1970}});
  auto another_man = man(*server_, {{"birth_year", 1996}});
  auto in_berlin = woman(*server_, {{"birth_year", 1996}, {"place_id", 2950159}});
  auto in_jerusalem = woman(*server_, {{"birth_year", 1996}, {"place_id", 281184}});
  auto socket = connect(seeker);
  socket->request("user/update", {{"key", "s_radious"}, {"value", 50}});

  for (const auto* module : {"explore", "meet", "meet/popular"}) {
    auto reply = std::string(module) == "explore"
                     ? socket->request("explore", {{"exclude", json::array{}}})
                     : page(*socket, module, 0, 24);
    auto ids = ids_of(reply);
    EXPECT_TRUE(contains(ids, fits.id)) << module;
    EXPECT_FALSE(contains(ids, too_old.id)) << module;
    EXPECT_FALSE(contains(ids, another_man.id)) << module;
    EXPECT_FALSE(contains(ids, in_berlin.id)) << module;
    EXPECT_FALSE(contains(ids, in_jerusalem.id)) << module;  // about 54 km away
  }
  socket->request("user/update", {{"key", "s_radious"}, {"value", 100}});
  auto wider = ids_of(page(*socket, "meet", 0, 24));
  EXPECT_TRUE(contains(wider, in_jerusalem.id));
  EXPECT_FALSE(contains(wider, in_berlin.id));
  auto card = socket->request("profile", {{"user_id", in_jerusalem.id}})["data"].at("user");
  EXPECT_EQ(card.at("distance_km"), 100);  // a bucket, never the distance itself
}

TEST_F(Social, PagingHasNoDuplicatesAndNoGaps) {
  auto seeker = man(*server_);
  for (int i = 0; i < 13; ++i) woman(*server_);
  auto socket = connect(seeker);
  for (const auto* module : {"meet", "meet/popular"}) {
    auto everything = ids_of(page(*socket, module, 0, 48));
    ASSERT_EQ(everything.size(), 13u) << module;
    std::vector<int64_t> paged;
    for (int64_t offset = 0; offset < 20; offset += 5) {
      auto ids = ids_of(page(*socket, module, offset, 5));
      paged.insert(paged.end(), ids.begin(), ids.end());
    }
    EXPECT_EQ(paged, everything) << module;
  }
  EXPECT_EQ(page(*socket, "meet", -1)["error_code"], "invalid_value");
  EXPECT_EQ(page(*socket, "meet", 0, 500)["error_code"], "invalid_value");
}

TEST_F(Social, DailyLikeLimitForNonPremium) {
  auto seeker = man(*server_);
  std::vector<int64_t> women;
  for (int i = 0; i < 52; ++i) women.push_back(woman(*server_).id);
  auto socket = connect(seeker);
  for (int i = 0; i < 50; ++i) ASSERT_EQ(swipe(*socket, women[i])["request_status"], 1) << i;
  auto refused = swipe(*socket, women[50]);
  EXPECT_EQ(refused["request_status"], 0);
  EXPECT_EQ(refused["error_code"], "like_limit_reached");
  EXPECT_EQ(refused["request_details"].at("limit"), 50);
  EXPECT_GT(refused["request_details"].at("resets_in").as_int64(), 0);
  EXPECT_EQ(swipe(*socket, women[50], 0)["request_status"], 1);  // passes stay free
  EXPECT_EQ(run_kesher(*server_, {"set-premium", "--user-id", std::to_string(seeker.id)}), 0);
  EXPECT_EQ(swipe(*socket, women[51])["request_status"], 1);
  EXPECT_EQ(swipe(*socket, women[50])["request_status"], 1);  // a pass turns into a like
}

TEST_F(Social, FansAndVisitorsArePremium) {
  auto member = woman(*server_);
  auto fan = man(*server_);
  execute_sql(*server_, "INSERT INTO photos (user_id, url, position, created_at) VALUES (" +
                            std::to_string(fan.id) + ", '/media/test/fan.svg', 1, 0)");
  auto fan_socket = connect(fan);
  swipe(*fan_socket, member.id);
  EXPECT_EQ(fan_socket->request("visit", {{"visited_user_id", member.id}})["request_status"], 1);

  auto socket = connect(member);
  auto totals = socket->request("totals")["data"];
  EXPECT_EQ(totals.at("fans_new"), 1);
  EXPECT_EQ(totals.at("visits_new"), 1);
  for (const auto* module : {"user/fans", "user/visitors"}) {
    auto reply = page(*socket, module);
    ASSERT_EQ(reply["data"].as_array().size(), 1u) << module;
    const auto& entry = reply["data"].as_array().at(0).as_object();
    EXPECT_EQ(entry, (json::object{{"locked", 1}, {"photo", nullptr}})) << module;
  }

  ASSERT_EQ(run_kesher(*server_, {"set-premium", "--user-id", std::to_string(member.id)}), 0);
  for (const auto* module : {"user/fans", "user/visitors"}) {
    auto reply = page(*socket, module);
    const auto& entry = reply["data"].as_array().at(0).as_object();
    EXPECT_EQ(entry.at("id"), fan.id) << module;
    EXPECT_EQ(entry.at("photo"), "/media/test/fan.svg") << module;
    EXPECT_EQ(entry.at("locked"), 0) << module;
  }
  auto opened = socket->request("profile", {{"user_id", fan.id}, {"target", "likesme"}});
  EXPECT_EQ(opened["request_status"], 1);
  EXPECT_EQ(opened["data"].at("photos").as_array().size(), 1u);

  EXPECT_EQ(socket->request("user/fans/seen")["request_status"], 1);
  EXPECT_EQ(socket->request("user/visitors/seen")["request_status"], 1);
  totals = socket->request("totals")["data"];
  EXPECT_EQ(totals.at("fans_new"), 0);
  EXPECT_EQ(totals.at("visits_new"), 0);
  EXPECT_EQ(totals.at("fans").at("total"), 1);
}

// Whether `socket` hears `user` go `type` ("online", "offline") within 5 s; other presence
// events before it are passed over.
bool heard(WsClient& socket, int64_t user, const std::string& type) {
  auto deadline = std::chrono::steady_clock::now() + 5s;
  while (std::chrono::steady_clock::now() < deadline) {
    auto event = socket.wait_event("onlines", 500ms);
    if (event && (*event)["user_id"] == user && (*event)["type"] == type.c_str()) return true;
  }
  return false;
}

TEST_F(Social, BlockedPeopleVanishFromEachOtherEverywhere) {
  auto a = woman(*server_);
  auto b = man(*server_);
  execute_sql(*server_, "INSERT INTO photos (user_id, url, position, created_at) VALUES (" +
                            std::to_string(a.id) + ", '/media/a.svg', 1, 0), (" +
                            std::to_string(b.id) + ", '/media/b.svg', 1, 0)");
  auto a_socket = connect(a);
  auto b_socket = connect(b);
  swipe(*a_socket, b.id);
  swipe(*b_socket, a.id);  // a match
  a_socket->request("visit", {{"visited_user_id", b.id}});
  b_socket->request("visit", {{"visited_user_id", a.id}});
  run_kesher(*server_, {"set-premium", "--user-id", std::to_string(a.id)});
  run_kesher(*server_, {"set-premium", "--user-id", std::to_string(b.id)});
  // An announcement of B's first socket may still be on its way, and reach A, now related, after
  // the block. B leaving and coming back flushes it: presence is announced
  // in order, so once A has heard B come back, nothing older is left.
  b_socket.reset();
  ASSERT_TRUE(heard(*a_socket, b.id, "offline"));
  b_socket = connect(b);
  ASSERT_TRUE(heard(*a_socket, b.id, "online"));

  EXPECT_EQ(a_socket->request("user/block", {{"user_id", a.id}})["error_code"],
            "cannot_block_self");
  EXPECT_EQ(a_socket->request("user/block", {{"user_id", 999999}})["error_code"], "not_found");
  ASSERT_EQ(a_socket->request("user/block", {{"user_id", b.id}})["request_status"], 1);

  auto hidden_everywhere = [&](WsClient& socket, int64_t other, const std::string& who) {
    EXPECT_FALSE(contains(ids_of(socket.request("explore", {{"exclude", json::array{}}})), other))
        << who;
    for (const auto* module :
         {"meet", "meet/popular", "user/mylikes", "user/fans", "user/matches", "user/visitors"}) {
      EXPECT_FALSE(contains(ids_of(page(socket, module, 0, 20)), other)) << who << " " << module;
    }
    EXPECT_FALSE(contains(ids_of(socket.request("spotlight", {{"currentLength", 0}})), other))
        << who;
    EXPECT_EQ(socket.request("profile", {{"user_id", other}})["error_code"], "not_found") << who;
    EXPECT_EQ(socket.request("user/photos", {{"user_id", other}})["error_code"], "not_found")
        << who;
    EXPECT_EQ(socket.request("swipe", {{"swiped_user_id", other}, {"like", 1}})["error_code"],
              "not_found")
        << who;
    EXPECT_EQ(socket.request("visit", {{"visited_user_id", other}})["error_code"], "not_found")
        << who;
    auto totals = socket.request("totals")["data"];
    EXPECT_EQ(totals.at("matches").at("total"), 0) << who;
    EXPECT_EQ(totals.at("fans").at("total"), 0) << who;
    EXPECT_EQ(totals.at("visitors").at("total"), 0) << who;
  };
  hidden_everywhere(*a_socket, b.id, "blocker");
  hidden_everywhere(*b_socket, a.id, "blocked");

  auto blocked = a_socket->request("user/blocked")["data"].as_array();
  ASSERT_EQ(blocked.size(), 1u);
  EXPECT_EQ(blocked[0].at("id"), b.id);

  // Presence stops between them too.
  b_socket.reset();
  EXPECT_FALSE(a_socket->wait_event("onlines", 500ms));
  auto b_again = connect(b);
  EXPECT_FALSE(a_socket->wait_event("onlines", 500ms));

  ASSERT_EQ(a_socket->request("user/unblock", {{"user_id", b.id}})["request_status"], 1);
  EXPECT_TRUE(contains(ids_of(page(*a_socket, "user/matches")), b.id));
}

TEST_F(Social, PresenceReachesRelatedPeople) {
  auto a = woman(*server_);
  auto b = man(*server_);
  auto stranger = man(*server_);
  auto a_socket = connect(a);
  auto stranger_socket = connect(stranger);
  {
    auto b_socket = connect(b);
    swipe(*a_socket, b.id);  // she liked him, so she knows him
  }
  auto offline = a_socket->wait_event("onlines");
  ASSERT_TRUE(offline);
  EXPECT_EQ((*offline)["type"], "offline");
  EXPECT_EQ((*offline)["user_id"], b.id);
  auto b_socket = connect(b);
  auto online = a_socket->wait_event("onlines");
  ASSERT_TRUE(online);
  EXPECT_EQ((*online)["type"], "online");
  EXPECT_EQ((*online)["user_id"], b.id);
  EXPECT_EQ(a_socket->request("profile", {{"user_id", b.id}})["data"].at("user").at("status"), 1);
  EXPECT_FALSE(stranger_socket->wait_event("onlines", 300ms));
}

TEST_F(Social, BadInputGetsClearErrors) {
  auto member = man(*server_);
  auto socket = connect(member);
  EXPECT_EQ(socket->request("swipe", {{"like", 1}})["error_code"], "invalid_value");
  EXPECT_EQ(swipe(*socket, member.id)["error_code"], "not_found");
  EXPECT_EQ(swipe(*socket, 987654)["error_code"], "not_found");
  EXPECT_EQ(socket->request("swipe", {{"swiped_user_id", 1}, {"like", 2}})["error_code"],
            "invalid_value");
  EXPECT_EQ(socket->request("swipe", {{"swiped_user_id", "x"}, {"like", 1}})["error_code"],
            "invalid_field");
  EXPECT_EQ(socket->request("explore", {{"exclude", "1,2"}})["error_code"], "invalid_field");
  // A number beyond int64 (found by fuzzing; the sanitizer build stopped the server on it).
  auto huge = socket->request("swipe", {{"swiped_user_id", 1}, {"like", 1.2e20}});
  EXPECT_EQ(huge["error_code"], "invalid_field");
  EXPECT_EQ(huge["field"], "like");
  json::array many;
  for (int i = 0; i < 51; ++i) many.push_back(i);
  EXPECT_EQ(socket->request("explore", {{"exclude", many}})["error_code"], "invalid_value");
  EXPECT_EQ(socket->request("profile", {{"user_id", 987654}})["error_code"], "not_found");
  EXPECT_EQ(socket->request("profile", {{"user_id", member.id}, {"target", "x"}})["error_code"],
            "invalid_value");
  EXPECT_EQ(socket->request("user/report", {{"user_id", member.id}})["error_code"],
            "invalid_value");
  auto other = woman(*server_);
  EXPECT_EQ(
      socket->request("user/report", {{"user_id", other.id}, {"reason", "spam"}})["request_status"],
      1);
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM reports"), 1);
  auto guest = WsClient::connect(server_->port(), {server_->origin(), "", ""});
  EXPECT_EQ(guest->request("explore", {{"exclude", json::array{}}})["error_code"],
            "not_authenticated");
}

namespace {

// Two personas in the importer's format: one likes back at once, one after a second.
std::filesystem::path write_personas(const ServerProcess& server) {
  auto dir = server.data_dir() / "persona-fixture";
  std::filesystem::create_directories(dir / "images");
  for (const char* name : {"p001-1.svg", "p002-1.svg"}) {
    std::ofstream(dir / "images" / name)
        << R"(<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="#e8436b"/></svg>)";
  }
  std::ofstream(dir / "personas.json") << R"([
    {"key":"p001","name":"נועה","gender":2,"birth_date":"1996-03-02","language":"he",
     "place_id":293397,"bio":"קפה, ים וספרים.","answer":3,"s_gender":1,"s_age":"25,45",
     "likes_back_percent":100,"like_back_delay_s":0,"photos":["p001-1.svg"]},
    {"key":"p002","name":"Lena","gender":2,"birth_date":"1995-07-09","language":"de",
     "place_id":293397,"bio":"Ich liebe Musik.","answer":2,"s_gender":1,"s_age":"25,45",
     "likes_back_percent":100,"like_back_delay_s":1,"photos":["p002-1.svg"]}])";
  return dir;
}

}  // namespace

TEST_F(Social, PersonasAreDisclosedAndLikeBackOnTheirOwnSchedule) {
  auto dir = write_personas(*server_);
  ASSERT_EQ(run_kesher(*server_, {"seed-demo", "--personas", dir.string()}), 0);
  ASSERT_EQ(run_kesher(*server_, {"seed-demo", "--personas", dir.string()}), 0);  // idempotent
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM users WHERE kind = 'persona'"), 2);

  auto member = man(*server_);
  auto socket = connect(member);
  auto cards = socket->request("explore", {{"exclude", json::array{}}})["data"].as_array();
  ASSERT_EQ(cards.size(), 2u);
  int64_t instant = 0, later = 0;
  for (const auto& card : cards) {
    EXPECT_EQ(card.at("virtual"), 1);
    std::string photo(card.at("photo").as_string());
    EXPECT_EQ(photo.rfind("/media/personas/", 0), 0u);
    auto image = http_request(server_->port(), "GET", photo);
    EXPECT_EQ(image.status, 200);
    EXPECT_EQ(image.headers["content-type"], "image/svg+xml");
    (card.at("name") == "נועה" ? instant : later) = card.at("id").as_int64();
  }
  EXPECT_EQ(swipe(*socket, instant)["request_details"].at("is_matched"), 1);
  EXPECT_EQ(swipe(*socket, later)["request_details"].at("is_matched"), 0);
  auto event = socket->wait_event("match", 5s);
  ASSERT_TRUE(event);
  EXPECT_EQ((*event)["data"].at("user").at("id"), later);
  EXPECT_EQ((*event)["data"].at("user").at("virtual"), 1);
  EXPECT_EQ(http_request(server_->port(), "GET", "/media/../kesher.db").status, 404);
  EXPECT_EQ(http_request(server_->port(), "GET", "/media/personas/.hidden").status, 404);
}

namespace {

// Two women in each language, all in Tel Aviv: the order of every discovery list shows the
// languages by themselves.
std::filesystem::path write_language_personas(const ServerProcess& server) {
  auto dir = server.data_dir() / "language-fixture";
  std::filesystem::create_directories(dir / "images");
  json::array personas;
  const std::vector<std::pair<std::string, std::string>> people{{"he", "נועה"},  {"en", "Emily"},
                                                                {"de", "Lena"},  {"he", "מאיה"},
                                                                {"en", "Grace"}, {"de", "Anna"}};
  int n = 0;
  for (const auto& [language, name] : people) {
    std::string key = "p00" + std::to_string(++n);
    std::ofstream(dir / "images" / (key + "-1.svg"))
        << R"(<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>)";
    personas.push_back(json::object{{"key", key},
                                    {"name", name},
                                    {"gender", 2},
                                    {"birth_date", "1995-03-02"},
                                    {"language", language},
                                    {"place_id", 293397},
                                    {"bio", language == "he" ? "ים וקפה." : "Sea and coffee."},
                                    {"answer", 3},
                                    {"s_gender", 1},
                                    {"s_age", "25,45"},
                                    {"likes_back_percent", 0},
                                    {"like_back_delay_s", 0},
                                    {"photos", json::array{json::string(key + "-1.svg")}}});
  }
  std::ofstream(dir / "personas.json") << json::serialize(personas);
  return dir;
}

std::vector<std::string> languages_of(const json::array& people) {
  std::vector<std::string> languages;
  for (const auto& person : people) {
    languages.emplace_back(person.at("language").as_string());
  }
  return languages;
}

}  // namespace

TEST_F(Social, DiscoveryShowsPeopleInTheViewersLanguageFirst) {
  auto dir = write_language_personas(*server_);
  ASSERT_EQ(run_kesher(*server_, {"seed-demo", "--personas", dir.string()}), 0);
  const std::map<std::string, std::vector<std::string>> expected{
      {"en", {"en", "en", "de", "de", "he", "he"}},
      {"de", {"de", "de", "en", "en", "he", "he"}},
      {"he", {"he", "he", "en", "en", "de", "de"}}};
  for (const auto& [language, order] : expected) {
    auto viewer =
        man(*server_, {{"language", language}, {"name", language == "he" ? "דן" : "Dan"}});
    auto socket = connect(viewer);
    auto cards = socket->request("explore", {{"exclude", json::array{}}})["data"].as_array();
    EXPECT_EQ(languages_of(cards), order) << "explore for a " << language << " reader";
    EXPECT_EQ(languages_of(page(*socket, "meet")["data"].as_array()), order)
        << "meet for a " << language << " reader";
    EXPECT_EQ(languages_of(page(*socket, "meet/popular")["data"].as_array()), order)
        << "popular for a " << language << " reader";
    auto spotlight = socket->request("spotlight", {{"currentLength", 0}})["data"].as_array();
    EXPECT_EQ(languages_of(spotlight), order) << "spotlight for a " << language << " reader";
    // Paging goes on where the last page ended, across the change of language.
    auto second = page(*socket, "meet", 3, 2)["data"].as_array();
    EXPECT_EQ(languages_of(second), (std::vector<std::string>{order[3], order[4]}));
    for (const auto& card : cards) EXPECT_EQ(card.at("virtual"), 1);
  }
}

TEST_F(Social, SeedingAgainBringsPersonasInLineWithTheCatalogue) {
  auto dir = write_personas(*server_);
  ASSERT_EQ(run_kesher(*server_, {"seed-demo", "--personas", dir.string()}), 0);
  // The catalogue changes: p001 moves to Haifa with a new bio and a second picture.
  std::ofstream(dir / "images" / "p001-2.svg")
      << R"(<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>)";
  std::ofstream(dir / "personas.json") << R"([
    {"key":"p001","name":"נועה","gender":2,"birth_date":"1996-03-02","language":"he",
     "place_id":294801,"bio":"הרים, ים וספרים.","answer":3,"s_gender":1,"s_age":"25,45",
     "likes_back_percent":100,"like_back_delay_s":0,"photos":["p001-1.svg","p001-2.svg"]},
    {"key":"p002","name":"Lena","gender":2,"birth_date":"1995-07-09","language":"de",
     "place_id":293397,"bio":"Ich liebe Musik.","answer":2,"s_gender":1,"s_age":"25,45",
     "likes_back_percent":100,"like_back_delay_s":1,"photos":["p002-1.svg"]}])";
  ASSERT_EQ(run_kesher(*server_, {"seed-demo", "--personas", dir.string()}), 0);
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM users WHERE kind = 'persona'"), 2);
  EXPECT_EQ(query_integer(*server_, "SELECT place_id FROM users WHERE persona_key = 'p001'"),
            294801);
  EXPECT_EQ(query_integer(*server_,
                          "SELECT COUNT(*) FROM users WHERE persona_key = 'p001' AND "
                          "bio = 'הרים, ים וספרים.'"),
            1);
  EXPECT_EQ(query_integer(*server_,
                          "SELECT COUNT(*) FROM photos p JOIN users u ON u.id = "
                          "p.user_id WHERE u.persona_key = 'p001'"),
            2);
  // Its card follows it to Haifa: a man in Haifa now finds it within 5 km.
  auto member = man(*server_, {{"place_id", 294801}});
  auto socket = connect(member);
  auto cards = socket->request("explore", {{"exclude", json::array{}}})["data"].as_array();
  ASSERT_EQ(cards.size(), 1u);
  EXPECT_EQ(cards[0].at("name"), "נועה");
  EXPECT_EQ(cards[0].at("photos_count"), 2);
  EXPECT_EQ(http_request(server_->port(), "GET", "/media/personas/p001-2.svg").status, 200);
  // A picture name that points elsewhere is refused, and nothing changes.
  std::ofstream(dir / "personas.json") << R"([
    {"key":"p003","name":"Mia","gender":2,"birth_date":"1995-07-09","language":"en",
     "place_id":293397,"bio":"","answer":2,"s_gender":1,"s_age":"25,45",
     "likes_back_percent":100,"like_back_delay_s":1,"photos":["../../kesher.db"]}])";
  EXPECT_NE(run_kesher(*server_, {"seed-demo", "--personas", dir.string()}), 0);
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM users WHERE kind = 'persona'"), 2);
}

TEST_F(Social, NoReplyCarriesCoordinates) {
  auto dir = write_personas(*server_);
  run_kesher(*server_, {"seed-demo", "--personas", dir.string()});
  auto a = woman(*server_);
  auto b = man(*server_);
  auto a_socket = connect(a);
  auto b_socket = connect(b);
  swipe(*a_socket, b.id);
  swipe(*b_socket, a.id);
  b_socket->request("visit", {{"visited_user_id", a.id}});
  std::vector<std::pair<std::string, json::object>> replies{
      {"session/validate", b_socket->request("session/validate")},
      {"explore", b_socket->request("explore", {{"exclude", json::array{}}})},
      {"meet", page(*b_socket, "meet", 0, 24)},
      {"meet/popular", page(*b_socket, "meet/popular", 0, 24)},
      {"spotlight", b_socket->request("spotlight", {{"currentLength", 0}})},
      {"profile", b_socket->request("profile", {{"user_id", a.id}})},
      {"user/photos", b_socket->request("user/photos", {{"user_id", a.id}})},
      {"user/mylikes", page(*b_socket, "user/mylikes")},
      {"user/fans", page(*a_socket, "user/fans")},
      {"user/matches", page(*a_socket, "user/matches")},
      {"user/visitors", page(*a_socket, "user/visitors")},
      {"user/blocked", a_socket->request("user/blocked")},
      {"totals", a_socket->request("totals")},
      {"search_location", a_socket->request("search_location", {{"search", "Tel"}})},
      {"user/update", a_socket->request("user/update", {{"key", "s_radious"}, {"value", 30}})},
  };
  for (const auto& [module, reply] : replies) {
    EXPECT_EQ(reply.at("request_status"), 1) << module << ": " << json::serialize(reply);
    expect_no_coordinates(reply, module);
  }
  if (auto match = a_socket->wait_event("match", 1s)) expect_no_coordinates(*match, "match");
}
