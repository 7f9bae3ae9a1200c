#include "domain/chat.hpp"

#include <algorithm>
#include <charconv>

#include "domain/catalog.hpp"
#include "domain/text.hpp"
#include "protocol/errors.hpp"

namespace kesher::domain::chat {

std::optional<MessageKind> parse_kind(std::string_view type) {
  if (type == "text") return MessageKind::text;
  if (type == "gift") return MessageKind::gift;
  if (type == "image") return MessageKind::image;
  if (type == "pphoto") return MessageKind::pphoto;
  return std::nullopt;
}

std::string_view kind_name(MessageKind kind) {
  switch (kind) {
    case MessageKind::gift:
      return "gift";
    case MessageKind::image:
      return "image";
    case MessageKind::pphoto:
      return "pphoto";
    case MessageKind::text:
      break;
  }
  return "text";
}

bool valid_client_id(std::string_view client_id) {
  if (client_id.empty() || client_id.size() > kMaxClientIdLength) return false;
  return std::all_of(client_id.begin(), client_id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
  });
}

TextCheck check_text(std::string_view raw) {
  auto text = clean_text(raw, TextKind::paragraphs);
  if (!text) return {{}, errc::invalid_value};
  if (text->empty()) return {{}, errc::empty_message};
  if (utf8_length(*text) > kMaxTextLength) return {{}, errc::message_too_long};
  return {std::move(*text), {}};
}

int64_t required_balance(int64_t price) {
  return std::max<int64_t>(kMinimumCreditsToSend, price);
}

std::vector<int64_t> parse_message_ids(std::string_view joined) {
  std::vector<int64_t> ids;
  while (!joined.empty() && ids.size() < kMaxReadIds) {
    size_t comma = joined.find(',');
    std::string_view part = joined.substr(0, comma);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
    int64_t id = 0;
    auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), id);
    if (ec == std::errc() && end == part.data() + part.size() && id > 0 &&
        std::find(ids.begin(), ids.end(), id) == ids.end()) {
      ids.push_back(id);
    }
    if (comma == std::string_view::npos) break;
    joined.remove_prefix(comma + 1);
  }
  return ids;
}

std::string debit_key(int64_t sender_id, std::string_view client_id, int64_t message_id) {
  if (client_id.empty()) return "message:" + std::to_string(message_id);
  return "send:" + std::to_string(sender_id) + ":" + std::string(client_id);
}

}  // namespace kesher::domain::chat
