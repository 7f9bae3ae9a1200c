// Chat and the credits wallet against the real binary: delivery to every socket, paging, read
// state, exact charging under replays and concurrency, blocking, bad input, gifts and archiving.
#include <gtest/gtest.h>

#include <set>
#include <thread>

#include "harness.hpp"

using namespace kesher::test;

namespace {

int counter = 0;

std::string text_of(const json::value& value) {
  return std::string(value.as_string());
}

class Chat : public ::testing::Test {
 protected:
  // The concurrency tests send a hundred messages from one member at once, more than the member's
  // frame budget allows (that budget has its own tests in hardening_test.cpp).
  void SetUp() override {
    server_ = std::make_unique<ServerProcess>(std::vector<std::string>{"--frame-burst", "1000"});
  }

  Member member() {
    return register_member(*server_, "chat" + std::to_string(++counter) + "@example.com");
  }
  std::unique_ptr<WsClient> connect(const Member& member) {
    auto socket = connect_member(*server_, member);
    socket->request("session/validate");
    return socket;
  }
  void grant(const Member& member, int64_t credits) { grant_credits(*server_, member, credits); }
  int64_t balance(const Member& member) {
    return query_integer(*server_,
                         "SELECT credits FROM users WHERE id = " + std::to_string(member.id));
  }
  int64_t ledger_sum(const Member& member) {
    return query_integer(*server_,
                         "SELECT COALESCE(SUM(delta), 0) FROM credit_ledger WHERE user_id = " +
                             std::to_string(member.id));
  }
  int64_t stored_messages() { return query_integer(*server_, "SELECT COUNT(*) FROM messages"); }

