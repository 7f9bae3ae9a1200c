#include "modules/catalog_view.hpp"

#include "modules/events.hpp"
#include "store/users.hpp"

namespace kesher::modules {

namespace json = boost::json;

json::value major_amount(int64_t minor) {
  auto major = domain::minor_to_major(minor);
  if (major.whole) return major.units;
  return major.value;
}

json::array credit_packages_view(const std::vector<store::catalog::CreditPackage>& packages,
                                 domain::Currency currency, int64_t now) {
  json::array view;
  for (const auto& p : packages) {
    view.push_back(json::object{
        {"id", p.id},
        {"credits", p.credits},
        {"price", major_amount(p.price_minor(currency))},
        {"currency", domain::currency_code(currency)},
        {"discount", p.discount_percent},
        {"bonus", p.bonus(now)},
        {"free_spins", p.free_spins},
        {"promo_active", p.promotion_running(now) ? 1 : 0},
        {"promo_ends", p.promo_ends ? json::value(*p.promo_ends) : json::value(nullptr)}});
  }
  return view;
}

json::array premium_packages_view(const std::vector<store::catalog::PremiumPackage>& packages,
                                  domain::Currency currency) {
  json::array view;
  for (const auto& p : packages) {
    int64_t total = p.total_minor(currency);
    view.push_back(json::object{{"id", p.id},
                                {"months", p.months},
                                {"total", major_amount(total)},
                                {"price", major_amount(domain::per_month_minor(total, p.months))},
                                {"currency", domain::currency_code(currency)},
                                {"saves", p.saves_percent},
                                {"recommended", p.recommended ? 1 : 0}});
  }
  return view;
}

json::array feature_prices_view(const std::vector<store::catalog::FeaturePrice>& prices) {
  json::array view;
  for (const auto& p : prices) {
    view.push_back(json::object{{"feature", p.feature}, {"price", p.credits}});
  }
  return view;
}

json::object promotion_view(const std::vector<store::catalog::CreditPackage>& packages,
                            int64_t now) {
  int discount = 0;
  std::optional<int64_t> ends;
  for (const auto& p : packages) {
    if (!p.promotion_running(now) || p.discount_percent <= 0) continue;
    discount = std::max(discount, p.discount_percent);
    if (p.promo_ends && (!ends || *p.promo_ends < *ends)) ends = p.promo_ends;
  }
  if (discount == 0) return json::object{{"active", 0}, {"ends", nullptr}, {"discount", 0}};
  return json::object{{"active", 1},
                      {"ends", ends ? json::value(*ends) : json::value(nullptr)},
                      {"discount", discount}};
}

void publish_credit_packages(app::Context& app) {
  int64_t now = app.now();
  std::vector<store::catalog::CreditPackage> packages;
  app.db->read([&](store::Session& db) { packages = store::catalog::credit_packages(db); });
  json::object by_currency[2];
  for (auto currency : {domain::Currency::ils, domain::Currency::usd}) {
    by_currency[static_cast<int>(currency)] = json::object{
        {"module", "update_credit_discount"},
        {"data",
         json::object{{"credits_packages", credit_packages_view(packages, currency, now)}}}};
  }
  for (int64_t user_id : app.hub.online_users()) {
    std::optional<std::string> language;
    app.db->read([&](store::Session& db) { language = store::users::language_of(db, user_id); });
    if (!language) continue;
    publish_event(app, user_id,
                  by_currency[static_cast<int>(domain::currency_for_language(*language))]);
  }
}

}  // namespace kesher::modules
