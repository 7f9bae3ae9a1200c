#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "domain/privacy.hpp"

// The rules of the GDPR export (Art. 15, 20) and erasure (Art. 17); docs/protocol.md "Your data
// (GDPR)" and docs/architecture.md "What erasure removes".
namespace kesher::domain::gdpr {

// Download links of an export, and the photo links inside it, live this long.
inline constexpr int64_t kExportLinkSeconds = 24 * 3600;
// Exports are served from here: /api/account/export/{name}.json?exp=…&sig=….
inline constexpr std::string_view kExportPrefix = "/api/account/export/";
// Messages are read in pages of this many, and progress is told after each page.
inline constexpr int64_t kMessagesPerPage = 500;

// The path of an export's file name (random, 1 to 64 characters of A-Z a-z 0-9 _ -).
std::string export_path(std::string_view name);
// The name in an export's path, or nullopt for anything else (no dot-dot, no other folder).
std::optional<std::string> export_name_from_path(std::string_view path);

// How far an export is, in whole percent: 0 to 100, never 100 before everything is done.
int progress_percent(int64_t done, int64_t total);

// Whether the export names who liked or visited the member: only when the app itself shows them
// (a premium benefit, spec §6). Otherwise it carries the counts only: names, photos or even the
// times of likes received would hand out what premium sells, and a time narrows down who it was.
constexpr bool export_names_fans_and_visitors(bool premium) {
  return sees_fans_and_visitors(premium);
}

}  // namespace kesher::domain::gdpr
