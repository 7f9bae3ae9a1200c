// Personas in the admin console against the real binary (docs/protocol.md "Admin: personas"):
// operators are refused; an admin's persona follows a member's registration rules, gets photos
// through the console's upload, is found by members; disabling it takes it out of every list,
// ends its operator's lock, empties its queue and refuses new messages, and enabling undoes that;
// the demo seeding never reverts an admin's edit; every action is audited.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

#include "console_support.hpp"
#include "harness.hpp"

namespace kesher::test {
namespace {

using namespace std::chrono_literals;

// A small picture made with libvips' command line.
std::string noise_png(const ServerProcess& server) {
  auto path = server.data_dir() / "persona-photo.png";
  std::string command = "vips gaussnoise '" + path.string() + "' 64 48";
  EXPECT_EQ(std::system(command.c_str()), 0);
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::vector<int64_t> ids_of(const json::object& reply) {
  std::vector<int64_t> ids;
  if (!reply.contains("data") || !reply.at("data").is_array()) return ids;
  for (const auto& item : reply.at("data").as_array()) ids.push_back(item.at("id").as_int64());
  return ids;
}

bool contains(const std::vector<int64_t>& ids, int64_t id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

// How many of the console's queue items wait for this persona.
int64_t queued(WsClient& console, int64_t persona) {
  auto queue = console.request("console/queue");
  EXPECT_EQ(queue.at("request_status"), 1) << json::serialize(queue);
  int64_t count = 0;
  for (const auto& item : queue.at("data").as_array()) {
    if (item.at("persona_id") == persona) ++count;
  }
  return count;
}

json::object persona_fields() {
  return json::object{{"name", "Maya"},
                      {"language", "en"},
                      {"birth_date", "1995-04-12"},
                      {"gender", 2},
                      {"s_gender", 1},
                      {"s_age_min", 25},
                      {"s_age_max", 45},
                      {"answer", 2},
                      {"bio", "Sunsets, trail runs and a good book."},
                      {"place_id", 293397},
                      {"likes_back_percent", 40},
                      {"like_back_delay_s", 90}};
}

class AdminPersonas : public StaffTest {
 protected:
  void SetUp() override { start_server(); }

  // The admin's upload for the persona, as the console's file input sends it.
  std::string upload_photo(int64_t persona_id) {
    std::string boundary = "kesherboundary";
    std::string body = "--" + boundary +
                       "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n"
                       "Content-Type: image/png\r\n\r\n" +
                       noise_png(*server_) + "\r\n--" + boundary + "--\r\n";
    auto uploaded =
        http_request(server_->port(), "POST",
                     "/console/api/upload?persona_id=" + std::to_string(persona_id), body,
                     {.cookie = admin_.cookie,
                      .origin = server_->origin(),
                      .content_type = "multipart/form-data; boundary=" + boundary});
    EXPECT_EQ(uploaded.status, 200) << uploaded.body;
    return uploaded.status == 200 ? text_of(uploaded.json().at("data")) : std::string();
  }

  int64_t audited(const std::string& action, int64_t persona_id) {
    return query_integer(*server_, "SELECT COUNT(*) FROM audit_log WHERE action = '" + action +
                                       "' AND object_type = 'persona' AND object_id = '" +
                                       std::to_string(persona_id) + "'");
  }
};

}  // namespace

TEST_F(AdminPersonas, OperatorsAreRefusedAndBadProfilesGetTheirErrors) {
  auto ops = signed_in_console(*server_, operator_);
  for (const auto* module : {"console/admin/personas", "console/admin/personas/save",
                             "console/admin/personas/disable", "console/admin/places"}) {
    EXPECT_EQ(text_of(ops->request(module, persona_fields()).at("error_code")), "forbidden")
        << module;
  }
  auto admin = signed_in_console(*server_, admin_);
  const std::vector<std::tuple<std::string, json::value, std::string, std::string>> bad{
      {"name", "M4ya!", "invalid_name", "name"},
      {"name", 7, "invalid_field", "name"},
      {"language", "fr", "invalid_language", "language"},
      {"birth_date", "2015-01-01", "underage", "birth_date"},
      {"birth_date", "1995-13-40", "invalid_birth_date", "birth_date"},
      {"gender", 9, "invalid_gender", "gender"},
      {"s_gender", 3, "invalid_looking_for", "s_gender"},
      {"s_age_min", 50, "invalid_age_range", "s_age"},
      {"likes_back_percent", 101, "invalid_value", "likes_back_percent"},
      {"like_back_delay_s", -1, "invalid_value", "like_back_delay_s"},
      {"place_id", 1, "invalid_place", "place_id"},
      {"id", 999999, "not_found", "id"},
  };
  for (const auto& [key, value, code, field] : bad) {
    auto payload = persona_fields();
    payload[key] = value;
    auto reply = admin->request("console/admin/personas/save", payload);
    EXPECT_EQ(text_of(reply.at("error_code")), code) << key << " " << json::serialize(value);
    if (code != "invalid_field") {
      EXPECT_EQ(text_of(reply.at("field")), field) << key;
    }
  }
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM users WHERE kind = 'persona'"), 0);
  // Hebrew names for a Hebrew persona, as for members.
  auto hebrew = persona_fields();
  hebrew["language"] = "he";
  EXPECT_EQ(text_of(admin->request("console/admin/personas/save", hebrew).at("error_code")),
            "invalid_name");
  hebrew["name"] = "מאיה";
  EXPECT_EQ(admin->request("console/admin/personas/save", hebrew).at("request_status"), 1);

  // The city picker asks the places table.
  auto places = admin->request("console/admin/places", {{"search", "Tel Av"}, {"lang", "en"}});
  ASSERT_EQ(places.at("request_status"), 1) << json::serialize(places);
  ASSERT_FALSE(places.at("data").as_array().empty());
  EXPECT_EQ(places.at("data").as_array().front().at("place_id"), 293397);
}

TEST_F(AdminPersonas, APersonaIsMadeFoundDisabledAndEnabled) {
  auto admin = signed_in_console(*server_, admin_);
  auto created = admin->request("console/admin/personas/save", persona_fields());
  ASSERT_EQ(created.at("request_status"), 1) << json::serialize(created);
  const auto& view = created.at("data").at("persona").as_object();
  int64_t persona = view.at("id").as_int64();
  EXPECT_EQ(text_of(view.at("name")), "Maya");
  EXPECT_EQ(view.at("likes_back_percent"), 40);
  EXPECT_EQ(view.at("disabled"), 0);
  EXPECT_EQ(text_of(view.at("place").at("name")), "Tel Aviv");
  EXPECT_EQ(audited("persona_create", persona), 1);
  EXPECT_EQ(
      query_integer(*server_, "SELECT COUNT(*) FROM users WHERE id = " + std::to_string(persona) +
                                  " AND kind = 'persona' AND email IS NULL AND cell_row IS NOT "
                                  "NULL AND edited_at IS NOT NULL"),
      1);

  // Photos: the admin's upload for this persona, into its slots; another's upload is refused.
  std::string photo = upload_photo(persona);
  ASSERT_FALSE(photo.empty());
  auto added = admin->request("console/admin/personas/photos/add",
                              {{"persona_id", persona}, {"photo", photo}});
  ASSERT_EQ(added.at("request_status"), 1) << json::serialize(added);
  ASSERT_EQ(added.at("data").at("photos").as_array().size(), 1u);
  int64_t photo_id = added.at("data").at("photo_id").as_int64();
  EXPECT_EQ(text_of(admin
                        ->request("console/admin/personas/photos/add",
                                  {{"persona_id", persona}, {"photo", photo}})
                        .at("error_code")),
            "invalid_value");  // already on the profile
  EXPECT_EQ(audited("persona_photo_add", persona), 1);
  // Its profile photo is public, like a member's.
  EXPECT_EQ(http_request(server_->port(), "GET", photo, "").status, 200);

  // A man looking for women in Tel Aviv finds her, disclosed as virtual.
  auto dan = register_member(*server_, "dan@example.com",
                             {{"name", "Dan"}, {"gender", 1}, {"s_gender", 2}, {"s_age", "25,45"}});
  auto dan_socket = connect_member(*server_, dan);
  auto meet = dan_socket->request("meet", {{"currentLength", 0}, {"recordsToTake", 24}});
  ASSERT_TRUE(contains(ids_of(meet), persona)) << json::serialize(meet);
  for (const auto& card : meet.at("data").as_array()) {
    if (card.at("id") == persona) {
      EXPECT_EQ(card.at("virtual"), 1);
    }
  }
  auto sent = dan_socket->request(
      "send_message", {{"receiver_id", persona}, {"message_type", "text"}, {"message_text", "hi"}});
  ASSERT_EQ(sent.at("request_status"), 1) << json::serialize(sent);

  // An operator holds the conversation when the admin disables her.
  auto ops = signed_in_console(*server_, operator_);
  json::object conversation{{"member_id", dan.id}, {"persona_id", persona}};
  ASSERT_EQ(queued(*ops, persona), 1);
  ASSERT_EQ(ops->request("console/claim", conversation).at("request_status"), 1);
  auto disabled = admin->request("console/admin/personas/disable", {{"id", persona}});
  ASSERT_EQ(disabled.at("request_status"), 1) << json::serialize(disabled);
  EXPECT_EQ(disabled.at("data").at("persona").at("disabled"), 1);
  auto lost = ops->wait_event("console/lock_lost");
  ASSERT_TRUE(lost.has_value());
  EXPECT_EQ(text_of(lost->at("data").at("reason")), "persona_disabled");
  EXPECT_EQ(lost->at("data").at("persona_id"), persona);
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM console_locks"), 0);
  // Out of the queue, out of every list, and no new messages; the history stays.
  EXPECT_EQ(queued(*ops, persona), 0);
  EXPECT_EQ(text_of(ops->request("console/claim", conversation).at("error_code")), "not_found");
  for (const auto* module : {"meet", "meet/popular"}) {
    auto page = dan_socket->request(module, {{"currentLength", 0}, {"recordsToTake", 24}});
    EXPECT_FALSE(contains(ids_of(page), persona)) << module;
  }
  auto explore = dan_socket->request("explore", {{"exclude", json::array{}}});
  EXPECT_FALSE(contains(ids_of(explore), persona));
  auto refused = dan_socket->request(
      "send_message",
      {{"receiver_id", persona}, {"message_type", "text"}, {"message_text", "still there?"}});
  EXPECT_EQ(text_of(refused.at("error_code")), "not_found");
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM messages WHERE receiver_id = " +
                                        std::to_string(persona)),
            1);
  // She likes nobody back, not even with a setting that would at once (docs/protocol.md).
  execute_sql(*server_,
              "UPDATE users SET likes_back_percent = 100, like_back_delay_s = 0 WHERE "
              "id = " +
                  std::to_string(persona));
  auto lev = register_member(*server_, "lev@example.com",
                             {{"name", "Lev"}, {"gender", 1}, {"s_gender", 2}});
  auto lev_socket = connect_member(*server_, lev);
  auto liked = lev_socket->request("swipe", {{"swiped_user_id", persona}, {"like", 1}});
  ASSERT_EQ(liked.at("request_status"), 1) << json::serialize(liked);
  EXPECT_EQ(liked.at("request_details").at("is_matched"), 0);
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM swipes WHERE swiper_id = " +
                                        std::to_string(persona)),
            0);
  EXPECT_FALSE(lev_socket->wait_event("match", 300ms).has_value());
  EXPECT_EQ(text_of(admin->request("console/admin/personas/disable", {{"id", persona}})
                        .at("data")
                        .at("persona")
                        .at("name")),
            "Maya");  // a second disable changes nothing and says how she is
  EXPECT_EQ(audited("persona_disable", persona), 1);

  // Enabled again: found again, and the waiting conversation is back in the queue.
  ASSERT_EQ(admin->request("console/admin/personas/enable", {{"id", persona}})
                .at("data")
                .at("persona")
                .at("disabled"),
            0);
  auto again = dan_socket->request("meet", {{"currentLength", 0}, {"recordsToTake", 24}});
  EXPECT_TRUE(contains(ids_of(again), persona));
  EXPECT_EQ(queued(*ops, persona), 1);
  EXPECT_EQ(ops->request("console/claim", conversation).at("request_status"), 1);
  EXPECT_EQ(audited("persona_enable", persona), 1);

  // Edited, and the photo deleted: only this persona's photo ids count.
  auto edit = persona_fields();
  edit["id"] = persona;
  edit["name"] = "Maya Lee";
  edit["likes_back_percent"] = 0;
  auto saved = admin->request("console/admin/personas/save", edit);
  ASSERT_EQ(saved.at("request_status"), 1) << json::serialize(saved);
  EXPECT_EQ(text_of(saved.at("data").at("persona").at("name")), "Maya Lee");
  EXPECT_EQ(audited("persona_update", persona), 1);
  EXPECT_EQ(text_of(admin
                        ->request("console/admin/personas/photos/delete",
                                  {{"persona_id", dan.id}, {"id", photo_id}})
                        .at("error_code")),
            "not_found");
  auto deleted = admin->request("console/admin/personas/photos/delete",
                                {{"persona_id", persona}, {"id", photo_id}});
  ASSERT_EQ(deleted.at("request_status"), 1) << json::serialize(deleted);
  EXPECT_TRUE(deleted.at("data").at("photos").as_array().empty());
  EXPECT_EQ(audited("persona_photo_delete", persona), 1);

  auto listed = admin->request("console/admin/personas");
  ASSERT_EQ(listed.at("request_status"), 1);
  ASSERT_EQ(listed.at("data").at("personas").as_array().size(), 1u);
  EXPECT_EQ(text_of(listed.at("data").at("personas").as_array().front().at("name")), "Maya Lee");
}

