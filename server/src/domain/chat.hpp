#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// The rules of chat that need no I/O: what may be sent, what it costs, how read ids are parsed.
namespace kesher::domain::chat {

inline constexpr size_t kMaxTextLength = 2000;  // code points
inline constexpr size_t kMaxClientIdLength = 64;
inline constexpr size_t kMaxReadIds = 100;
inline constexpr int64_t kMessagesPage = 20;
inline constexpr int64_t kContactsPage = 20;
inline constexpr int64_t kGiftsPage = 40;

// A text may reply to a story (SendRequest::story_id); image is an upload of the sender's, pphoto
// one of their profile photos.
enum class MessageKind { text, gift, image, pphoto };
std::optional<MessageKind> parse_kind(std::string_view type);
std::string_view kind_name(MessageKind kind);

// 1 to 64 characters of A-Z a-z 0-9 _ - (it becomes part of a ledger key).
bool valid_client_id(std::string_view client_id);

struct TextCheck {
  std::string text;        // clean_text(TextKind::paragraphs): trimmed, NFC, no control or
                           // invisible characters but line breaks, tabs and emoji joiners
  std::string_view error;  // empty_message, message_too_long or invalid_value; empty when fine
};
TextCheck check_text(std::string_view raw);

// Spec §5: sending anything needs at least 50 credits, and never less than the price.
int64_t required_balance(int64_t price);

// "981,982" → {981, 982}: positive ids, duplicates dropped, at most kMaxReadIds; garbage entries
// are skipped.
std::vector<int64_t> parse_message_ids(std::string_view joined);

struct Pair {
  int64_t low;
  int64_t high;
};
inline Pair pair_of(int64_t a, int64_t b) {
  return a < b ? Pair{a, b} : Pair{b, a};
}

// The ledger's idempotency key for a message's debit: a replayed client_id can never be charged
// twice, and a message without one is keyed by its own id.
std::string debit_key(int64_t sender_id, std::string_view client_id, int64_t message_id);

}  // namespace kesher::domain::chat
