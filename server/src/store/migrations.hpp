#pragma once
#include <string_view>
#include <vector>

namespace kesher::store {

struct Migration {
  std::string_view name;  // file name without extension, e.g. "0001_init"
  std::string_view sql;
};

// Generated at build time from src/store/migrations/*.sql (cmake/embed_migrations.cmake).
const std::vector<Migration>& migrations();
// The same schema for PostgreSQL, one file of src/store/migrations/postgres/ per SQLite migration
// and with the same name.
const std::vector<Migration>& postgres_migrations();

}  // namespace kesher::store
