#pragma once
#include <filesystem>
#include <string>

#include "app/context.hpp"

namespace kesher::app {

struct SeedResult {
  int added = 0;
  int skipped = 0;  // already present (seeding is idempotent per persona key)
  std::string error;
};

// Adds the demo personas made by scripts/generate-personas.mjs (<dir>/personas.json and
// <dir>/images/) and copies their pictures into <data>/media/personas/.
SeedResult seed_personas(Context& app, const std::filesystem::path& personas_dir);

bool has_personas(Context& app);

}  // namespace kesher::app
