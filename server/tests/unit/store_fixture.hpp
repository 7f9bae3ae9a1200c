#pragma once
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

#include "store/database.hpp"
#include "store/users.hpp"

namespace kesher::testing {

// A fresh SQLite file with every migration applied, in a folder of its own per test.
class StoreFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    folder_ = std::filesystem::temp_directory_path() /
              ("kesher-store-" + std::to_string(::getpid()) + "-" + test->test_suite_name() + "-" +
               test->name());
    std::filesystem::remove_all(folder_);
    std::filesystem::create_directories(folder_);
    db_ = store::open_sqlite({(folder_ / "test.db").string()});
  }
  void TearDown() override {
    db_.reset();
    std::filesystem::remove_all(folder_);
  }

  int64_t add_user(const std::string& email, const std::string& kind = "member") {
    int64_t id = 0;
    db_->write([&](store::Session& s) {
      store::NewUser user;
      user.kind = kind;
      user.email = email;
      user.name = "Dana";
      user.gender = 2;
      user.birth_date = {1990, 1, 1};
      user.place_id = 293397;
      id = store::users::insert(s, user, 1000);
    });
    return id;
  }

  std::filesystem::path folder_;
  std::unique_ptr<store::Database> db_;
};

}  // namespace kesher::testing
