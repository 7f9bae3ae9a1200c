// GDPR export and erasure against the real binary (docs/protocol.md "Your data (GDPR)",
// docs/architecture.md "What erasure removes"): the export holds the member's data and nobody
// else's private data; erasure removes the profile, the files and the sessions, keeps the books
// balanced and the other side's conversation, survives a restart and leaves nothing in a backup;
// admins run both, audited, and operators cannot.
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <iterator>
#include <regex>
#include <thread>

#include "console_support.hpp"
#include "harness.hpp"

namespace kesher::test {
namespace {

namespace fs = std::filesystem;

int64_t status_of(const json::object& reply) {
  return reply.contains("request_status") ? reply.at("request_status").as_int64() : -1;
}

std::string error_of(const json::object& reply) {
  return reply.contains("error_code") ? text_of(reply.at("error_code")) : std::string();
}

// Uploads a picture and puts it on the member's profile.
void add_photo(const ServerProcess& server, const Member& member, WsClient& socket) {
  std::string boundary = "kesherboundary";
  std::string body = "--" + boundary +
                     "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.jpg\"\r\n"
                     "Content-Type: image/jpeg\r\n\r\n" +
                     noise_picture("jpg[Q=90]") + "\r\n--" + boundary + "--\r\n";
  auto uploaded = http_request(server.port(), "POST", "/upload", body,
                               {.cookie = member.cookie,
                                .origin = server.origin(),
                                .content_type = "multipart/form-data; boundary=" + boundary});
  ASSERT_EQ(uploaded.status, 200) << uploaded.body;
  auto added = socket.request("user/photos/add", {{"photo", uploaded.json().at("data")}});
  ASSERT_EQ(status_of(added), 1) << json::serialize(added);
}

json::object send_text(WsClient& socket, int64_t to, const std::string& body) {
  return socket.request("send_message",
                        {{"receiver_id", to}, {"message_type", "text"}, {"message_text", body}});
}

bool has_message(const json::array& messages, const std::string& text) {
  for (const auto& m : messages) {
    if (text_of(m.as_object().at("text")) == text) return true;
  }
  return false;
}

class Gdpr : public ::testing::Test {
 protected:
  // The erasure test queues more answers for one socket than the frame burst allows.
  void SetUp() override {
    server_ = std::make_unique<ServerProcess>(std::vector<std::string>{"--frame-burst", "1000"});
  }

  Member member(const std::string& name, const json::object& more = {}) {
    json::object overrides{{"name", name}};
    for (const auto& [key, value] : more) overrides[key] = value;
    // Emails are stored lower-cased.
    std::string local = name;
    for (char& c : local) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return register_member(*server_, local + "-" + std::to_string(++counter_) + "@kesher.test",
                           overrides);
  }

  std::string query_text(const std::string& sql) {
    auto rows = query_rows(*server_, sql);
    return rows.empty() ? std::string() : text_of(rows.front().as_array().front());
  }

  // Users whose balance is not the sum of their ledger entries.
  int64_t unbalanced_users() {
    return query_integer(*server_,
                         "SELECT COUNT(*) FROM users u WHERE u.credits <> (SELECT "
                         "COALESCE(SUM(delta), 0) FROM credit_ledger l WHERE l.user_id = u.id)");
  }

