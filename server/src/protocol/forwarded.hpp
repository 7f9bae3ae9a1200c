#pragma once
// Who a request came from when a proxy of ours (HAProxy, with `option forwardfor`) stands between
// the client and the node. Only the proxy's own entry is believed: the last address of the last
// X-Forwarded-For line, which the proxy adds itself; anything before it came from the client and
// may be forged. A request from any other peer keeps its peer's address.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kesher::protocol {

// An IPv4 or IPv6 address in its canonical text (inet_ntop's), or nullopt if `text` is not one.
std::optional<std::string> canonical_address(std::string_view text);

// The client address the trusted proxy appended: the last comma-separated entry of the last line,
// trimmed, when it is an address; nullopt otherwise (no line, an empty or malformed entry).
std::optional<std::string> forwarded_client(const std::vector<std::string_view>& lines);

// The address a request counts against: the forwarded client when `peer` is one of
// `trusted_proxies` (canonical texts) and the header holds one, else `peer` itself.
std::string client_address(const std::string& peer, const std::vector<std::string>& trusted_proxies,
                           const std::vector<std::string_view>& x_forwarded_for_lines);

}  // namespace kesher::protocol
