// Web push rules (domain/push_rules): the texts per language, the payload the service worker
// reads, and which addresses the server may push to (the SSRF guard of decision 0013).
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <set>

#include "domain/push_rules.hpp"

using namespace kesher::domain;
using namespace kesher::domain::push;

namespace {

boost::json::object payload_of(Notification notification, int64_t receiver, Language language) {
  return boost::json::parse(payload_json(notification, receiver, language)).as_object();
}

}  // namespace

TEST(PushRules, MessageBodyIsGenericInEveryLanguage) {
  EXPECT_EQ(body_text(Kind::message, Language::he), "יש לך הודעה חדשה");
  EXPECT_EQ(body_text(Kind::message, Language::en), "You have a new message");
  EXPECT_EQ(body_text(Kind::message, Language::de), "Du hast eine neue Nachricht");
}

TEST(PushRules, EveryKindHasADistinctTextInEveryLanguage) {
  for (auto language : {Language::he, Language::en, Language::de}) {
    std::set<std::string_view> seen;
    for (auto kind : {Kind::message, Kind::match, Kind::like, Kind::confirm}) {
      auto text = body_text(kind, language);
      EXPECT_FALSE(text.empty()) << kind_name(kind);
      EXPECT_TRUE(seen.insert(text).second) << kind_name(kind);
    }
  }
  // Hebrew texts are Hebrew, the others are not the Hebrew ones.
  EXPECT_NE(body_text(Kind::match, Language::he), body_text(Kind::match, Language::en));
  EXPECT_NE(body_text(Kind::like, Language::de), body_text(Kind::like, Language::en));
}

TEST(PushRules, TitleIsTheBrandInTheMembersLanguage) {
  EXPECT_EQ(title_text(Language::he), "קשר");
  EXPECT_EQ(title_text(Language::en), "Kesher");
  EXPECT_EQ(title_text(Language::de), "Kesher");
}

TEST(PushRules, MessagePayloadLeadsToTheChatAndCarriesNoText) {
  auto payload = payload_of({Kind::message, 42}, 7, Language::he);
  EXPECT_EQ(payload.at("kind"), "message");
  EXPECT_EQ(payload.at("title"), "קשר");
  EXPECT_EQ(payload.at("body"), "יש לך הודעה חדשה");
  EXPECT_EQ(payload.at("url"), "/chat/42");
  EXPECT_EQ(payload.at("tag"), "message:42");
  EXPECT_EQ(payload.at("lang"), "he");
  EXPECT_EQ(payload.at("dir"), "rtl");
  EXPECT_EQ(payload.size(), 7u);
}

TEST(PushRules, PayloadsOfTheOtherKinds) {
  auto match = payload_of({Kind::match, 9}, 7, Language::en);
  EXPECT_EQ(match.at("url"), "/match");
  EXPECT_EQ(match.at("tag"), "match:9");
  EXPECT_EQ(match.at("dir"), "ltr");
  EXPECT_EQ(match.at("lang"), "en");
  // A like never names who liked (premium, spec §6): the tag is the receiver's own.
  auto like = payload_of({Kind::like, 9}, 7, Language::de);
  EXPECT_EQ(like.at("url"), "/likesme");
  EXPECT_EQ(like.at("tag"), "like:7");
  EXPECT_EQ(like.at("body"), "Jemand mag dich");
  auto confirm = payload_of({Kind::confirm}, 7, Language::he);
  EXPECT_EQ(confirm.at("url"), "/explore");
  EXPECT_EQ(confirm.at("tag"), "confirm:confirm");
}

TEST(PushRules, TtlAndUrgency) {
  EXPECT_EQ(urgency(Kind::message), "high");
  EXPECT_EQ(urgency(Kind::like), "low");
  EXPECT_EQ(urgency(Kind::match), "normal");
  EXPECT_GT(ttl_seconds(Kind::message), ttl_seconds(Kind::confirm));
  for (auto kind : {Kind::message, Kind::match, Kind::like, Kind::confirm}) {
    EXPECT_GT(ttl_seconds(kind), 0);
    EXPECT_LE(ttl_seconds(kind), 28 * 24 * 3600);  // what push services keep at most
  }
}

