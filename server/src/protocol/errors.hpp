#pragma once
#include <array>
#include <string_view>

// The stable error-code catalogue: one list, from which both the constants below and the
// catalogue that `kesher --dump-protocol` prints are made. docs/protocol.md ("Error codes") and
// web/src/realtime/protocol.ts are checked against that dump by tests (contract_test.cpp,
// web/src/realtime/contract.test.ts). Dependency-free so that pure domain code can name the codes
// it produces.
//
// X(code, what it means). The texts a member sees are the client's translations.
#define KESHER_ERROR_CODES(X)                                                                \
  X(invalid_json, "an HTTP body that is not a JSON object")                                  \
  X(missing_field, "a required field is absent (with field)")                                \
  X(invalid_email, "not a usable email address")                                             \
  X(email_taken, "the address already has an account")                                       \
  X(password_too_short, "a password under 8 characters")                                     \
  X(password_too_long, "a password over 128 characters")                                     \
  X(invalid_name, "a name that is not letters of the chosen language")                       \
  X(invalid_month, "a birth month outside 1-12")                                             \
  X(invalid_day, "a birth day that the month does not have")                                 \
  X(invalid_birth_date, "a birth year before 1900 or a birth date in the future")            \
  X(underage, "younger than 18")                                                             \
  X(invalid_gender, "a gender other than 1, 2 or 3")                                         \
  X(invalid_looking_for, "a searched gender other than 1 or 2")                              \
  X(invalid_age_range, "an age range outside 18-100 or upside down")                         \
  X(invalid_place, "a place id the server does not know")                                    \
  X(invalid_answer, "a main reason outside 1-6")                                             \
  X(invalid_extra, "a profile extra refused (with field and reason)")                        \
  X(invalid_language, "a language other than he, en or de")                                  \
  X(invalid_credentials, "wrong email or password")                                          \
  X(too_many_attempts, "login, sign-up or reset attempts over the limit (with retry_after)") \
  X(recovery_throttled, "recovery mails over the limit (with seconds)")                      \
  X(invalid_token, "an unknown, spent or expired reset token")                               \
  X(origin_forbidden, "an Origin other than the public origin (POST or upgrade)")            \
  X(payload_too_large, "an HTTP body over its limit (64 KiB; uploads 15 MiB)")               \
  X(not_found, "no such profile, person or endpoint")                                        \
  X(method_not_allowed, "an HTTP method the path does not take")                             \
  X(malformed_json, "a socket frame that is not JSON")                                       \
  X(not_an_object, "a socket frame that is JSON but not an object")                          \
  X(missing_module, "a socket frame without a string module")                                \
  X(unknown_module, "a module the server does not have")                                     \
  X(invalid_field, "a field of the wrong JSON type (with field)")                            \
  X(not_authenticated, "a member module on a guest socket, or an upload without a session")  \
  X(invalid_session, "session/validate found no valid session")                              \
  X(rate_limited, "socket frames over the sender's budget")                                  \
  X(invalid_key, "user/update with a key it does not change")                                \
  X(invalid_value, "a value out of range (with field)")                                      \
  X(age_locked, "the birth date cannot change after registration")                           \
  X(premium_required, "a premium feature asked for without premium")                         \
  X(like_limit_reached, "today's likes are used up")                                         \
  X(cannot_block_self, "a member tried to block themselves")                                 \
  X(not_enough_credits, "the balance does not cover the price (with credits and required)")  \
  X(empty_message, "a text message that is empty after trimming")                            \
  X(message_too_long, "a text message over 2,000 characters")                                \
  X(sender_mismatch, "a send whose sender_id is not the caller")                             \
  X(server_busy, "too much queued work; retry shortly")                                      \
  X(too_many_sockets, "the member's or address's socket limit is reached")                   \
  X(unsupported_media_type, "a POST that is not application/json (or multipart, /upload)")   \
  X(invalid_file_type, "an upload that is not PNG, JPEG, WebP, HEIC or HEIF")                \
  X(invalid_image, "an upload that is truncated or corrupt")                                 \
  X(image_too_large, "an upload over the pixel limit")                                       \
  X(missing_file, "an upload without a non-empty file part")                                 \
  X(upload_in_progress, "a second upload while the member's first one runs")                 \
  X(photo_limit_reached, "a 7th profile photo")                                              \
  X(forbidden, "a media link made for someone else, or an admin module for an operator")     \
  X(link_expired, "a signed media link past its expiry")                                     \
  X(invalid_signature, "a payment webhook whose signature does not match")                   \
  X(stale_signature, "a payment webhook signed over 300 s away from now")                    \
  X(amount_mismatch, "a payment webhook whose amount or currency differs from the order")    \
  X(unknown_order, "a payment webhook for an order the server does not have")                \
  X(no_free_spin, "spinofluck/spin without a free spin")                                     \
  X(totp_required, "an admin's console login without its TOTP code")                         \
  X(invalid_totp, "an admin's console login with a wrong TOTP code")                         \
  X(locked, "a console conversation another operator holds (with data.lock)")                \
  X(too_many_locks, "an operator already holds --console-max-locks conversations")           \
  X(not_locked, "a console action on a conversation the caller does not hold")               \
  X(contact_phone, "an operator's text with a phone number (with data.match)")               \
  X(contact_email, "an operator's text with an email address (with data.match)")             \
  X(contact_url, "an operator's text with a link or a messaging handle (with data.match)")   \
  X(meeting_arrangement, "an operator's text proposing to meet in person (data.match)")      \
  X(account_banned, "a banned member's login or sign-up with a banned email")                \
  X(not_refundable, "an admin refund of an order that is not paid")                          \
  X(invalid_price, "an admin's price not above zero or over the bound (with field)")         \
  X(duplicate_id, "an admin's list naming one package or feature twice (with field)")        \
  X(wheel_pays_too_much, "a wheel whose spin pays on average its price or more")             \
  X(internal_error, "the server failed to handle the request")

namespace kesher::errc {

#define KESHER_ERROR_CONSTANT(code, meaning) inline constexpr std::string_view code = #code;
KESHER_ERROR_CODES(KESHER_ERROR_CONSTANT)
#undef KESHER_ERROR_CONSTANT

struct Entry {
  std::string_view code;
  std::string_view meaning;
};

// Every code, in catalogue order.
#define KESHER_ERROR_ENTRY(code, meaning) Entry{#code, meaning},
inline constexpr std::array catalogue{KESHER_ERROR_CODES(KESHER_ERROR_ENTRY)};
#undef KESHER_ERROR_ENTRY

}  // namespace kesher::errc
