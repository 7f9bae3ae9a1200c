#include "app/seed.hpp"

#include <boost/json.hpp>
#include <fstream>
#include <sstream>

#include "domain/personas.hpp"
#include "domain/validation.hpp"
#include "modules/person_view.hpp"
#include "store/personas.hpp"
#include "store/social.hpp"
#include "store/stories.hpp"
#include "store/users.hpp"

namespace kesher::app {

namespace json = boost::json;
namespace fs = std::filesystem;

namespace {

struct Persona {
  store::NewUser user;
  store::users::PersonaProfile profile;
  std::vector<std::string> photos;
};

// Checks a persona with the rules every persona follows (domain::check_persona), as an admin's
// would be; the error names the persona.
std::optional<Persona> read_persona(const Context& app, const json::object& o, domain::Date today,
                                    std::string& error) {
  try {
    Persona p;
    p.profile.key = std::string(o.at("key").as_string());
    domain::PersonaInput input;
    input.name = std::string(o.at("name").as_string());
    input.language = std::string(o.at("language").as_string());
    input.birth_date = std::string(o.at("birth_date").as_string());
    input.gender = o.at("gender").to_number<int64_t>();
    input.s_gender = o.at("s_gender").to_number<int64_t>();
    auto range = domain::check_age_range(std::string(o.at("s_age").as_string()));
    if (range) std::tie(input.s_age_min, input.s_age_max) = *range.value;
    input.answer = o.at("answer").to_number<int64_t>();
    input.bio = std::string(o.at("bio").as_string());
    input.likes_back_percent = o.at("likes_back_percent").to_number<int64_t>();
    input.like_back_delay_s = o.at("like_back_delay_s").to_number<int64_t>();
    auto verdict = domain::check_persona(input, today);
    int64_t place_id = o.at("place_id").to_number<int64_t>();
    if (!verdict.persona || !range || !app.places->find(place_id)) {
      error = "persona " + p.profile.key + " breaks a registration rule";
      if (verdict.persona)
        error += range ? " (place_id)" : " (s_age)";
      else
        error += " (" + std::string(verdict.field) + ")";
      return std::nullopt;
    }
    p.user = store::personas::to_new_user(*verdict.persona, place_id);
    p.profile.bio = verdict.persona->bio;
    p.profile.likes_back_percent = verdict.persona->likes_back_percent;
    p.profile.like_back_delay_s = verdict.persona->like_back_delay_s;
    for (const auto& photo : o.at("photos").as_array()) {
      std::string file(photo.as_string());
      // A bare file name inside <dir>/images: nothing is copied from or to elsewhere.
      if (file.empty() || file.front() == '.' || file.find_first_of("/\\") != std::string::npos) {
        error = "persona " + p.profile.key + " has a bad picture name";
        return std::nullopt;
      }
      p.photos.push_back(std::move(file));
    }
    return p;
  } catch (const std::exception& e) {
    error = std::string("malformed persona: ") + e.what();
    return std::nullopt;
  }
}

// Brings an existing persona in line with the catalogue; true when anything changed.
bool refresh_persona(Context& app, store::Session& db, int64_t id, const Persona& p, int64_t now) {
  bool changed = store::users::update_persona(db, id, p.user, p.profile);
  if (changed) store::social::set_cell(db, id, modules::cell_of_place(app, p.user.place_id));
  std::vector<std::string> urls;
  for (const auto& photo : p.photos) urls.push_back("/media/personas/" + photo);
  if (store::social::replace_photos(db, id, urls, now)) changed = true;
  return changed;
}

// Demo content, posted in staff's name like the personas themselves: every third persona with
// more than one picture has a story of its last picture, posted again when the last one ended.
void post_demo_stories(Context& app, store::Session& db, const std::vector<Persona>& personas,
                       int64_t now) {
  for (size_t i = 0; i < personas.size(); i += 3) {
    const Persona& p = personas[i];
    if (p.photos.size() < 2) continue;
    auto id = store::users::persona_by_key(db, p.profile.key);
    if (!id || store::stories::has_live(db, *id, now)) continue;
    store::stories::add_picture(db, *id, "/media/personas/" + p.photos.back(), now,
                                now + app.config.story_ttl_seconds);
  }
}

}  // namespace

SeedResult seed_personas(Context& app, const fs::path& dir) {
  SeedResult result;
  std::ifstream in(dir / "personas.json");
  if (!in) return {0, 0, 0, "cannot read " + (dir / "personas.json").string()};
  std::stringstream text;
  text << in.rdbuf();
  boost::system::error_code ec;
  json::value parsed = json::parse(text.str(), ec);
  if (ec || !parsed.is_array()) return {0, 0, 0, "personas.json is not a JSON array"};

  int64_t now = app.now();
  std::vector<Persona> personas;
  for (const auto& item : parsed.as_array()) {
    if (!item.is_object()) return {0, 0, 0, "personas.json holds a non-object"};
    auto persona = read_persona(app, item.as_object(), domain::utc_date(now), result.error);
    if (!persona) return result;
    personas.push_back(std::move(*persona));
  }

  fs::path media = fs::path(app.config.data_dir) / "media" / "personas";
  fs::create_directories(media);
  // A picture is copied when it is new or the generator wrote it again since.
  for (const auto& p : personas) {
    for (const auto& photo : p.photos) {
      std::error_code ec;
      fs::copy_file(dir / "images" / photo, media / photo, fs::copy_options::update_existing, ec);
      if (ec)
        return {0, 0, 0,
                "persona " + p.profile.key + ": cannot copy " + photo + ": " + ec.message()};
    }
  }
  app.db->write([&](store::Session& db) {
    for (const auto& p : personas) {
      if (auto id = store::users::persona_by_key(db, p.profile.key)) {
        // An admin's change outlives every restart: the catalogue no longer speaks for it.
        if (!store::personas::edited_by_admin(db, *id) && refresh_persona(app, db, *id, p, now))
          ++result.updated;
        else
          ++result.skipped;
        continue;
      }
      int64_t id = store::users::insert(db, p.user, now);
      store::users::set_persona_profile(db, id, p.profile);
      store::social::set_cell(db, id, modules::cell_of_place(app, p.user.place_id));
      for (const auto& photo : p.photos) {
        store::social::add_photo(db, id, "/media/personas/" + photo, now);
      }
      ++result.added;
    }
    post_demo_stories(app, db, personas, now);
  });
  return result;
}

}  // namespace kesher::app
