// The pre-rendered /explore: the build's template language (pages/template.hpp), the page's
// filling (pages/explore_page.hpp) and a card's fields from a Person (modules/explore_page.hpp).
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <string>

#include "modules/explore_page.hpp"
#include "pages/explore_page.hpp"
#include "pages/template.hpp"

using namespace kesher;
using pages::render_template;
using pages::TemplateValues;

TEST(PageTemplate, FieldsAreEscapedAndMissingOnesEmpty) {
  TemplateValues values{{"name", R"(<b>"Tom" & 'Jerry'</b>)"}};
  EXPECT_EQ(render_template(R"(<p title="{{name}}">{{name}}{{missing}}</p>)", values),
            R"(<p title="&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;">)"
            R"(&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;</p>)");
}

TEST(PageTemplate, SectionsFollowWhetherTheirFieldIsSet) {
  const std::string text = "{{#photo}}<img src=\"{{photo}}\">{{/photo}}{{^photo}}AB{{/photo}}";
  EXPECT_EQ(render_template(text, {{"photo", "/media/a.webp"}}), "<img src=\"/media/a.webp\">");
  EXPECT_EQ(render_template(text, {{"photo", ""}}), "AB");
  EXPECT_EQ(render_template(text, {}), "AB");
}

TEST(PageTemplate, SectionsNestAlsoUnderTheSameName) {
  const std::string text = "{{#a}}1{{#b}}2{{#a}}3{{/a}}{{/b}}4{{/a}}5";
  EXPECT_EQ(render_template(text, {{"a", "x"}, {"b", "x"}}), "12345");
  EXPECT_EQ(render_template(text, {{"a", "x"}}), "145");
  EXPECT_EQ(render_template(text, {{"b", "x"}}), "5");
}

TEST(PageTemplate, BrokenTagsAreCopiedAsText) {
  EXPECT_EQ(render_template("a {{name", {{"name", "x"}}), "a {{name");
  EXPECT_EQ(render_template("{{#open}}never closed {{name}}", {{"name", "x"}}),
            "{{#open}}never closed x");
  EXPECT_EQ(render_template("stray {{/end}} {{name}}", {{"name", "x"}}), "stray {{/end}} x");
  EXPECT_EQ(render_template("", {}), "");
}

TEST(PageTemplate, JsonForAScriptElementHasNoAngleBracketAndMeansTheSame) {
  const std::string json = R"(["</script><!--", "a\u2028b", "x\u2029", 1])";
  auto safe = pages::json_for_script(json);
  EXPECT_EQ(safe.find('<'), std::string::npos);
  EXPECT_EQ(safe.find("\xE2\x80\xA8"), std::string::npos);
  EXPECT_EQ(safe.find("\xE2\x80\xA9"), std::string::npos);
  EXPECT_EQ(boost::json::parse(safe), boost::json::parse(json));
}

namespace {

const std::string kPage =
    "<html><div id=\"root\"><div class=\"deck\"><!--kesher:deck--><div class=\"skeleton\"></div>"
    "<!--/kesher:deck--></div><nav>tabs</nav>"
    "<template data-kesher-card><article data-id=\"{{id}}\">{{name}}</article></template>"
    "<!--kesher:first-cards--></div></html>";

}  // namespace

TEST(ExplorePage, CardsReplaceTheLoadingCardAndThePeopleFollowAsJson) {
  pages::ExploreScreen screen{{{{"id", "7"}, {"name", "Noa"}}, {{"id", "9"}, {"name", "<Dan>"}}},
                              R"([{"id":7,"bio":"</script>"}])"};
  auto page = pages::render_explore_page(kPage, screen);
  EXPECT_EQ(page,
            "<html><div id=\"root\"><div class=\"deck\"><article data-id=\"7\">Noa</article>"
            "<article data-id=\"9\">&lt;Dan&gt;</article></div><nav>tabs</nav>"
            "<script type=\"application/json\" id=\"kesher-first-cards\">"
            "[{\"id\":7,\"bio\":\"\\u003c/script>\"}]</script></div></html>");
}

TEST(ExplorePage, NobodyToShowKeepsTheLoadingCard) {
  auto page = pages::render_explore_page(kPage, {{}, "[]"});
  EXPECT_NE(page.find("<div class=\"deck\"><div class=\"skeleton\"></div></div>"),
            std::string::npos);
  EXPECT_EQ(page.find("<template"), std::string::npos);
  EXPECT_NE(page.find(">[]</script>"), std::string::npos);
}

