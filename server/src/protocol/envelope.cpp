#include "protocol/envelope.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <charconv>
#include <cmath>

#include "protocol/errors.hpp"

namespace kesher::protocol {

std::variant<Envelope, DecodeFailure> decode_envelope(std::string_view frame) {
  boost::system::error_code ec;
  json::value value = json::parse(frame, ec);
  if (ec) return DecodeFailure{errc::malformed_json};
  json::object* object = value.if_object();
  if (!object) return DecodeFailure{errc::not_an_object};
  auto module = object->find("module");
  if (module == object->end() || !module->value().is_string() ||
      module->value().get_string().empty()) {
    return DecodeFailure{errc::missing_module};
  }
  Envelope envelope;
  envelope.module = std::string(module->value().get_string());
  object->erase(module);
  if (auto rid = object->find("rid"); rid != object->end()) {
    // An unusable rid is dropped rather than refused: the reply still arrives, just unmatched.
    if (rid->value().is_string() && rid->value().get_string().size() <= kMaxRidLength) {
      envelope.rid = std::string(rid->value().get_string());
    } else if (rid->value().is_int64()) {
      envelope.rid = std::to_string(rid->value().get_int64());
    }
    object->erase(rid);
  }
  envelope.payload = std::move(*object);
  return envelope;
}

std::optional<json::object> parse_object(std::string_view text) {
  boost::system::error_code ec;
  json::value value = json::parse(text, ec);
  if (ec || !value.is_object()) return std::nullopt;
  return std::move(value.get_object());
}

json::object reply_ok(json::value data) {
  json::object reply;
  reply["request_status"] = 1;
  if (!data.is_null()) reply["data"] = std::move(data);
  return reply;
}

json::object reply_error(std::string_view error_code, std::string_view field) {
  json::object reply;
  reply["request_status"] = 0;
  reply["error_code"] = error_code;
  if (!field.empty()) reply["field"] = field;
  return reply;
}

std::optional<int64_t> Fields::integer(std::string_view name) {
  auto it = payload_.find(name);
  if (it == payload_.end() || it->value().is_null()) return std::nullopt;
  const json::value& v = it->value();
  if (v.is_int64()) return v.get_int64();
  if (v.is_uint64() && v.get_uint64() <= static_cast<uint64_t>(INT64_MAX)) {
    return static_cast<int64_t>(v.get_uint64());
  }
  if (v.is_double()) {
    // The range comes first: converting a double beyond int64 to an integer is undefined.
    double d = v.get_double();
    if (d > -9e15 && d < 9e15 && d == std::trunc(d)) return static_cast<int64_t>(d);
  }
  if (v.is_string()) {
    // The spec's client sends some ids as strings ("user_id": "12").
    std::string_view s = v.get_string();
    int64_t out = 0;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    if (ec == std::errc{} && ptr == s.data() + s.size() && !s.empty()) return out;
  }
  mark_invalid(name);
  return std::nullopt;
}

std::optional<std::string> Fields::string(std::string_view name) {
  auto it = payload_.find(name);
  if (it == payload_.end() || it->value().is_null()) return std::nullopt;
  if (it->value().is_string()) return std::string(it->value().get_string());
  mark_invalid(name);
  return std::nullopt;
}

std::optional<std::vector<std::string>> Fields::strings(std::string_view name) {
  auto it = payload_.find(name);
  if (it == payload_.end() || it->value().is_null()) return std::nullopt;
  const json::array* array = it->value().if_array();
  if (!array) {
    mark_invalid(name);
    return std::nullopt;
  }
  std::vector<std::string> out;
  for (const auto& item : *array) {
    if (!item.is_string()) {
      mark_invalid(name);
      return std::nullopt;
    }
    out.emplace_back(item.get_string());
  }
  return out;
}

std::optional<std::vector<int64_t>> Fields::integers(std::string_view name) {
  auto it = payload_.find(name);
  if (it == payload_.end() || it->value().is_null()) return std::nullopt;
  const json::array* array = it->value().if_array();
  if (!array) {
    mark_invalid(name);
    return std::nullopt;
  }
  std::vector<int64_t> out;
  for (const auto& item : *array) {
    if (item.is_int64()) {
      out.push_back(item.get_int64());
    } else if (item.is_uint64() && item.get_uint64() <= static_cast<uint64_t>(INT64_MAX)) {
      out.push_back(static_cast<int64_t>(item.get_uint64()));
    } else {
      mark_invalid(name);
      return std::nullopt;
    }
  }
  return out;
}

void Fields::mark_invalid(std::string_view name) {
  if (invalid_field_.empty()) invalid_field_ = std::string(name);
}

json::object Fields::error_reply() const {
  return reply_error(errc::invalid_field, invalid_field_);
}

std::string serialize(const json::value& value) {
  return json::serialize(value);
}

}  // namespace kesher::protocol
