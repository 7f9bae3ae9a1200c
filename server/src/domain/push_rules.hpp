#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "domain/language.hpp"

// Web push rules (docs/protocol.md "Web push", docs/decisions/0013-web-push.md), pure: which
// notifications exist, what they say in each language, how long a push service may hold them,
// how often a member may subscribe, and which network addresses the server may push to.
namespace kesher::domain::push {

// The opt-in reward (spec §9), the same amount as the signup bonus.
inline constexpr int64_t kOptInCredits = 200;
// POST /api/send-push per member: a device subscribes once, a browser now and then again.
inline constexpr int kSubscribeLimit = 5;
inline constexpr int64_t kSubscribeWindowSeconds = 10 * 60;

enum class Kind { message, match, like, confirm };
std::string_view kind_name(Kind kind);

// What the service worker shows (web/public/sw.js): `title`, `body`, and where a click leads.
struct Notification {
  Kind kind;
  // The conversation partner (message) or the new match; not used for like and confirm.
  int64_t other_id = 0;
};

// The brand as the member's language writes it: "קשר" in Hebrew, "Kesher" otherwise.
std::string_view title_text(Language language);
// The body. A message's is always the generic "You have a new message": a lock screen must never
// show what was written, nor who wrote it.
std::string_view body_text(Kind kind, Language language);
// /chat/<id>, /match, /likesme or /explore (web/src/app/router.tsx).
std::string url_of(const Notification& notification);
// Notifications with the same tag replace each other: one per conversation, one per match, one
// for all likes (the tag never names who liked: that is premium, spec §6).
std::string tag_of(const Notification& notification, int64_t receiver_id);
// The JSON the service worker reads with event.data.json():
// {"kind","title","body","url","tag","lang","dir"}.
std::string payload_json(const Notification& notification, int64_t receiver_id, Language language);

// RFC 8030 §5.2: how long the push service keeps a message for an offline browser, and §5.3 its
// urgency ("very-low", "low", "normal", "high").
int64_t ttl_seconds(Kind kind);
std::string_view urgency(Kind kind);

// The server POSTs to URLs members give it (decision 0013): an endpoint must resolve to a public
// unicast address, never to this machine, a private or link-local network, or a multicast group.
enum class AddressClass {
  public_unicast,
  loopback,
  private_network,  // RFC 1918, carrier-grade NAT (RFC 6598), unique local IPv6 (RFC 4193)
  link_local,
  unspecified,
  multicast,
  reserved,  // documentation, benchmarking, broadcast, future use, not global unicast
};
std::string_view describe(AddressClass address_class);
// The class of an IPv4 address (4 bytes, network order) or IPv6 address (16 bytes); an
// IPv4-mapped or NAT64 IPv6 address is classed by the IPv4 address inside it. Other sizes are
// reserved.
AddressClass classify_address(std::string_view bytes);
// The same from text ("203.0.113.7", "::1"); nullopt when it is not an address.
std::optional<AddressClass> classify_address_text(std::string_view text);
// Whether a push may go to such an address: public unicast only, and loopback when the server
// runs with --push-allow-loopback (tests only: the local push service).
bool may_push_to(AddressClass address_class, bool allow_loopback);

}  // namespace kesher::domain::push
