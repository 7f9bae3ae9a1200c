#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <set>

#include "domain/profile_extras.hpp"

using namespace kesher::domain::extras;
namespace json = boost::json;

namespace {

CheckedChanges check(std::string_view text, bool allow_clear = false) {
  return check_changes(json::parse(text), allow_clear);
}

}  // namespace

TEST(ProfileExtras, CatalogueHasTheSpecsSixteenFieldsWithUniqueOptions) {
  std::set<std::string_view> ids;
  for (const Field& field : catalogue()) {
    EXPECT_TRUE(ids.insert(field.id).second) << field.id;
    std::set<std::string_view> options(field.options.begin(), field.options.end());
    EXPECT_EQ(options.size(), field.options.size()) << field.id;
    if (field.kind != Kind::number) {
      EXPECT_GE(field.options.size(), 3u) << field.id;
    }
  }
  EXPECT_EQ(ids.size(), 16u);
  for (auto id : {"relationship_goal", "dating_experience", "distance", "communication",
                  "ethnicity", "relationship_status", "height", "industry", "interests", "drink",
                  "smoke", "workout", "pets", "children", "family_plans", "personality"}) {
    EXPECT_NE(find_field(id), nullptr) << id;
  }
}

TEST(ProfileExtras, IndustryHasExactlyTwentyThreeOptions) {
  ASSERT_NE(find_field("industry"), nullptr);
  EXPECT_EQ(find_field("industry")->options.size(), 23u);
}

TEST(ProfileExtras, AcceptsEachKind) {
  auto checked = check(R"({"smoke":"never","height":172,"interests":["music","travel","music"]})");
  ASSERT_TRUE(checked);
  const Changes& changes = *checked.changes;
  EXPECT_EQ(changes.at("smoke"), std::vector<std::string>{"never"});
  EXPECT_EQ(changes.at("height"), std::vector<std::string>{"172"});
  // Repeats dropped, catalogue order kept.
  EXPECT_EQ(changes.at("interests"), (std::vector<std::string>{"travel", "music"}));
}

TEST(ProfileExtras, RefusesUnknownFieldAndOption) {
  auto field = check(R"({"zodiac":"leo"})");
  EXPECT_FALSE(field);
  EXPECT_EQ(field.problem.field, "zodiac");
  EXPECT_EQ(field.problem.reason, "unknown_field");

  auto option = check(R"({"drink":"always"})");
  EXPECT_FALSE(option);
  EXPECT_EQ(option.problem.field, "drink");
  EXPECT_EQ(option.problem.reason, "unknown_option");

  // An option of another field is no option of this one.
  auto borrowed = check(R"({"pets":"never"})");
  EXPECT_EQ(borrowed.problem.reason, "unknown_option");

  auto interest = check(R"({"interests":["music","skydiving"]})");
  EXPECT_EQ(interest.problem.field, "interests");
  EXPECT_EQ(interest.problem.reason, "unknown_option");
}

TEST(ProfileExtras, RefusesWrongTypes) {
  for (auto text : {R"({"smoke":1})", R"({"height":"172"})", R"({"height":172.5})",
                    R"({"interests":"music"})", R"({"interests":[1]})", R"({"smoke":["never"]})",
                    R"({"smoke":null})", R"({"interests":[]})"}) {
    auto checked = check(text);
    EXPECT_FALSE(checked) << text;
    EXPECT_EQ(checked.problem.reason, "wrong_type") << text;
  }
  auto not_object = check(R"(["smoke"])");
  EXPECT_FALSE(not_object);
  EXPECT_EQ(not_object.problem.field, "");
}

TEST(ProfileExtras, HeightRange) {
  EXPECT_TRUE(check(R"({"height":120})"));
  EXPECT_TRUE(check(R"({"height":230})"));
  for (auto text : {R"({"height":119})", R"({"height":231})", R"({"height":-5})",
                    R"({"height":18446744073709551615})"}) {
    auto checked = check(text);
    EXPECT_FALSE(checked) << text;
    EXPECT_EQ(checked.problem.reason, "out_of_range") << text;
  }
}

TEST(ProfileExtras, TooManyInterests) {
  json::array ten, eleven;
  const Field* interests = find_field("interests");
  for (size_t i = 0; i < 11; ++i) {
    if (i < 10) ten.emplace_back(interests->options[i]);
    eleven.emplace_back(interests->options[i]);
  }
  EXPECT_TRUE(check_changes(json::object{{"interests", ten}}, false));
  auto checked = check_changes(json::object{{"interests", eleven}}, false);
  EXPECT_FALSE(checked);
  EXPECT_EQ(checked.problem.reason, "too_many");
}

TEST(ProfileExtras, ClearingOnlyWhenAllowed) {
  auto checked = check(R"({"smoke":null,"interests":[]})", true);
  ASSERT_TRUE(checked);
  EXPECT_TRUE(checked.changes->at("smoke").empty());
  EXPECT_TRUE(checked.changes->at("interests").empty());
}

TEST(ProfileExtras, ApplyAndJson) {
  Extras extras;
  apply_changes(extras,
                *check(R"({"smoke":"never","height":180,"interests":["wine","yoga"]})").changes);
  EXPECT_EQ(json::serialize(to_json(extras)),
            R"({"height":180,"interests":["yoga","wine"],"smoke":"never"})");
  apply_changes(extras, *check(R"({"smoke":null,"drink":"often"})", true).changes);
  json::object view = to_json(extras);
  EXPECT_FALSE(view.contains("smoke"));
  EXPECT_EQ(view.at("drink"), "often");
  EXPECT_EQ(view.at("height"), 180);
}

TEST(ProfileExtras, JsonSkipsWhatTheCatalogueDoesNotKnow) {
  Extras stored{{"smoke", {"sometimes_maybe"}},
                {"zodiac", {"leo"}},
                {"height", {"abc"}},
                {"drink", {"never"}}};
  EXPECT_EQ(json::serialize(to_json(stored)), R"({"drink":"never"})");
}
