// store::social::swipe and like_back, the units of work behind swipe and persona like-backs, on a
// temporary SQLite file.
#include <gtest/gtest.h>

#include "domain/discovery.hpp"
#include "domain/money.hpp"
#include "store/social.hpp"
#include "store/users.hpp"
#include "store_fixture.hpp"

using namespace kesher::store;
using kesher::domain::kDailyLikeLimit;
using social::SwipeStatus;

namespace {

constexpr int64_t kDay = 24 * 3600;
constexpr int64_t kNow = 100 * kDay + 3600;  // 01:00 UTC
constexpr uint32_t kRollYes = 0;             // below any positive like-back percentage
constexpr uint32_t kRollNo = 99;             // below 100 only

class SwipeTest : public kesher::testing::StoreFixture {
 protected:
  void SetUp() override {
    StoreFixture::SetUp();
    me_ = add_user("me@example.com");
    other_ = add_user("other@example.com");
  }

  int64_t add_persona(const std::string& key, int likes_back_percent, int like_back_delay_s) {
    int64_t id = add_user("", "persona");
    db_->write([&](Session& s) {
      users::set_persona_profile(s, id, {key, "bio", likes_back_percent, like_back_delay_s});
    });
    return id;
  }

  std::vector<int64_t> add_people(int count) {
    std::vector<int64_t> ids;
    for (int i = 0; i < count; ++i) {
      std::string email = "p";
      email += std::to_string(i);
      email += "@example.com";
      ids.push_back(add_user(email));
    }
    return ids;
  }

  social::SwipeOutcome swipe(int64_t swiper, int64_t swiped, bool like, int64_t now = kNow,
                             uint32_t roll = kRollNo) {
    social::SwipeOutcome outcome;
    db_->write([&](Session& s) { outcome = social::swipe(s, {swiper, swiped, like}, now, roll); });
    return outcome;
  }

  std::optional<int> swipe_of(int64_t swiper, int64_t swiped) {
    std::optional<int> liked;
    db_->read([&](Session& s) { liked = social::swipe_of(s, swiper, swiped); });
    return liked;
  }

  bool matched(int64_t a, int64_t b) {
    bool both = false;
    db_->read([&](Session& s) { both = social::matched(s, a, b) && social::matched(s, b, a); });
    return both;
  }

  std::vector<social::DueLikeBack> due(int64_t now) {
    std::vector<social::DueLikeBack> list;
    db_->read([&](Session& s) { list = social::due_like_backs(s, now, 100); });
    return list;
  }

  int64_t me_ = 0;
  int64_t other_ = 0;
};

}  // namespace

TEST_F(SwipeTest, ALikeIsRecordedOnce) {
  auto first = swipe(me_, other_, true);
  EXPECT_EQ(first.status, SwipeStatus::recorded);
  EXPECT_TRUE(first.new_like);
  EXPECT_FALSE(first.new_match);
  EXPECT_FALSE(first.matched);
  EXPECT_EQ(swipe_of(me_, other_), 1);
  auto again = swipe(me_, other_, true);
  EXPECT_EQ(again.status, SwipeStatus::recorded);
  EXPECT_FALSE(again.new_like);
}

TEST_F(SwipeTest, APassNeverUndoesALike) {
  swipe(me_, other_, true);
  auto pass = swipe(me_, other_, false);
  EXPECT_EQ(pass.status, SwipeStatus::recorded);
  EXPECT_FALSE(pass.new_like);
  EXPECT_EQ(swipe_of(me_, other_), 1);
}

TEST_F(SwipeTest, APassIsRecordedAndALikeMayFollowIt) {
  EXPECT_EQ(swipe(me_, other_, false).status, SwipeStatus::recorded);
  EXPECT_EQ(swipe_of(me_, other_), 0);
  EXPECT_TRUE(swipe(me_, other_, true).new_like);
  EXPECT_EQ(swipe_of(me_, other_), 1);
}