  std::unique_ptr<ServerProcess> server_;
};

json::object text(WsClient& socket, int64_t to, const std::string& body,
                  const std::string& client_id = {}) {
  json::object payload{{"receiver_id", to}, {"message_type", "text"}, {"message_text", body}};
  if (!client_id.empty()) payload["client_id"] = client_id;
  return socket.request("send_message", payload);
}

std::vector<int64_t> ids_of(const json::object& reply) {
  std::vector<int64_t> ids;
  for (const auto& item : reply.at("data").as_array()) ids.push_back(item.at("id").as_int64());
  return ids;
}

int64_t unread_total(WsClient& socket) {
  auto reply = socket.request("user/contacts/unread");
  return reply.at("data").as_array().at(0).at("total").as_int64();
}

TEST_F(Chat, SendReachesEverySocketOfBothSidesAndSurvivesARestart) {
  Member dana = member(), noam = member();
  auto dana1 = connect(dana), dana2 = connect(dana);
  auto noam1 = connect(noam), noam2 = connect(noam);

  auto reply = text(*dana1, noam.id, "Shalom Noam", "c-first");
  ASSERT_EQ(reply.at("request_status").as_int64(), 1) << serialize(reply);
  const auto& details = reply.at("request_details").as_object();
  EXPECT_EQ(details.at("credits_spent").as_int64(), 50);
  EXPECT_EQ(details.at("credits").as_int64(), 150);
  EXPECT_EQ(details.at("sender_id").as_int64(), dana.id);
  EXPECT_EQ(details.at("receiver_id").as_int64(), noam.id);
  EXPECT_EQ(text_of(details.at("client_id")), "c-first");
  EXPECT_EQ(details.at("replayed").as_int64(), 0);
  int64_t id = details.at("id").as_int64();

  for (auto* socket : {noam1.get(), noam2.get()}) {
    auto event = socket->wait_event("new_message");
    ASSERT_TRUE(event);
    const auto& m = event->at("request_details").as_object();
    EXPECT_EQ(m.at("id").as_int64(), id);
    EXPECT_EQ(text_of(m.at("message")), "Shalom Noam");
    EXPECT_EQ(m.at("isMe").as_int64(), 0);
    EXPECT_TRUE(m.at("client_id").is_null()) << "the receiver never sees the sender's key";
  }
  auto echo = dana2->wait_event("new_message");
  ASSERT_TRUE(echo);
  EXPECT_EQ(echo->at("request_details").at("isMe").as_int64(), 1);
  EXPECT_EQ(text_of(echo->at("request_details").at("client_id")), "c-first");
  auto credits = dana2->wait_event("credits");
  ASSERT_TRUE(credits);
  EXPECT_EQ(credits->at("data").at("credits").as_int64(), 150);
  EXPECT_FALSE(dana1->wait_event("new_message", 300ms)) << "the sending socket has the reply";

  server_->restart();
  auto noam3 = connect(noam);
  auto page = noam3->request("messages", {{"contact_user_id", dana.id}, {"recordsToTake", 20}});
  ASSERT_EQ(ids_of(page), std::vector<int64_t>{id});
  auto contacts = noam3->request("user/contacts", {{"currentLength", 0}, {"recordsToTake", 20}});
  const auto& contact = contacts.at("data").as_array().at(0).as_object();
  EXPECT_EQ(contact.at("id").as_int64(), dana.id);
  EXPECT_EQ(text_of(contact.at("last_m")), "Shalom Noam");
  EXPECT_EQ(contact.at("s_id").as_int64(), dana.id);
  EXPECT_EQ(contact.at("unread").as_int64(), 1);
  EXPECT_EQ(contact.at("total_unread").as_int64(), 1);
  EXPECT_GT(contact.at("time").as_int64(), 0);
}

TEST_F(Chat, PagesBackwardsByIdStayStableWhileMessagesArrive) {
  Member dana = member(), noam = member();
  grant(dana, 5000);
  auto dana_socket = connect(dana);
  auto noam_socket = connect(noam);
  std::vector<int64_t> sent;
  for (int i = 0; i < 45; ++i) {
    auto reply = text(*dana_socket, noam.id, "message " + std::to_string(i));
    ASSERT_EQ(reply.at("request_status").as_int64(), 1) << serialize(reply);
    sent.push_back(reply.at("request_details").at("id").as_int64());
  }
  auto newest =
      noam_socket->request("messages", {{"contact_user_id", dana.id}, {"recordsToTake", 20}});
  auto first = ids_of(newest);
  ASSERT_EQ(first.size(), 20u);
  EXPECT_TRUE(std::is_sorted(first.begin(), first.end())) << "oldest first within a page";
  EXPECT_EQ(first.back(), sent.back());

  // A message arriving between two page reads must not shift the next page.
  ASSERT_EQ(text(*dana_socket, noam.id, "late").at("request_status").as_int64(), 1);
  auto second = ids_of(noam_socket->request(
      "messages",
      {{"contact_user_id", dana.id}, {"recordsToTake", 20}, {"before_id", first.front()}}));
  auto third = ids_of(noam_socket->request(
      "messages",
      {{"contact_user_id", dana.id}, {"recordsToTake", 20}, {"before_id", second.front()}}));
  ASSERT_EQ(second.size(), 20u);
  ASSERT_EQ(third.size(), 5u);
  std::vector<int64_t> all = third;
  all.insert(all.end(), second.begin(), second.end());
  all.insert(all.end(), first.begin(), first.end());
  EXPECT_EQ(all, sent) << "no gaps, no duplicates";

  auto one = noam_socket->request("messages", {{"contact_user_id", dana.id}, {"recordsToTake", 1}});
  ASSERT_EQ(ids_of(one).size(), 1u);
  EXPECT_GT(ids_of(one).front(), sent.back()) << "recordsToTake 1 is the newest message";
  auto too_many =
      noam_socket->request("messages", {{"contact_user_id", dana.id}, {"recordsToTake", 21}});
  EXPECT_EQ(text_of(too_many.at("error_code")), "invalid_value");
}

TEST_F(Chat, ReadingLowersUnreadAndTellsBothSides) {
  Member dana = member(), noam = member();
  auto dana_socket = connect(dana);
  auto noam1 = connect(noam), noam2 = connect(noam);
  std::vector<int64_t> ids;
  for (int i = 0; i < 3; ++i) {
    ids.push_back(text(*dana_socket, noam.id, "hi " + std::to_string(i))
                      .at("request_details")
                      .at("id")
                      .as_int64());
  }
  EXPECT_EQ(unread_total(*noam1), 3);

  // Reading the second means "read up to" it: the first is read too.
  auto read = noam1->request("message/read", {{"message_id", std::to_string(ids[1])}});
  ASSERT_EQ(read.at("request_status").as_int64(), 1) << serialize(read);
  EXPECT_EQ(read.at("request_details").at("total_unread").as_int64(), 1);
  EXPECT_EQ(unread_total(*noam1), 1);
  auto contacts = noam1->request("user/contacts", {{"currentLength", 0}, {"recordsToTake", 10}});
  EXPECT_EQ(contacts.at("data").as_array().at(0).at("unread").as_int64(), 1);

  auto receipt = dana_socket->wait_event("message/read");
  ASSERT_TRUE(receipt);
  EXPECT_EQ(receipt->at("request_details").at("reader_id").as_int64(), noam.id);
  EXPECT_EQ(receipt->at("request_details").at("up_to_id").as_int64(), ids[1]);
  auto other_tab = noam2->wait_event("message/read");
  ASSERT_TRUE(other_tab);
  EXPECT_EQ(other_tab->at("request_details").at("total_unread").as_int64(), 1);

  auto page =
      dana_socket->request("messages", {{"contact_user_id", noam.id}, {"recordsToTake", 20}});
  const auto& messages = page.at("data").as_array();
  EXPECT_EQ(messages.at(0).at("seen").as_int64(), 1);
  EXPECT_EQ(messages.at(1).at("seen").as_int64(), 1);
  EXPECT_EQ(messages.at(2).at("seen").as_int64(), 0);

  // The sender can't mark their own message read for the receiver.
  auto own = dana_socket->request("message/read", {{"message_id", std::to_string(ids[2])}});
  EXPECT_EQ(own.at("request_details").at("read").as_int64(), 0);
  EXPECT_EQ(unread_total(*noam1), 1);
  auto all = noam1->request(
      "message/read", {{"message_id", std::to_string(ids[2]) + ",x," + std::to_string(ids[0])}});
  EXPECT_EQ(all.at("request_details").at("total_unread").as_int64(), 0);
  auto nothing = noam1->request("message/read", {{"message_id", "abc"}});
  EXPECT_EQ(text_of(nothing.at("error_code")), "invalid_value");
}

TEST_F(Chat, NobodyReadsOrMarksAnotherPairsConversation) {
  Member dana = member(), noam = member(), eve = member();
  auto dana_socket = connect(dana);
  auto noam_socket = connect(noam);
  auto eve_socket = connect(eve);
  int64_t id = text(*dana_socket, noam.id, "private").at("request_details").at("id").as_int64();
  auto read = eve_socket->request("message/read", {{"message_id", std::to_string(id)}});
  EXPECT_EQ(read.at("request_details").at("read").as_int64(), 0);
  EXPECT_EQ(unread_total(*noam_socket), 1) << "a stranger can't mark noam's message read";
  EXPECT_FALSE(dana_socket->wait_event("message/read", 300ms));
  // Eve asking for "her" conversation with dana sees only her own (empty) one.
  auto page =
      eve_socket->request("messages", {{"contact_user_id", dana.id}, {"recordsToTake", 20}});
  EXPECT_TRUE(page.at("data").as_array().empty());
  auto contacts =
      eve_socket->request("user/contacts", {{"currentLength", 0}, {"recordsToTake", 20}});
  EXPECT_TRUE(contacts.at("data").as_array().empty());
}

TEST_F(Chat, AReplayedClientIdStoresOneMessageAndMakesOneDebit) {
  Member dana = member(), noam = member();
  auto dana_socket = connect(dana);
  auto noam_socket = connect(noam);
  auto first = text(*dana_socket, noam.id, "only once", "c-replay-1");
  ASSERT_EQ(first.at("request_status").as_int64(), 1);
  ASSERT_TRUE(noam_socket->wait_event("new_message"));

  // The same key again, from a fresh socket as after a reconnect.
  dana_socket.reset();
  auto reconnected = connect(dana);
  auto again = text(*reconnected, noam.id, "only once", "c-replay-1");
  ASSERT_EQ(again.at("request_status").as_int64(), 1);
  EXPECT_EQ(again.at("request_details").at("id"), first.at("request_details").at("id"));
  EXPECT_EQ(again.at("request_details").at("replayed").as_int64(), 1);
  EXPECT_EQ(again.at("request_details").at("credits").as_int64(), 150);
  EXPECT_FALSE(noam_socket->wait_event("new_message", 500ms)) << "a replay is not delivered again";
  EXPECT_EQ(stored_messages(), 1);
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM credit_ledger WHERE reason = 'message'"),
            1);
  EXPECT_EQ(balance(dana), 150);
  EXPECT_EQ(ledger_sum(dana), balance(dana));
}

