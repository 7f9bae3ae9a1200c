#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domain/money.hpp"
#include "store/database.hpp"

// What Kesher sells and what things cost, as rows (migration 0010; brief §5: prices never come
// from the client). Read inside the caller's transaction, so a price and its debit agree.
namespace kesher::store::catalog {

struct CreditPackage {
  int64_t id = 0;
  int64_t credits = 0;
  int64_t price_ils_minor = 0;
  int64_t price_usd_minor = 0;
  int discount_percent = 0;
  int64_t free_spins = 0;
  bool promo_active = false;
  std::optional<int64_t> promo_ends;

  int64_t price_minor(domain::Currency currency) const {
    return currency == domain::Currency::ils ? price_ils_minor : price_usd_minor;
  }
  bool promotion_running(int64_t now) const {
    return domain::promotion_running(promo_active, promo_ends, now);
  }
  int64_t bonus(int64_t now) const {
    return domain::promotion_bonus(credits, discount_percent, promotion_running(now));
  }
};

struct PremiumPackage {
  int64_t id = 0;
  int months = 0;
  int64_t total_ils_minor = 0;
  int64_t total_usd_minor = 0;
  int saves_percent = 0;
  bool recommended = false;

  int64_t total_minor(domain::Currency currency) const {
    return currency == domain::Currency::ils ? total_ils_minor : total_usd_minor;
  }
};

struct FeaturePrice {
  std::string feature;
  int64_t credits = 0;
};

std::vector<CreditPackage> credit_packages(Session& db);  // in display order
std::optional<CreditPackage> credit_package(Session& db, int64_t id);
std::vector<PremiumPackage> premium_packages(Session& db);
std::optional<PremiumPackage> premium_package(Session& db, int64_t id);
std::vector<FeaturePrice> feature_prices(Session& db);
// Throws StoreError for a feature the catalogue lacks: a price is never guessed.
int64_t price_of(Session& db, std::string_view feature);
// The same as a query and its reading, for a batch (Session::query_batch).
Query price_query(std::string_view feature);
int64_t price_from(const std::vector<Row>& rows, std::string_view feature);
// Whether a switched-on promotion ended in (after, up_to]: its packages changed for everyone.
bool promotion_ended_between(Session& db, int64_t after, int64_t up_to);

}  // namespace kesher::store::catalog
