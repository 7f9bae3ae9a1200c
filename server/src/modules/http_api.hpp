#pragma once
#include "app/context.hpp"
#include "protocol/http.hpp"

namespace kesher::modules {

// Every HTTP request that is not a static file: /api/auth/*, /verify/{token} and the page routes
// of spec §2. Blocking: runs on a worker thread. Never throws.
protocol::HttpResponse handle_http(app::Context& app, const protocol::HttpRequest& request);

}  // namespace kesher::modules