TEST(ExplorePage, APageWithoutTheMarksComesBackUnchanged) {
  pages::ExploreScreen screen{{{{"id", "7"}}}, "[]"};
  EXPECT_EQ(pages::render_explore_page("<html>app</html>", screen), "<html>app</html>");
  std::string no_json = kPage.substr(0, kPage.find("<!--kesher:first-cards-->"));
  EXPECT_EQ(pages::render_explore_page(no_json, screen), no_json);
}

namespace {

boost::json::object person(std::string_view json) {
  return boost::json::parse(json).as_object();
}

}  // namespace

TEST(ExploreCard, FieldsFollowThePerson) {
  auto values = modules::card_values(
      person(R"({"id":12,"name":"Noa Levi","age":29,"photo":"/media/p.webp","photos_count":3,
                 "bio":"Hi","language":"en","city":"Haifa","distance_km":5,"status":1,
                 "virtual":1})"),
      0);
  EXPECT_EQ(values["id"], "12");
  EXPECT_EQ(values["name"], "Noa Levi");
  EXPECT_EQ(values["age"], "29");
  EXPECT_EQ(values["photo"], "/media/p.webp");
  EXPECT_EQ(values["initials"], "NL");
  EXPECT_EQ(values["virtual"], "1");
  EXPECT_EQ(values["many_photos"], "1");
  EXPECT_EQ(values["photos_count"], "3");
  EXPECT_EQ(values["online"], "1");
  EXPECT_EQ(values["place"], "Haifa");
  EXPECT_EQ(values["distance"], "5");
  EXPECT_EQ(values["any_place"], "1");
  EXPECT_EQ(values["place_and_distance"], "1");
  EXPECT_EQ(values["language_en"], "1");
  EXPECT_EQ(values["language_he"], "");
  EXPECT_EQ(values["top"], "1");
  EXPECT_EQ(values["behind"], "");
  EXPECT_EQ(values["tabindex"], "0");
}

TEST(ExploreCard, WhatAPersonLacksIsLeftOut) {
  auto values = modules::card_values(
      person(R"({"id":3,"name":"דנה כהן","age":31,"photo":null,"photos_count":1,"bio":"  \n",
                 "language":"he","city":"","distance_km":null,"status":0,"virtual":0})"),
      2);
  EXPECT_EQ(values["photo"], "");
  // Hebrew initials keep a thin space between them, as display.ts draws them.
  EXPECT_EQ(values["initials"], "ד\u2009כ");
  EXPECT_EQ(values["virtual"], "");
  EXPECT_EQ(values["many_photos"], "");
  EXPECT_EQ(values["online"], "");
  EXPECT_EQ(values["bio"], "");
  EXPECT_EQ(values["any_place"], "");
  EXPECT_EQ(values["place_and_distance"], "");
  EXPECT_EQ(values["depth"], "2");
  EXPECT_EQ(values["behind"], "1");
  EXPECT_EQ(values["tabindex"], "-1");
}

TEST(ExploreCard, ACityWithoutADistanceAndLowerCaseInitials) {
  auto values = modules::card_values(
      person(R"({"id":4,"name":"über  ölmann","city":"Wien","distance_km":null})"), 1);
  EXPECT_EQ(values["initials"], "ÜÖ");
  EXPECT_EQ(values["any_place"], "1");
  EXPECT_EQ(values["place_and_distance"], "");
  EXPECT_EQ(values["distance"], "");
}

TEST(ExploreCard, TheScreenDrawsThreeCardsAndKeepsEveryPersonInItsJson) {
  boost::json::array people;
  for (int i = 1; i <= 5; ++i) people.push_back(person(R"({"id":)" + std::to_string(i) + "}"));
  auto screen = modules::explore_screen_of(people);
  ASSERT_EQ(screen.cards.size(), modules::kDrawnCards);
  EXPECT_EQ(screen.cards[0].at("id"), "1");
  EXPECT_EQ(screen.cards[2].at("depth"), "2");
  EXPECT_EQ(boost::json::parse(screen.people_json), boost::json::value(people));
}
