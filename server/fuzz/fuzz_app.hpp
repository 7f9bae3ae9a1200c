#pragma once
// The application as the handlers see it, for the targets that run them (dispatch,
// http_request): a fresh SQLite database in a temporary folder, the sample places, an outbox
// mailer and six members near each other, at a fixed time.
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "app/context.hpp"
#include "domain/crypto.hpp"
#include "mail/mailer.hpp"
#include "modules/person_view.hpp"
#include "sample_places.hpp"
#include "store/auth_tokens.hpp"
#include "store/ledger.hpp"
#include "store/social.hpp"
#include "store/users.hpp"

namespace kesher::fuzz {

inline constexpr int64_t kNow = 1'772'000'000;  // 2026-02-25
// Secrets the seed corpora use, so that inputs can be signed in (member 1) or hold a live token.
inline constexpr std::string_view kSessionSecret = "fuzz-session-secret-0000000000000000000000";
inline constexpr std::string_view kDeviceSecret = "fuzz-device-secret-00000000000000000000000";
inline constexpr std::string_view kVerifyToken = "fuzz-verify-token";
inline constexpr std::string_view kResetToken = "fuzz-reset-token";
inline constexpr std::string_view kOrigin = "http://localhost:8080";

struct FuzzApp {
  std::filesystem::path folder;
  app::Context app;
  int64_t member_id = 0;
  std::string session_hash;
};

inline FuzzApp* make_fuzz_app(const std::string& name) {
  namespace fs = std::filesystem;
  auto* world = new FuzzApp();
  spdlog::set_level(spdlog::level::err);
  domain::crypto_init();
  world->folder =
      fs::temp_directory_path() / ("kesher-fuzz-" + name + "-" + std::to_string(getpid()));
  fs::remove_all(world->folder);
  fs::create_directories(world->folder / "media");
  auto& app = world->app;
  app.config.data_dir = world->folder.string();
  app.public_origin = std::string(kOrigin);
  app.allowed_origins = {app.public_origin};
  app.now = [] { return kNow; };
  app.db = store::open_sqlite({(world->folder / "kesher.db").string(), 5000, false});
  app.places =
      std::make_unique<domain::PlaceIndex>(domain::PlaceIndex::from_places(sample_places()));
  app.mailer = mail::make_outbox_mailer(world->folder / "outbox", "Kesher <no-reply@kesher.local>");
  app.db->write([&](store::Session& db) {
    for (int i = 0; i < 6; ++i) {
      store::NewUser user;
      user.email = "member" + std::to_string(i) + "@example.com";
      user.password_hash = "unused";
      user.name = i % 2 ? "Dana" : "Noam";
      user.gender = i % 2 ? 2 : 1;
      user.s_gender = i % 2 ? 1 : 2;
      user.birth_date = {1990 + i, 1 + i, 10 + i};
      user.language = i % 3 == 0 ? "he" : i % 3 == 1 ? "en" : "de";
      user.place_id = i < 4 ? 293397 : 2867714;
      int64_t id = store::users::insert(db, user, kNow);
      store::social::set_cell(db, id, modules::cell_of_place(app, user.place_id));
      store::ledger::apply(db, {id, 100'000, "signup_bonus", "", "fuzz:" + std::to_string(id)},
                           kNow);
    }
    world->member_id = 1;
    world->session_hash = domain::sha256_hex(kSessionSecret);
    const int64_t later = kNow + 30 * 24 * 3600;
    store::sessions::insert(db, world->session_hash, 1, kNow, later);
    store::devices::insert(db, domain::sha256_hex(kDeviceSecret), 1, kNow, later);
    store::tokens::insert(db, domain::sha256_hex(kVerifyToken), 1, "verify", kNow, later);
    store::tokens::insert(db, domain::sha256_hex(kResetToken), 2, "reset", kNow, later);
  });
  // Never destroyed (the database's threads must not outlive it at exit); its folder goes.
  static std::filesystem::path folder = world->folder;
  std::atexit([] {
    std::error_code ignored;
    std::filesystem::remove_all(folder, ignored);
  });
  return world;
}

}  // namespace kesher::fuzz
