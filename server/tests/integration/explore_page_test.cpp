// The pre-rendered /explore (docs/architecture.md, "Per-language pages"): the server draws a
// signed-in member's first cards into the build's explore page, with the same people as JSON for
// the app's deck; anyone else gets no such page.
#include <brotli/decode.h>
#include <gtest/gtest.h>
#include <zlib.h>

#include <boost/json/parse.hpp>
#include <filesystem>
#include <fstream>
#include <set>

#include "harness.hpp"

using namespace kesher::test;
namespace fs = std::filesystem;

namespace {

int counter = 0;

Member woman(const ServerProcess& server) {
  json::object body{{"gender", 2}, {"s_gender", 1}, {"birth_year", 1994}, {"s_age", "18,100"}};
  return register_member(server, "ew" + std::to_string(++counter) + "@example.com", body);
}

Member man(const ServerProcess& server) {
  json::object body{{"gender", 1}, {"s_gender", 2}, {"birth_year", 1992}, {"s_age", "18,100"}};
  return register_member(server, "em" + std::to_string(++counter) + "@example.com", body);
}

void write(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << bytes;
}

std::string unbrotli(const std::string& data) {
  std::string out(1 << 20, '\0');
  size_t size = out.size();
  if (BrotliDecoderDecompress(data.size(), reinterpret_cast<const uint8_t*>(data.data()), &size,
                              reinterpret_cast<uint8_t*>(out.data())) !=
      BROTLI_DECODER_RESULT_SUCCESS)
    return "(not brotli)";
  out.resize(size);
  return out;
}

std::string gunzip(const std::string& data) {
  z_stream stream{};
  if (inflateInit2(&stream, 15 + 16) != Z_OK) return "(no zlib)";
  std::string out(1 << 20, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  int result = inflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  inflateEnd(&stream);
  return result == Z_STREAM_END ? out : "(not gzip)";
}

// The build's explore page in miniature (web/build/explorePage.ts writes the real one), marked
// with its language.
std::string explore_page(const std::string& language) {
  return "<!doctype html><html lang=\"" + language +
         "\"><div id=\"root\"><div class=\"deck\"><!--kesher:deck--><div "
         "class=\"loading\"></div><!--/kesher:deck--></div><template data-kesher-card><article "
         "data-id=\"{{id}}\"{{#virtual}} data-virtual{{/virtual}}>{{name}}</article></template>"
         "<!--kesher:first-cards--></div></html>";
}

std::vector<int64_t> ids_in(const json::value& people) {
  std::vector<int64_t> ids;
  for (const auto& person : people.as_array()) ids.push_back(person.at("id").as_int64());
  return ids;
}

// The JSON of the page's first-cards element.
json::value first_cards(const std::string& page) {
  const std::string open = R"(<script type="application/json" id="kesher-first-cards">)";
  size_t begin = page.find(open);
  if (begin == std::string::npos) return nullptr;
  begin += open.size();
  return boost::json::parse(page.substr(begin, page.find("</script>", begin) - begin));
}

// The ids of the drawn cards, in their order.
std::vector<int64_t> drawn_ids(const std::string& page) {
  std::vector<int64_t> ids;
  const std::string mark = "<article data-id=\"";
  for (size_t at = page.find(mark); at != std::string::npos; at = page.find(mark, at + 1)) {
    ids.push_back(std::stoll(page.substr(at + mark.size())));
  }
  return ids;
}

}  // namespace

class ExplorePage : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    web_ = new fs::path(fs::temp_directory_path() /
                        ("kesher-web-" + std::to_string(::getpid()) + "-explore"));
    fs::remove_all(*web_);
    for (const auto& [file, language] : std::vector<std::pair<std::string, std::string>>{
             {"explore.html", "he"}, {"explore.en.html", "en"}, {"explore.de.html", "de"}}) {
      write(*web_ / file, explore_page(language));
      // A build's compressed copy of the page without cards, which must not be what is sent.
      write(*web_ / (file + ".gz"), "not this");
    }
    for (const char* file : {"index.html", "app.html", "app.en.html", "app.de.html"}) {
      write(*web_ / file, std::string("<!doctype html><p>") + file + "</p>");
    }
    server_ = new ServerProcess({"--web", web_->string()});
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
    fs::remove_all(*web_);
    delete web_;
  }

  static HttpResult get_explore(const std::string& cookie, const std::string& language = "en",
                                const std::string& accept_encoding = "") {
    HttpOptions options;
    if (!accept_encoding.empty()) options.headers.emplace_back("Accept-Encoding", accept_encoding);
    options.headers.emplace_back("Cookie", cookie + "; language=" + language);
    return http_request(server_->port(), "GET", "/explore", {}, options);
  }

  static fs::path* web_;
  static ServerProcess* server_;
};
fs::path* ExplorePage::web_ = nullptr;
ServerProcess* ExplorePage::server_ = nullptr;

