#pragma once
#include <string_view>

// The stable error-code catalogue of docs/protocol.md. Dependency-free so that pure domain code can
// name the codes it produces.
namespace kesher::errc {

inline constexpr std::string_view invalid_json = "invalid_json";
inline constexpr std::string_view missing_field = "missing_field";
inline constexpr std::string_view invalid_email = "invalid_email";
inline constexpr std::string_view email_taken = "email_taken";
inline constexpr std::string_view password_too_short = "password_too_short";
inline constexpr std::string_view password_too_long = "password_too_long";
inline constexpr std::string_view invalid_name = "invalid_name";
inline constexpr std::string_view invalid_month = "invalid_month";
inline constexpr std::string_view invalid_day = "invalid_day";
inline constexpr std::string_view invalid_birth_date = "invalid_birth_date";
inline constexpr std::string_view underage = "underage";
inline constexpr std::string_view invalid_gender = "invalid_gender";
inline constexpr std::string_view invalid_looking_for = "invalid_looking_for";
inline constexpr std::string_view invalid_age_range = "invalid_age_range";
inline constexpr std::string_view invalid_place = "invalid_place";
inline constexpr std::string_view invalid_answer = "invalid_answer";
inline constexpr std::string_view invalid_language = "invalid_language";
inline constexpr std::string_view invalid_credentials = "invalid_credentials";
inline constexpr std::string_view too_many_attempts = "too_many_attempts";
inline constexpr std::string_view recovery_throttled = "recovery_throttled";
inline constexpr std::string_view invalid_token = "invalid_token";
inline constexpr std::string_view origin_forbidden = "origin_forbidden";
inline constexpr std::string_view payload_too_large = "payload_too_large";
inline constexpr std::string_view not_found = "not_found";
inline constexpr std::string_view method_not_allowed = "method_not_allowed";
inline constexpr std::string_view malformed_json = "malformed_json";
inline constexpr std::string_view not_an_object = "not_an_object";
inline constexpr std::string_view missing_module = "missing_module";
inline constexpr std::string_view unknown_module = "unknown_module";
inline constexpr std::string_view invalid_field = "invalid_field";
inline constexpr std::string_view not_authenticated = "not_authenticated";
inline constexpr std::string_view invalid_session = "invalid_session";
inline constexpr std::string_view rate_limited = "rate_limited";
inline constexpr std::string_view invalid_key = "invalid_key";
inline constexpr std::string_view invalid_value = "invalid_value";
inline constexpr std::string_view age_locked = "age_locked";
inline constexpr std::string_view premium_required = "premium_required";
inline constexpr std::string_view like_limit_reached = "like_limit_reached";
inline constexpr std::string_view cannot_block_self = "cannot_block_self";
inline constexpr std::string_view not_enough_credits = "not_enough_credits";
inline constexpr std::string_view empty_message = "empty_message";
inline constexpr std::string_view message_too_long = "message_too_long";
inline constexpr std::string_view sender_mismatch = "sender_mismatch";
inline constexpr std::string_view server_busy = "server_busy";
inline constexpr std::string_view too_many_sockets = "too_many_sockets";
inline constexpr std::string_view unsupported_media_type = "unsupported_media_type";
inline constexpr std::string_view internal_error = "internal_error";

}  // namespace kesher::errc
