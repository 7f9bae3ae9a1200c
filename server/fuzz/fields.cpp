// protocol::Fields: every handler reads its payload through it, so whatever JSON a client sends
// must come out as a typed value, nullopt, or invalid_field naming the first bad field.
#include <boost/json.hpp>
#include <charconv>
#include <cstdint>
#include <string_view>

#include "fuzz_check.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"

using namespace kesher;
namespace json = boost::json;

namespace {

// Reads one field all four ways on fresh readers and checks what each reader remembers.
void read_every_way(const json::object& payload, std::string_view name) {
  const json::value* value = payload.if_contains(name);
  bool absent = !value || value->is_null();

  protocol::Fields integers(payload);
  auto integer = integers.integer(name);
  if (value && value->is_int64()) FUZZ_CHECK(integer == value->get_int64());
  if (value && value->is_string() && integer) {
    std::string_view text = value->get_string();
    int64_t parsed = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), parsed);
    FUZZ_CHECK(ec == std::errc{} && end == text.data() + text.size() && parsed == *integer);
  }
  FUZZ_CHECK(integers.failed() == (!absent && !integer));

  protocol::Fields strings(payload);
  auto string = strings.string(name);
  FUZZ_CHECK(string.has_value() == (value && value->is_string()));
  FUZZ_CHECK(strings.failed() == (!absent && !string));

  protocol::Fields string_lists(payload);
  auto string_list = string_lists.strings(name);
  if (string_list) FUZZ_CHECK(string_list->size() == value->as_array().size());
  FUZZ_CHECK(string_lists.failed() == (!absent && !string_list));

  protocol::Fields integer_lists(payload);
  auto integer_list = integer_lists.integers(name);
  if (integer_list) FUZZ_CHECK(integer_list->size() == value->as_array().size());
  FUZZ_CHECK(integer_lists.failed() == (!absent && !integer_list));

  for (const auto* fields : {&integers, &strings, &string_lists, &integer_lists}) {
    FUZZ_CHECK(fields->failed() == !fields->invalid_field().empty());
    if (fields->failed()) {
      FUZZ_CHECK(fields->invalid_field() == name);
      json::object reply = fields->error_reply();
      FUZZ_CHECK(reply.at("error_code").as_string() == errc::invalid_field);
      FUZZ_CHECK(reply.at("field").as_string() == name);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::optional<json::object> payload = protocol::parse_object(text);
  if (!payload) {
    // Not an object: the bytes become one string field, as in {"user_id": "12"}.
    payload = json::object{{"id", text}};
  }
  // Handlers name their fields; Fields remembers a failure by the field's name, so an empty
  // name is left out.
  for (const auto& member : *payload) {
    if (!member.key().empty()) read_every_way(*payload, member.key());
  }
  read_every_way(*payload, "missing");

  // One reader over every field: the first problem is the one it names.
  protocol::Fields fields(*payload);
  std::string first_invalid;
  for (const auto& member : *payload) {
    if (member.key().empty()) continue;
    bool was_failed = fields.failed();
    fields.integer(member.key());
    if (!was_failed && fields.failed()) first_invalid = member.key();
  }
  FUZZ_CHECK(fields.invalid_field() == first_invalid);
  return 0;
}
