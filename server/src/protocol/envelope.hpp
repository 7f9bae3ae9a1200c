#pragma once
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace kesher::protocol {

namespace json = boost::json;

inline constexpr size_t kMaxRidLength = 64;

// One decoded client message: {"module": "...", "rid": "...", ...payload}.
struct Envelope {
  std::string module;
  std::string rid;
  json::object payload;
};

struct DecodeFailure {
  std::string_view error_code;
};

// Never throws: malformed input becomes a DecodeFailure with a catalogue code.
std::variant<Envelope, DecodeFailure> decode_envelope(std::string_view frame);

// Parses a JSON object body (HTTP), or nullopt for anything else.
std::optional<json::object> parse_object(std::string_view text);

json::object reply_ok(json::value data = nullptr);
json::object reply_error(std::string_view error_code, std::string_view field = {});

// Reads typed fields from a payload. A missing field is nullopt; a present field of the wrong type
// is nullopt too and is remembered as the first invalid field, so a handler can answer
// invalid_field naming it.
class Fields {
 public:
  explicit Fields(const json::object& payload) : payload_(payload) {}

  std::optional<int64_t> integer(std::string_view name);  // JSON integers and digit strings
  std::optional<std::string> string(std::string_view name);
  std::optional<std::vector<std::string>> strings(std::string_view name);
  std::optional<std::vector<int64_t>> integers(std::string_view name);
  bool has(std::string_view name) const { return payload_.contains(name); }

  bool failed() const { return !invalid_field_.empty(); }
  const std::string& invalid_field() const { return invalid_field_; }
  json::object error_reply() const;  // invalid_field with the field's name

 private:
  void mark_invalid(std::string_view name);

  const json::object& payload_;
  std::string invalid_field_;
};

std::string serialize(const json::value& value);

}  // namespace kesher::protocol
