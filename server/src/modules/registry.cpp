#include "modules/registry.hpp"

namespace kesher::modules {

Router make_router() {
  Router router;
  register_session_module(router);
  register_config_module(router);
  register_account_module(router);
  register_discovery_module(router);
  register_social_module(router);
  register_chat_module(router);
  register_photos_module(router);
  register_stories_module(router);
  register_payment_module(router);
  register_wheel_module(router);
  register_boost_module(router);
  register_typing_module(router);
  register_privacy_module(router);
  register_referral_module(router);
  return router;
}

}  // namespace kesher::modules