TEST_F(Chat, HundredConcurrentSendsWithCreditsForTenDeliverExactlyTen) {
  Member dana = member(), noam = member();
  grant(dana, 300);  // 200 at signup + 300 = 500 = exactly 10 texts of 50
  auto noam_socket = connect(noam);
  constexpr int kSockets = 10, kPerSocket = 10;
  std::vector<std::unique_ptr<WsClient>> sockets;
  for (int i = 0; i < kSockets; ++i) sockets.push_back(connect(dana));
  std::vector<WsClient*> senders;
  for (auto& socket : sockets) senders.push_back(socket.get());
  auto tally = send_concurrently(senders, kPerSocket, noam.id);
  EXPECT_EQ(tally.accepted, 10);
  EXPECT_EQ(tally.refused, 90);
  EXPECT_EQ(tally.other, 0);
  EXPECT_EQ(stored_messages(), 10);
  EXPECT_EQ(balance(dana), 0);
  EXPECT_EQ(ledger_sum(dana), balance(dana));
  EXPECT_EQ(unread_total(*noam_socket), 10);
  EXPECT_EQ(query_integer(*server_, "SELECT unread FROM conversations WHERE user_id = " +
                                        std::to_string(noam.id)),
            10);
}

TEST_F(Chat, UnreadCountsStayExactWhileSendsAndReadsInterleave) {
  Member dana = member(), noam = member();
  grant(dana, 100000);
  auto reader = connect(noam);
  std::vector<std::unique_ptr<WsClient>> senders;
  for (int i = 0; i < 4; ++i) senders.push_back(connect(dana));
  std::vector<std::thread> threads;
  for (auto& socket : senders) {
    threads.emplace_back([&socket, &noam] {
      for (int i = 0; i < 25; ++i) text(*socket, noam.id, "burst " + std::to_string(i));
    });
  }
  // Meanwhile the receiver keeps reading up to whatever arrived last.
  for (int reads = 0; reads < 30; ++reads) {
    auto event = reader->wait_event("new_message", 2s);
    if (!event) break;
    reader->request(
        "message/read",
        {{"message_id", std::to_string(event->at("request_details").at("id").as_int64())}});
  }
  for (auto& thread : threads) thread.join();
  std::string pair = std::to_string(noam.id) + " AND other_id = " + std::to_string(dana.id);
  int64_t read_up_to =
      query_integer(*server_, "SELECT read_up_to FROM conversations WHERE user_id = " + pair);
  int64_t expected = query_integer(
      *server_, "SELECT COUNT(*) FROM messages WHERE receiver_id = " + std::to_string(noam.id) +
                    " AND id > " + std::to_string(read_up_to));
  EXPECT_GT(read_up_to, 0);
  EXPECT_EQ(stored_messages(), 100);
  EXPECT_EQ(unread_total(*reader), expected);
  EXPECT_EQ(query_integer(*server_, "SELECT unread FROM conversations WHERE user_id = " + pair),
            expected);
}