TEST_F(AdminPersonas, SeedingNeverRevertsAnAdminsEdit) {
  auto dir = server_->data_dir() / "persona-fixture";
  std::filesystem::create_directories(dir / "images");
  std::ofstream(dir / "images" / "p001-1.svg")
      << R"(<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>)";
  std::ofstream(dir / "personas.json") << R"([
    {"key":"p001","name":"Lena","gender":2,"birth_date":"1995-07-09","language":"de",
     "place_id":293397,"bio":"Ich liebe Musik.","answer":2,"s_gender":1,"s_age":"25,45",
     "likes_back_percent":100,"like_back_delay_s":1,"photos":["p001-1.svg"]}])";
  ASSERT_EQ(run_kesher(*server_, {"seed-demo", "--personas", dir.string()}), 0);
  int64_t lena = query_integer(*server_, "SELECT id FROM users WHERE persona_key = 'p001'");

  auto admin = signed_in_console(*server_, admin_);
  auto edit = persona_fields();
  edit["id"] = lena;
  edit["name"] = "Lena";
  edit["language"] = "de";
  edit["bio"] = "Musik, Berge und gutes Essen.";
  ASSERT_EQ(admin->request("console/admin/personas/save", edit).at("request_status"), 1);
  ASSERT_EQ(admin->request("console/admin/personas/disable", {{"id", lena}}).at("request_status"),
            1);
  ASSERT_EQ(run_kesher(*server_, {"seed-demo", "--personas", dir.string()}), 0);
  EXPECT_EQ(query_integer(*server_,
                          "SELECT COUNT(*) FROM users WHERE persona_key = 'p001' AND "
                          "bio = 'Musik, Berge und gutes Essen.' AND disabled_at IS "
                          "NOT NULL"),
            1);
  // The catalogue's photo stays (nobody removed it in the console).
  EXPECT_EQ(query_integer(*server_,
                          "SELECT COUNT(*) FROM photos WHERE user_id = " + std::to_string(lena)),
            1);
}

}  // namespace kesher::test
