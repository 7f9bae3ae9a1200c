#pragma once
// Staff for the console suites: added with `kesher staff add` (admins get a TOTP secret), signed in
// over /console/api/login (admins with the current code; each code opens once), and the console's
// own socket. Shared by console_test.cpp, the admin_*_test.cpp suites and gdpr_test.cpp.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "harness.hpp"

namespace kesher::test {

// The text of a JSON string, or empty for anything else: a missing error code compares unequal
// to the expected one instead of throwing.
std::string text_of(const json::value& value);
int64_t now_seconds();

struct Staff {
  int64_t id = 0;
  std::string email;
  std::string password;
  std::string secret;  // an admin's TOTP secret
  std::string cookie;  // "staff_session=…" once signed in
};

// `kesher staff add` with the password on standard input; the id and an admin's TOTP secret come
// from what it prints.
Staff add_staff(const ServerProcess& server, const std::string& email, const std::string& role);

// POST /console/api/login with this body, as a same-origin browser would.
HttpResult console_login(const ServerProcess& server, const json::object& body,
                         const std::string& cookie = {});
// The same with the staff member's email and password and, for an admin, the current TOTP code.
HttpResult console_login_as(const ServerProcess& server, const Staff& staff);
// The "staff_session=…" cookie a login set, or empty.
std::string staff_cookie_of(const HttpResult& result);
// Signs in and keeps the cookie in staff.cookie; a refused sign-in fails the test.
void sign_in(const ServerProcess& server, Staff& staff);

// Opens /console/ws with the staff member's cookie; nullptr when refused (*status: the HTTP
// status).
std::unique_ptr<WsClient> connect_console(const ServerProcess& server, const Staff& staff,
                                          int* status = nullptr);
// sign_in, then connect_console.
std::unique_ptr<WsClient> signed_in_console(const ServerProcess& server, Staff& staff);

// A persona "Noa" in Tel Aviv who loves the sea, written to the database; returns its id.
int64_t add_persona(const ServerProcess& server, const std::string& key,
                    const std::string& language = "he");

// A fixture whose SetUp calls start_server: a fresh server with an operator and an admin added
// (neither signed in yet).
class StaffTest : public ::testing::Test {
 protected:
  void start_server(std::vector<std::string> args = {}) {
    server_ = std::make_unique<ServerProcess>(std::move(args));
    operator_ = add_staff(*server_, "ops@kesher.test", "operator");
    admin_ = add_staff(*server_, "admin@kesher.test", "admin");
  }

  std::unique_ptr<ServerProcess> server_;
  Staff operator_, admin_;
};

}  // namespace kesher::test