TEST_F(Chat, ShuttingDownWithSendsInFlightLosesNothingAndChargesOnce) {
  Member dana = member(), noam = member();
  grant(dana, 10000);
  std::vector<std::unique_ptr<WsClient>> sockets;
  for (int i = 0; i < 4; ++i) sockets.push_back(connect(dana));
  for (int i = 0; i < 40; ++i) {
    sockets[i % 4]->send({{"module", "send_message"},
                          {"client_id", "c-stop-" + std::to_string(i)},
                          {"receiver_id", noam.id},
                          {"message_type", "text"},
                          {"message_text", "in flight"}});
  }
  // One answer means the server is committing; the rest are still on their way when it stops.
  ASSERT_TRUE(sockets[0]->wait_event("send_message"));
  EXPECT_EQ(server_->stop(), 0) << "SIGTERM with sends queued for their commit exits cleanly";
  server_->restart();
  int64_t stored = stored_messages();
  EXPECT_GT(stored, 0);
  EXPECT_EQ(balance(dana), 10200 - 50 * stored) << "every stored message paid once, no other";
  EXPECT_EQ(ledger_sum(dana), balance(dana));
}

TEST_F(Chat, NotEnoughCreditsStoresNothingAndChargesNothing) {
  Member dana = member(), noam = member();
  auto socket = connect(dana);
  auto diamond = socket->request(
      "send_message", {{"receiver_id", noam.id}, {"message_type", "gift"}, {"gift_id", 20}});
  ASSERT_EQ(text_of(diamond.at("error_code")), "not_enough_credits");
  EXPECT_EQ(diamond.at("request_details").at("credits").as_int64(), 200);
  EXPECT_EQ(diamond.at("request_details").at("required").as_int64(), 1500);
  for (int i = 0; i < 4; ++i)
    ASSERT_EQ(text(*socket, noam.id, "x").at("request_status").as_int64(), 1);
  auto broke = text(*socket, noam.id, "one more");
  EXPECT_EQ(text_of(broke.at("error_code")), "not_enough_credits");
  EXPECT_EQ(broke.at("request_details").at("required").as_int64(), 50);
  EXPECT_EQ(stored_messages(), 4);
  EXPECT_EQ(balance(dana), 0);
  EXPECT_EQ(ledger_sum(dana), 0);
  EXPECT_EQ(socket->request("ping").at("module"), "pong") << "the socket stays usable";
}

