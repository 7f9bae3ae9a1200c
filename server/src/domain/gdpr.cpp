#include "domain/gdpr.hpp"

#include <algorithm>

namespace kesher::domain::gdpr {

namespace {

bool valid_name(std::string_view name) {
  if (name.empty() || name.size() > 64) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
  });
}

constexpr std::string_view kSuffix = ".json";

}  // namespace

std::string export_path(std::string_view name) {
  return std::string(kExportPrefix) + std::string(name) + std::string(kSuffix);
}

std::optional<std::string> export_name_from_path(std::string_view path) {
  if (path.substr(0, kExportPrefix.size()) != kExportPrefix) return std::nullopt;
  std::string_view rest = path.substr(kExportPrefix.size());
  if (rest.size() <= kSuffix.size() || rest.substr(rest.size() - kSuffix.size()) != kSuffix) {
    return std::nullopt;
  }
  std::string_view name = rest.substr(0, rest.size() - kSuffix.size());
  if (!valid_name(name)) return std::nullopt;
  return std::string(name);
}

int progress_percent(int64_t done, int64_t total) {
  if (total <= 0) return 0;
  if (done >= total) return 100;
  if (done <= 0) return 0;
  return static_cast<int>(std::min<int64_t>(99, done * 100 / total));
}

}  // namespace kesher::domain::gdpr
