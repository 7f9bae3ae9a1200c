#include "modules/data_export.hpp"

#include <spdlog/spdlog.h>

#include <fstream>
#include <mutex>
#include <unordered_map>

#include "console/console.hpp"
#include "domain/crypto.hpp"
#include "domain/gdpr.hpp"
#include "domain/language.hpp"
#include "domain/media_links.hpp"
#include "media/uploads.hpp"
#include "modules/events.hpp"
#include "modules/media_http.hpp"
#include "modules/sessions.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"
#include "push/subscription.hpp"
#include "store/ledger_history.hpp"
#include "store/profile_extras.hpp"
#include "store/push_subscriptions.hpp"
#include "store/referrals.hpp"
#include "store/users.hpp"

namespace kesher::modules {

namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
namespace gdpr = domain::gdpr;
using protocol::error_response;
using protocol::HttpRequest;
using protocol::HttpResponse;

json::object person(const store::gdpr::ExportPerson& p, bool with_count = false) {
  json::object view{{"id", p.id}, {"name", p.name}, {"time", p.at}};
  if (with_count) view["count"] = p.count;
  return view;
}

json::array people(const std::vector<store::gdpr::ExportPerson>& list, bool with_count = false) {
  json::array out;
  for (const auto& p : list) out.push_back(person(p, with_count));
  return out;
}

json::object profile_of(const app::Context& app, const store::UserRecord& user) {
  std::string city;
  if (const domain::Place* place = app.places ? app.places->find(user.place_id) : nullptr) {
    city = app.places->display_name(
        *place, domain::parse_language(user.language).value_or(domain::Language::he));
  }
  return json::object{{"id", user.id},
                      {"email", user.email},
                      {"email_verified", user.email_verified},
                      {"name", user.name},
                      {"gender", user.gender},
                      {"birth_date", domain::format_date(user.birth_date)},
                      {"bio", user.bio},
                      {"answer", user.answer},
                      {"language", user.language},
                      {"place_id", user.place_id},
                      {"city", city},
                      {"looking_for", json::object{{"gender", user.s_gender},
                                                   {"age_min", user.s_age_min},
                                                   {"age_max", user.s_age_max},
                                                   {"radius_km", user.s_radius}}},
                      {"credits", user.credits},
                      {"free_spins", user.free_spins},
                      {"premium_until", user.premium_until ? json::value(*user.premium_until)
                                                           : json::value(nullptr)},
                      {"created_at", user.created_at}};
}

json::object message_of(const store::gdpr::ExportMessage& m, int64_t user_id) {
  return json::object{
      {"id", m.id},
      {"direction", m.sender_id == user_id ? "sent" : "received"},
      {"other",
       json::object{{"id", m.other_id}, {"name", m.other_name}, {"deleted", m.other_erased}}},
      {"type", m.type},
      {"text", m.body},
      {"gift_id", m.gift_id ? json::value(*m.gift_id) : json::value(nullptr)},
      {"price", m.price},
      {"time", m.created_at}};
}

json::array payments_of(store::Session& db, int64_t user_id) {
  json::array out;
  for (const auto& row :
       db.query("SELECT id, provider, kind, package_id, credits, bonus, months, free_spins, "
                "amount_minor, currency, state, created_at, updated_at FROM payment_orders WHERE "
                "user_id = ? ORDER BY created_at, id",
                {user_id})) {
    out.push_back(json::object{{"id", row.text(0)},
                               {"provider", row.text(1)},
                               {"kind", row.text(2)},
                               {"package_id", row.integer(3)},
                               {"credits", row.integer(4)},
                               {"bonus", row.integer(5)},
                               {"months", row.integer(6)},
                               {"free_spins", row.integer(7)},
                               {"amount_minor", row.integer(8)},
                               {"currency", row.text(9)},
                               {"state", row.text(10)},
                               {"created_at", row.integer(11)},
                               {"updated_at", row.integer(12)}});
  }
  return out;
}

// ---- the running exports ----

struct Running {
  bool running = false;
  int percent = 0;
  std::string link;
  int64_t expires_at = 0;
};

std::mutex exports_mutex;
std::unordered_map<int64_t, Running> exports;

std::string file_prefix(int64_t user_id) {
  return std::to_string(user_id) + "-";
}

// The member's earlier exports, and anyone's older than a link lives.
void remove_old_exports(const fs::path& folder, int64_t user_id) {
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) return;
  auto oldest = fs::file_time_type::clock::now() - std::chrono::seconds(gdpr::kExportLinkSeconds);
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    std::string name = entry.path().filename().string();
    bool theirs = user_id != 0 && name.rfind(file_prefix(user_id), 0) == 0;
    auto written = entry.last_write_time(ec);
    if (theirs || (!ec && written < oldest)) fs::remove(entry.path(), ec);
  }
}

void publish_progress(app::Context& app, int64_t user_id, int percent) {
  {
    std::lock_guard lock(exports_mutex);
    exports[user_id].percent = percent;
  }
  publish_event(app, user_id,
                json::object{{"module", "account/export/progress"},
                             {"request_status", 1},
                             {"data", json::object{{"percent", percent}}}});
}