TEST_F(SwipeTest, ALikeBackMakesTheMatchOnce) {
  swipe(other_, me_, true);
  auto like = swipe(me_, other_, true);
  EXPECT_TRUE(like.new_like);
  EXPECT_TRUE(like.new_match);
  EXPECT_TRUE(like.matched);
  EXPECT_TRUE(matched(me_, other_));
  auto again = swipe(me_, other_, true);
  EXPECT_FALSE(again.new_match);
  EXPECT_TRUE(again.matched);
  // A pass after the match changes nothing and says so.
  auto pass = swipe(other_, me_, false);
  EXPECT_FALSE(pass.new_match);
  EXPECT_TRUE(pass.matched);
  EXPECT_TRUE(matched(me_, other_));
}

TEST_F(SwipeTest, OneselfUnknownAndBlockedPeopleAreNotFound) {
  EXPECT_EQ(swipe(me_, me_, true).status, SwipeStatus::not_found);
  EXPECT_EQ(swipe(me_, other_ + 1000, true).status, SwipeStatus::not_found);
  db_->write([&](Session& s) { social::block(s, other_, me_, 1); });
  EXPECT_EQ(swipe(me_, other_, true).status, SwipeStatus::not_found);
  EXPECT_EQ(swipe(me_, other_, false).status, SwipeStatus::not_found);
  db_->write([&](Session& s) {
    social::unblock(s, other_, me_);
    social::block(s, me_, other_, 2);
  });
  EXPECT_EQ(swipe(me_, other_, true).status, SwipeStatus::not_found);
  EXPECT_FALSE(swipe_of(me_, other_));
}

TEST_F(SwipeTest, AMissingSwiperIsReported) {
  EXPECT_EQ(swipe(other_ + 1000, other_, true).status, SwipeStatus::unknown_swiper);
  EXPECT_FALSE(swipe_of(other_ + 1000, other_));
}

TEST_F(SwipeTest, MembersWithoutPremiumHaveADailyLikeLimit) {
  auto people = add_people(kDailyLikeLimit + 1);
  // Yesterday's likes do not count.
  EXPECT_TRUE(swipe(me_, other_, true, kNow - kDay).new_like);
  for (int i = 0; i < kDailyLikeLimit; ++i) {
    ASSERT_EQ(swipe(me_, people[i], true).status, SwipeStatus::recorded) << i;
  }
  auto refused = swipe(me_, people.back(), true);
  EXPECT_EQ(refused.status, SwipeStatus::like_limit_reached);
  EXPECT_FALSE(refused.new_like);
  EXPECT_FALSE(swipe_of(me_, people.back()));
  // Passes and likes given before are no new likes.
  EXPECT_EQ(swipe(me_, people.back(), false).status, SwipeStatus::recorded);
  EXPECT_EQ(swipe(me_, people.front(), true).status, SwipeStatus::recorded);
  // The limit resets at the start of the next UTC day.
  int64_t tomorrow = kesher::domain::utc_day_start(kNow) + kDay;
  EXPECT_EQ(swipe(me_, people.back(), true, tomorrow - 1).status, SwipeStatus::like_limit_reached);
  EXPECT_EQ(swipe(me_, people.back(), true, tomorrow).status, SwipeStatus::recorded);
}

TEST_F(SwipeTest, PremiumMembersHaveNoLikeLimit) {
  db_->write(
      [&](Session& s) { users::set_premium_until(s, me_, kesher::domain::kPremiumForever); });
  for (int64_t person : add_people(kDailyLikeLimit + 1)) {
    ASSERT_EQ(swipe(me_, person, true).status, SwipeStatus::recorded) << person;
  }
}

TEST_F(SwipeTest, APersonaWithoutDelayLikesBackAtOnce) {
  int64_t persona = add_persona("now", 100, 0);
  auto like = swipe(me_, persona, true, kNow, kRollNo);
  EXPECT_TRUE(like.new_like);
  EXPECT_TRUE(like.new_match);
  EXPECT_TRUE(like.matched);
  EXPECT_EQ(swipe_of(persona, me_), 1);
  EXPECT_TRUE(matched(me_, persona));
  EXPECT_TRUE(due(kNow + kDay).empty());
}

