#include "store/payments.hpp"

#include <algorithm>

#include "domain/money.hpp"
#include "store/ledger.hpp"
#include "store/spins.hpp"
#include "store/users.hpp"

namespace kesher::store::payments {

namespace {

constexpr std::string_view kOrderColumns =
    "SELECT id, user_id, provider, kind, package_id, credits, bonus, months, free_spins, "
    "amount_minor, currency, state, created_at, updated_at FROM payment_orders ";

Order to_order(const Row& row) {
  Order o;
  o.id = row.text(0);
  o.user_id = row.integer(1);
  o.provider = row.text(2);
  o.kind = row.text(3);
  o.package_id = row.integer(4);
  o.credits = row.integer(5);
  o.bonus = row.integer(6);
  o.months = static_cast<int>(row.integer(7));
  o.free_spins = row.integer(8);
  o.amount_minor = row.integer(9);
  o.currency = row.text(10);
  o.state = row.text(11);
  o.created_at = row.integer(12);
  o.updated_at = row.integer(13);
  return o;
}

void set_state(Session& db, Order& order, std::string state, int64_t now) {
  db.execute("UPDATE payment_orders SET state = ?, updated_at = ? WHERE id = ?",
             {state, now, order.id});
  order.state = std::move(state);
  order.updated_at = now;
}

// Takes the member's row for the rest of this unit of work before premium_until is read and
// written back: on PostgreSQL a grant or refund of the same member on another node waits here
// until this one commits, then reads what it wrote (READ COMMITTED reads the latest committed row
// at each statement), so that no extension is lost. On SQLite, with its one writer, nothing
// changes. (Boosts need no such step: their credit debit takes the same row first.)
void lock_member(Session& db, int64_t user_id) {
  db.execute("UPDATE users SET premium_until = premium_until WHERE id = ?", {user_id});
}

void grant(Session& db, const Order& order, int64_t now) {
  std::string key = "order:" + order.id;
  if (order.kind == "credits") {
    int64_t total = order.credits + order.bonus;
    if (ledger::apply(db, {order.user_id, total, "purchase", order.id, key}, now) ==
        ledger::Outcome::insufficient_credits) {
      throw StoreError("a purchase could not be credited");
    }
  } else {
    lock_member(db, order.user_id);
    auto user = users::find_by_id(db, order.user_id);
    users::set_premium_until(db, order.user_id,
                             domain::premium_extended_until(
                                 user ? user->premium_until : std::nullopt, order.months, now));
  }
  if (order.free_spins > 0) {
    spins::apply(db, order.user_id, order.free_spins, "purchase", key + ":spins", now);
  }
}

}  // namespace

void insert_order(Session& db, const Order& o) {
  db.execute(
      "INSERT INTO payment_orders (id, user_id, provider, kind, package_id, credits, bonus, "
      "months, free_spins, amount_minor, currency, state, created_at, updated_at) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      {o.id, o.user_id, o.provider, o.kind, o.package_id, o.credits, o.bonus, int64_t{o.months},
       o.free_spins, o.amount_minor, o.currency, o.state, o.created_at, o.updated_at});
}

std::optional<Order> find_order(Session& db, const std::string& id) {
  static const std::string sql = std::string(kOrderColumns) + "WHERE id = ?";
  auto row = db.query_one(sql, {id});
  if (!row) return std::nullopt;
  return to_order(*row);
}

std::vector<Order> orders_of(Session& db, int64_t user_id, int64_t limit) {
  static const std::string sql =
      std::string(kOrderColumns) + "WHERE user_id = ? ORDER BY created_at DESC, id LIMIT ?";
  std::vector<Order> orders;
  for (const auto& row : db.query(sql, {user_id, limit})) orders.push_back(to_order(row));
  return orders;
}

EventResult apply_event(Session& db, const ProviderEvent& event, int64_t now) {
  EventResult result;
  if (db.query_one("SELECT 1 FROM payment_events WHERE provider = ? AND event_id = ?",
                   {event.provider, event.event_id})) {
    result.outcome = EventOutcome::duplicate;
    return result;
  }
  auto order = find_order(db, event.order_id);
  if (!order || order->provider != event.provider) {
    result.outcome = EventOutcome::unknown_order;
    return result;
  }
  if (order->amount_minor != event.amount_minor || order->currency != event.currency) {
    result.outcome = EventOutcome::amount_mismatch;
    return result;
  }
  db.execute(
      "INSERT INTO payment_events (provider, event_id, order_id, type, received_at) "
      "VALUES (?, ?, ?, ?, ?)",
      {event.provider, event.event_id, event.order_id, event.type, now});
  if (event.type == "payment.succeeded") {
    // The order becomes paid only from an open state, in the statement that moves it: another
    // node's success event for the same order (another event id), read before this one committed,
    // waits for this row on PostgreSQL and then finds it paid, so the order is granted once.
    if (db.execute("UPDATE payment_orders SET state = 'paid', updated_at = ? WHERE id = ? AND "
                   "state IN ('created', 'failed', 'expired')",
                   {now, order->id}) == 1) {
      order->state = "paid";
      order->updated_at = now;
      grant(db, *order, now);
      result.outcome = EventOutcome::applied;
    } else if (auto settled = find_order(db, event.order_id)) {
      order = std::move(settled);  // as the other event left it
    }
  } else if (event.type == "payment.failed" && order->state == "created") {
    set_state(db, *order, "failed", now);
    result.outcome = EventOutcome::applied;
  }
  auto user = users::find_by_id(db, order->user_id);
  result.credits = user ? user->credits : 0;
  result.premium_until = user ? user->premium_until : std::nullopt;
  result.order = std::move(*order);
  return result;
}

int64_t expire_unpaid(Session& db, int64_t now) {
  return db.execute(
      "UPDATE payment_orders SET state = 'expired', updated_at = ? WHERE state = 'created' AND "
      "created_at <= ?",
      {now, now - kOrderLifetimeSeconds});
}

RefundResult refund(Session& db, const std::string& order_id, int64_t now) {
  RefundResult result;
  auto order = find_order(db, order_id);
  if (!order || order->state != "paid") return result;
  std::string key = "refund:" + order->id;
  if (order->kind == "credits") {
    int64_t granted = order->credits + order->bonus;
    result.credits_taken = std::min(granted, ledger::balance(db, order->user_id));
    if (result.credits_taken > 0) {
      ledger::apply(db, {order->user_id, -result.credits_taken, "refund", order->id, key}, now);
    }
  } else {
    lock_member(db, order->user_id);
    auto user = users::find_by_id(db, order->user_id);
    if (user && user->premium_until) {
      // The months bought come off the end; what has run already is not taken back into the past.
      int64_t without = domain::premium_extended_until(*user->premium_until, -order->months,
                                                       *user->premium_until);
      result.premium_until = without > now ? std::optional<int64_t>(without) : std::nullopt;
      users::set_premium_until(db, order->user_id, result.premium_until);
    }
  }
  if (order->free_spins > 0) {
    result.spins_taken = std::min(order->free_spins, spins::available(db, order->user_id));
    if (result.spins_taken > 0) {
      spins::apply(db, order->user_id, -result.spins_taken, "refund", key + ":spins", now);
    }
  }
  set_state(db, *order, "refunded", now);
  result.refunded = true;
  return result;
}

}  // namespace kesher::store::payments
