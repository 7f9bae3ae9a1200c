#include "modules/jobs.hpp"

#include <spdlog/spdlog.h>

#include <atomic>
#include <unordered_map>

#include "console/console.hpp"
#include "domain/discovery.hpp"
#include "modules/catalog_view.hpp"
#include "modules/data_export.hpp"
#include "modules/events.hpp"
#include "modules/person_view.hpp"
#include "store/catalog.hpp"
#include "store/payments.hpp"
#include "store/social.hpp"

namespace kesher::modules {

namespace {

constexpr int64_t kLikeBacksPerRun = 100;
constexpr int64_t kPopularityEverySeconds = 60;

void run_due_like_backs(app::Context& app) {
  int64_t now = app.now();
  std::vector<store::social::DueLikeBack> due;
  app.db->read(
      [&](store::Session& db) { due = store::social::due_like_backs(db, now, kLikeBacksPerRun); });
  for (const auto& item : due) {
    bool new_match = false;
    app.db->write([&](store::Session& db) { new_match = store::social::like_back(db, item, now); });
    if (new_match) {
      publish_match(app, item.member_id, item.persona_id);
      publish_totals(app, item.member_id);
    }
  }
}

// update_credit_discount when a promotion's end passes (the admin tools announce the ones they
// switch on or off themselves).
void announce_ended_promotions(app::Context& app, int64_t now) {
  static std::atomic<int64_t> checked_up_to{0};
  int64_t after = checked_up_to.exchange(now);
  if (after == 0 || after >= now) return;
  bool ended = false;
  app.db->read(
      [&](store::Session& db) { ended = store::catalog::promotion_ended_between(db, after, now); });
  if (ended) publish_credit_packages(app);
}

}  // namespace

void refresh_popularity(app::Context& app) {
  int64_t now = app.now();
  std::vector<store::social::RecentLike> likes;
  app.db->read([&](store::Session& db) {
    likes = store::social::likes_after(db, now - domain::kPopularityWindowSeconds);
  });
  std::unordered_map<int64_t, double> scores;
  for (const auto& like : likes)
    scores[like.swiped_id] += domain::like_weight(now - like.created_at);
  std::vector<std::pair<int64_t, double>> ranked(scores.begin(), scores.end());
  app.db->write([&](store::Session& db) { store::social::replace_popularity(db, ranked); });
}

void assign_missing_cells(app::Context& app) {
  app.db->write([&](store::Session& db) {
    for (const auto& user : store::social::users_without_cell(db)) {
      store::social::set_cell(db, user.id, cell_of_place(app, user.place_id));
    }
  });
}

void run_jobs(app::Context& app) {
  static std::atomic<int64_t> last_popularity{0};
  try {
    // In a cluster, the jobs that must run once run on the node holding the job lock
    // (docs/decisions/0018-job-election.md); one node on its own always holds it. Every node
    // keeps its personas' presence in line with the locks table, whoever changed it.
    if (!app.db->lead_jobs()) {
      console::sync_persona_presence(app);
      return;
    }
    run_due_like_backs(app);
    console::expire_leases(app);
    int64_t now = app.now();
    announce_ended_promotions(app, now);
    if (now - last_popularity.load() >= kPopularityEverySeconds) {
      last_popularity = now;
      refresh_popularity(app);
      app.db->write([&](store::Session& db) { store::payments::expire_unpaid(db, now); });
      remove_expired_exports(app);
    }
  } catch (const std::exception& e) {
    spdlog::error("background jobs failed: {}", e.what());
  }
}

}  // namespace kesher::modules
