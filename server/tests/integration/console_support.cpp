#include "console_support.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <regex>

#include "domain/totp.hpp"

namespace kesher::test {

std::string text_of(const json::value& value) {
  return value.is_string() ? std::string(value.as_string()) : std::string();
}

int64_t now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

Staff add_staff(const ServerProcess& server, const std::string& email, const std::string& role) {
  Staff staff{0, email, "correct horse battery", {}, {}};
  auto result = run_kesher_command(
      server.data_dir(), {"staff", "add", "--email", email, "--role", role}, staff.password);
  EXPECT_EQ(result.status, 0) << result.output;
  std::smatch match;
  if (std::regex_search(result.output, match, std::regex(R"(staff (\d+):)"))) {
    staff.id = std::stoll(match[1]);
  }
  if (std::regex_search(result.output, match, std::regex(R"(TOTP secret: ([A-Z2-7]+))"))) {
    staff.secret = match[1];
  }
  return staff;
}

HttpResult console_login(const ServerProcess& server, const json::object& body,
                         const std::string& cookie) {
  return http_request(server.port(), "POST", "/console/api/login", json::serialize(body),
                      {.cookie = cookie, .origin = server.origin()});
}

HttpResult console_login_as(const ServerProcess& server, const Staff& staff) {
  json::object body{{"email", staff.email}, {"password", staff.password}};
  if (!staff.secret.empty()) body["totp"] = domain::totp::code_at(staff.secret, now_seconds());
  return console_login(server, body);
}

std::string staff_cookie_of(const HttpResult& result) {
  for (const auto& cookie : result.set_cookies) {
    if (cookie.rfind("staff_session=", 0) == 0) return cookie.substr(0, cookie.find(';'));
  }
  return {};
}

void sign_in(const ServerProcess& server, Staff& staff) {
  auto result = console_login_as(server, staff);
  ASSERT_EQ(result.status, 200) << result.body;
  staff.cookie = staff_cookie_of(result);
  ASSERT_FALSE(staff.cookie.empty());
}

std::unique_ptr<WsClient> connect_console(const ServerProcess& server, const Staff& staff,
                                          int* status) {
  return WsClient::connect(
      server.port(), {.origin = server.origin(), .cookie = staff.cookie, .target = "/console/ws"},
      status);
}

std::unique_ptr<WsClient> signed_in_console(const ServerProcess& server, Staff& staff) {
  sign_in(server, staff);
  auto socket = connect_console(server, staff);
  EXPECT_TRUE(socket);
  return socket;
}

int64_t add_persona(const ServerProcess& server, const std::string& key,
                    const std::string& language) {
  execute_sql(server,
              "INSERT INTO users (kind, name, gender, birth_date, place_id, created_at, "
              "persona_key, language, bio) VALUES ('persona', 'Noa', 2, '1996-01-01', 293397, 0, "
              "'" +
                  key + "', '" + language + "', 'Loves the sea')");
  return query_integer(server, "SELECT id FROM users WHERE persona_key = '" + key + "'");
}

}  // namespace kesher::test