TEST_F(ExplorePage, AMemberGetsTheirFirstCardsDrawnAndAsJson) {
  auto seeker = man(*server_);
  std::set<int64_t> women;
  for (int i = 0; i < 4; ++i) women.insert(woman(*server_).id);

  auto page = get_explore(seeker.cookie);
  ASSERT_EQ(page.status, 200);
  // Personal: drawn for this response, never from the build's compressed copies or a shared cache.
  EXPECT_EQ(page.headers.count("content-encoding"), 0u);
  EXPECT_EQ(page.headers["cache-control"], "private, no-cache");
  EXPECT_EQ(page.headers["vary"], "Cookie, Accept-Language, Accept-Encoding");
  EXPECT_EQ(page.headers.count("etag"), 0u);
  EXPECT_NE(page.body.find("<html lang=\"en\">"), std::string::npos);
  EXPECT_EQ(page.body.find("<template"), std::string::npos);
  EXPECT_EQ(page.body.find("class=\"loading\""), std::string::npos);
  EXPECT_EQ(page.body.find("{{"), std::string::npos);

  auto people = ids_in(first_cards(page.body));
  EXPECT_EQ(std::set<int64_t>(people.begin(), people.end()), women);
  // The top three, in the deck's order.
  EXPECT_EQ(drawn_ids(page.body), std::vector<int64_t>(people.begin(), people.begin() + 3));

  // The app asks the socket for more without them: nobody is left.
  auto socket = connect_member(*server_, seeker);
  json::array exclude;
  for (auto id : people) exclude.push_back(id);
  auto more = socket->request("explore", {{"exclude", exclude}});
  ASSERT_TRUE(more.at("data").is_array());
  EXPECT_TRUE(more.at("data").as_array().empty());
}

TEST_F(ExplorePage, ThePageIsCompressedInTheCodingTheBrowserAccepts) {
  auto seeker = man(*server_);
  woman(*server_);
  auto plain = get_explore(seeker.cookie);
  ASSERT_EQ(plain.status, 200);
  ASSERT_NE(plain.body.find("kesher-first-cards"), std::string::npos);
  auto br = get_explore(seeker.cookie, "en", "gzip, deflate, br");
  EXPECT_EQ(br.headers["content-encoding"], "br");
  EXPECT_LT(br.body.size(), plain.body.size());
  EXPECT_EQ(unbrotli(br.body), plain.body);
  auto gz = get_explore(seeker.cookie, "en", "gzip");
  EXPECT_EQ(gz.headers["content-encoding"], "gzip");
  EXPECT_EQ(gunzip(gz.body), plain.body);
  EXPECT_EQ(get_explore(seeker.cookie, "en", "br;q=0, gzip;q=0").headers.count("content-encoding"),
            0u);
}