TEST_F(Chat, ABlockedSenderIsDroppedEitherWay) {
  Member dana = member(), noam = member();
  auto dana_socket = connect(dana);
  auto noam_socket = connect(noam);
  ASSERT_EQ(text(*dana_socket, noam.id, "before").at("request_status").as_int64(), 1);
  ASSERT_TRUE(noam_socket->wait_event("new_message"));
  ASSERT_EQ(
      noam_socket->request("user/block", {{"user_id", dana.id}}).at("request_status").as_int64(),
      1);

  auto blocked = text(*dana_socket, noam.id, "after");
  EXPECT_EQ(text_of(blocked.at("error_code")), "not_found");
  EXPECT_FALSE(noam_socket->wait_event("new_message", 500ms));
  auto back = text(*noam_socket, dana.id, "and back");
  EXPECT_EQ(text_of(back.at("error_code")), "not_found");
  EXPECT_EQ(stored_messages(), 1);
  EXPECT_EQ(balance(dana), 150);
  EXPECT_EQ(balance(noam), 200);
  EXPECT_EQ(unread_total(*noam_socket), 0) << "a blocked conversation doesn't count";
  auto contacts =
      noam_socket->request("user/contacts", {{"currentLength", 0}, {"recordsToTake", 20}});
  EXPECT_TRUE(contacts.at("data").as_array().empty());
  auto history =
      noam_socket->request("messages", {{"contact_user_id", dana.id}, {"recordsToTake", 20}});
  EXPECT_EQ(text_of(history.at("error_code")), "not_found");
  auto contact = dana_socket->request("user/contact/get_by_id", {{"contact_id", noam.id}});
  EXPECT_EQ(text_of(contact.at("error_code")), "not_found");
}