void run_export(app::Context& app, int64_t user_id) {
  int64_t now = app.now();
  fs::path folder = exports_dir(app.config.data_dir);
  std::optional<json::object> document;
  try {
    document = build_export(app, user_id, now,
                            [&](int percent) { publish_progress(app, user_id, percent); });
    if (document) {
      std::error_code ec;
      fs::create_directories(folder, ec);
      remove_old_exports(folder, user_id);
      std::string name = file_prefix(user_id) + domain::random_token(18);
      fs::path partial = folder / (name + ".partial");
      {
        std::ofstream out(partial, std::ios::binary | std::ios::trunc);
        out << json::serialize(*document);
        if (!out) throw std::runtime_error("cannot write " + partial.string());
      }
      int64_t expires_at = now + gdpr::kExportLinkSeconds;
      std::string link =
          domain::signed_link(app.media_link_key, gdpr::export_path(name), user_id, expires_at);
      {
        // An erasure meanwhile (finish_erasure) took the entry away: the file must not outlive it.
        std::lock_guard lock(exports_mutex);
        auto entry = exports.find(user_id);
        if (entry == exports.end() || !entry->second.running) {
          fs::remove(partial, ec);
          return;
        }
        fs::rename(partial, folder / (name + ".json"));
        entry->second = Running{false, 100, link, expires_at};
      }
      publish_event(
          app, user_id,
          json::object{{"module", "account/export/ready"},
                       {"request_status", 1},
                       {"data", json::object{{"link", link}, {"expires_at", expires_at}}}});
      return;
    }
  } catch (const std::exception& e) {
    spdlog::error("the export of user {} failed: {}", user_id, e.what());
  }
  {
    std::lock_guard lock(exports_mutex);
    exports.erase(user_id);
  }
  publish_event(app, user_id,
                json::object{{"module", "account/export/failed"},
                             {"request_status", 0},
                             {"error_code", std::string(errc::internal_error)}});
}

HttpResponse download(app::Context& app, const HttpRequest& request, const json::object&) {
  auto name = gdpr::export_name_from_path(request.path);
  if (!name) return error_response(404, errc::not_found);
  auto viewer = user_for_session_hash(app, session_hash_of(request.session_cookie));
  if (!viewer) return error_response(401, errc::not_authenticated);
  auto link = domain::check_signed_link(app.media_link_key, request.path, request.query, *viewer,
                                        app.now());
  if (auto refusal = link_refusal(link.status)) return std::move(*refusal);
  HttpResponse response = file_response(exports_dir(app.config.data_dir) / (*name + ".json"),
                                        "application/json; charset=utf-8", "private, no-store");
  if (response.status == 200) {
    response.headers.emplace_back("Content-Disposition",
                                  "attachment; filename=\"kesher-data.json\"");
  }
  return response;
}

}  // namespace

fs::path exports_dir(const fs::path& data_dir) {
  return data_dir / "exports";
}

