#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "domain/validation.hpp"
#include "store/database.hpp"

namespace kesher::store {

struct UserRecord {
  int64_t id = 0;
  std::string kind;  // member or persona
  std::string email;
  std::string password_hash;
  bool email_verified = false;
  std::string name;
  int gender = 0;
  domain::Date birth_date;
  std::string bio;
  int answer = 1;
  std::string language = "he";
  int64_t place_id = 0;
  int s_gender = 2;
  int s_age_min = 18;
  int s_age_max = 100;
  int s_radius = 50;
  int64_t credits = 0;
  bool premium = false;  // premium_until lies ahead (derived where read, with the server's clock)
  std::optional<int64_t> premium_until;
  bool free_credits_announced = false;
  int64_t created_at = 0;
  int64_t free_spins = 0;  // of the lucky wheel (store::spins)
};

struct NewUser {
  std::string kind = "member";
  std::string email;
  std::string password_hash;
  std::string name;
  int gender = 0;
  domain::Date birth_date;
  int answer = 1;
  std::string language = "he";
  int64_t place_id = 0;
  int s_gender = 2;
  int s_age_min = 18;
  int s_age_max = 100;
  int s_radius = 50;
};

// Columns a user may change through user/update; the enum keeps SQL out of the callers' hands.
enum class UserColumn { name, bio, gender, answer, s_gender, s_radius, place_id, language };

namespace users {

// An erased member (store/gdpr.hpp) is found by none of these but existed().
std::optional<UserRecord> find_by_id(Session& db, int64_t id);
std::optional<UserRecord> find_by_email(Session& db, const std::string& email);
bool exists(Session& db, int64_t id);
// Also an erased member's tombstone: for the conversations of those they wrote to.
bool existed(Session& db, int64_t id);
// The user's language code as stored; nullopt when there is no such user.
std::optional<std::string> language_of(Session& db, int64_t id);
// Throws StoreError when the email is taken (callers look it up first, in the same transaction).
int64_t insert(Session& db, const NewUser& user, int64_t now);
void update(Session& db, int64_t id, UserColumn column, const Value& value);
void set_age_range(Session& db, int64_t id, int low, int high);
void set_password_hash(Session& db, int64_t id, const std::string& hash);
void set_email_verified(Session& db, int64_t id);
// Premium is a date (docs/decisions/0009-payments.md); nullopt ends it.
void set_premium_until(Session& db, int64_t id, std::optional<int64_t> premium_until);
// True the first time only: the free-credits notice is sent once.
bool claim_free_credits_notice(Session& db, int64_t id);

// Demo personas (app/seed.cpp): a persona is a user of kind "persona" with a stable key from the
// generator and its own like-back setting.
struct PersonaProfile {
  std::string key;
  std::string bio;
  int likes_back_percent = 0;
  int like_back_delay_s = 0;
};
std::optional<int64_t> persona_by_key(Session& db, const std::string& key);
void set_persona_profile(Session& db, int64_t id, const PersonaProfile& profile);
// Brings a persona's profile to these values; true when anything changed.
bool update_persona(Session& db, int64_t id, const NewUser& user, const PersonaProfile& profile);

}  // namespace users
}  // namespace kesher::store