TEST_F(Chat, BadInputIsRefusedWithoutChargingAndTheSocketStaysUsable) {
  Member dana = member(), noam = member();
  auto socket = connect(dana);
  auto code = [&](json::object payload) {
    auto reply = socket->request("send_message", payload);
    return reply.contains("error_code") ? text_of(reply.at("error_code")) : std::string("ok");
  };
  json::object base{{"receiver_id", noam.id}, {"message_type", "text"}};
  auto with = [&](json::object extra) {
    json::object payload = base;
    for (const auto& [k, v] : extra) payload[k] = v;
    return payload;
  };
  EXPECT_EQ(code(with({{"message_text", ""}})), "empty_message");
  EXPECT_EQ(code(with({{"message_text", " \n\t "}})), "empty_message");
  EXPECT_EQ(code(with({})), "empty_message");
  EXPECT_EQ(code(with({{"message_text", std::string(2001, 'a')}})), "message_too_long");
  EXPECT_EQ(code(with({{"message_text", "hi"}, {"sender_id", noam.id}})), "sender_mismatch");
  EXPECT_EQ(code({{"receiver_id", dana.id}, {"message_text", "me"}}), "not_found");
  EXPECT_EQ(code({{"receiver_id", 987654}, {"message_text", "ghost"}}), "not_found");
  EXPECT_EQ(code({{"message_text", "nobody"}}), "invalid_value");
  EXPECT_EQ(code({{"receiver_id", "abc"}, {"message_text", "x"}}), "invalid_field");
  EXPECT_EQ(code({{"receiver_id", noam.id}, {"message_text", 5}}), "invalid_field");
  EXPECT_EQ(code(with({{"message_text", "hi"}, {"client_id", "has space"}})), "invalid_value");
  EXPECT_EQ(code(with({{"message_text", "hi"}, {"client_id", std::string(65, 'a')}})),
            "invalid_value");
  EXPECT_EQ(code({{"receiver_id", noam.id}, {"message_type", "video"}, {"message_text", "x"}}),
            "invalid_value");
  EXPECT_EQ(code({{"receiver_id", noam.id}, {"message_type", "gift"}, {"gift_id", 999}}),
            "invalid_value");
  EXPECT_EQ(code({{"receiver_id", noam.id}, {"message_type", "gift"}}), "invalid_value");
  EXPECT_EQ(stored_messages(), 0);
  EXPECT_EQ(balance(dana), 200);

  // A sender_id equal to the caller is fine; text is stored as plain, trimmed text.
  auto ok = socket->request("send_message",
                            with({{"message_text", "  <b>hi</b>\x01  "}, {"sender_id", dana.id}}));
  ASSERT_EQ(ok.at("request_status").as_int64(), 1) << serialize(ok);
  EXPECT_EQ(text_of(ok.at("data").at("message")), "<b>hi</b>");
}

TEST_F(Chat, BadInputToTheReadingModulesGetsClearErrors) {
  Member dana = member(), noam = member();
  auto socket = connect(dana);
  auto code = [&](const std::string& module, json::object payload) {
    auto reply = socket->request(module, payload);
    return reply.contains("error_code") ? text_of(reply.at("error_code")) : std::string("ok");
  };
  EXPECT_EQ(code("messages", {{"recordsToTake", 20}}), "invalid_value");
  EXPECT_EQ(code("messages", {{"contact_user_id", noam.id}, {"before_id", -5}}), "invalid_value");
  EXPECT_EQ(code("messages", {{"contact_user_id", noam.id}, {"currentLength", -1}}),
            "invalid_value");
  EXPECT_EQ(code("messages", {{"contact_user_id", "noam"}}), "invalid_field");
  EXPECT_EQ(code("messages", {{"contact_user_id", 987654}}), "not_found");
  EXPECT_EQ(code("user/contacts", {{"archived", 2}}), "invalid_value");
  EXPECT_EQ(code("user/contacts", {{"recordsToTake", 0}}), "invalid_value");
  EXPECT_EQ(code("user/contact/get_by_id", {}), "invalid_value");
  EXPECT_EQ(code("user/contact/get_by_id", {{"contact_id", json::array{1}}}), "invalid_field");
  EXPECT_EQ(code("conversation/archive", {}), "invalid_value");
  EXPECT_EQ(code("conversation/unarchive", {{"user_id", 987654}}), "not_found");
  EXPECT_EQ(code("message/read", {}), "invalid_value");
  EXPECT_EQ(code("message/read", {{"message_id", json::object{}}}), "invalid_value");
  EXPECT_EQ(code("gifts", {{"currentLength", -3}}), "invalid_value");
  EXPECT_EQ(code("ping", {}), "ok") << "the socket stays usable";
}

