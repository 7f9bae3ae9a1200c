#pragma once
#include <boost/json/object.hpp>

#include "app/context.hpp"
#include "store/social.hpp"
#include "store/users.hpp"

namespace kesher::modules {

// The viewer's side of every discovery reply: who is looking, from where, in which language.
struct Viewer {
  int64_t id = 0;
  domain::GridCell cell;
  domain::Language language = domain::Language::he;
  bool premium = false;
  store::UserRecord record;
};

// Loads the caller as a Viewer; nullopt when the account is gone.
std::optional<Viewer> load_viewer(app::Context& app, store::Session& db, int64_t user_id);
domain::GridCell cell_of_place(const app::Context& app, int64_t place_id);

// docs/protocol.md "Person": never coordinates, only a distance bucket between grid cells.
boost::json::object person_view(const app::Context& app, const Viewer& viewer,
                                const store::PersonRow& person, int64_t now);
boost::json::array people_view(const app::Context& app, const Viewer& viewer,
                               const std::vector<store::PersonRow>& people, int64_t now);
// An entry of the likes, fans, matches and visitors lists.
boost::json::object list_entry_view(const app::Context& app, const Viewer& viewer,
                                    const store::PersonRow& person, int64_t now);
// A fan or visitor the viewer may not see: nothing about them but that they exist.
boost::json::object locked_entry_view(const std::string& blurred_photo);
// The user's counters, counted the way their premium flag allows (domain/privacy.hpp).
store::Totals load_totals(store::Session& db, int64_t user_id);
boost::json::object totals_view(const store::Totals& totals);

}  // namespace kesher::modules
