#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "domain/routes.hpp"
#include "protocol/cookies.hpp"
#include "protocol/envelope.hpp"
#include "protocol/errors.hpp"

using namespace kesher::protocol;
namespace errc = kesher::errc;

namespace {
std::string_view failure_of(std::string_view frame) {
  auto decoded = decode_envelope(frame);
  auto* failure = std::get_if<DecodeFailure>(&decoded);
  return failure ? failure->error_code : std::string_view("decoded");
}
}  // namespace

TEST(Envelope, DecodesModuleRidAndPayload) {
  auto decoded = decode_envelope(R"({"module":"configs","rid":"7","keys":["site"]})");
  auto& envelope = std::get<Envelope>(decoded);
  EXPECT_EQ(envelope.module, "configs");
  EXPECT_EQ(envelope.rid, "7");
  EXPECT_FALSE(envelope.payload.contains("module"));
  EXPECT_FALSE(envelope.payload.contains("rid"));
  EXPECT_TRUE(envelope.payload.contains("keys"));
}

TEST(Envelope, MalformedInputGetsCatalogueCodes) {
  EXPECT_EQ(failure_of("{not json"), errc::malformed_json);
  EXPECT_EQ(failure_of(""), errc::malformed_json);
  EXPECT_EQ(failure_of("\xff\xfe"), errc::malformed_json);
  EXPECT_EQ(failure_of("[1,2]"), errc::not_an_object);
  EXPECT_EQ(failure_of("42"), errc::not_an_object);
  EXPECT_EQ(failure_of("{}"), errc::missing_module);
  EXPECT_EQ(failure_of(R"({"module":5})"), errc::missing_module);
  EXPECT_EQ(failure_of(R"({"module":""})"), errc::missing_module);
  EXPECT_EQ(failure_of(std::string(100000, '[')), errc::malformed_json);
}

TEST(Envelope, OverlongRidIsDropped) {
  auto decoded = decode_envelope(R"({"module":"ping","rid":")" + std::string(65, 'x') + "\"}");
  EXPECT_TRUE(std::get<Envelope>(decoded).rid.empty());
}

TEST(Fields, TypedReadsRememberTheFirstWrongField) {
  auto object =
      boost::json::parse(R"({"a":5,"b":"12","c":"x","d":[1],"e":["x","y"],"f":1.5,"g":"text"})")
          .as_object();
  Fields fields(object);
  EXPECT_EQ(fields.integer("a"), 5);
  EXPECT_EQ(fields.integer("b"), 12);
  EXPECT_EQ(fields.integer("missing"), std::nullopt);
  EXPECT_FALSE(fields.failed());
  EXPECT_EQ(fields.integer("c"), std::nullopt);
  EXPECT_TRUE(fields.failed());
  EXPECT_EQ(fields.invalid_field(), "c");
  EXPECT_EQ(fields.strings("e")->size(), 2u);
  EXPECT_FALSE(fields.strings("d"));
  EXPECT_FALSE(fields.integer("f"));
  EXPECT_EQ(fields.invalid_field(), "c");  // still the first one
  EXPECT_EQ(fields.error_reply().at("field").as_string(), "c");
  EXPECT_EQ(fields.error_reply().at("error_code").as_string(), "invalid_field");
}

TEST(Fields, WholeDoublesAreIntegersAndHugeOnesAreInvalid) {
  auto object =
      boost::json::parse(R"({"a":2.0,"b":-7e3,"c":1.2e20,"d":-1e300,"e":9e15})").as_object();
  Fields fields(object);
  EXPECT_EQ(fields.integer("a"), 2);
  EXPECT_EQ(fields.integer("b"), -7000);
  EXPECT_FALSE(fields.failed());
  // Found by the fields fuzzer under UBSan: 1.2e20 was converted to int64 before the range check.
  EXPECT_EQ(fields.integer("c"), std::nullopt);
  EXPECT_EQ(fields.invalid_field(), "c");
  EXPECT_EQ(Fields(object).integer("d"), std::nullopt);
  EXPECT_EQ(Fields(object).integer("e"), std::nullopt);
}

TEST(Replies, Shape) {
  auto ok = reply_ok(boost::json::object{{"x", 1}});
  EXPECT_EQ(ok.at("request_status").as_int64(), 1);
  auto error = reply_error(errc::invalid_value, "value");
  EXPECT_EQ(error.at("request_status").as_int64(), 0);
  EXPECT_EQ(error.at("error_code").as_string(), "invalid_value");
  EXPECT_EQ(error.at("field").as_string(), "value");
}

TEST(Cookies, FindsTheSessionCookie) {
  EXPECT_EQ(cookie_value("a=1; session=abc; b=2", "session"), "abc");
  EXPECT_EQ(cookie_value("session=\"q\"", "session"), "q");
  EXPECT_EQ(cookie_value("xsession=1; sessions=2", "session"), "");
  EXPECT_EQ(cookie_value("", "session"), "");
}

TEST(Routes, SpecRules) {
  using kesher::domain::classify_route;
  using kesher::domain::RouteAccess;
  EXPECT_EQ(classify_route("/explore"), RouteAccess::protected_page);
  EXPECT_EQ(classify_route("/settings/"), RouteAccess::protected_page);
  EXPECT_EQ(classify_route("/chat/abc"), RouteAccess::protected_page);
  EXPECT_EQ(classify_route("/"), RouteAccess::guest_only);
  EXPECT_EQ(classify_route("/login"), RouteAccess::guest_only);
  EXPECT_EQ(classify_route("/privacy"), RouteAccess::open_page);
  EXPECT_EQ(classify_route("/recover/token123"), RouteAccess::open_page);
  // /ref/{slug} is no page: the server follows the link itself (modules/referrals.cpp).
  EXPECT_EQ(classify_route("/ref/friend"), RouteAccess::unknown);
  EXPECT_EQ(classify_route("/chat"), RouteAccess::protected_page);
  EXPECT_EQ(classify_route("/check"), RouteAccess::open_page);
  EXPECT_EQ(classify_route("/payments/redirect"), RouteAccess::open_page);
  EXPECT_EQ(classify_route("/chat/a/b"), RouteAccess::unknown);
  // Paths the client has no page for (web/src/app/router.tsx) are not found here either.
  EXPECT_EQ(classify_route("/recover"), RouteAccess::unknown);
  EXPECT_EQ(classify_route("/verify"), RouteAccess::unknown);
  EXPECT_EQ(classify_route("/payments/elsewhere"), RouteAccess::unknown);
  EXPECT_EQ(classify_route("/nowhere"), RouteAccess::unknown);
  EXPECT_EQ(classify_route("/explorer"), RouteAccess::unknown);
}
