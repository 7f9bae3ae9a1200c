// X-Forwarded-For lines as a proxy passes them on (protocol/forwarded.hpp): the client may have
// written any of them but the last.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "protocol/forwarded.hpp"

using namespace kesher;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  // One header line per input line, as a request may carry several.
  std::vector<std::string_view> lines;
  for (size_t start = 0; start <= input.size();) {
    size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    lines.push_back(input.substr(start, end - start));
    start = end + 1;
  }
  auto client = protocol::forwarded_client(lines);
  if (client) {
    // What comes out is an address in its canonical text, and stays itself.
    FUZZ_CHECK(protocol::canonical_address(*client) == client);
    FUZZ_CHECK(client->find_first_of(", \t\r\n") == std::string::npos);
  }
  std::vector<std::string> proxies{"127.0.0.1"};
  std::string address = protocol::client_address("127.0.0.1", proxies, lines);
  FUZZ_CHECK(address == client.value_or("127.0.0.1"));
  FUZZ_CHECK(protocol::client_address("192.0.2.1", proxies, lines) == "192.0.2.1");
  return 0;
}
