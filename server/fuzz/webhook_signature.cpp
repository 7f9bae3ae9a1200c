// The untrusted input of payments: the Kesher-Signature header of POST
// /api/payments/webhook/{provider} with the body it signs (domain::parse_signature_header,
// domain::check_webhook_signature), and the sandbox checkout's form body (protocol::parse_form).
#include <cstdint>
#include <string>
#include <string_view>

#include "domain/crypto.hpp"
#include "domain/webhook_signature.hpp"
#include "fuzz_check.hpp"
#include "protocol/form.hpp"

using namespace kesher;

namespace {

constexpr std::string_view kSecret = "fuzz-secret";
constexpr int64_t kNow = 1'800'000'000;

bool lower_hex(std::string_view text) {
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  domain::crypto_init();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  // The header up to the first line break, the body after it.
  size_t split = input.find('\n');
  std::string_view header = input.substr(0, split);
  std::string_view body =
      split == std::string_view::npos ? std::string_view{} : input.substr(split + 1);

  auto parsed = domain::parse_signature_header(header);
  if (parsed) {
    FUZZ_CHECK(!parsed->v1.empty());
    FUZZ_CHECK(parsed->timestamp >= 0);
    for (const auto& v1 : parsed->v1) FUZZ_CHECK(v1.size() == 64 && lower_hex(v1));
  }
  auto check = domain::check_webhook_signature(header, body, kSecret, kNow);
  // Nothing the fuzzer writes is signed by a secret it does not know, except by a header that
  // is exactly the one the secret makes.
  if (check == domain::SignatureCheck::valid) {
    FUZZ_CHECK(parsed.has_value());
    bool ours = false;
    for (const auto& v1 : parsed->v1) {
      ours |= domain::sign_webhook(kSecret, parsed->timestamp, body) ==
              "t=" + std::to_string(parsed->timestamp) + ",v1=" + v1;
    }
    FUZZ_CHECK(ours);
  }
  if (!parsed) FUZZ_CHECK(check == domain::SignatureCheck::invalid);
  // What the server signs always checks, whatever the body.
  FUZZ_CHECK(domain::check_webhook_signature(domain::sign_webhook(kSecret, kNow, body), body,
                                             kSecret, kNow) == domain::SignatureCheck::valid);

  // The same bytes as a checkout form: every decoded field came from the body.
  auto form = protocol::parse_form(input);
  if (form) {
    FUZZ_CHECK(form->size() <= 64);
    for (const auto& [name, value] : *form) FUZZ_CHECK(name.size() + value.size() <= size);
  }
  return 0;
}
