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

}  // namespace kesher::protocol
