#pragma once
#include <cstdint>
#include <variant>

#include "modules/request.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"

namespace kesher::console {

// The conversation a console module names: {"member_id", "persona_id"}.
struct ConversationRef {
  int64_t member_id = 0;
  int64_t persona_id = 0;
};

inline std::variant<ConversationRef, boost::json::object> read_conversation(
    const boost::json::object& payload) {
  protocol::Fields fields(payload);
  auto member = fields.integer("member_id");
  auto persona = fields.integer("persona_id");
  if (fields.failed()) return fields.error_reply();
  if (!member || *member <= 0) return protocol::reply_error(errc::invalid_value, "member_id");
  if (!persona || *persona <= 0) return protocol::reply_error(errc::invalid_value, "persona_id");
  return ConversationRef{*member, *persona};
}

inline domain::Language staff_language(const modules::Request& request) {
  return domain::parse_language(request.connection.language).value_or(domain::Language::he);
}

inline bool is_admin(const modules::Request& request) {
  return request.connection.staff_role == "admin";
}

}  // namespace kesher::console
