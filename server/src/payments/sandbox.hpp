#pragma once
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "domain/validation.hpp"
#include "payments/provider.hpp"

// The built-in provider: a stand-in for a card processor (docs/decisions/0009-payments.md). Its
// checkout is served by kesher, it takes no real cards, and it settles orders only the way a real
// processor would: by a signed webhook over HTTP.
namespace kesher::payments {

// Documented test cards (docs/protocol.md, "The sandbox checkout").
inline constexpr std::string_view kCardSucceeds = "4242424242424242";
inline constexpr std::string_view kCardDeclined = "4000000000000002";
inline constexpr std::string_view kCardFailsLater = "4000000000000119";
// How long the processor "thinks" before the delayed failure arrives.
inline constexpr std::chrono::milliseconds kFailureDelay{3000};

enum class CardOutcome { succeeds, declined, fails_later };

struct CardForm {
  std::string number;  // spaces and dashes allowed
  std::string expiry;  // MM/YY or MM/YYYY
  std::string cvc;
  std::string name;
};
enum class CardProblem { none, number, expiry, cvc, name };
// A real form's checks: 12-19 digits passing Luhn, an expiry not in the past, 3-4 digits of CVC,
// a name.
CardProblem check_card(const CardForm& card, domain::Date today);
// What the sandbox does with a card that passed check_card: the two failure cards fail, every
// other valid number succeeds like the success card.
CardOutcome card_outcome(std::string_view number);

class SandboxProvider final : public PaymentProvider {
 public:
  explicit SandboxProvider(std::string secret) : secret_(std::move(secret)) {}
  std::string_view name() const override { return "sandbox"; }
  std::string checkout_url(std::string_view order_id) const override;
  std::string_view webhook_secret() const override { return secret_; }

 private:
  std::string secret_;
};

inline constexpr std::string_view kCheckoutPrefix = "/payments/sandbox/checkout/";
// Where the checkout's form posts the card (a GET and a POST cannot share a prefix route).
inline constexpr std::string_view kPayPrefix = "/payments/sandbox/pay/";
inline constexpr std::string_view kCheckoutStylesheet = "/payments/sandbox/checkout.css";

// The checkout page (HTML) in the member's language.
struct CheckoutPage {
  std::string language = "en";  // he, en or de
  std::string order_id;
  std::string currency;  // ILS or USD
  int64_t amount_minor = 0;
  std::string kind;  // credits or premium
  int64_t credits = 0;
  int64_t bonus = 0;
  int months = 0;
  std::string state = "created";
  CardProblem problem = CardProblem::none;
  bool declined = false;
  std::string name;  // kept when the form is shown again (never the card number)
};
std::string render_checkout(const CheckoutPage& page);
std::string_view checkout_stylesheet();

}  // namespace kesher::payments
