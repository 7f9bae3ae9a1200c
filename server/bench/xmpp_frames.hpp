// XMPP over WebSocket (RFC 7395) as far as kesher_load needs it to drive ejabberd in
// `make bench-peers`: the frames a client writes, and a small reader for the frames it gets.
//
// RFC 7395 puts exactly one top-level element in each WebSocket message (<open/>, <close/>, or one
// stanza), so the reader looks at one frame at a time and never needs a streaming XML parser. It
// reads only what the generator acts on: the top element's name, its type and id, the text of a
// <body> child and the condition inside an <error>. It parses bytes from the peer, so anything
// malformed, truncated or unexpected gives no stanza (or empty fields), never a read out of range.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace kesher::bench::xmpp {

// <open/> to (re)start the stream towards `domain`: at the start and after SASL succeeds.
std::string open_frame(std::string_view domain);

// SASL PLAIN (RFC 4616) with no authorization identity: base64("\0" user "\0" password).
std::string auth_plain_frame(std::string_view user, std::string_view password);

// Binds a resource chosen by the client; the reply is <iq type='result' id='bind'>.
std::string bind_frame(std::string_view resource);
inline constexpr std::string_view kBindId = "bind";

// The initial presence: from then on the server routes chat messages to this resource.
std::string presence_frame();

// A one-to-one chat message. `to` is a bare JID; `body` must need no XML escaping.
std::string chat_frame(std::string_view to, std::string_view id, std::string_view body);

// A XEP-0199 ping to the server: answered with <iq type='result'> only on an authenticated
// stream, so it doubles as the check that a socket really is signed in.
std::string ping_frame(std::string_view id);

// What the generator reads of one frame. Views into the frame given to parse_stanza.
struct Stanza {
  std::string_view name;  // local name of the top element: "message", "iq", "features", "open"…
  std::string_view type;  // its type attribute ("chat", "result", "error"…), or empty
  std::string_view id;    // its id attribute, or empty
  // Text of the first <body> child, as written (entities are not decoded: the generator's own
  // bodies have none, and any other body is not the generator's).
  std::string_view body;
  // The first element inside an <error> child (or inside a top-level stream error), such as
  // "service-unavailable"; empty when there is none.
  std::string_view error_condition;
};

// The top element of one frame, or nullopt when the frame does not start with a well-formed start
// tag (after an optional XML declaration and whitespace).
std::optional<Stanza> parse_stanza(std::string_view frame);

}  // namespace kesher::bench::xmpp
