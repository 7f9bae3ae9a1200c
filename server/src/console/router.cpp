#include "console/console.hpp"

namespace kesher::console {

void register_lock_modules(modules::Router& router);
void register_conversation_modules(modules::Router& router);
void register_note_modules(modules::Router& router);
void register_report_modules(modules::Router& router);
void register_admin_member_modules(modules::Router& router);
void register_admin_report_modules(modules::Router& router);
void register_admin_staff_modules(modules::Router& router);
void register_admin_dashboard_modules(modules::Router& router);
void register_admin_config_modules(modules::Router& router);
void register_admin_canned_modules(modules::Router& router);
void register_admin_privacy_modules(modules::Router& router);
void register_admin_persona_modules(modules::Router& router);

modules::Router make_console_router() {
  modules::Router router;
  register_lock_modules(router);
  register_conversation_modules(router);
  register_note_modules(router);
  register_report_modules(router);
  register_admin_member_modules(router);
  register_admin_report_modules(router);
  register_admin_staff_modules(router);
  register_admin_dashboard_modules(router);
  register_admin_config_modules(router);
  register_admin_canned_modules(router);
  register_admin_privacy_modules(router);
  register_admin_persona_modules(router);
  return router;
}

}  // namespace kesher::console
