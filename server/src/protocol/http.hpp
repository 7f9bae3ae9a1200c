#pragma once
#include <string>
#include <utility>
#include <vector>

namespace kesher::protocol {

// Plain HTTP request and response, so that handlers never see Beast (it stays in src/net).
struct HttpRequest {
  std::string method;
  std::string path;
  std::string query;
  std::string body;
  std::string content_type;
  std::string origin;
  std::string session_cookie;
  std::string device_cookie;  // a browser that signed in to an account before (auth_http.cpp)
  std::string remote_ip;
  std::string accept_language;
};

struct HttpResponse {
  unsigned status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
  bool serve_index = false;  // the network layer answers with the client's index.html
};

}  // namespace kesher::protocol
