#include "store/admin_config.hpp"

#include "domain/discovery.hpp"

namespace kesher::store::admin_config {

void replace_credit_packages(Session& db,
                             const std::vector<domain::admin_config::CreditPackage>& packages) {
  std::string kept;
  for (const auto& p : packages) {
    if (!kept.empty()) kept += ",";
    kept += std::to_string(p.id);  // integers checked by the caller: no quoting needed
  }
  db.execute("DELETE FROM credit_packages WHERE id NOT IN (" + kept + ")");
  int64_t position = 0;
  for (const auto& p : packages) {
    db.execute(
        "INSERT INTO credit_packages (id, credits, price_ils_minor, price_usd_minor, "
        "discount_percent, free_spins, promo_active, promo_ends, position) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT (id) DO UPDATE SET "
        "credits = ?2, price_ils_minor = ?3, price_usd_minor = ?4, discount_percent = ?5, "
        "free_spins = ?6, promo_active = ?7, promo_ends = ?8, position = ?9",
        {p.id, p.credits, p.price_ils_minor, p.price_usd_minor, p.discount_percent, p.free_spins,
         int64_t{p.promo_active ? 1 : 0},
         p.promo_ends ? Value(*p.promo_ends) : Value(std::monostate{}), ++position});
  }
}

void set_feature_prices(Session& db,
                        const std::vector<domain::admin_config::FeaturePrice>& prices) {
  for (const auto& p : prices) {
    db.execute("UPDATE feature_prices SET credits = ? WHERE feature = ?", {p.credits, p.feature});
  }
}

void replace_wheel_prizes(Session& db, const std::vector<domain::wheel::Prize>& prizes) {
  // Positions are unique: the old rows go first.
  db.execute("DELETE FROM wheel_prizes");
  int64_t position = 0;
  for (const auto& p : prizes) {
    db.execute(
        "INSERT INTO wheel_prizes (id, position, kind, amount, weight) VALUES (?, ?, ?, ?, ?)",
        {p.id, ++position, std::string(domain::wheel::kind_name(p.kind)), p.amount, p.weight});
  }
}

void replace_premium_packages(Session& db,
                              const std::vector<domain::admin_config::PremiumPackage>& packages) {
  std::string kept;
  for (const auto& p : packages) {
    if (!kept.empty()) kept += ",";
    kept += std::to_string(p.id);
  }
  db.execute("DELETE FROM premium_packages WHERE id NOT IN (" + kept + ")");
  int64_t position = 0;
  for (const auto& p : packages) {
    db.execute(
        "INSERT INTO premium_packages (id, months, total_ils_minor, total_usd_minor, "
        "saves_percent, recommended, position) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) "
        "ON CONFLICT (id) DO UPDATE SET months = ?2, total_ils_minor = ?3, total_usd_minor = ?4, "
        "saves_percent = ?5, recommended = ?6, position = ?7",
        {p.id, p.months, p.total_ils_minor, p.total_usd_minor, p.saves_percent,
         int64_t{p.recommended ? 1 : 0}, ++position});
  }
}

void upsert_gifts(Session& db, const std::vector<domain::admin_config::Gift>& gifts) {
  int64_t position = 0;
  for (const auto& g : gifts) {
    db.execute(
        "INSERT INTO gifts (id, icon, name_he, name_en, name_de, price, position) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (id) DO UPDATE SET icon = ?2, "
        "name_he = ?3, name_en = ?4, name_de = ?5, price = ?6, position = ?7",
        {g.id, g.icon, g.name_he, g.name_en, g.name_de, g.price, ++position});
  }
}

std::vector<domain::admin_config::Gift> gifts(Session& db) {
  std::vector<domain::admin_config::Gift> list;
  for (const auto& row : db.query(
           "SELECT id, icon, name_he, name_en, name_de, price FROM gifts ORDER BY position, id")) {
    list.push_back(
        {row.integer(0), row.text(1), row.text(2), row.text(3), row.text(4), row.integer(5)});
  }
  return list;
}

int64_t daily_like_limit(Session& db) {
  auto row = db.query_one("SELECT value FROM settings WHERE key = 'daily_like_limit'");
  return row ? row->integer(0) : domain::kDailyLikeLimit;
}

void set_daily_like_limit(Session& db, int64_t limit) {
  db.execute(
      "INSERT INTO settings (key, value) VALUES ('daily_like_limit', ?1) "
      "ON CONFLICT (key) DO UPDATE SET value = ?1",
      {limit});
}

}  // namespace kesher::store::admin_config
