// store::chat::send, the unit of work behind send_message, on a temporary SQLite file.
#include <gtest/gtest.h>

#include "domain/catalog.hpp"
#include "domain/chat.hpp"
#include "store/chat.hpp"
#include "store/ledger.hpp"
#include "store/social.hpp"
#include "store_fixture.hpp"

using namespace kesher::store;
using kesher::domain::chat::MessageKind;

namespace {

constexpr int64_t kTextPrice = 50;  // feature_prices (migration 0010)
constexpr int64_t kRoseId = 1;      // 60 credits (migration 0004)
constexpr int64_t kDiamondId = 20;  // 1,500 credits

class ChatSendTest : public kesher::testing::StoreFixture {
 protected:
  void SetUp() override {
    StoreFixture::SetUp();
    sender_ = add_user("sender@example.com");
    receiver_ = add_user("receiver@example.com");
  }

  void grant(int64_t user, int64_t credits) {
    db_->write([&](Session& s) {
      ASSERT_EQ(
          ledger::apply(s, {user, credits, "grant", "", "grant:" + std::to_string(++grants_)}, 1),
          ledger::Outcome::applied);
    });
  }

  chat::SendRequest text(std::string body, std::string client_id = "") const {
    chat::SendRequest request;
    request.sender_id = sender_;
    request.receiver_id = receiver_;
    request.text = std::move(body);
    request.client_id = std::move(client_id);
    return request;
  }

  chat::SendRequest gift(int64_t gift_id, std::string client_id = "") const {
    chat::SendRequest request = text("", std::move(client_id));
    request.kind = MessageKind::gift;
    request.gift_id = gift_id;
    return request;
  }

  chat::SendOutcome send(const chat::SendRequest& request, int64_t now = 5000) {
    chat::SendOutcome outcome;
    db_->write([&](Session& s) { outcome = chat::send(s, request, now); });
    return outcome;
  }

  int64_t balance(int64_t user) {
    int64_t credits = 0;
    db_->read([&](Session& s) {
      credits = ledger::balance(s, user);
      EXPECT_EQ(ledger::sum_of_entries(s, user), credits);
    });
    return credits;
  }

  std::vector<chat::MessageRow> conversation() {
    std::vector<chat::MessageRow> messages;
    db_->read([&](Session& s) { messages = chat::page(s, sender_, receiver_, {}, 0, 100); });
    return messages;
  }

  int64_t sender_ = 0;
  int64_t receiver_ = 0;
  int grants_ = 0;
};

}  // namespace

TEST_F(ChatSendTest, StoresTheMessageDebitsItAndMovesBothConversations) {
  grant(sender_, 200);
  auto outcome = send(text("Shalom", "c-1"), 5000);
  ASSERT_EQ(outcome.status, chat::SendStatus::sent);
  EXPECT_GT(outcome.message.id, 0);
  EXPECT_EQ(outcome.message.type, "text");
  EXPECT_EQ(outcome.message.body, "Shalom");
  EXPECT_EQ(outcome.message.price, kTextPrice);
  EXPECT_EQ(outcome.message.client_id, "c-1");
  EXPECT_EQ(outcome.message.created_at, 5000);
  EXPECT_FALSE(outcome.gift);
  EXPECT_EQ(outcome.balance, 200 - kTextPrice);
  EXPECT_EQ(balance(sender_), 200 - kTextPrice);
  EXPECT_EQ(balance(receiver_), 0);
  ASSERT_EQ(conversation().size(), 1u);
  db_->read([&](Session& s) {
    EXPECT_EQ(chat::unread_total(s, receiver_), 1);
    EXPECT_EQ(chat::unread_total(s, sender_), 0);
    auto contact = chat::contact(s, sender_, receiver_);
    ASSERT_TRUE(contact && contact->last);
    EXPECT_EQ(contact->last->id, outcome.message.id);
  });
}

TEST_F(ChatSendTest, ReplayByClientIdReturnsTheFirstResultAndChargesNothing) {
  grant(sender_, 200);
  auto first = send(text("Shalom", "c-1"), 5000);
  ASSERT_EQ(first.status, chat::SendStatus::sent);
  // A retry after a lost reply, even with other content, is the first message.
  auto again = send(text("Something else", "c-1"), 6000);
  EXPECT_EQ(again.status, chat::SendStatus::replayed);
  EXPECT_EQ(again.message.id, first.message.id);
  EXPECT_EQ(again.message.body, "Shalom");
  EXPECT_EQ(again.message.created_at, 5000);
  EXPECT_EQ(again.balance, 200 - kTextPrice);
  EXPECT_EQ(balance(sender_), 200 - kTextPrice);
  EXPECT_EQ(conversation().size(), 1u);
  db_->read([&](Session& s) { EXPECT_EQ(chat::unread_total(s, receiver_), 1); });
}

