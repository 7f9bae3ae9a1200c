#include <gtest/gtest.h>

#include "domain/privacy.hpp"

using namespace kesher::domain;

TEST(Privacy, OwnActsAndSharedOnesIdentify) {
  for (bool premium : {false, true}) {
    EXPECT_TRUE(knows_identity({.conversation = true}, premium));
    EXPECT_TRUE(knows_identity({.matched = true}, premium));
    EXPECT_TRUE(knows_identity({.viewer_liked = true}, premium));
    EXPECT_TRUE(knows_identity({.viewer_visited = true}, premium));
    EXPECT_FALSE(knows_identity({}, premium));
  }
}

TEST(Privacy, BeingLikedOrVisitedIdentifiesOnlyWithPremium) {
  EXPECT_FALSE(knows_identity({.liked_viewer = true}, false));
  EXPECT_FALSE(knows_identity({.visited_viewer = true}, false));
  EXPECT_FALSE(knows_identity({.liked_viewer = true, .visited_viewer = true}, false));
  EXPECT_TRUE(knows_identity({.liked_viewer = true}, true));
  EXPECT_TRUE(knows_identity({.visited_viewer = true}, true));
  EXPECT_FALSE(sees_fans_and_visitors(false));
  EXPECT_TRUE(sees_fans_and_visitors(true));
}

TEST(Privacy, ABlockEndsEverything) {
  Relation everything{.blocked = true,
                      .conversation = true,
                      .matched = true,
                      .viewer_liked = true,
                      .viewer_visited = true,
                      .liked_viewer = true,
                      .visited_viewer = true};
  EXPECT_FALSE(knows_identity(everything, false));
  EXPECT_FALSE(knows_identity(everything, true));
}

TEST(Privacy, OnlyIdentifiedFansLeaveTheCountsOnABlock) {
  EXPECT_FALSE(fan_counts_follow_blocks(false));
  EXPECT_TRUE(fan_counts_follow_blocks(true));
}
