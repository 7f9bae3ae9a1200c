#pragma once
#include <string>

#include "mail/mailer.hpp"

namespace kesher::mail {

// base64 survives any relay; 8bit keeps the outbox files readable (and their links clickable).
enum class BodyEncoding { base64, eight_bit };

// The RFC 5322 message for a mail, with CRLF line ends and the UTF-8 subject encoded per RFC 2047.
// Used by the outbox and by SMTP.
std::string format_message(const std::string& from, const Mail& mail, BodyEncoding encoding);

// The bare address inside "Name <address>", or the text itself.
std::string address_of(const std::string& mailbox);

}  // namespace kesher::mail
