#pragma once
#include <cstdint>
#include <string_view>

#include "domain/catalog.hpp"
#include "store/database.hpp"

namespace kesher::modules {

// The credits a feature costs (brief §5: from the server's catalogue, never from the client), or
// -1 when the catalogue has no such feature. Every paid feature of the wheel and the boosts reads
// its price here, inside its unit of work, so the catalogue can move into the database without
// touching the callers.
inline int64_t feature_price(store::Session& /*db*/, std::string_view feature) {
  return domain::price_of(feature);
}

}  // namespace kesher::modules
