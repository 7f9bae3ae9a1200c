#include "domain/console.hpp"

#include <algorithm>
#include <array>
#include <ctime>

namespace kesher::domain::console {

std::optional<Role> parse_role(std::string_view text) {
  if (text == "operator") return Role::operator_role;
  if (text == "admin") return Role::admin;
  return std::nullopt;
}

std::string_view role_name(Role role) {
  return role == Role::admin ? "admin" : "operator";
}

bool allowed(Role caller, Role needed) {
  return caller == Role::admin || needed == Role::operator_role;
}

bool valid_note_category(std::string_view category) {
  constexpr std::array<std::string_view, 8> kCategories = {
      "name", "home_town", "job", "family", "hobbies", "dates", "likes", "other"};
  return std::find(kCategories.begin(), kCategories.end(), category) != kCategories.end();
}

bool valid_language_filter(std::string_view language) {
  return language.empty() || language == "he" || language == "en" || language == "de";
}

namespace {

// The nearest-rank percentile of sorted values: the smallest value with at least p% at or below.
int64_t nearest_rank(const std::vector<int64_t>& sorted, int percent) {
  size_t rank = (sorted.size() * static_cast<size_t>(percent) + 99) / 100;
  return sorted[std::max<size_t>(rank, 1) - 1];
}

}  // namespace

AnswerSummary summarize(std::vector<int64_t> waits) {
  AnswerSummary summary;
  summary.answered = static_cast<int64_t>(waits.size());
  if (waits.empty()) return summary;
  std::sort(waits.begin(), waits.end());
  summary.median_seconds = nearest_rank(waits, 50);
  summary.p90_seconds = nearest_rank(waits, 90);
  return summary;
}

std::string utc_day(int64_t unix_seconds) {
  std::time_t time = static_cast<std::time_t>(unix_seconds);
  std::tm parts{};
  gmtime_r(&time, &parts);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", &parts);
  return text;
}

}  // namespace kesher::domain::console
