#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/database.hpp"

// Payment orders and the provider events that settle them (docs/protocol.md, "Payments"). The
// grant of a paid order is one unit of work: credits through the ledger, premium months, free
// spins, each under a key made from the order, so that it happens once whatever arrives twice.
namespace kesher::store::payments {

struct Order {
  std::string id;
  int64_t user_id = 0;
  std::string provider;
  std::string kind;  // credits or premium
  int64_t package_id = 0;
  int64_t credits = 0;
  int64_t bonus = 0;
  int months = 0;
  int64_t free_spins = 0;
  int64_t amount_minor = 0;
  std::string currency;
  std::string state = "created";  // created, paid, failed, expired, refunded
  int64_t created_at = 0;
  int64_t updated_at = 0;
};

// Unpaid orders expire after this long (payments::expire_unpaid, run by a job).
inline constexpr int64_t kOrderLifetimeSeconds = 30 * 60;

void insert_order(Session& db, const Order& order);
std::optional<Order> find_order(Session& db, const std::string& id);
// The member's orders, newest first (for the admin tools).
std::vector<Order> orders_of(Session& db, int64_t user_id, int64_t limit);

struct ProviderEvent {
  std::string provider;
  std::string event_id;
  std::string type;  // payment.succeeded or payment.failed
  std::string order_id;
  int64_t amount_minor = 0;
  std::string currency;
};

enum class EventOutcome {
  applied,          // the order is now paid (and granted) or failed
  duplicate,        // this event was applied before: nothing changes
  unknown_order,    // nothing recorded
  amount_mismatch,  // nothing recorded
  ignored,          // recorded; the order was already settled
};
struct EventResult {
  EventOutcome outcome = EventOutcome::ignored;
  Order order;                           // as it stands after the event
  int64_t credits = 0;                   // the member's balance afterwards
  std::optional<int64_t> premium_until;  // afterwards
};
// Inside the caller's write transaction. A success is granted to an order that is created,
// failed or expired (the money was taken), never twice.
EventResult apply_event(Session& db, const ProviderEvent& event, int64_t now);

// Marks orders created more than kOrderLifetimeSeconds before `now` expired; returns how many.
int64_t expire_unpaid(Session& db, int64_t now);

struct RefundResult {
  bool refunded = false;      // false: no such order, or it was not paid
  int64_t credits_taken = 0;  // only what is still unspent
  int64_t spins_taken = 0;
  std::optional<int64_t> premium_until;
};
// Inside the caller's write transaction: takes back what a paid order granted and is still
// there (never driving a balance below zero) through the ledger, and shortens premium by the
// order's months (not into the past); the order becomes refunded. For the admin tools.
RefundResult refund(Session& db, const std::string& order_id, int64_t now);

}  // namespace kesher::store::payments
