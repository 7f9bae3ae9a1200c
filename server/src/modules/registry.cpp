#include "modules/registry.hpp"

namespace kesher::modules {

protocol::Router make_router() {
  protocol::Router router;
  register_session_module(router);
  register_config_module(router);
  register_account_module(router);
  register_discovery_module(router);
  register_social_module(router);
  register_chat_module(router);
  return router;
}

}  // namespace kesher::modules
