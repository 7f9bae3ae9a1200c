#pragma once
#include <cstdint>
#include <string>

#include "app/context.hpp"
#include "store/staff.hpp"

namespace kesher::console {

// One staff action in the audit log, in a write of its own (actions that change nothing else).
inline void audit(app::Context& app, int64_t staff_id, const std::string& action,
                  const std::string& object_type, const std::string& object_id,
                  const std::string& detail = {}) {
  int64_t now = app.now();
  app.db->write([&](store::Session& db) {
    store::staff::audit(db, staff_id, action, object_type, object_id, detail, now);
  });
}

// The object of most console actions: a conversation between a member and a persona.
inline std::string conversation_id(int64_t member_id, int64_t persona_id) {
  return std::to_string(member_id) + ":" + std::to_string(persona_id);
}

}  // namespace kesher::console