TEST_F(SwipeTest, APersonaWithADelaySchedulesItsLikeBack) {
  int64_t persona = add_persona("later", 60, 30);
  auto like = swipe(me_, persona, true, kNow, kRollYes);
  EXPECT_TRUE(like.new_like);
  EXPECT_FALSE(like.new_match);
  EXPECT_FALSE(like.matched);
  EXPECT_FALSE(swipe_of(persona, me_));
  EXPECT_TRUE(due(kNow + 29).empty());
  auto scheduled = due(kNow + 30);
  ASSERT_EQ(scheduled.size(), 1u);
  EXPECT_EQ(scheduled[0].persona_id, persona);
  EXPECT_EQ(scheduled[0].member_id, me_);

  bool new_match = false;
  db_->write([&](Session& s) { new_match = social::like_back(s, scheduled[0], kNow + 30); });
  EXPECT_TRUE(new_match);
  EXPECT_TRUE(matched(me_, persona));
  EXPECT_EQ(swipe_of(persona, me_), 1);
  EXPECT_TRUE(due(kNow + kDay).empty());
}

TEST_F(SwipeTest, APersonaLikesBackByItsOwnPercentage) {
  int64_t persona = add_persona("choosy", 60, 0);
  auto like = swipe(me_, persona, true, kNow, 60);  // 60 is not below 60
  EXPECT_TRUE(like.new_like);
  EXPECT_FALSE(like.new_match);
  EXPECT_FALSE(swipe_of(persona, me_));
  EXPECT_TRUE(due(kNow + kDay).empty());
  // Only a new like rolls: liking again decides nothing.
  EXPECT_FALSE(swipe(me_, persona, true, kNow, kRollYes).new_match);
  EXPECT_FALSE(swipe_of(persona, me_));

  int64_t never = add_persona("never", 0, 0);
  EXPECT_FALSE(swipe(me_, never, true, kNow, kRollYes).new_match);
  EXPECT_FALSE(swipe_of(never, me_));
}

TEST_F(SwipeTest, MembersNeverLikeBackByThemselves) {
  // Persona settings of a member (the columns exist for every user) are never applied.
  db_->write([&](Session& s) { users::set_persona_profile(s, other_, {"x", "bio", 100, 0}); });
  auto like = swipe(me_, other_, true, kNow, kRollYes);
  EXPECT_FALSE(like.new_match);
  EXPECT_FALSE(swipe_of(other_, me_));
  EXPECT_TRUE(due(kNow + kDay).empty());
}

TEST_F(SwipeTest, ADueLikeBackIsDroppedAfterABlock) {
  int64_t persona = add_persona("later", 100, 30);
  swipe(me_, persona, true);
  auto scheduled = due(kNow + 30);
  ASSERT_EQ(scheduled.size(), 1u);
  db_->write([&](Session& s) { social::block(s, me_, persona, kNow + 1); });
  bool new_match = true;
  db_->write([&](Session& s) { new_match = social::like_back(s, scheduled[0], kNow + 30); });
  EXPECT_FALSE(new_match);
  EXPECT_FALSE(swipe_of(persona, me_));
  EXPECT_FALSE(matched(me_, persona));
  EXPECT_TRUE(due(kNow + kDay).empty());
}

TEST_F(SwipeTest, ADueLikeBackNeedsTheMembersLike) {
  int64_t persona = add_persona("later", 100, 30);
  swipe(me_, persona, true);
  auto scheduled = due(kNow + 30);
  ASSERT_EQ(scheduled.size(), 1u);
  db_->write([&](Session& s) { social::put_swipe(s, me_, persona, false, kNow + 1); });
  bool new_match = true;
  db_->write([&](Session& s) { new_match = social::like_back(s, scheduled[0], kNow + 30); });
  EXPECT_FALSE(new_match);
  EXPECT_FALSE(matched(me_, persona));
  EXPECT_TRUE(due(kNow + kDay).empty());
}
