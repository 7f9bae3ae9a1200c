#include "protocol/http.hpp"

#include "protocol/envelope.hpp"

namespace kesher::protocol {

HttpResponse json_response(unsigned status, const boost::json::object& body) {
  HttpResponse response;
  response.status = status;
  response.body = serialize(body);
  return response;
}

HttpResponse error_response(unsigned status, std::string_view code, boost::json::object extra) {
  extra["error_code"] = code;
  extra["message"] = code;
  return json_response(status, extra);
}

HttpResponse redirect_response(unsigned status, std::string location) {
  HttpResponse response;
  response.status = status;
  response.content_type = "text/plain";
  response.headers.emplace_back("Location", std::move(location));
  response.headers.emplace_back("Cache-Control", "no-store");
  return response;
}

}  // namespace kesher::protocol
