#pragma once
#include <string>
#include <string_view>

// A card processor behind one interface (docs/decisions/0009-payments.md): the server creates the
// order with the catalogue's price, the provider shows its checkout and later tells the webhook
// endpoint, signed with the provider's secret, what became of the payment. Only `sandbox` exists
// here; a real processor plugs in behind the same interface.
namespace kesher::payments {

class PaymentProvider {
 public:
  virtual ~PaymentProvider() = default;
  // The name in payment/initiate and in /api/payments/webhook/{name}.
  virtual std::string_view name() const = 0;
  // Where the payment iframe goes to pay for this order.
  virtual std::string checkout_url(std::string_view order_id) const = 0;
  // The secret the provider signs its webhooks with.
  virtual std::string_view webhook_secret() const = 0;
};

}  // namespace kesher::payments