TEST_F(Chat, GiftsComeFromTheCatalogueAtTheirOwnPrice) {
  Member dana = member(), noam = member();
  auto dana_socket = connect(dana);
  auto noam_socket = connect(noam);
  auto catalogue = dana_socket->request("gifts", {{"currentLength", 0}, {"recordsToTake", 40}});
  const auto& gifts = catalogue.at("data").as_array();
  ASSERT_GE(gifts.size(), 20u);
  int64_t previous = 0;
  for (const auto& gift : gifts) {
    EXPECT_GE(gift.at("price").as_int64(), previous) << "cheapest first";
    previous = gift.at("price").as_int64();
    EXPECT_FALSE(gift.at("names").at("de").as_string().empty());
    EXPECT_TRUE(gift.at("icon").as_string().starts_with("/gifts/"));
  }
  EXPECT_EQ(text_of(gifts.at(0).at("gift")), text_of(gifts.at(0).at("names").at("en")))
      << "the name is in the caller's language";
  ASSERT_EQ(dana_socket->request("user/update", {{"key", "language"}, {"value", "de"}})
                .at("request_status")
                .as_int64(),
            1);
  auto german = dana_socket->request("gifts", {{"currentLength", 0}, {"recordsToTake", 1}});
  EXPECT_EQ(text_of(german.at("data").at(0).at("gift")), text_of(gifts.at(0).at("names").at("de")));
  EXPECT_EQ(text_of(dana_socket->request("gifts", {{"recordsToTake", 41}}).at("error_code")),
            "invalid_value");

  const auto& rose = gifts.at(0).as_object();
  auto sent = dana_socket->request("send_message", {{"receiver_id", noam.id},
                                                    {"message_type", "gift"},
                                                    {"gift_id", rose.at("id")},
                                                    {"price", 1}});
  ASSERT_EQ(sent.at("request_status").as_int64(), 1) << serialize(sent);
  EXPECT_EQ(sent.at("request_details").at("credits_spent"), rose.at("price"));
  EXPECT_EQ(balance(dana), 200 - rose.at("price").as_int64()) << "the client's price is ignored";
  auto event = noam_socket->wait_event("new_message");
  ASSERT_TRUE(event);
  EXPECT_EQ(text_of(event->at("request_details").at("type")), "gift");
  EXPECT_EQ(event->at("request_details").at("gift").at("id"), rose.at("id"));
  auto contact =
      noam_socket->request("user/contacts", {{"currentLength", 0}, {"recordsToTake", 10}});
  EXPECT_EQ(contact.at("data").as_array().at(0).at("gift").as_int64(), 1);
}

TEST_F(Chat, ArchivingHidesAConversationUntilTheNextMessage) {
  Member dana = member(), noam = member();
  auto dana_socket = connect(dana);
  auto noam_socket = connect(noam);
  ASSERT_EQ(text(*dana_socket, noam.id, "hello").at("request_status").as_int64(), 1);
  auto list = [&](int archived) {
    return ids_of(noam_socket->request(
        "user/contacts", {{"currentLength", 0}, {"recordsToTake", 20}, {"archived", archived}}));
  };
  ASSERT_EQ(noam_socket->request("conversation/archive", {{"user_id", dana.id}})
                .at("request_status")
                .as_int64(),
            1);
  EXPECT_TRUE(list(0).empty());
  EXPECT_EQ(list(1), std::vector<int64_t>{dana.id});
  ASSERT_EQ(text(*dana_socket, noam.id, "are you there?").at("request_status").as_int64(), 1);
  EXPECT_EQ(list(0), std::vector<int64_t>{dana.id}) << "a new message brings it back";
  ASSERT_EQ(noam_socket->request("conversation/archive", {{"user_id", dana.id}})
                .at("request_status")
                .as_int64(),
            1);
  ASSERT_EQ(noam_socket->request("conversation/unarchive", {{"user_id", dana.id}})
                .at("request_status")
                .as_int64(),
            1);
  EXPECT_EQ(list(0), std::vector<int64_t>{dana.id});
  Member stranger = member();
  EXPECT_EQ(text_of(noam_socket->request("conversation/archive", {{"user_id", stranger.id}})
                        .at("error_code")),
            "not_found");
}

