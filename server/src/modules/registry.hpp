#pragma once
#include "protocol/router.hpp"

namespace kesher::modules {

namespace json = boost::json;

void register_session_module(protocol::Router& router);
void register_config_module(protocol::Router& router);
void register_account_module(protocol::Router& router);
void register_discovery_module(protocol::Router& router);
void register_social_module(protocol::Router& router);
void register_chat_module(protocol::Router& router);

// Every socket module of the server.
protocol::Router make_router();

}  // namespace kesher::modules
