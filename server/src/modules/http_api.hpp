#pragma once
#include "app/context.hpp"
#include "protocol/http.hpp"

namespace kesher::modules {

// Every HTTP request that is not a static file: /api/auth/*, /verify/{token} and the page routes
// of spec §2. Blocking: runs on a worker thread. Never throws.
protocol::HttpResponse handle_http(app::Context& app, const protocol::HttpRequest& request);

// Whether the request hashes a password (register, login, reset): such requests run on their own
// bounded pool (net/server.cpp), so that a flood of them cannot starve socket work.
bool hashes_passwords(const protocol::HttpRequest& request);
// 503 server_busy with Retry-After, for when that pool's queue is full.
protocol::HttpResponse busy_response();

}  // namespace kesher::modules
