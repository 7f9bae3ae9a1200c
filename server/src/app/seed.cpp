#include "app/seed.hpp"

#include <boost/json.hpp>
#include <fstream>
#include <sstream>

#include "domain/validation.hpp"
#include "modules/person_view.hpp"
#include "store/social.hpp"
#include "store/users.hpp"

namespace kesher::app {

namespace json = boost::json;
namespace fs = std::filesystem;

namespace {

struct Persona {
  std::string key;
  store::NewUser user;
  std::string bio;
  int likes_back_percent = 60;
  int like_back_delay_s = 30;
  std::vector<std::string> photos;
};

// Checks a persona with the same rules as a member's registration; the error names the field.
std::optional<Persona> read_persona(const Context& app, const json::object& o, domain::Date today,
                                    std::string& error) {
  try {
    Persona p;
    p.key = std::string(o.at("key").as_string());
    auto language = domain::parse_language(std::string(o.at("language").as_string()));
    auto name = domain::check_name(std::string(o.at("name").as_string()),
                                   language.value_or(domain::Language::en));
    auto birth = domain::parse_date(std::string(o.at("birth_date").as_string()));
    auto range = domain::check_age_range(std::string(o.at("s_age").as_string()));
    auto bio = domain::check_bio(std::string(o.at("bio").as_string()));
    int64_t place_id = o.at("place_id").to_number<int64_t>();
    if (!language || !name || !birth || !range || !bio || !app.places->find(place_id) ||
        domain::age_on(*birth, today) < domain::kMinimumAge) {
      error = "persona " + p.key + " breaks a registration rule";
      return std::nullopt;
    }
    p.user.kind = "persona";
    p.user.name = *name.value;
    p.user.gender = o.at("gender").to_number<int>();
    p.user.birth_date = *birth;
    p.user.answer = o.at("answer").to_number<int>();
    p.user.language = std::string(domain::language_code(*language));
    p.user.place_id = place_id;
    p.user.s_gender = o.at("s_gender").to_number<int>();
    p.user.s_age_min = range.value->first;
    p.user.s_age_max = range.value->second;
    p.bio = *bio.value;
    p.likes_back_percent = o.at("likes_back_percent").to_number<int>();
    p.like_back_delay_s = o.at("like_back_delay_s").to_number<int>();
    for (const auto& photo : o.at("photos").as_array()) {
      std::string file(photo.as_string());
      // A bare file name inside <dir>/images: nothing is copied from or to elsewhere.
      if (file.empty() || file.front() == '.' || file.find_first_of("/\\") != std::string::npos) {
        error = "persona " + p.key + " has a bad picture name";
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
  const auto& u = p.user;
  std::vector<store::Value> values{u.name,
                                   int64_t{u.gender},
                                   domain::format_date(u.birth_date),
                                   int64_t{u.answer},
                                   u.language,
                                   u.place_id,
                                   int64_t{u.s_gender},
                                   int64_t{u.s_age_min},
                                   int64_t{u.s_age_max},
                                   p.bio,
                                   int64_t{p.likes_back_percent},
                                   int64_t{p.like_back_delay_s},
                                   id};
  bool changed =
      db.execute(
          "UPDATE users SET name = ?1, gender = ?2, birth_date = ?3, answer = ?4, language = ?5, "
          "place_id = ?6, s_gender = ?7, s_age_min = ?8, s_age_max = ?9, bio = ?10, "
          "likes_back_percent = ?11, like_back_delay_s = ?12 WHERE id = ?13 AND (name IS NOT ?1 "
          "OR gender IS NOT ?2 OR birth_date IS NOT ?3 OR answer IS NOT ?4 OR language IS NOT ?5 "
          "OR place_id IS NOT ?6 OR s_gender IS NOT ?7 OR s_age_min IS NOT ?8 OR s_age_max IS "
          "NOT ?9 OR bio IS NOT ?10 OR likes_back_percent IS NOT ?11 OR like_back_delay_s IS NOT "
          "?12)",
          std::span<const store::Value>(values)) > 0;
  if (changed) store::social::set_cell(db, id, modules::cell_of_place(app, u.place_id));
  std::vector<std::string> urls;
  for (const auto& photo : p.photos) urls.push_back("/media/personas/" + photo);
  std::vector<std::string> current;
  for (const auto& photo : store::social::photos(db, id, 0, 1000)) current.push_back(photo.url);
  if (current != urls) {
    db.execute("DELETE FROM photos WHERE user_id = ?", {id});
    for (const auto& url : urls) store::social::add_photo(db, id, url, now);
    changed = true;
  }
  return changed;
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
      if (ec) return {0, 0, 0, "persona " + p.key + ": cannot copy " + photo + ": " + ec.message()};
    }
  }
  app.db->write([&](store::Session& db) {
    for (const auto& p : personas) {
      if (auto row = db.query_one("SELECT id FROM users WHERE persona_key = ?", {p.key})) {
        if (refresh_persona(app, db, row->integer(0), p, now))
          ++result.updated;
        else
          ++result.skipped;
        continue;
      }
      int64_t id = store::users::insert(db, p.user, now);
      db.execute(
          "UPDATE users SET persona_key = ?, bio = ?, likes_back_percent = ?, like_back_delay_s = "
          "? WHERE id = ?",
          {p.key, p.bio, int64_t{p.likes_back_percent}, int64_t{p.like_back_delay_s}, id});
      store::social::set_cell(db, id, modules::cell_of_place(app, p.user.place_id));
      for (const auto& photo : p.photos) {
        store::social::add_photo(db, id, "/media/personas/" + photo, now);
      }
      ++result.added;
    }
  });
  return result;
}

}  // namespace kesher::app
