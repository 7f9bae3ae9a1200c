// The untrusted inputs of issue 14's acquisition code: the profile extras a client sends (at
// registration and in user/update), the escape token and `next` of GET /check/{token}, a referral
// slug from GET /ref/{slug}, and the address a referral's mailbox is derived from.
#include <boost/json.hpp>
#include <cstdint>
#include <string>
#include <string_view>

#include "domain/escape.hpp"
#include "domain/profile_extras.hpp"
#include "domain/referrals.hpp"
#include "domain/validation.hpp"
#include "fuzz_check.hpp"

using namespace kesher;
namespace json = boost::json;
namespace extras = domain::extras;

namespace {

// Checked changes only ever name catalogue fields and options, and what they store reads back
// through the same check unchanged.
void check_extras(const json::value& input, bool allow_clear) {
  auto checked = extras::check_changes(input, allow_clear);
  if (!checked) {
    const auto& reason = checked.problem.reason;
    FUZZ_CHECK(reason == "unknown_field" || reason == "unknown_option" || reason == "wrong_type" ||
               reason == "out_of_range" || reason == "too_many");
    return;
  }
  extras::Extras stored;
  extras::apply_changes(stored, *checked.changes);
  for (const auto& [field_id, values] : stored) {
    const extras::Field* field = extras::find_field(field_id);
    FUZZ_CHECK(field != nullptr);
    FUZZ_CHECK(!values.empty());
    if (field->kind == extras::Kind::multi) FUZZ_CHECK(values.size() <= size_t(field->max));
    if (field->kind != extras::Kind::multi) FUZZ_CHECK(values.size() == 1);
  }
  json::value shown = extras::to_json(stored);
  auto again = extras::check_changes(shown, false);
  FUZZ_CHECK(again);
  extras::Extras reread;
  extras::apply_changes(reread, *again.changes);
  FUZZ_CHECK(reread == stored);
}

void check_return_path(std::string_view next) {
  std::string path = domain::escape::return_path(next);
  FUZZ_CHECK(!path.empty() && path.front() == '/');
  FUZZ_CHECK(path.size() < 2 || (path[1] != '/' && path[1] != '\\'));
  for (char c : path) FUZZ_CHECK(static_cast<unsigned char>(c) > 0x20 && c != 0x7f && c != '\\');
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);

  boost::system::error_code ec;
  json::value input = json::parse(text, ec);
  if (!ec) {
    check_extras(input, true);
    check_extras(input, false);
  }

  if (domain::escape::plausible_token(text)) FUZZ_CHECK(!text.empty() && text.size() <= 128);
  check_return_path(text);

  // A slug goes into a Set-Cookie header: nothing but the characters of a fresh one passes.
  if (domain::valid_referral_slug(text)) {
    FUZZ_CHECK(text.size() == domain::new_referral_slug().size());
    for (char c : text) FUZZ_CHECK((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
  }
  auto email = domain::check_email(text);
  if (email) {
    std::string mailbox = domain::mailbox_identity(*email.value);
    FUZZ_CHECK(!mailbox.empty() && mailbox.find('@') != std::string::npos);
    FUZZ_CHECK(domain::mailbox_identity(mailbox) == mailbox);
  }
  return 0;
}
