// The protocol's contract as the binary prints it (`kesher --dump-protocol`), against the
// catalogue it is made from and against docs/protocol.md. The web holds its copies to the same
// dump (web/src/realtime/contract.test.ts).
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <cstdio>
#include <set>
#include <sstream>
#include <string>

#include "harness.hpp"
#include "protocol/errors.hpp"
#include "support/files.hpp"

namespace {

namespace json = boost::json;

json::object dump_protocol() {
  FILE* out = popen((std::string(kesher::test::server_binary()) + " --dump-protocol").c_str(), "r");
  if (!out) return {};
  std::string text;
  char chunk[4096];
  size_t read;
  while ((read = fread(chunk, 1, sizeof chunk, out)) > 0) text.append(chunk, read);
  int status = pclose(out);
  EXPECT_EQ(status, 0) << text;
  return json::parse(text).as_object();
}

std::set<std::string> dumped_codes() {
  std::set<std::string> codes;
  json::object dump = dump_protocol();
  for (const auto& entry : dump.at("error_codes").as_array()) {
    codes.insert(std::string(entry.at("code").as_string()));
  }
  return codes;
}

std::string read_file(const std::string& path) {
  std::string text = kesher::testing::read_file(path);
  EXPECT_FALSE(text.empty()) << "cannot read " << path;
  return text;
}

// Every `name` in the text.
std::set<std::string> backticked(const std::string& text) {
  std::set<std::string> names;
  for (size_t open = text.find('`'); open != std::string::npos; open = text.find('`', open)) {
    size_t close = text.find('`', open + 1);
    if (close == std::string::npos) break;
    names.insert(text.substr(open + 1, close - open - 1));
    open = close + 1;
  }
  return names;
}

// The codes in the first column of the table under "## Error codes".
std::set<std::string> documented_codes(const std::string& path) {
  std::istringstream lines(read_file(path));
  std::set<std::string> codes;
  std::string line;
  bool in_catalogue = false;
  while (std::getline(lines, line)) {
    if (line.rfind("## ", 0) == 0) in_catalogue = line == "## Error codes";
    if (!in_catalogue || line.rfind("| `", 0) != 0) continue;
    codes.merge(backticked(line.substr(1, line.find('|', 1) - 1)));
  }
  return codes;
}

std::string listed(const std::set<std::string>& codes) {
  std::string out;
  for (const auto& code : codes) out += (out.empty() ? "" : ", ") + code;
  return out;
}

}  // namespace

TEST(Contract, TheDumpListsEveryCodeOfTheCatalogueWithItsMeaning) {
  auto dumped = dump_protocol().at("error_codes").as_array();
  ASSERT_EQ(dumped.size(), kesher::errc::catalogue.size());
  for (size_t i = 0; i < dumped.size(); ++i) {
    EXPECT_EQ(dumped[i].at("code").as_string(), kesher::errc::catalogue[i].code);
    EXPECT_FALSE(dumped[i].at("meaning").as_string().empty());
  }
}

TEST(Contract, TheDumpNamesEveryModulesAccessAndThread) {
  auto modules = dump_protocol().at("modules").as_array();
  ASSERT_FALSE(modules.empty());
  for (const auto& module : modules) {
    std::string access(module.at("access").as_string());
    EXPECT_TRUE(access == "guest" || access == "member") << access;
    std::string runs(module.at("runs").as_string());
    EXPECT_TRUE(runs == "worker" || runs == "network") << runs;
  }
}

TEST(Contract, TheProtocolDocumentNamesExactlyTheGuestModules) {
  std::set<std::string> guests;
  json::object dump = dump_protocol();
  for (const auto& module : dump.at("modules").as_array()) {
    if (module.at("access") == "guest") guests.insert(std::string(module.at("name").as_string()));
  }
  // "Without one the socket is a guest: it may call `configs`, … and `session/validate`."
  std::string text = read_file(KESHER_PROTOCOL_DOC);
  size_t start = text.find("it may call");
  ASSERT_NE(start, std::string::npos);
  EXPECT_EQ(backticked(text.substr(start, text.find("Anything else", start) - start)), guests);
}

TEST(Contract, TheProtocolDocumentListsExactlyTheServersErrorCodes) {
  std::set<std::string> codes = dumped_codes();
  std::set<std::string> documented = documented_codes(KESHER_PROTOCOL_DOC);
  std::set<std::string> undocumented, unknown;
  for (const auto& code : codes) {
    if (!documented.contains(code)) undocumented.insert(code);
  }
  for (const auto& code : documented) {
    if (!codes.contains(code)) unknown.insert(code);
  }
  EXPECT_TRUE(undocumented.empty())
      << "missing from the table in docs/protocol.md: " << listed(undocumented);
  EXPECT_TRUE(unknown.empty()) << "in docs/protocol.md but not on the server: " << listed(unknown);
}
