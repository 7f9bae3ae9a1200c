// user/update and search_location.
#include "domain/places.hpp"
#include "domain/profile_extras.hpp"
#include "domain/text.hpp"
#include "domain/validation.hpp"
#include "modules/person_view.hpp"
#include "modules/registry.hpp"
#include "modules/user_view.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "store/profile_extras.hpp"
#include "store/users.hpp"

namespace kesher::modules {

namespace {

using protocol::Fields;
using protocol::reply_error;
using protocol::reply_ok;

// A validated change: which column, and the value to store.
struct Change {
  std::optional<store::UserColumn> column;
  store::Value value;
  std::optional<std::pair<int, int>> age_range;
  std::optional<domain::extras::Changes> extras;
};

using ChangeOrError = std::variant<Change, json::object>;

ChangeOrError integer_change(Fields& fields, store::UserColumn column, bool (*valid)(int64_t)) {
  auto value = fields.integer("value");
  if (fields.failed()) return fields.error_reply();
  if (!value || !valid(*value)) return reply_error(errc::invalid_value, "value");
  return Change{column, *value, std::nullopt};
}

ChangeOrError string_change(
    Fields& fields, store::UserColumn column,
    const std::function<domain::Checked<std::string>(std::string_view)>& check) {
  auto value = fields.string("value");
  if (fields.failed()) return fields.error_reply();
  if (!value) return reply_error(errc::invalid_value, "value");
  auto checked = check(*value);
  if (!checked) return reply_error(checked.error, "value");
  return Change{column, *checked.value, std::nullopt};
}

// {"key": "extras", "value": {"field": value or null, ...}}: only the named fields change; null
// (or an empty interests list) clears one (docs/protocol.md "Profile extras").
ChangeOrError extras_change(const json::object& payload) {
  auto it = payload.find("value");
  if (it == payload.end()) return reply_error(errc::invalid_value, "value");
  auto checked = domain::extras::check_changes(it->value(), true);
  if (!checked) {
    if (checked.problem.field.empty()) return reply_error(errc::invalid_field, "value");
    json::object reply = reply_error(errc::invalid_extra, "extras." + checked.problem.field);
    reply["reason"] = checked.problem.reason;
    return reply;
  }
  Change change;
  change.extras = std::move(*checked.changes);
  return change;
}

ChangeOrError decide_change(Request& request, const store::UserRecord& user, std::string_view key) {
  Fields fields(request.payload);
  using store::UserColumn;
  if (key == "name") {
    auto language = user_language(user);
    return string_change(fields, UserColumn::name,
                         [&](std::string_view v) { return domain::check_name(v, language); });
  }
  if (key == "bio") return string_change(fields, UserColumn::bio, domain::check_bio);
  if (key == "gender") return integer_change(fields, UserColumn::gender, domain::valid_gender);
  if (key == "answer") return integer_change(fields, UserColumn::answer, domain::valid_answer);
  if (key == "s_gender") {
    return integer_change(fields, UserColumn::s_gender, domain::valid_search_gender);
  }
  if (key == "s_radious") return integer_change(fields, UserColumn::s_radius, domain::valid_radius);
  if (key == "age") return reply_error(errc::age_locked);
  if (key == "s_age") {
    auto value = fields.string("value");
    if (fields.failed()) return fields.error_reply();
    auto range = domain::check_age_range(value.value_or(""));
    if (!range) return reply_error(errc::invalid_value, "value");
    return Change{std::nullopt, {}, *range.value};
  }
  if (key == "place_id") {
    auto value = fields.integer("value");
    if (fields.failed()) return fields.error_reply();
    if (!value || !request.app.places->find(*value))
      return reply_error(errc::invalid_value, "value");
    return Change{UserColumn::place_id, *value, std::nullopt};
  }
  if (key == "language") {
    return string_change(fields, UserColumn::language, [](std::string_view v) {
      return domain::parse_language(v) ? domain::Checked<std::string>::ok(std::string(v))
                                       : domain::Checked<std::string>::fail(errc::invalid_value);
    });
  }
  if (key == "extras") return extras_change(request.payload);
  return reply_error(errc::invalid_key, "key");
}

json::object update_user(Request& request) {
  Fields fields(request.payload);
  auto key = fields.string("key");
  if (fields.failed()) return fields.error_reply();
  if (!key) return reply_error(errc::invalid_key, "key");
  int64_t user_id = request.connection.user_id;
  json::object reply;
  request.app.db->write([&](store::Session& db) {
    auto user = store::users::find_by_id(db, user_id);
    if (!user) {
      reply = reply_error(errc::invalid_session);
      return;
    }
    auto decided = decide_change(request, *user, *key);
    if (auto* error = std::get_if<json::object>(&decided)) {
      reply = std::move(*error);
      return;
    }
    auto& change = std::get<Change>(decided);
    if (change.extras) {
      store::profile_extras::apply(db, user_id, *change.extras);
    } else if (change.age_range) {
      store::users::set_age_range(db, user_id, change.age_range->first, change.age_range->second);
    } else {
      store::users::update(db, user_id, *change.column, change.value);
      if (change.column == store::UserColumn::place_id) {
        store::social::set_cell(db, user_id,
                                cell_of_place(request.app, std::get<int64_t>(change.value)));
      }
    }
    auto updated = store::users::find_by_id(db, user_id);
    request.connection.language = updated->language;
    reply = reply_ok(json::object{
        {"user", self_view(request.app, *updated, store::photos::of_user(db, user_id),
                           store::profile_extras::of_user(db, user_id), request.now)}});
  });
  return reply;
}

constexpr size_t kMaxSearchLength = 64;
constexpr size_t kSuggestions = 10;

}  // namespace

json::object search_location(Request& request) {
  Fields fields(request.payload);
  auto search = fields.string("search");
  auto lang = fields.string("lang");
  if (fields.failed()) return fields.error_reply();
  std::string query = domain::collapse_spaces(search.value_or(""));
  size_t length = domain::utf8_length(query);
  if (length < 1 || length > kMaxSearchLength) return reply_error(errc::invalid_value, "search");
  auto language = domain::parse_language(lang.value_or(request.connection.language))
                      .value_or(domain::Language::he);
  json::array data;
  for (const auto& suggestion : request.app.places->search(query, language, kSuggestions)) {
    data.push_back(
        json::object{{"place_id", suggestion.place_id}, {"description", suggestion.description}});
  }
  return reply_ok(std::move(data));
}

void register_account_module(Router& router) {
  router.add("user/update", protocol::Access::member, update_user);
  router.add("search_location", protocol::Access::guest, search_location);
}

}  // namespace kesher::modules
