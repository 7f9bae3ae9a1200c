#include "app/load_seed.hpp"

#include <fstream>
#include <vector>

#include "domain/crypto.hpp"
#include "modules/sessions.hpp"
#include "store/ledger.hpp"
#include "store/users.hpp"

namespace kesher::app {

namespace {

// Members per write transaction: few commits, yet a bounded WAL.
constexpr int kMembersPerTransaction = 5000;
constexpr int64_t kTelAvivPlaceId = 293397;

// "Load " and the ordinal in base-26 letters: a name that passes the registration rule (Latin
// letters and spaces, at most 20) and tells the members apart.
std::string load_member_name(int ordinal) {
  std::string letters;
  int rest = ordinal;
  do {
    letters.insert(letters.begin(), static_cast<char>('a' + rest % 26));
    rest /= 26;
  } while (rest > 0);
  letters.front() = static_cast<char>(letters.front() - 'a' + 'A');
  return "Load " + letters;
}

store::NewUser load_member(int ordinal, const std::string& password_hash) {
  store::NewUser user;
  user.email = load_member_email(ordinal);
  user.password_hash = password_hash;
  user.name = load_member_name(ordinal);
  user.gender = 1 + ordinal % 2;    // alternating, so pairs (2k, 2k+1) are a man and a woman
  user.s_gender = 2 - ordinal % 2;  // each looking for the other
  user.birth_date = {1985 + ordinal % 10, 1 + ordinal % 12, 1 + ordinal % 28};
  user.language = "en";
  user.place_id = kTelAvivPlaceId;
  user.s_age_min = 25;
  user.s_age_max = 45;
  return user;
}

}  // namespace

std::string load_member_email(int ordinal) {
  return "load" + std::to_string(ordinal) + "@bench.kesher.test";
}

LoadSeedResult seed_load_members(Context& app, const LoadSeedOptions& options) {
  LoadSeedResult result;
  std::ofstream out(options.sessions_out, std::ios::trunc);
  if (!out) {
    result.error = "cannot write " + options.sessions_out.string();
    return result;
  }
  // One argon2id hash for everyone: computing 10,000 would take minutes, and a shared hash still
  // lets POST /api/auth/login verify any of them for real.
  const std::string password_hash = domain::hash_password(options.password);
  const int64_t now = app.now();

  for (int first = 0; first < options.users; first += kMembersPerTransaction) {
    int last = std::min(options.users, first + kMembersPerTransaction);
    std::vector<std::pair<int64_t, std::string>> issued;  // user id, session secret
    issued.reserve(static_cast<size_t>(last - first));
    int created = 0;
    int reused = 0;
    app.db->write([&](store::Session& db) {
      for (int ordinal = first; ordinal < last; ++ordinal) {
        auto user = load_member(ordinal, password_hash);
        int64_t id = 0;
        if (auto existing = store::users::find_by_email(db, user.email)) {
          id = existing->id;
          ++reused;
        } else {
          id = store::users::insert(db, user, now);
          ++created;
        }
        if (options.credits > 0) {
          // Keyed by the member, so a second run over the same data grants nothing twice and
          // the ledger still sums to the balance.
          store::ledger::apply(
              db, {id, options.credits, "bench", "", "bench:" + std::to_string(id)}, now);
        }
        issued.emplace_back(id, modules::issue_session(db, app, id, now).secret);
      }
    });
    result.created += created;
    result.reused += reused;
    for (const auto& [id, secret] : issued) out << id << ' ' << secret << '\n';
  }
  out.flush();
  if (!out) result.error = "cannot write " + options.sessions_out.string();
  return result;
}

}  // namespace kesher::app
