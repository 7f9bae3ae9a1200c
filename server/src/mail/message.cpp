#include "mail/message.hpp"

#include <sodium.h>

#include <ctime>

#include "domain/crypto.hpp"

namespace kesher::mail {

namespace {

std::string base64(std::string_view data) {
  std::string out(sodium_base64_ENCODED_LEN(data.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(data.data()),
                    data.size(), sodium_base64_VARIANT_ORIGINAL);
  out.resize(std::char_traits<char>::length(out.c_str()));
  return out;
}

std::string wrapped(const std::string& text, size_t width) {
  std::string out;
  for (size_t i = 0; i < text.size(); i += width) out += text.substr(i, width) + "\r\n";
  return out;
}

std::string rfc2822_date() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buffer[64];
  std::strftime(buffer, sizeof buffer, "%a, %d %b %Y %H:%M:%S +0000", &tm);
  return buffer;
}

}  // namespace

std::string address_of(const std::string& mailbox) {
  size_t open = mailbox.find('<');
  size_t close = mailbox.find('>', open);
  if (open == std::string::npos || close == std::string::npos) return mailbox;
  return mailbox.substr(open + 1, close - open - 1);
}

std::string format_message(const std::string& from, const Mail& mail, BodyEncoding encoding) {
  std::string domain = address_of(from);
  domain = domain.substr(domain.find('@') + 1);
  std::string message;
  message += "From: " + from + "\r\n";
  message += "To: " + mail.to + "\r\n";
  message += "Subject: =?UTF-8?B?" + base64(mail.subject) + "?=\r\n";
  message += "Date: " + rfc2822_date() + "\r\n";
  message += "Message-ID: <" + domain::random_token(16) + "@" + domain + ">\r\n";
  message += "MIME-Version: 1.0\r\n";
  message += "Content-Type: text/plain; charset=utf-8\r\n";
  if (encoding == BodyEncoding::base64) {
    message += "Content-Transfer-Encoding: base64\r\n\r\n";
    message += wrapped(base64(mail.text), 76);
  } else {
    message += "Content-Transfer-Encoding: 8bit\r\n\r\n";
    message += mail.text + "\r\n";
  }
  return message;
}

}  // namespace kesher::mail