TEST_F(Chat, AContactWithoutMessagesAndTheLastSenderOfOne) {
  Member dana = member(), noam = member();
  auto dana_socket = connect(dana);
  auto noam_socket = connect(noam);
  auto empty = dana_socket->request("user/contact/get_by_id", {{"contact_id", noam.id}});
  ASSERT_EQ(empty.at("request_status").as_int64(), 1);
  EXPECT_EQ(text_of(empty.at("data").at("last_m")), "");
  EXPECT_EQ(empty.at("data").at("time").as_int64(), 0);
  EXPECT_EQ(empty.at("data").at("status").as_int64(), 1) << "noam is online";
  EXPECT_EQ(text_of(dana_socket->request("user/contact/get_by_id", {{"contact_id", dana.id}})
                        .at("error_code")),
            "not_found");

  ASSERT_EQ(text(*dana_socket, noam.id, "first").at("request_status").as_int64(), 1);
  ASSERT_EQ(text(*noam_socket, dana.id, "reply").at("request_status").as_int64(), 1);
  auto contact = dana_socket->request("user/contact/get_by_id", {{"contact_id", noam.id}});
  EXPECT_EQ(text_of(contact.at("data").at("last_m")), "reply");
  EXPECT_EQ(contact.at("data").at("s_id").as_int64(), noam.id);
  EXPECT_EQ(contact.at("data").at("unread").as_int64(), 1);
}

TEST_F(Chat, NothingAnswersAutomaticallyForAPersona) {
  Member dana = member();
  execute_sql(
      *server_,
      "INSERT INTO users (kind, name, gender, birth_date, place_id, created_at, persona_key) "
      "VALUES ('persona', 'Noa', 2, '1996-01-01', 293397, 0, 'noa-test')");
  int64_t persona = query_integer(*server_, "SELECT id FROM users WHERE persona_key = 'noa-test'");
  auto socket = connect(dana);
  auto sent = text(*socket, persona, "hi Noa");
  ASSERT_EQ(sent.at("request_status").as_int64(), 1) << serialize(sent);
  EXPECT_FALSE(socket->wait_event("new_message", 1500ms));
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM messages WHERE sender_id = " +
                                        std::to_string(persona)),
            0);
  auto contacts = socket->request("user/contacts", {{"currentLength", 0}, {"recordsToTake", 20}});
  EXPECT_EQ(contacts.at("data").as_array().at(0).at("virtual").as_int64(), 1);
}

}  // namespace

// Backpressure: with no room in the commit queue a send is refused, stores nothing, charges
// nothing, and the socket goes on working.
TEST(ChatBackpressure, AFullCommitQueueAnswersServerBusy) {
  ServerProcess server({"--max-queued-sends", "0"});
  Member dana = register_member(server, "busy-dana@example.com");
  Member noam = register_member(server, "busy-noam@example.com");
  auto socket = connect_member(server, dana);
  auto reply = socket->request("send_message", {{"receiver_id", noam.id},
                                                {"message_type", "text"},
                                                {"message_text", "hello"},
                                                {"client_id", "c-busy"}});
  EXPECT_EQ(text_of(reply.at("error_code")), "server_busy");
  EXPECT_EQ(query_integer(server, "SELECT COUNT(*) FROM messages"), 0);
  EXPECT_EQ(
      query_integer(server, "SELECT credits FROM users WHERE id = " + std::to_string(dana.id)),
      200);
  EXPECT_EQ(socket->request("user/contacts/unread").at("request_status").as_int64(), 1);
}
