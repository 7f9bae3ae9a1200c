#include "modules/user_view.hpp"

#include "domain/validation.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"

namespace kesher::modules {

namespace json = boost::json;

domain::Language user_language(const store::UserRecord& user) {
  return domain::parse_language(user.language).value_or(domain::Language::he);
}

json::array photos_view(const std::vector<store::ProfilePhoto>& photos) {
  json::array out;
  for (const auto& photo : photos) {
    out.push_back(json::object{{"id", photo.id}, {"photo", photo.url}, {"thumb", photo.thumb}});
  }
  return out;
}

std::optional<json::object> photo_refusal(const store::AddPhotoOutcome& outcome) {
  switch (outcome.status) {
    case store::AddPhotoStatus::not_owner:
    case store::AddPhotoStatus::already_added:
      return protocol::reply_error(errc::invalid_value, "photo");
    case store::AddPhotoStatus::slots_full:
      return protocol::reply_error(errc::photo_limit_reached);
    case store::AddPhotoStatus::added:
      break;
  }
  return std::nullopt;
}

json::object self_view(const app::Context& app, const store::UserRecord& user,
                       const std::vector<store::ProfilePhoto>& photos,
                       const domain::extras::Extras& extras, int64_t now) {
  json::object view;
  view["id"] = user.id;
  view["name"] = user.name;
  view["age"] = domain::age_on(user.birth_date, domain::utc_date(now));
  view["gender"] = user.gender;
  view["email"] = user.email;
  if (photos.empty()) {
    view["photo"] = nullptr;
  } else {
    view["photo"] = photos.front().url;
  }
  view["photos"] = photos_view(photos);
  view["avatar"] = nullptr;
  view["bio"] = user.bio;
  view["answer"] = user.answer;
  view["language"] = user.language;
  std::string city, country, country_code;
  if (const domain::Place* place = app.places ? app.places->find(user.place_id) : nullptr) {
    city = app.places->display_name(*place, user_language(user));
    country = app.places->country_name(place->country, user_language(user));
    country_code = place->country;
  }
  view["city"] = city;
  view["country"] = country;  // a name to show, in the user's language
  view["country_code"] = country_code;
  view["place_id"] = user.place_id;
  view["s_gender"] = user.s_gender;
  view["s_age"] = domain::format_age_range({user.s_age_min, user.s_age_max});
  view["s_radius"] = user.s_radius;
  view["credits"] = user.credits;
  view["premium"] = user.premium ? 1 : 0;
  view["premium_until"] =
      user.premium_until ? json::value(*user.premium_until) : json::value(nullptr);
  view["status"] = 1;
  view["has_story"] = 0;
  view["stories"] = json::array();
  view["sof_spin_available"] = user.free_spins;
  view["sof_can_spin"] = user.free_spins > 0 ? 1 : 0;
  view["claimed_free_account_credits"] = 1;
  view["email_verified"] = user.email_verified ? 1 : 0;
  view["extras"] = domain::extras::to_json(extras);
  return view;
}

}  // namespace kesher::modules
