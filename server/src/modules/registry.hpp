#pragma once
#include "modules/router.hpp"

namespace kesher::modules {

namespace json = boost::json;

void register_session_module(Router& router);
void register_config_module(Router& router);
void register_account_module(Router& router);
void register_discovery_module(Router& router);
void register_social_module(Router& router);
void register_chat_module(Router& router);
void register_photos_module(Router& router);
void register_stories_module(Router& router);
void register_payment_module(Router& router);
void register_wheel_module(Router& router);
void register_boost_module(Router& router);
void register_typing_module(Router& router);
void register_privacy_module(Router& router);
void register_referral_module(Router& router);

// Place suggestions for a typed name (`search_location`); the console's persona editor asks the
// same (console/admin/places).
json::object search_location(Request& request);

// Every socket module of the server.
Router make_router();

}  // namespace kesher::modules
