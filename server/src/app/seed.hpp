#pragma once
#include <filesystem>
#include <string>

#include "app/context.hpp"

namespace kesher::app {

struct SeedResult {
  int added = 0;
  int updated = 0;  // present with other details, now as in the catalogue
  int skipped = 0;  // present and unchanged (seeding is idempotent per persona key)
  std::string error;
};

// Brings the demo personas in line with the catalogue made by scripts/generate-personas.mjs
// (<dir>/personas.json and <dir>/images/): adds new keys, updates the details and pictures of
// existing ones, and copies the pictures into <data>/media/personas/. A persona no longer in the
// catalogue stays as it is.
SeedResult seed_personas(Context& app, const std::filesystem::path& personas_dir);

}  // namespace kesher::app
