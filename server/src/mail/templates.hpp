#pragma once
#include <string>
#include <string_view>

#include "mail/mailer.hpp"

namespace kesher::mail {

// Account mails in the user's language (he, en or de; anything else is treated as he).
Mail verification_mail(const std::string& to, std::string_view language, const std::string& name,
                       const std::string& link);
Mail reset_mail(const std::string& to, std::string_view language, const std::string& name,
                const std::string& link);

}  // namespace kesher::mail
