// The body of POST /upload: protocol::multipart_boundary on the Content-Type, then
// protocol::find_form_part on the body (the first line of the input is the Content-Type).
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "protocol/multipart.hpp"

using namespace kesher;

namespace {

// A view lies inside the body it was read from.
bool inside(std::string_view part, std::string_view body) {
  return part.empty() ||
         (part.data() >= body.data() && part.data() + part.size() <= body.data() + body.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  size_t line = input.find('\n');
  std::string_view content_type = input.substr(0, line);
  std::string_view body =
      line == std::string_view::npos ? std::string_view{} : input.substr(line + 1);

  auto boundary = protocol::multipart_boundary(content_type);
  if (boundary) FUZZ_CHECK(!boundary->empty() && boundary->size() <= 70);
  std::string used = boundary.value_or("fuzz-boundary");
  auto found = protocol::find_form_part(body, used, "file");
  if (found.error == protocol::MultipartError::none) {
    FUZZ_CHECK(found.part.name == "file");
    FUZZ_CHECK(inside(found.part.content, body));
    FUZZ_CHECK(inside(found.part.filename, body));
    FUZZ_CHECK(found.part.content.find("\r\n--" + used) == std::string_view::npos);
  } else {
    FUZZ_CHECK(found.part.content.empty());
  }

  // What a browser sends is always read back whole, whatever it carries.
  std::string wrapped = "--" + used +
                        "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.jpg\""
                        "\r\nContent-Type: image/jpeg\r\n\r\n";
  std::string payload(body.substr(0, 256));
  if (payload.find("\r\n--" + used) == std::string::npos &&
      ("\r\n--" + used).find(payload) == std::string::npos) {
    wrapped += payload + "\r\n--" + used + "--\r\n";
    auto own = protocol::find_form_part(wrapped, used, "file");
    FUZZ_CHECK(own.error == protocol::MultipartError::none);
    FUZZ_CHECK(own.part.content == payload);
  }
  return 0;
}
