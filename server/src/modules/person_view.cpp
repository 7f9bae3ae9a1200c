#include "modules/person_view.hpp"

#include "domain/privacy.hpp"
#include "modules/user_view.hpp"

namespace kesher::modules {

namespace json = boost::json;

domain::GridCell cell_of_place(const app::Context& app, int64_t place_id) {
  const domain::Place* place = app.places ? app.places->find(place_id) : nullptr;
  return place ? domain::grid_cell(place->lat, place->lon) : domain::GridCell{};
}

std::optional<Viewer> load_viewer(app::Context& app, store::Session& db, int64_t user_id) {
  auto record = store::users::find_by_id(db, user_id);
  if (!record) return std::nullopt;
  Viewer viewer;
  viewer.id = record->id;
  viewer.cell = cell_of_place(app, record->place_id);
  viewer.language = user_language(*record);
  viewer.premium = record->premium;
  viewer.record = std::move(*record);
  return viewer;
}

namespace {

int age_of(const std::string& birth_date, int64_t now) {
  auto birth = domain::parse_date(birth_date);
  return birth ? domain::age_on(*birth, domain::utc_date(now)) : 0;
}

void add_place(json::object& view, const app::Context& app, const Viewer& viewer,
               int64_t place_id) {
  std::string city, country;
  if (const domain::Place* place = app.places ? app.places->find(place_id) : nullptr) {
    city = app.places->display_name(*place, viewer.language);
    country = app.places->country_name(place->country, viewer.language);
  }
  view["city"] = city;
  view["country"] = country;
}

json::value photo_or_null(const std::string& url) {
  return url.empty() ? json::value(nullptr) : json::value(url);
}

int online(const app::Context& app, int64_t user_id) {
  return app.hub.online(user_id) ? 1 : 0;
}

}  // namespace

json::object person_view(const app::Context& app, const Viewer& viewer,
                         const store::PersonRow& person, int64_t now) {
  json::object view;
  view["id"] = person.id;
  view["name"] = person.name;
  view["age"] = age_of(person.birth_date, now);
  view["gender"] = person.gender;
  view["photo"] = photo_or_null(person.photo);
  view["thumb"] = photo_or_null(person.thumb);
  view["photos_count"] = person.photos_count;
  view["bio"] = person.bio;
  view["language"] = person.language;
  add_place(view, app, viewer, person.place_id);
  int bucket = domain::distance_bucket_km(domain::cell_distance_km(viewer.cell, person.cell));
  view["distance_km"] = bucket < 0 ? json::value(nullptr) : json::value(bucket);
  view["status"] = online(app, person.id);
  view["vip"] = person.premium ? 1 : 0;
  view["virtual"] = person.persona ? 1 : 0;
  view["has_story"] = person.has_story ? 1 : 0;
  view["liked"] = person.liked ? 1 : 0;
  view["matched"] = person.matched ? 1 : 0;
  return view;
}

json::array people_view(const app::Context& app, const Viewer& viewer,
                        const std::vector<store::PersonRow>& people, int64_t now) {
  json::array out;
  for (const auto& person : people) out.push_back(person_view(app, viewer, person, now));
  return out;
}

json::object list_entry_view(const app::Context& app, const Viewer& viewer,
                             const store::PersonRow& person, int64_t now) {
  json::object view;
  view["id"] = person.id;
  view["name"] = person.name;
  view["age"] = age_of(person.birth_date, now);
  view["photo"] = photo_or_null(person.photo);
  view["thumb"] = photo_or_null(person.thumb);
  add_place(view, app, viewer, person.place_id);
  view["time"] = person.time;
  view["status"] = online(app, person.id);
  view["story"] = person.has_story ? 1 : 0;
  view["virtual"] = person.persona ? 1 : 0;
  view["locked"] = 0;
  return view;
}

json::object locked_entry_view(const std::string& blurred_photo) {
  // Brief §6: any field of the person (name, age, city, real photo, when, whether online or
  // virtual) narrows down who it is, so the entry has none of them. The blurred copy is made on
  // the server, too coarse to recognise anyone, under a name of its own that leads nowhere.
  return json::object{{"locked", 1}, {"photo", photo_or_null(blurred_photo)}};
}

store::Totals load_totals(store::Session& db, int64_t user_id) {
  auto user = store::users::find_by_id(db, user_id);
  bool premium = user && user->premium;
  return store::social::totals(db, user_id, domain::fan_counts_follow_blocks(premium));
}

json::object totals_view(const store::Totals& t) {
  auto total = [](int64_t n) { return json::object{{"total", n}}; };
  return json::object{{"visitors", total(t.visitors)}, {"mylikes", total(t.mylikes)},
                      {"fans", total(t.fans)},         {"matches", total(t.matches)},
                      {"fans_new", t.fans_new},        {"visits_new", t.visits_new}};
}

}  // namespace kesher::modules