TEST(PushAddressGuard, ClassifiesIPv4) {
  auto cls = [](std::string_view text) { return classify_address_text(text).value(); };
  EXPECT_EQ(cls("142.250.185.10"), AddressClass::public_unicast);
  EXPECT_EQ(cls("8.8.8.8"), AddressClass::public_unicast);
  EXPECT_EQ(cls("127.0.0.1"), AddressClass::loopback);
  EXPECT_EQ(cls("127.255.0.9"), AddressClass::loopback);
  EXPECT_EQ(cls("10.1.2.3"), AddressClass::private_network);
  EXPECT_EQ(cls("172.16.0.1"), AddressClass::private_network);
  EXPECT_EQ(cls("172.31.255.255"), AddressClass::private_network);
  EXPECT_EQ(cls("172.32.0.1"), AddressClass::public_unicast);
  EXPECT_EQ(cls("192.168.1.1"), AddressClass::private_network);
  EXPECT_EQ(cls("100.64.0.1"), AddressClass::private_network);
  EXPECT_EQ(cls("100.128.0.1"), AddressClass::public_unicast);
  EXPECT_EQ(cls("169.254.169.254"), AddressClass::link_local);  // cloud metadata
  EXPECT_EQ(cls("0.0.0.0"), AddressClass::unspecified);
  EXPECT_EQ(cls("0.1.2.3"), AddressClass::reserved);
  EXPECT_EQ(cls("224.0.0.1"), AddressClass::multicast);
  EXPECT_EQ(cls("239.255.255.250"), AddressClass::multicast);
  EXPECT_EQ(cls("255.255.255.255"), AddressClass::reserved);
  EXPECT_EQ(cls("240.0.0.1"), AddressClass::reserved);
  EXPECT_EQ(cls("192.0.2.1"), AddressClass::reserved);
}

TEST(PushAddressGuard, ClassifiesIPv6) {
  auto cls = [](std::string_view text) { return classify_address_text(text).value(); };
  EXPECT_EQ(cls("2a00:1450:4001:82b::200a"), AddressClass::public_unicast);
  EXPECT_EQ(cls("::1"), AddressClass::loopback);
  EXPECT_EQ(cls("::"), AddressClass::unspecified);
  EXPECT_EQ(cls("fe80::1"), AddressClass::link_local);
  EXPECT_EQ(cls("fd12:3456::1"), AddressClass::private_network);
  EXPECT_EQ(cls("fc00::1"), AddressClass::private_network);
  EXPECT_EQ(cls("ff02::1"), AddressClass::multicast);
  EXPECT_EQ(cls("2001:db8::1"), AddressClass::reserved);
  EXPECT_EQ(cls("::2"), AddressClass::reserved);
  // An IPv4 address inside IPv6 is judged by the IPv4 address.
  EXPECT_EQ(cls("::ffff:127.0.0.1"), AddressClass::loopback);
  EXPECT_EQ(cls("::ffff:10.0.0.1"), AddressClass::private_network);
  EXPECT_EQ(cls("::ffff:8.8.8.8"), AddressClass::public_unicast);
  EXPECT_EQ(cls("64:ff9b::a9fe:a9fe"), AddressClass::link_local);  // NAT64 of 169.254.169.254
}

TEST(PushAddressGuard, RefusesNonAddressesAndOddSizes) {
  EXPECT_FALSE(classify_address_text("example.com").has_value());
  EXPECT_FALSE(classify_address_text("").has_value());
  EXPECT_FALSE(classify_address_text("1.2.3").has_value());
  EXPECT_EQ(classify_address(std::string("\x01\x02\x03", 3)), AddressClass::reserved);
  EXPECT_EQ(classify_address(std::string("\x08\x08\x08\x08", 4)), AddressClass::public_unicast);
}

TEST(PushAddressGuard, OnlyPublicUnicastUnlessLoopbackIsAllowedForTests) {
  for (auto refused :
       {AddressClass::loopback, AddressClass::private_network, AddressClass::link_local,
        AddressClass::unspecified, AddressClass::multicast, AddressClass::reserved}) {
    EXPECT_FALSE(may_push_to(refused, false)) << describe(refused);
  }
  EXPECT_TRUE(may_push_to(AddressClass::public_unicast, false));
  EXPECT_TRUE(may_push_to(AddressClass::loopback, true));
  // The test flag opens loopback only, never the private networks around the machine.
  EXPECT_FALSE(may_push_to(AddressClass::private_network, true));
  EXPECT_FALSE(may_push_to(AddressClass::link_local, true));
}
