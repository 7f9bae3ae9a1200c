#pragma once
// What the server takes out of a request Beast has parsed, for the handlers, which never see
// Beast: the path and query, the body, the cookies and the headers they read. Used by
// net/server.cpp and by the HTTP fuzz target, which must read requests exactly as it does.
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <string>

#include "protocol/http.hpp"

namespace kesher::net {

protocol::HttpRequest to_plain_request(
    const boost::beast::http::request<boost::beast::http::string_body>& request,
    const std::string& remote_ip);

}  // namespace kesher::net
