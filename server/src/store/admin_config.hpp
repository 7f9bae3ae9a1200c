#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "domain/admin_config.hpp"
#include "store/database.hpp"

// The admin's writes to the catalogue (migration 0010's tables), inside the caller's write
// transaction, after domain::admin_config has checked them. Nothing is cached anywhere: the next
// read of the catalogue (a send's price, payment/initiate, configs) sees the change.
namespace kesher::store::admin_config {

// The credit packages become exactly `packages`, shown in this order: rows not named are
// removed (past orders keep their own copy of what they bought).
void replace_credit_packages(Session& db,
                             const std::vector<domain::admin_config::CreditPackage>& packages);
// Sets the price of each named feature; the features must exist.
void set_feature_prices(Session& db, const std::vector<domain::admin_config::FeaturePrice>& prices);

// The wheel becomes exactly `prizes`, in this order (positions 1…n). Past spins keep their own
// copy of what they won.
void replace_wheel_prizes(Session& db, const std::vector<domain::wheel::Prize>& prizes);

// The premium packages become exactly `packages`, in this order.
void replace_premium_packages(Session& db,
                              const std::vector<domain::admin_config::PremiumPackage>& packages);

// Every gift of `gifts` written (added or changed), shown in this order. Gifts are never removed:
// messages refer to them.
void upsert_gifts(Session& db, const std::vector<domain::admin_config::Gift>& gifts);
std::vector<domain::admin_config::Gift> gifts(Session& db);  // by position

// How many people a member without premium may like a UTC day (settings.daily_like_limit; the
// compiled-in domain::kDailyLikeLimit if the row is missing).
int64_t daily_like_limit(Session& db);
void set_daily_like_limit(Session& db, int64_t limit);

}  // namespace kesher::store::admin_config