  std::unique_ptr<ServerProcess> server_;
  int counter_ = 0;
};

TEST_F(Gdpr, ExportHoldsTheMembersDataAndNobodyElsesAndOnlyTheyCanDownloadIt) {
  Member avi = member("Avital");
  Member boaz = member("Boaz", {{"gender", 1}, {"s_gender", 2}});
  auto avi_socket = connect_member(*server_, avi);
  auto boaz_socket = connect_member(*server_, boaz);
  add_photo(*server_, avi, *avi_socket);
  ASSERT_EQ(status_of(send_text(*avi_socket, boaz.id, "hello from Avital")), 1);
  ASSERT_EQ(status_of(send_text(*boaz_socket, avi.id, "hi Avital, Boaz here")), 1);
  // Boaz likes and visits Avital, who has no premium: the export must not say who.
  ASSERT_EQ(status_of(boaz_socket->request("swipe", {{"swiped_user_id", avi.id}, {"like", 1}})), 1);
  ASSERT_EQ(status_of(boaz_socket->request("visit", {{"visited_user_id", avi.id}})), 1);
  ASSERT_EQ(status_of(avi_socket->request("visit", {{"visited_user_id", boaz.id}})), 1);

  auto started = avi_socket->request("account/export");
  ASSERT_EQ(status_of(started), 1) << json::serialize(started);
  EXPECT_EQ(text_of(started.at("data").at("status")), "running");
  auto ready = avi_socket->wait_event("account/export/ready", 20s);
  ASSERT_TRUE(ready) << "the export is announced when ready";
  auto progress = avi_socket->wait_event("account/export/progress", 1s);
  ASSERT_TRUE(progress) << "progress is told on the way";
  std::string link = text_of(ready->at("data").at("link"));
  ASSERT_EQ(link.rfind("/api/account/export/", 0), 0u) << link;
  EXPECT_FALSE(boaz_socket->wait_event("account/export/ready", 300ms)) << "only Avital hears";

  // Only Avital, signed in, downloads it.
  EXPECT_EQ(http_request(server_->port(), "GET", link).status, 401);
  EXPECT_EQ(http_request(server_->port(), "GET", link, {}, {.cookie = boaz.cookie}).status, 403);
  std::string tampered = link;
  tampered.back() = tampered.back() == 'A' ? 'B' : 'A';
  EXPECT_EQ(http_request(server_->port(), "GET", tampered, {}, {.cookie = avi.cookie}).status, 403);
  auto download = http_request(server_->port(), "GET", link, {}, {.cookie = avi.cookie});
  ASSERT_EQ(download.status, 200) << download.body;
  EXPECT_NE(download.headers["content-disposition"].find("attachment"), std::string::npos);
  auto document = json::parse(download.body).as_object();

  const auto& profile = document.at("profile").as_object();
  EXPECT_EQ(text_of(profile.at("email")), avi.email);
  EXPECT_EQ(profile.at("id").as_int64(), avi.id);
  const auto& referral = document.at("referral").as_object();
  EXPECT_NE(text_of(referral.at("link")).find("/ref/"), std::string::npos);
  EXPECT_EQ(referral.at("members_invited").as_int64(), 0);
  EXPECT_FALSE(referral.at("invited_by_a_member").as_bool());
  const auto& messages = document.at("messages").as_array();
  ASSERT_EQ(messages.size(), 2u);
  EXPECT_TRUE(has_message(messages, "hello from Avital"));
  EXPECT_TRUE(has_message(messages, "hi Avital, Boaz here"));
  for (const auto& m : messages) {
    const auto& other = m.as_object().at("other").as_object();
    EXPECT_EQ(other.at("id").as_int64(), boaz.id);
    EXPECT_EQ(text_of(other.at("name")), "Boaz");
  }
  EXPECT_EQ(document.at("photos").as_array().size(), 1u);
  std::string photo = text_of(document.at("photos").at(0).at("link"));
  EXPECT_EQ(http_request(server_->port(), "GET", photo, {}, {.cookie = avi.cookie}).status, 200);
  EXPECT_EQ(document.at("likes").at("received_count").as_int64(), 1);
  EXPECT_TRUE(document.at("likes").at("received").is_null()) << "who liked is premium";
  EXPECT_TRUE(document.at("visits").at("received").is_null()) << "who visited is premium";
  EXPECT_EQ(document.at("visits").at("made").as_array().size(), 1u);
  EXPECT_FALSE(document.at("ledger").as_array().empty());
  // Nobody else's private data: not Boaz's email, no operator, no password hash.
  EXPECT_EQ(download.body.find(boaz.email), std::string::npos);
  EXPECT_EQ(download.body.find("operator"), std::string::npos);
  EXPECT_EQ(download.body.find("$argon2"), std::string::npos);

  // A premium member's export names their fans, as the app does.
  ASSERT_EQ(run_kesher(*server_, {"set-premium", "--user-id", std::to_string(avi.id)}), 0);
  ASSERT_EQ(status_of(avi_socket->request("account/export")), 1);
  auto again = avi_socket->wait_event("account/export/ready", 20s);
  ASSERT_TRUE(again);
  auto premium_export =
      json::parse(http_request(server_->port(), "GET", text_of(again->at("data").at("link")), {},
                               {.cookie = avi.cookie})
                      .body);
  ASSERT_EQ(premium_export.at("likes").at("received").as_array().size(), 1u);
  EXPECT_EQ(premium_export.at("likes").at("received").at(0).at("id").as_int64(), boaz.id);
  EXPECT_EQ(http_request(server_->port(), "GET", link, {}, {.cookie = avi.cookie}).status, 404)
      << "a new export replaces the old file";

  // Admins export too, audited; operators may not.
  Staff ops = add_staff(*server_, "ops@kesher.test", "operator");
  Staff admin = add_staff(*server_, "admin@kesher.test", "admin");
  auto ops_console = signed_in_console(*server_, ops);
  ASSERT_TRUE(ops_console);
  auto refused = ops_console->request("console/admin/members/export", {{"member_id", avi.id}});
  EXPECT_EQ(error_of(refused), "forbidden");
  auto admin_console = signed_in_console(*server_, admin);
  ASSERT_TRUE(admin_console);
  auto unknown = admin_console->request("console/admin/members/export", {{"member_id", 999999}});
  EXPECT_EQ(error_of(unknown), "not_found");
  auto exported = admin_console->request("console/admin/members/export", {{"member_id", avi.id}});
  ASSERT_EQ(status_of(exported), 1) << json::serialize(exported);
  EXPECT_EQ(text_of(exported.at("data").at("export").at("profile").at("email")), avi.email);
  EXPECT_EQ(query_integer(*server_,
                          "SELECT COUNT(*) FROM audit_log WHERE action = 'member_export' AND "
                          "object_type = 'member' AND object_id = '" +
                              std::to_string(avi.id) + "'"),
            1);
}

TEST_F(Gdpr, ErasureRemovesTheMemberForGoodAndKeepsTheBooksAndTheOtherSide) {
  Member avi = member("Zephyrine", {{"language", "en"}});
  Member boaz = member("Boaz", {{"gender", 1}, {"s_gender", 2}});
  grant_credits(*server_, avi, 300);
  // A socket that reads slowly (a small receive buffer), so that answers can queue up for it.
  auto avi_socket = WsClient::connect(
      server_->port(),
      {.origin = server_->origin(), .cookie = avi.cookie, .receive_buffer_bytes = 4096});
  ASSERT_EQ(status_of(avi_socket->request("session/validate")), 1);
  auto avi_tab = connect_member(*server_, avi);
  auto boaz_socket = connect_member(*server_, boaz);
  ASSERT_EQ(status_of(avi_socket->request(
                "user/update", {{"key", "bio"}, {"value", "Quokka whisperer from Haifa"}})),
            1);
  add_photo(*server_, avi, *avi_socket);
  ASSERT_EQ(status_of(send_text(*avi_socket, boaz.id, "a message that stays")), 1);
  ASSERT_EQ(status_of(send_text(*boaz_socket, avi.id, "and an answer")), 1);
  ASSERT_EQ(status_of(avi_socket->request("swipe", {{"swiped_user_id", boaz.id}, {"like", 1}})), 1);
  ASSERT_EQ(status_of(boaz_socket->request("swipe", {{"swiped_user_id", avi.id}, {"like", 1}})), 1);
  ASSERT_EQ(status_of(boaz_socket->request("visit", {{"visited_user_id", avi.id}})), 1);
  std::string id = std::to_string(avi.id);
  auto files =
      query_rows(*server_, "SELECT name, thumb_name, blur_name FROM media WHERE owner_id = " + id);
  ASSERT_EQ(files.size(), 1u);
  fs::path uploads = server_->data_dir() / "media" / "u";
  for (const auto& name : files.front().as_array()) {
    ASSERT_TRUE(fs::exists(uploads / (text_of(name) + ".jpg"))) << text_of(name);
  }
  ASSERT_EQ(unbalanced_users(), 0);

  // A wrong password changes nothing.
  auto wrong = avi_socket->request("account/erase", {{"password", "not my password"}});
  EXPECT_EQ(error_of(wrong), "invalid_credentials");
  EXPECT_EQ(error_of(avi_socket->request("account/erase")), "invalid_credentials");
  EXPECT_TRUE(avi_tab->is_open());

  // The erasing socket has its reply, and then the close (docs/protocol.md "Your data (GDPR)"),
  // even when answers to its earlier requests still wait to be written: it asks for the catalogue
  // (1.4 kB) far more often than its buffers hold, erases, and reads nothing until it is done.
  constexpr int kQueued = 120;
  for (int i = 0; i < kQueued; ++i) {
    avi_socket->send(json::object{{"module", "configs"}, {"rid", "c" + std::to_string(i)}});
  }
  avi_socket->send(
      json::object{{"module", "account/erase"}, {"rid", "erase"}, {"password", avi.password}});
  for (int i = 0; i < 100 && query_integer(*server_,
                                           "SELECT erased_at IS NOT NULL FROM users "
                                           "WHERE id = " +
                                               id) == 0;
       ++i) {
    std::this_thread::sleep_for(50ms);
  }
  std::this_thread::sleep_for(200ms);  // the sockets' closes are on their way by now
  std::optional<json::object> reply;
  int answered = 0;
  while (auto frame = avi_socket->receive(5s)) {
    if (frame->contains("rid") && text_of(frame->at("rid")) == "erase") {
      reply = std::move(frame);
      break;
    }
    if (status_of(*frame) == 1) ++answered;
  }
  EXPECT_EQ(answered, kQueued);
  ASSERT_TRUE(reply) << "the close overtook the reply to account/erase";
  EXPECT_EQ(status_of(*reply), 1) << json::serialize(*reply);
  EXPECT_EQ(avi_socket->wait_closed(5s), 4001);
  EXPECT_EQ(avi_tab->wait_closed(5s), 4001) << "every socket of the member closes at once";

  auto check_erased = [&](const std::string& when) {
    SCOPED_TRACE(when);
    for (const auto& name : files.front().as_array()) {
      EXPECT_FALSE(fs::exists(uploads / (text_of(name) + ".jpg"))) << text_of(name);
    }
    for (const char* table :
         {"sessions WHERE user_id", "photos WHERE user_id", "media WHERE owner_id",
          "swipes WHERE swiper_id = ?1 OR swiped_id", "matches WHERE user_id = ?1 OR other_id",
          "visits WHERE visitor_id = ?1 OR visited_id", "conversations WHERE user_id",
          "trusted_devices WHERE user_id", "tokens WHERE user_id"}) {
      std::string sql = std::string("SELECT COUNT(*) FROM ") + table + " = ?1";
      sql = std::regex_replace(sql, std::regex(R"(\?1)"), id);
      EXPECT_EQ(query_integer(*server_, sql), 0) << sql;
    }
    EXPECT_EQ(query_text("SELECT name || '|' || bio || '|' || COALESCE(email, 'none') || '|' || "
                         "COALESCE(password_hash, 'none') FROM users WHERE id = " +
                         id),
              "||none|none");
    EXPECT_EQ(query_integer(*server_, "SELECT erased_at IS NOT NULL FROM users WHERE id = " + id),
              1);
    EXPECT_EQ(unbalanced_users(), 0) << "the ledger still sums to the balances";
    EXPECT_EQ(query_integer(*server_, "SELECT credits FROM users WHERE id = " + id), 0);
    EXPECT_EQ(query_integer(*server_,
                            "SELECT COUNT(*) FROM credit_ledger WHERE reference <> '' AND "
                            "user_id = " +
                                id),
              0);
    // The sign-in is refused, and the old cookie opens nothing.
    auto login = http_request(
        server_->port(), "POST", "/api/auth/login",
        json::serialize(json::object{{"email", avi.email}, {"password", avi.password}}));
    EXPECT_EQ(login.status, 401) << login.body;
    auto stale = connect_member(*server_, avi);
    if (stale && stale->is_open()) {
      EXPECT_EQ(error_of(stale->request("totals")), "not_authenticated");
    }
    // Boaz keeps the conversation, from a deleted member, and cannot write to it any more.
    auto boaz_now = connect_member(*server_, boaz);
    auto contacts =
        boaz_now->request("user/contacts", {{"currentLength", 0}, {"recordsToTake", 20}});
    ASSERT_EQ(status_of(contacts), 1) << json::serialize(contacts);
    ASSERT_EQ(contacts.at("data").as_array().size(), 1u);
    const auto& contact = contacts.at("data").at(0).as_object();
    EXPECT_EQ(contact.at("id").as_int64(), avi.id);
    EXPECT_EQ(contact.at("deleted").as_int64(), 1);
    EXPECT_EQ(text_of(contact.at("name")), "");
    EXPECT_TRUE(contact.at("photo").is_null());
    auto history = boaz_now->request("messages", {{"contact_user_id", avi.id}});
    ASSERT_EQ(status_of(history), 1) << json::serialize(history);
    ASSERT_EQ(history.at("data").as_array().size(), 2u);
    EXPECT_EQ(text_of(history.at("data").at(0).at("message")), "a message that stays");
    EXPECT_EQ(history.at("data").at(0).at("sender_id").as_int64(), avi.id);
    EXPECT_EQ(error_of(send_text(*boaz_now, avi.id, "are you there?")), "not_found");
    EXPECT_EQ(error_of(boaz_now->request("profile", {{"user_id", avi.id}})), "not_found");
    auto totals = boaz_now->request("totals");
    EXPECT_EQ(totals.at("data").at("matches").at("total").as_int64(), 0);
  };
  check_erased("right after the erasure");

  // A backup made now holds nothing of what was erased (secure_delete leaves no free pages). On
  // PostgreSQL the backup is pg_dump's (README), which holds the live rows only.
  fs::path backup =
      fs::temp_directory_path() / ("kesher-gdpr-backup-" + std::to_string(::getpid()) + ".sqlite");
  fs::remove(backup);
  if (server_->database_url().empty()) {
    auto copied = run_kesher_command(server_->data_dir(), {"backup", "--to", backup.string()});
    ASSERT_EQ(copied.status, 0) << copied.output;
  } else {
    std::string dump =
        "pg_dump --data-only -d '" + server_->database_url() + "' > '" + backup.string() + "'";
    ASSERT_EQ(std::system(dump.c_str()), 0) << dump;
  }
  {
    std::ifstream in(backup, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_FALSE(bytes.empty());
    for (const std::string& erased :
         {avi.email, std::string("Zephyrine"), std::string("Quokka whisperer")}) {
      EXPECT_EQ(bytes.find(erased), std::string::npos) << erased << " is in the backup";
    }
    EXPECT_NE(bytes.find("a message that stays"), std::string::npos);
  }
  fs::remove(backup);

  server_->restart();
  check_erased("after a restart");

  // The email can register again, as a new member.
  Member again = register_member(*server_, avi.email, {{"name", "Zephyrine"}});
  EXPECT_NE(again.id, avi.id);

  // Admins erase without the password, with a reason, audited; operators may not.
  Member carmel = member("Carmel");
  auto carmel_socket = connect_member(*server_, carmel);
  Staff ops = add_staff(*server_, "ops@kesher.test", "operator");
  Staff admin = add_staff(*server_, "admin@kesher.test", "admin");
  auto ops_console = signed_in_console(*server_, ops);
  ASSERT_TRUE(ops_console);
  EXPECT_EQ(error_of(ops_console->request("console/admin/members/erase",
                                          {{"member_id", carmel.id}, {"reason", "asked by mail"}})),
            "forbidden");
  // Carmel waits in the queue for a persona, and the operator holds that conversation.
  int64_t persona = add_persona(*server_, "noa-gdpr");
  ASSERT_EQ(status_of(send_text(*carmel_socket, persona, "hi Noa")), 1);
  json::object conversation{{"member_id", carmel.id}, {"persona_id", persona}};
  ASSERT_EQ(status_of(ops_console->request("console/claim", conversation)), 1);
  ops_console->drain_events(0ms);
  auto admin_console = signed_in_console(*server_, admin);
  ASSERT_TRUE(admin_console);
  EXPECT_EQ(error_of(admin_console->request("console/admin/members/erase",
                                            {{"member_id", carmel.id}, {"reason", "  "}})),
            "invalid_value");
  auto erased = admin_console->request("console/admin/members/erase",
                                       {{"member_id", carmel.id}, {"reason", "asked by mail"}});
  ASSERT_EQ(status_of(erased), 1) << json::serialize(erased);
  EXPECT_EQ(carmel_socket->wait_closed(5s), 4001);
  // The operator loses the lock as at an admin's break, and every console the queue item.
  auto lost = ops_console->wait_event("console/lock_lost");
  ASSERT_TRUE(lost) << "the holder of the erased member's conversation was not told";
  EXPECT_EQ(lost->at("data").at("member_id").as_int64(), carmel.id);
  EXPECT_EQ(lost->at("data").at("persona_id").as_int64(), persona);
  EXPECT_EQ(text_of(lost->at("data").at("reason")), "broken");
  auto removed = admin_console->wait_event("console/queue/remove");
  ASSERT_TRUE(removed);
  EXPECT_EQ(removed->at("data").at("member_id").as_int64(), carmel.id);
  EXPECT_TRUE(ops_console->request("console/me").at("data").at("locks").as_array().empty());
  EXPECT_TRUE(ops_console->request("console/queue").at("data").as_array().empty());
  EXPECT_EQ(error_of(admin_console->request("console/admin/members/erase",
                                            {{"member_id", carmel.id}, {"reason", "twice"}})),
            "not_found");
  EXPECT_EQ(query_text("SELECT detail FROM audit_log WHERE action = 'member_erase' AND "
                       "object_id = '" +
                       std::to_string(carmel.id) + "'"),
            "asked by mail");
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM audit_log WHERE action LIKE 'member_%'"),
            1);
  EXPECT_EQ(unbalanced_users(), 0);
}

}  // namespace
}  // namespace kesher::test
