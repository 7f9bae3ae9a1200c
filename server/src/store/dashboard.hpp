#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "store/database.hpp"

// The admin dashboard's figures, counted in the database from the rows themselves (paid orders,
// messages, members, console answers), never from counters kept in memory. Every query covers
// [from, to) in unix seconds and reports days as their offset from `from` (0 = the first day).
namespace kesher::store::dashboard {

// Paid orders per day, kind, package and currency. An order counts on the day it was paid (its
// updated_at: a paid order changes no more unless refunded, and refunded orders are no revenue).
struct RevenueRow {
  int64_t day = 0;
  std::string kind;  // credits or premium
  int64_t package_id = 0;
  std::string currency;  // ILS or USD
  int64_t amount_minor = 0;
  int64_t orders = 0;
};
std::vector<RevenueRow> revenue(Session& db, int64_t from, int64_t to);

// Messages sent per day, by members and by personas (the operators' answers).
struct MessageCount {
  int64_t day = 0;
  int64_t from_members = 0;
  int64_t from_personas = 0;
};
std::vector<MessageCount> messages(Session& db, int64_t from, int64_t to);

// Members (not personas) who registered, per day.
struct DayCount {
  int64_t day = 0;
  int64_t count = 0;
};
std::vector<DayCount> new_members(Session& db, int64_t from, int64_t to);

// Each first answer's wait in seconds, with its day: the percentiles are taken per day.
struct AnswerWait {
  int64_t day = 0;
  int64_t waited_seconds = 0;
};
std::vector<AnswerWait> answer_waits(Session& db, int64_t from, int64_t to);

}  // namespace kesher::store::dashboard