TEST_F(ExplorePage, EachMemberSeesTheirOwnDeckInTheirLanguage) {
  auto first_man = man(*server_);
  auto reader = woman(*server_);
  auto page = get_explore(reader.cookie, "de");
  ASSERT_EQ(page.status, 200);
  EXPECT_NE(page.body.find("<html lang=\"de\">"), std::string::npos);
  auto cards = first_cards(page.body);
  auto people = ids_in(cards);
  EXPECT_NE(std::find(people.begin(), people.end(), first_man.id), people.end());
  for (const auto& person : cards.as_array()) {
    EXPECT_EQ(person.at("gender").as_int64(), 1) << "a woman looking for men sees men";
    EXPECT_NE(person.at("id").as_int64(), reader.id);
  }
}

TEST_F(ExplorePage, WhatMembersWroteCannotBecomeMarkup) {
  auto seeker = man(*server_);
  auto other = woman(*server_);
  // A name with markup, written past the sign-up's checks, as a hostile database row would be.
  execute_sql(*server_,
              "UPDATE users SET name = '</script><img src=x onerror=alert(1)>' "
              "WHERE id = " +
                  std::to_string(other.id));
  auto page = get_explore(seeker.cookie);
  ASSERT_EQ(page.status, 200);
  EXPECT_EQ(page.body.find("<img src=x"), std::string::npos);
  EXPECT_EQ(page.body.find("</script><img"), std::string::npos);
  bool found = false;
  auto cards = first_cards(page.body);
  for (const auto& person : cards.as_array()) {
    if (person.at("id").as_int64() != other.id) continue;
    found = true;
    EXPECT_EQ(person.at("name").as_string(), "</script><img src=x onerror=alert(1)>");
  }
  EXPECT_TRUE(found);
}

TEST_F(ExplorePage, NoSessionNoCards) {
  for (const std::string cookie : {"", "session=forged-session-value"}) {
    auto page = get_explore(cookie);
    EXPECT_EQ(page.status, 302) << cookie;
    EXPECT_EQ(page.headers["location"], "/") << cookie;
    EXPECT_EQ(page.body.find("kesher-first-cards"), std::string::npos) << cookie;
  }
}

// A build from before /explore was pre-rendered has no explore pages: the app's page answers.
TEST(ExplorePageOlderBuild, ExploreFallsBackToTheAppPage) {
  auto web = fs::temp_directory_path() / ("kesher-web-" + std::to_string(::getpid()) + "-noexp");
  fs::remove_all(web);
  for (const char* name : {"index.html", "app.html", "app.en.html"}) {
    write(web / name, std::string("<!doctype html><p>") + name + "</p>");
  }
  {
    ServerProcess server({"--web", web.string()});
    auto member = register_member(server, "older@example.com");
    HttpOptions options;
    options.headers.emplace_back("Cookie", member.cookie + "; language=en");
    EXPECT_EQ(http_request(server.port(), "GET", "/explore", {}, options).body,
              "<!doctype html><p>app.en.html</p>");
  }
  fs::remove_all(web);
}

TEST_F(ExplorePage, AQueryKeepsTheCardsAndHeadSendsNoBody) {
  auto seeker = man(*server_);
  auto other = woman(*server_);
  HttpOptions options;
  options.headers.emplace_back("Cookie", seeker.cookie + "; language=en");
  // Where a verified address lands (GET /verify/{token} redirects to /explore?verified=1).
  auto verified = http_request(server_->port(), "GET", "/explore?verified=1", {}, options);
  ASSERT_EQ(verified.status, 200);
  auto people = ids_in(first_cards(verified.body));
  EXPECT_NE(std::find(people.begin(), people.end(), other.id), people.end());
  auto head = http_request(server_->port(), "HEAD", "/explore", {}, options);
  EXPECT_EQ(head.status, 200);
  EXPECT_TRUE(head.body.empty());
  EXPECT_EQ(head.headers["cache-control"], "private, no-cache");
  // A path that only starts like it is another page.
  EXPECT_EQ(http_request(server_->port(), "GET", "/explore/x", {}, options)
                .body.find("kesher-first-cards"),
            std::string::npos);
}
