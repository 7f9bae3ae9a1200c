#include "store/catalog.hpp"

namespace kesher::store::catalog {

namespace {

constexpr std::string_view kCreditColumns =
    "SELECT id, credits, price_ils_minor, price_usd_minor, discount_percent, free_spins, "
    "promo_active, promo_ends FROM credit_packages ";

CreditPackage to_credit_package(const Row& row) {
  CreditPackage p;
  p.id = row.integer(0);
  p.credits = row.integer(1);
  p.price_ils_minor = row.integer(2);
  p.price_usd_minor = row.integer(3);
  p.discount_percent = static_cast<int>(row.integer(4));
  p.free_spins = row.integer(5);
  p.promo_active = row.integer(6) != 0;
  if (!row.is_null(7)) p.promo_ends = row.integer(7);
  return p;
}

constexpr std::string_view kPremiumColumns =
    "SELECT id, months, total_ils_minor, total_usd_minor, saves_percent, recommended "
    "FROM premium_packages ";

PremiumPackage to_premium_package(const Row& row) {
  PremiumPackage p;
  p.id = row.integer(0);
  p.months = static_cast<int>(row.integer(1));
  p.total_ils_minor = row.integer(2);
  p.total_usd_minor = row.integer(3);
  p.saves_percent = static_cast<int>(row.integer(4));
  p.recommended = row.integer(5) != 0;
  return p;
}

}  // namespace

std::vector<CreditPackage> credit_packages(Session& db) {
  static const std::string sql = std::string(kCreditColumns) + "ORDER BY position, id";
  std::vector<CreditPackage> packages;
  for (const auto& row : db.query(sql)) packages.push_back(to_credit_package(row));
  return packages;
}

std::optional<CreditPackage> credit_package(Session& db, int64_t id) {
  static const std::string sql = std::string(kCreditColumns) + "WHERE id = ?";
  auto row = db.query_one(sql, {id});
  if (!row) return std::nullopt;
  return to_credit_package(*row);
}

std::vector<PremiumPackage> premium_packages(Session& db) {
  static const std::string sql = std::string(kPremiumColumns) + "ORDER BY position, id";
  std::vector<PremiumPackage> packages;
  for (const auto& row : db.query(sql)) packages.push_back(to_premium_package(row));
  return packages;
}

std::optional<PremiumPackage> premium_package(Session& db, int64_t id) {
  static const std::string sql = std::string(kPremiumColumns) + "WHERE id = ?";
  auto row = db.query_one(sql, {id});
  if (!row) return std::nullopt;
  return to_premium_package(*row);
}

std::vector<FeaturePrice> feature_prices(Session& db) {
  std::vector<FeaturePrice> prices;
  for (const auto& row : db.query("SELECT feature, credits FROM feature_prices ORDER BY rowid")) {
    prices.push_back({row.text(0), row.integer(1)});
  }
  return prices;
}

Query price_query(std::string_view feature) {
  return {"SELECT credits FROM feature_prices WHERE feature = ?", {std::string(feature)}};
}

int64_t price_from(const std::vector<Row>& rows, std::string_view feature) {
  if (rows.empty()) throw StoreError("no price for " + std::string(feature));
  return rows.front().integer(0);
}

int64_t price_of(Session& db, std::string_view feature) {
  return price_from(db.query(price_query(feature)), feature);
}

bool promotion_ended_between(Session& db, int64_t after, int64_t up_to) {
  return db
      .query_one(
          "SELECT 1 FROM credit_packages WHERE promo_active = 1 AND promo_ends > ? AND "
          "promo_ends <= ? LIMIT 1",
          {after, up_to})
      .has_value();
}

}  // namespace kesher::store::catalog
