#include "domain/admin.hpp"

#include <cctype>
#include <charconv>

#include "domain/text.hpp"

namespace kesher::domain::admin {

std::optional<std::string> check_reason(std::string_view raw) {
  auto text = clean_text(raw, TextKind::line);
  if (!text || text->empty() || utf8_length(*text) > kMaxReasonCharacters) return std::nullopt;
  return text;
}

bool valid_credit_delta(int64_t delta) {
  return delta != 0 && delta >= -kMaxCreditAdjustment && delta <= kMaxCreditAdjustment;
}

std::string adjustment_key(int64_t staff_id, std::string_view client_id) {
  return "admin_adjustment:" + std::to_string(staff_id) + ":" + std::string(client_id);
}

std::optional<MemberQuery> parse_member_query(std::string_view raw) {
  auto text = clean_text(raw, TextKind::line);
  if (!text || text->empty() || utf8_length(*text) > kMaxQueryCharacters) return std::nullopt;
  MemberQuery query;
  bool digits = text->size() <= 18;
  for (char c : *text) digits = digits && std::isdigit(static_cast<unsigned char>(c));
  if (digits) {
    int64_t id = 0;
    std::from_chars(text->data(), text->data() + text->size(), id);
    query.id = id;
  }
  query.like_pattern = "%";
  for (char c : *text) {
    if (c == '%' || c == '_' || c == '\\') query.like_pattern += '\\';
    query.like_pattern += c;
  }
  query.like_pattern += '%';
  return query;
}

std::optional<ReportAction> parse_report_action(std::string_view text) {
  if (text == "dismiss") return ReportAction::dismiss;
  if (text == "warn") return ReportAction::warn;
  if (text == "ban") return ReportAction::ban;
  return std::nullopt;
}

std::string_view report_action_name(ReportAction action) {
  switch (action) {
    case ReportAction::dismiss:
      return "dismiss";
    case ReportAction::warn:
      return "warn";
    case ReportAction::ban:
      return "ban";
  }
  return "dismiss";
}

bool valid_staff_password(std::string_view password) {
  return password.size() >= 12 && password.size() <= 128;
}

}  // namespace kesher::domain::admin
