#include "app/load_seed.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "domain/crypto.hpp"
#include "domain/validation.hpp"
#include "modules/sessions.hpp"
#include "store/ledger.hpp"
#include "store/users.hpp"

using namespace kesher;
namespace fs = std::filesystem;

namespace {

class LoadSeedTest : public ::testing::Test {
 protected:
  void SetUp() override {
    domain::crypto_init();
    folder_ = fs::temp_directory_path() / ("kesher-load-seed-" + std::to_string(::getpid()));
    fs::remove_all(folder_);
    fs::create_directories(folder_);
    app_.db = store::open_sqlite({(folder_ / "test.db").string()});
    app_.now = [] { return int64_t{1'795'330'000}; };
  }
  void TearDown() override {
    app_.db.reset();
    fs::remove_all(folder_);
  }

  app::LoadSeedOptions options(int users) {
    return {users, 1000, "load-bench-password", folder_ / "sessions.txt"};
  }

  std::vector<std::pair<int64_t, std::string>> read_sessions() {
    std::ifstream in(folder_ / "sessions.txt");
    std::vector<std::pair<int64_t, std::string>> lines;
    int64_t id = 0;
    std::string secret;
    while (in >> id >> secret) lines.emplace_back(id, secret);
    return lines;
  }

  fs::path folder_;
  app::Context app_;
};

TEST_F(LoadSeedTest, MembersAreValidPaidThroughTheLedgerAndSignedIn) {
  auto result = app::seed_load_members(app_, options(6));
  ASSERT_EQ(result.error, "");
  EXPECT_EQ(result.created, 6);
  auto sessions = read_sessions();
  ASSERT_EQ(sessions.size(), 6u);
  for (size_t ordinal = 0; ordinal < sessions.size(); ++ordinal) {
    // Not a structured binding: clang 14 (the sanitizer build) can't capture one in a lambda.
    const int64_t id = sessions[ordinal].first;
    const std::string& secret = sessions[ordinal].second;
    EXPECT_EQ(modules::user_for_session_hash(app_, domain::sha256_hex(secret)), id);
    app_.db->read([&](store::Session& db) {
      auto user = store::users::find_by_id(db, id);
      ASSERT_TRUE(user);
      EXPECT_EQ(user->email, app::load_member_email(static_cast<int>(ordinal)));
      EXPECT_TRUE(domain::check_name(user->name, domain::Language::en)) << user->name;
      EXPECT_EQ(user->gender, ordinal % 2 == 0 ? 1 : 2);
      EXPECT_EQ(user->place_id, 293397);
      EXPECT_EQ(store::ledger::balance(db, id), 1000);
      EXPECT_EQ(store::ledger::sum_of_entries(db, id), 1000);
      if (ordinal == 0) {
        EXPECT_TRUE(domain::verify_password("load-bench-password", user->password_hash));
      }
    });
  }
}

TEST_F(LoadSeedTest, ASecondRunReusesMembersAndGrantsNothingTwice) {
  ASSERT_EQ(app::seed_load_members(app_, options(4)).error, "");
  auto first = read_sessions();
  auto again = app::seed_load_members(app_, options(4));
  EXPECT_EQ(again.created, 0);
  EXPECT_EQ(again.reused, 4);
  auto second = read_sessions();
  ASSERT_EQ(second.size(), 4u);
  for (size_t i = 0; i < second.size(); ++i) {
    EXPECT_EQ(second[i].first, first[i].first);
    EXPECT_EQ(modules::user_for_session_hash(app_, domain::sha256_hex(second[i].second)),
              second[i].first);
    app_.db->read([&](store::Session& db) {
      EXPECT_EQ(store::ledger::balance(db, second[i].first), 1000);
      EXPECT_EQ(store::ledger::sum_of_entries(db, second[i].first), 1000);
    });
  }
}

}  // namespace
