#pragma once

namespace kesher::domain {

// Fixed amounts of the product. What Kesher sells and the prices of features are rows in the
// database (store/catalog.hpp, migration 0010).
inline constexpr int kSignupCredits = 200;
inline constexpr int kPushOptInCredits = 200;
inline constexpr int kMinimumCreditsToSend = 50;
inline constexpr int kPhotoSlots = 6;

}  // namespace kesher::domain