std::optional<json::object> build_export(app::Context& app, int64_t user_id, int64_t now,
                                         const std::function<void(int)>& progress) {
  auto tell = [&](int64_t done, int64_t total) {
    if (progress) progress(gdpr::progress_percent(done, total));
  };
  json::object document;
  std::vector<std::pair<int64_t, int64_t>> conversations;  // partner, messages
  bool premium = false;
  app.db->read([&](store::Session& db) {
    auto user = store::users::find_by_id(db, user_id);
    if (!user || user->kind != "member") return;
    premium = user->premium;
    for (int64_t partner : store::gdpr::partners(db, user_id)) {
      conversations.emplace_back(partner, store::gdpr::message_count(db, user_id, partner));
    }
    document["format"] = "kesher-export/1";
    document["generated_at"] = now;
    document["profile"] = profile_of(app, *user);
    document["profile"].as_object()["extras"] =
        domain::extras::to_json(store::profile_extras::of_user(db, user_id));
    // Their own link and what it did; whether a member invited them, but not who (that member's
    // data is theirs).
    auto slug = store::referrals::slug_of(db, user_id);
    document["referral"] = json::object{
        {"link", slug ? json::value(app.public_origin + "/ref/" + *slug) : json::value(nullptr)},
        {"members_invited", store::referrals::referred_count(db, user_id)},
        {"invited_by_a_member", !store::referrals::referrer_email(db, user_id).empty()}};
  });
  if (document.empty()) return std::nullopt;
  // Work in steps: the sections before and after the messages, and each page of messages.
  constexpr int64_t kOtherSteps = 4;
  int64_t pages = 0;
  for (const auto& [partner, count] : conversations) {
    pages += (count + gdpr::kMessagesPerPage - 1) / gdpr::kMessagesPerPage;
  }
  int64_t total = kOtherSteps + pages;
  int64_t done = 1;
  tell(done, total);

  app.db->read([&](store::Session& db) {
    json::array photos;
    int64_t links_expire = now + gdpr::kExportLinkSeconds;
    for (const auto& upload : store::gdpr::uploads(db, user_id)) {
      photos.push_back(json::object{
          {"link", domain::signed_link(app.media_link_key, domain::upload_path(upload.name),
                                       user_id, links_expire)},
          {"link_expires_at", links_expire},
          {"width", upload.width},
          {"height", upload.height},
          {"profile_photo", upload.profile_photo},
          {"created_at", upload.created_at}});
    }
    document["photos"] = std::move(photos);
  });
  tell(++done, total);

  // Conversation by conversation, a page per read: each page walks the pair's index.
  json::array messages;
  for (const auto& conversation : conversations) {
    int64_t partner = conversation.first;
    int64_t after = 0;
    for (;;) {
      std::vector<store::gdpr::ExportMessage> page;
      app.db->read([&](store::Session& db) {
        page = store::gdpr::messages_after(db, user_id, partner, after, gdpr::kMessagesPerPage);
      });
      for (const auto& m : page) messages.push_back(message_of(m, user_id));
      if (page.empty()) break;
      after = page.back().id;
      tell(++done, total);
      if (static_cast<int64_t>(page.size()) < gdpr::kMessagesPerPage) break;
    }
  }
  document["messages"] = std::move(messages);

  app.db->read([&](store::Session& db) {
    bool names = gdpr::export_names_fans_and_visitors(premium);
    json::array likes_given, passes;
    for (const auto& swipe : store::gdpr::swipes_given(db, user_id)) {
      (swipe.liked ? likes_given : passes).push_back(person(swipe));
    }
    document["likes"] = json::object{
        {"given", std::move(likes_given)},
        {"passes", std::move(passes)},
        {"matches", people(store::gdpr::matches(db, user_id))},
        {"received_count", store::gdpr::likes_received_count(db, user_id)},
        {"received",
         names ? json::value(people(store::gdpr::likes_received(db, user_id))) : nullptr}};
    document["visits"] = json::object{
        {"made", people(store::gdpr::visits_made(db, user_id), true)},
        {"received_count", store::gdpr::visits_received_count(db, user_id)},
        {"received",
         names ? json::value(people(store::gdpr::visits_received(db, user_id), true)) : nullptr}};
    document["blocks"] = people(store::gdpr::blocks_made(db, user_id));
  });
  tell(++done, total);

  app.db->read([&](store::Session& db) {
    json::array ledger;
    auto entries = store::ledger::history(db, user_id, 0, INT64_MAX);
    for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
      ledger.push_back(json::object{{"id", it->id},
                                    {"delta", it->delta},
                                    {"reason", it->reason},
                                    {"reference", it->reference},
                                    {"time", it->time},
                                    {"balance", it->balance}});
    }
    document["ledger"] = std::move(ledger);
    json::array spins;
    for (const auto& spin : store::gdpr::spins(db, user_id)) {
      spins.push_back(
          json::object{{"kind", spin.kind}, {"amount", spin.amount}, {"time", spin.at}});
    }
    document["wheel_spins"] = std::move(spins);
    document["payments"] = payments_of(db, user_id);
    // Where the member's browsers receive pushes: the push service's origin only, since the
    // endpoint's path is a capability for sending to that browser.
    json::array subscriptions;
    for (const auto& row : store::push_subscriptions::list(db, user_id)) {
      subscriptions.push_back(
          json::object{{"push_service", push::endpoint_origin(row.endpoint).value_or("")},
                       {"created_at", row.created_at},
                       {"last_used_at", row.last_used_at}});
    }
    document["push_subscriptions"] = std::move(subscriptions);
  });
  if (progress) progress(100);
  return document;
}

ExportStatus start_export(app::Context& app, int64_t user_id) {
  {
    std::lock_guard lock(exports_mutex);
    auto& entry = exports[user_id];
    if (entry.running) return ExportStatus{"running", entry.percent, {}, 0};
    entry = Running{true, 0, {}, 0};
  }
  app.workers.post([&app, user_id] { run_export(app, user_id); });
  return ExportStatus{"running", 0, {}, 0};
}

void finish_erasure(app::Context& app, int64_t user_id, const store::gdpr::Erasure& erasure) {
  // The files go before the sockets close: whoever sees the close sees the erasure complete.
  std::error_code ec;
  fs::path uploads = media::uploads_dir(app.config.data_dir);
  for (const auto& name : erasure.files) fs::remove(uploads / (name + ".jpg"), ec);
  {
    std::lock_guard lock(exports_mutex);
    exports.erase(user_id);
    remove_old_exports(exports_dir(app.config.data_dir), user_id);
  }
  for (const auto& hash : erasure.session_hashes) app.hub.close_session(hash, bus::kCloseLoggedOut);
  console::on_member_erased(app, user_id, erasure.locks, erasure.queued_personas);
}

void remove_expired_exports(app::Context& app) {
  std::lock_guard lock(exports_mutex);
  remove_old_exports(exports_dir(app.config.data_dir), 0);
}

void register_export_routes(HttpRouter& router) {
  router.add({.method = "GET",
              .path = std::string(gdpr::kExportPrefix),
              .match = Match::prefix,
              .handler = download});
}

}  // namespace kesher::modules
