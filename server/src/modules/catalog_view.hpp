#pragma once
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include "app/context.hpp"
#include "store/catalog.hpp"

// The catalogue as the client sees it (docs/protocol.md, "Catalogue"): prices in the caller's
// currency as decimal major units, with the currency named.
namespace kesher::modules {

boost::json::value major_amount(int64_t minor);
boost::json::array credit_packages_view(const std::vector<store::catalog::CreditPackage>& packages,
                                        domain::Currency currency, int64_t now);
boost::json::array premium_packages_view(
    const std::vector<store::catalog::PremiumPackage>& packages, domain::Currency currency);
boost::json::array feature_prices_view(const std::vector<store::catalog::FeaturePrice>& prices);
// credits_promo: the running promotion (its largest discount, its earliest end), or active 0.
boost::json::object promotion_view(const std::vector<store::catalog::CreditPackage>& packages,
                                   int64_t now);
// update_credit_discount to every member's sockets, each in their own currency: a promotion
// started or ended.
void publish_credit_packages(app::Context& app);

}  // namespace kesher::modules