TEST_F(ChatSendTest, ReplayOfAGiftCarriesTheGift) {
  grant(sender_, 200);
  ASSERT_EQ(send(gift(kRoseId, "g-1")).status, chat::SendStatus::sent);
  auto again = send(gift(kRoseId, "g-1"));
  EXPECT_EQ(again.status, chat::SendStatus::replayed);
  ASSERT_TRUE(again.gift);
  EXPECT_EQ(again.gift->id, kRoseId);
  EXPECT_EQ(balance(sender_), 200 - 60);
}

TEST_F(ChatSendTest, MessagesWithoutClientIdAreEachCharged) {
  grant(sender_, 200);
  EXPECT_EQ(send(text("one")).status, chat::SendStatus::sent);
  EXPECT_EQ(send(text("one")).status, chat::SendStatus::sent);
  EXPECT_EQ(balance(sender_), 200 - 2 * kTextPrice);
  EXPECT_EQ(conversation().size(), 2u);
}

TEST_F(ChatSendTest, NotEnoughCreditsChargesAndStoresNothing) {
  grant(sender_, kesher::domain::kMinimumCreditsToSend - 1);
  auto outcome = send(text("Shalom", "c-1"));
  EXPECT_EQ(outcome.status, chat::SendStatus::not_enough_credits);
  EXPECT_EQ(outcome.balance, kesher::domain::kMinimumCreditsToSend - 1);
  EXPECT_EQ(outcome.required, kesher::domain::kMinimumCreditsToSend);
  EXPECT_EQ(balance(sender_), kesher::domain::kMinimumCreditsToSend - 1);
  EXPECT_TRUE(conversation().empty());
  db_->read([&](Session& s) { EXPECT_EQ(chat::unread_total(s, receiver_), 0); });

  // The refused client_id was not used up: once there are credits, it sends.
  grant(sender_, 100);
  EXPECT_EQ(send(text("Shalom", "c-1")).status, chat::SendStatus::sent);
}

TEST_F(ChatSendTest, AGiftNeedsItsOwnPrice) {
  grant(sender_, 1000);
  auto outcome = send(gift(kDiamondId));
  EXPECT_EQ(outcome.status, chat::SendStatus::not_enough_credits);
  EXPECT_EQ(outcome.required, 1500);
  EXPECT_EQ(outcome.balance, 1000);
  EXPECT_EQ(balance(sender_), 1000);
  EXPECT_TRUE(conversation().empty());

  auto rose = send(gift(kRoseId));
  ASSERT_EQ(rose.status, chat::SendStatus::sent);
  EXPECT_EQ(rose.message.type, "gift");
  EXPECT_EQ(rose.message.gift_id, kRoseId);
  EXPECT_EQ(rose.message.body, "/gifts/rose.svg");
  EXPECT_EQ(rose.message.price, 60);
  EXPECT_EQ(rose.balance, 1000 - 60);
  EXPECT_EQ(balance(sender_), 1000 - 60);
}

TEST_F(ChatSendTest, AnUnknownGiftIsRefused) {
  grant(sender_, 1000);
  EXPECT_EQ(send(gift(9999)).status, chat::SendStatus::unknown_gift);
  EXPECT_EQ(balance(sender_), 1000);
  EXPECT_TRUE(conversation().empty());
}

TEST_F(ChatSendTest, AnUnknownReceiverIsRefused) {
  grant(sender_, 200);
  auto request = text("Shalom");
  request.receiver_id = receiver_ + 1000;
  EXPECT_EQ(send(request).status, chat::SendStatus::unknown_receiver);
  EXPECT_EQ(balance(sender_), 200);
}

TEST_F(ChatSendTest, ABlockEitherWayRefusesAndChargesNothing) {
  grant(sender_, 200);
  db_->write([&](Session& s) { social::block(s, receiver_, sender_, 1); });
  EXPECT_EQ(send(text("Shalom", "c-1")).status, chat::SendStatus::unknown_receiver);
  db_->write([&](Session& s) {
    social::unblock(s, receiver_, sender_);
    social::block(s, sender_, receiver_, 2);
  });
  EXPECT_EQ(send(text("Shalom", "c-2")).status, chat::SendStatus::unknown_receiver);
  EXPECT_EQ(balance(sender_), 200);
  EXPECT_TRUE(conversation().empty());
}

TEST_F(ChatSendTest, AReplayIsAnsweredEvenAfterABlock) {
  // The first result stands: a retry of a message sent before the block is no new send.
  grant(sender_, 200);
  auto first = send(text("Shalom", "c-1"));
  ASSERT_EQ(first.status, chat::SendStatus::sent);
  db_->write([&](Session& s) { social::block(s, receiver_, sender_, 1); });
  auto again = send(text("Shalom", "c-1"));
  EXPECT_EQ(again.status, chat::SendStatus::replayed);
  EXPECT_EQ(again.message.id, first.message.id);
  EXPECT_EQ(balance(sender_), 200 - kTextPrice);
}
