#include "payments/sandbox.hpp"

#include <array>

namespace kesher::payments {

namespace {

std::string digits_of(std::string_view text) {
  std::string digits;
  for (char c : text) {
    if (c >= '0' && c <= '9') {
      digits += c;
    } else if (c != ' ' && c != '-') {
      return {};
    }
  }
  return digits;
}

bool luhn(std::string_view digits) {
  int sum = 0;
  bool twice = false;
  for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
    int d = *it - '0';
    if (twice) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
    twice = !twice;
  }
  return sum % 10 == 0;
}

bool expiry_ok(std::string_view expiry, domain::Date today) {
  std::string text;
  for (char c : expiry) {
    if (c != ' ') text += c;
  }
  size_t slash = text.find('/');
  if (slash == std::string::npos || slash == 0 || slash > 2) return false;
  std::string month_text = digits_of(text.substr(0, slash));
  std::string year_text = digits_of(text.substr(slash + 1));
  if (month_text.size() != slash || (year_text.size() != 2 && year_text.size() != 4)) return false;
  int month = std::stoi(month_text);
  int year = std::stoi(year_text);
  if (year_text.size() == 2) year += 2000;
  if (month < 1 || month > 12) return false;
  if (year > today.year + 20) return false;
  return year > today.year || (year == today.year && month >= today.month);
}

}  // namespace

CardProblem check_card(const CardForm& card, domain::Date today) {
  std::string number = digits_of(card.number);
  if (number.size() < 12 || number.size() > 19 || !luhn(number)) return CardProblem::number;
  if (!expiry_ok(card.expiry, today)) return CardProblem::expiry;
  std::string cvc = digits_of(card.cvc);
  if (cvc.size() < 3 || cvc.size() > 4 || cvc.size() != card.cvc.size()) return CardProblem::cvc;
  bool has_name = false;
  for (char c : card.name) has_name |= c != ' ';
  if (!has_name || card.name.size() > 100) return CardProblem::name;
  return CardProblem::none;
}

CardOutcome card_outcome(std::string_view number) {
  std::string digits = digits_of(number);
  if (digits == kCardDeclined) return CardOutcome::declined;
  if (digits == kCardFailsLater) return CardOutcome::fails_later;
  return CardOutcome::succeeds;
}

std::string SandboxProvider::checkout_url(std::string_view order_id) const {
  return std::string(kCheckoutPrefix) + std::string(order_id);
}

}  // namespace kesher::payments
