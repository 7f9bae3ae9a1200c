// The XMPP frames of kesher_load's ejabberd mode (server/bench/xmpp_frames.hpp): what it writes,
// and that reading the peer's bytes never goes out of range whatever they are.
#include "xmpp_frames.hpp"

#include <gtest/gtest.h>

#include <random>

namespace xmpp = kesher::bench::xmpp;

TEST(XmppFrames, PlainAuthCarriesNulSeparatedCredentials) {
  // base64("\0load7\0secret")
  EXPECT_EQ(xmpp::auth_plain_frame("load7", "secret"),
            "<auth xmlns='urn:ietf:params:xml:ns:xmpp-sasl' mechanism='PLAIN'>"
            "AGxvYWQ3AHNlY3JldA==</auth>");
}

TEST(XmppFrames, ReadsAChatMessageAsEjabberdSendsIt) {
  auto stanza = xmpp::parse_stanza(
      "<message xmlns='jabber:client' xml:lang='en' to='load1@localhost/load' "
      "from='load0@localhost/load' type='chat' id='s0-0-17'><body>load 123456789</body>"
      "<stanza-id xmlns='urn:xmpp:sid:0' by='load1@localhost' id='1700000000000000'/></message>");
  ASSERT_TRUE(stanza);
  EXPECT_EQ(stanza->name, "message");
  EXPECT_EQ(stanza->type, "chat");
  EXPECT_EQ(stanza->id, "s0-0-17");
  EXPECT_EQ(stanza->body, "load 123456789");
  EXPECT_EQ(stanza->error_condition, "");
}

TEST(XmppFrames, ReadsTheFramingAndSaslReplies) {
  auto features = xmpp::parse_stanza(
      "<?xml version='1.0'?> <stream:features xmlns:stream=\"http://etherx.jabber.org/streams\">"
      "<mechanisms xmlns='urn:ietf:params:xml:ns:xmpp-sasl'><mechanism>PLAIN</mechanism>"
      "</mechanisms></stream:features>");
  ASSERT_TRUE(features);
  EXPECT_EQ(features->name, "features");
  auto success = xmpp::parse_stanza("<success xmlns='urn:ietf:params:xml:ns:xmpp-sasl'/>");
  ASSERT_TRUE(success);
  EXPECT_EQ(success->name, "success");
  auto bound = xmpp::parse_stanza(
      "<iq type=\"result\" id=\"bind\"><bind xmlns='urn:ietf:params:xml:ns:xmpp-bind'>"
      "<jid>load1@localhost/load</jid></bind></iq>");
  ASSERT_TRUE(bound);
  EXPECT_EQ(bound->type, "result");
  EXPECT_EQ(bound->id, xmpp::kBindId);
}

TEST(XmppFrames, ReadsErrorConditions) {
  auto bounced = xmpp::parse_stanza(
      "<message type='error' id='x'><body>load 1</body><error type='cancel'>"
      "<service-unavailable xmlns='urn:ietf:params:xml:ns:xmpp-stanzas'/></error></message>");
  ASSERT_TRUE(bounced);
  EXPECT_EQ(bounced->type, "error");
  EXPECT_EQ(bounced->error_condition, "service-unavailable");
  auto stream_error = xmpp::parse_stanza(
      "<stream:error><not-authorized xmlns='urn:ietf:params:xml:ns:xmpp-streams'/>"
      "</stream:error>");
  ASSERT_TRUE(stream_error);
  EXPECT_EQ(stream_error->name, "error");
  EXPECT_EQ(stream_error->error_condition, "not-authorized");
}

TEST(XmppFrames, MalformedFramesGiveNothingOrEmptyFields) {
  for (std::string_view bad :
       {"", " ", "<", "<>", "< message/>", "<message type='chat", "text", "<message type=chat/>",
        "<message type='chat'", "<?xml ", "<a b='1' c/>", "<a/", "<stream:>"}) {
    EXPECT_FALSE(xmpp::parse_stanza(bad)) << bad;
  }
  auto cut = xmpp::parse_stanza("<message type='chat'><body>load 1");
  ASSERT_TRUE(cut);
  EXPECT_EQ(cut->body, "");
  auto no_condition = xmpp::parse_stanza("<iq type='error'><error type='cancel'></error></iq>");
  ASSERT_TRUE(no_condition);
  EXPECT_EQ(no_condition->error_condition, "");
  auto empty_body = xmpp::parse_stanza("<message><body/><bodyguard>x</bodyguard></message>");
  ASSERT_TRUE(empty_body);
  EXPECT_EQ(empty_body->body, "");
}

// Every prefix of real frames, and random mutations of them: ASan and UBSan builds
// (make test-asan) turn any read out of range into a failure.
TEST(XmppFrames, SurvivesTruncatedAndMutatedFrames) {
  const std::string samples[] = {
      "<message xmlns='jabber:client' to='a@b/c' type='chat' id='1'><body>load 5</body>"
      "<error type='cancel'><item-not-found/></error></message>",
      "<?xml version='1.0'?><stream:error><conflict/></stream:error>",
      "<iq type=\"result\" id=\"bind\"><bind><jid>a@b/c</jid></bind></iq>",
  };
  std::mt19937 random(7);
  const std::string alphabet = "<>/='\" ?:abodyerr\n";
  for (const auto& sample : samples) {
    for (size_t length = 0; length <= sample.size(); ++length) {
      (void)xmpp::parse_stanza(std::string_view(sample).substr(0, length));
    }
    for (int round = 0; round < 2000; ++round) {
      std::string mutated = sample;
      for (int edits = 1 + static_cast<int>(random() % 4); edits > 0; --edits) {
        size_t at = random() % mutated.size();
        mutated[at] = alphabet[random() % alphabet.size()];
      }
      auto stanza = xmpp::parse_stanza(mutated);
      if (stanza) EXPECT_FALSE(stanza->name.empty());
    }
  }
}
