#pragma once
#include <memory>
#include <string>

#include "mail/mailer.hpp"

namespace kesher::net {

// Sends mail through an SMTP relay from a background thread, so that a slow relay never holds up a
// request. `url`: smtp://[user:password@]host[:port] (STARTTLS when the relay offers it) or
// smtps://… (TLS from the start). Returns nullptr with *error set for an unusable URL.
std::unique_ptr<mail::Mailer> make_smtp_mailer(const std::string& url, const std::string& from,
                                               std::string* error);

}  // namespace kesher::net
