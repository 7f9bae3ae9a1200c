// The built client over real HTTP: the compressed copies the build writes (web/vite.config.ts),
// chosen by Accept-Encoding, with their headers, entity tags and 304s, and identity as a fallback.
#include <brotli/decode.h>
#include <brotli/encode.h>
#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <optional>

#include "harness.hpp"

using namespace kesher::test;
namespace fs = std::filesystem;

namespace {

std::string brotli(const std::string& text) {
  size_t size = BrotliEncoderMaxCompressedSize(text.size());
  std::string out(size, '\0');
  bool ok = BrotliEncoderCompress(BROTLI_MAX_QUALITY, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT,
                                  text.size(), reinterpret_cast<const uint8_t*>(text.data()), &size,
                                  reinterpret_cast<uint8_t*>(out.data()));
  if (!ok) throw std::runtime_error("brotli failed");
  out.resize(size);
  return out;
}

std::optional<std::string> unbrotli(const std::string& data) {
  std::string out(1 << 20, '\0');
  size_t size = out.size();
  if (BrotliDecoderDecompress(data.size(), reinterpret_cast<const uint8_t*>(data.data()), &size,
                              reinterpret_cast<uint8_t*>(out.data())) !=
      BROTLI_DECODER_RESULT_SUCCESS) {
    return std::nullopt;
  }
  out.resize(size);
  return out;
}

constexpr int kGzipWindow = 15 + 16;  // zlib's way of asking for the gzip wrapper

std::string gzip(const std::string& text) {
  z_stream stream{};
  if (deflateInit2(&stream, 9, Z_DEFLATED, kGzipWindow, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    throw std::runtime_error("deflateInit2 failed");
  }
  std::string out(deflateBound(&stream, text.size()), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = static_cast<uInt>(text.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  int result = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (result != Z_STREAM_END) throw std::runtime_error("deflate failed");
  return out;
}

std::optional<std::string> gunzip(const std::string& data) {
  z_stream stream{};
  if (inflateInit2(&stream, kGzipWindow) != Z_OK) return std::nullopt;
  std::string out(1 << 20, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  int result = inflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  inflateEnd(&stream);
  if (result != Z_STREAM_END) return std::nullopt;
  return out;
}

// Text that compresses, as a build's files do.
std::string repeated(const std::string& line, int times) {
  std::string text;
  for (int i = 0; i < times; ++i) text += line + std::to_string(i) + "\n";
  return text;
}

void write(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << bytes;
}

}  // namespace

class StaticFiles : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    web_ = new fs::path(fs::temp_directory_path() /
                        ("kesher-web-" + std::to_string(::getpid()) + "-static"));
    fs::remove_all(*web_);
    // A build as web/vite.config.ts leaves it: pages and scripts with both copies, a stylesheet
    // with only gzip, a small icon with none, a text whose copy saves nothing, and a picture.
    for (const auto& [name, text] : std::initializer_list<std::pair<std::string, std::string>>{
             {"index.html", index_page()},
             {"console.html", console_page()},
             {"assets/app-3f2a.js", script()}}) {
      write(*web_ / name, text);
      write(*web_ / (name + ".br"), brotli(text));
      write(*web_ / (name + ".gz"), gzip(text));
    }
    write(*web_ / "assets/app-3f2a.css", style());
    write(*web_ / "assets/app-3f2a.css.gz", gzip(style()));
    write(*web_ / "favicon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
    write(*web_ / "sw.js", "self.addEventListener('push', () => {});");
    write(*web_ / "manifest.webmanifest", "{\"name\":\"Kesher\"}");
    write(*web_ / "notes.txt", "short");
    write(*web_ / "notes.txt.gz", gzip("short"));  // longer than the text itself
    write(*web_ / "photo.png", std::string("\x89PNG\r\n\x1a\n", 8) + repeated("pixels", 50));
    server_ = new ServerProcess({"--web", web_->string()});
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
    fs::remove_all(*web_);
    delete web_;
  }

  static std::string index_page() {
    return "<!doctype html><html><head><title>Kesher</title></head><body>" +
           repeated("<p>members' page</p>", 100) + "</body></html>";
  }
  static std::string console_page() {
    return "<!doctype html><html><body data-console-bundle>" +
           repeated("<p>staff console</p>", 100) + "</body></html>";
  }
  static std::string script() { return repeated("export const greeting = 'shalom';//", 400); }
  static std::string style() { return repeated(".card { margin-inline: 1rem; } /*", 200); }

  static HttpResult get(const std::string& target, const std::string& accept_encoding,
                        const std::string& if_none_match = {}, const std::string& method = "GET") {
    HttpOptions options;
    if (!accept_encoding.empty()) options.headers.emplace_back("Accept-Encoding", accept_encoding);
    if (!if_none_match.empty()) options.headers.emplace_back("If-None-Match", if_none_match);
    return http_request(server_->port(), method, target, {}, options);
  }

  static fs::path* web_;
  static ServerProcess* server_;
};
fs::path* StaticFiles::web_ = nullptr;
ServerProcess* StaticFiles::server_ = nullptr;

TEST_F(StaticFiles, BrotliWhenTheBrowserAcceptsIt) {
  auto response = get("/assets/app-3f2a.js", "gzip, deflate, br, zstd");
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(response.headers["content-encoding"], "br");
  EXPECT_EQ(response.headers["vary"], "Accept-Encoding");
  EXPECT_EQ(response.headers["content-type"], "text/javascript; charset=utf-8");
  EXPECT_EQ(response.headers["cache-control"], "public, max-age=31536000, immutable");
  EXPECT_EQ(response.headers["content-length"], std::to_string(response.body.size()));
  EXPECT_LT(response.body.size(), script().size() / 4);
  EXPECT_EQ(unbrotli(response.body), script());
  EXPECT_EQ(response.headers["etag"].substr(response.headers["etag"].size() - 4), "-br\"");
}

TEST_F(StaticFiles, GzipWhenOnlyGzipIsAccepted) {
  for (const char* accepted : {"gzip", "gzip, deflate", "br;q=0, gzip", "x-gzip, br;q=0"}) {
    auto response = get("/assets/app-3f2a.js", accepted);
    ASSERT_EQ(response.status, 200) << accepted;
    EXPECT_EQ(response.headers["content-encoding"], "gzip") << accepted;
    EXPECT_EQ(response.headers["vary"], "Accept-Encoding");
    EXPECT_EQ(response.headers["content-type"], "text/javascript; charset=utf-8");
    EXPECT_EQ(response.headers["content-length"], std::to_string(response.body.size()));
    EXPECT_EQ(gunzip(response.body), script()) << accepted;
    EXPECT_NE(response.headers["etag"].find("-gzip\""), std::string::npos);
  }
  // A file the build compressed only with gzip is sent that way to a browser that prefers br.
  auto sheet = get("/assets/app-3f2a.css", "gzip, deflate, br");
  EXPECT_EQ(sheet.headers["content-encoding"], "gzip");
  EXPECT_EQ(sheet.headers["content-type"], "text/css; charset=utf-8");
  EXPECT_EQ(gunzip(sheet.body), style());
}

TEST_F(StaticFiles, IdentityWithoutAcceptEncodingOrWhenEveryCodingIsRefused) {
  for (const char* accepted :
       {"", "br;q=0, gzip;q=0", "identity", "deflate", "garbage;;q=x", "*;q=0"}) {
    auto response = get("/assets/app-3f2a.js", accepted);
    ASSERT_EQ(response.status, 200) << accepted;
    EXPECT_EQ(response.headers.count("content-encoding"), 0u) << accepted;
    EXPECT_EQ(response.headers["vary"], "Accept-Encoding") << accepted;
    EXPECT_EQ(response.headers["content-type"], "text/javascript; charset=utf-8");
    EXPECT_EQ(response.headers["content-length"], std::to_string(script().size()));
    EXPECT_EQ(response.body, script()) << accepted;
    EXPECT_EQ(response.headers["etag"].find('-'), std::string::npos) << response.headers["etag"];
  }
}

TEST_F(StaticFiles, EachEncodingHasItsOwnEntityTagAndRevalidatesTo304) {
  auto br = get("/assets/app-3f2a.js", "br");
  auto gz = get("/assets/app-3f2a.js", "gzip");
  auto plain = get("/assets/app-3f2a.js", "");
  std::string br_tag = br.headers["etag"], gzip_tag = gz.headers["etag"],
              plain_tag = plain.headers["etag"];
  ASSERT_EQ(plain_tag.front(), '"');
  ASSERT_EQ(plain_tag.back(), '"');
  EXPECT_EQ(br_tag, plain_tag.substr(0, plain_tag.size() - 1) + "-br\"");
  EXPECT_EQ(gzip_tag, plain_tag.substr(0, plain_tag.size() - 1) + "-gzip\"");

  for (const auto& [accepted, tag] :
       {std::pair{"br", br_tag}, std::pair{"gzip", gzip_tag}, std::pair{"", plain_tag}}) {
    auto again = get("/assets/app-3f2a.js", accepted, tag);
    EXPECT_EQ(again.status, 304) << accepted;
    EXPECT_EQ(again.body, "");
    EXPECT_EQ(again.headers["etag"], tag);
    EXPECT_EQ(again.headers["vary"], "Accept-Encoding");
    EXPECT_EQ(again.headers["cache-control"], "public, max-age=31536000, immutable");
    EXPECT_EQ(again.headers.count("content-length"), 0u) << again.headers["content-length"];
    EXPECT_EQ(again.headers.count("content-encoding"), 0u);
    auto weak = get("/assets/app-3f2a.js", accepted, "\"other\", W/" + tag);
    EXPECT_EQ(weak.status, 304) << accepted;
  }
  // The tag of another encoding than the one the request would get is not a match.
  auto switched = get("/assets/app-3f2a.js", "gzip", br_tag);
  EXPECT_EQ(switched.status, 200);
  EXPECT_EQ(switched.headers["content-encoding"], "gzip");
  EXPECT_EQ(gunzip(switched.body), script());
  auto stale = get("/assets/app-3f2a.js", "br", "\"0000000000000000-br\"");
  EXPECT_EQ(stale.status, 200);
  EXPECT_EQ(unbrotli(stale.body), script());
  EXPECT_EQ(get("/assets/app-3f2a.js", "br", "*").status, 304);
}

TEST_F(StaticFiles, HeadHasTheHeadersOfTheEncodingAndNoBody) {
  auto br = get("/assets/app-3f2a.js", "br", {}, "HEAD");
  EXPECT_EQ(br.status, 200);
  EXPECT_EQ(br.body, "");
  EXPECT_EQ(br.headers["content-encoding"], "br");
  EXPECT_EQ(br.headers["content-length"], std::to_string(brotli(script()).size()));
  EXPECT_EQ(br.headers["etag"], get("/assets/app-3f2a.js", "br").headers["etag"]);
  auto plain = get("/assets/app-3f2a.js", "", {}, "HEAD");
  EXPECT_EQ(plain.headers.count("content-encoding"), 0u);
  EXPECT_EQ(plain.headers["content-length"], std::to_string(script().size()));
  EXPECT_EQ(get("/assets/app-3f2a.js", "br", br.headers["etag"], "HEAD").status, 304);
}

TEST_F(StaticFiles, PagesOfTheAppAndTheConsoleAreCompressedToo) {
  for (const char* path : {"/", "/privacy", "/recover/some-token"}) {
    auto page = get(path, "gzip, deflate, br");
    ASSERT_EQ(page.status, 200) << path;
    EXPECT_EQ(page.headers["content-encoding"], "br") << path;
    EXPECT_EQ(page.headers["vary"], "Cookie, Accept-Language, Accept-Encoding");
    EXPECT_EQ(page.headers["content-type"], "text/html; charset=utf-8");
    EXPECT_EQ(page.headers["cache-control"], "no-cache");
    EXPECT_EQ(page.headers["content-length"], std::to_string(page.body.size()));
    EXPECT_EQ(unbrotli(page.body), index_page()) << path;
    EXPECT_FALSE(page.headers["content-security-policy"].empty());
    // no-cache: the browser asks again on every load, and the page's tag saves the bytes.
    auto again = get(path, "gzip, deflate, br", page.headers["etag"]);
    EXPECT_EQ(again.status, 304) << path;
    EXPECT_EQ(again.body, "");
    EXPECT_EQ(again.headers["cache-control"], "no-cache");
  }
  auto gz = get("/privacy", "gzip");
  EXPECT_EQ(gz.headers["content-encoding"], "gzip");
  EXPECT_EQ(gunzip(gz.body), index_page());
  auto plain = get("/privacy", "");
  EXPECT_EQ(plain.headers.count("content-encoding"), 0u);
  EXPECT_EQ(plain.headers["vary"], "Cookie, Accept-Language, Accept-Encoding");
  EXPECT_EQ(plain.body, index_page());
  EXPECT_EQ(get("/privacy", "", {}, "HEAD").headers["content-length"],
            std::to_string(index_page().size()));

  auto console = get("/console/queue", "br");
  ASSERT_EQ(console.status, 200);
  EXPECT_EQ(console.headers["content-encoding"], "br");
  EXPECT_EQ(unbrotli(console.body), console_page());
  EXPECT_EQ(get("/console", "br", console.headers["etag"]).status, 304);

  // A page the app doesn't have: 404 with the app, compressed, never a 304.
  auto missing = get("/no-such-page", "br", get("/", "br").headers["etag"]);
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(missing.headers["content-encoding"], "br");
  EXPECT_EQ(unbrotli(missing.body), index_page());
}

TEST_F(StaticFiles, FilesWithoutAUsefulCopyGoAsTheyAre) {
  auto icon = get("/favicon.svg", "gzip, br");
  EXPECT_EQ(icon.status, 200);
  EXPECT_EQ(icon.headers.count("content-encoding"), 0u);
  EXPECT_EQ(icon.headers["vary"], "Accept-Encoding");  // text: a later build may compress it
  EXPECT_EQ(icon.headers["content-type"], "image/svg+xml");
  EXPECT_EQ(icon.headers["cache-control"], "public, max-age=3600");
  auto notes = get("/notes.txt", "gzip");
  EXPECT_EQ(notes.headers.count("content-encoding"), 0u);  // its copy is longer than itself
  EXPECT_EQ(notes.body, "short");
  auto photo = get("/photo.png", "gzip, br");
  EXPECT_EQ(photo.headers.count("content-encoding"), 0u);
  EXPECT_EQ(photo.headers.count("vary"), 0u);
  EXPECT_EQ(photo.headers["content-type"], "image/png");
  EXPECT_EQ(get("/photo.png", "", photo.headers["etag"]).status, 304);
}

// The installable app (docs/architecture.md, "Service worker"): the worker is never served from
// a cache, so a deploy reaches it on the next navigation; the manifest has its own type.
TEST_F(StaticFiles, ServiceWorkerIsNeverCachedAndTheManifestHasItsType) {
  auto worker = get("/sw.js", "gzip, br");
  EXPECT_EQ(worker.status, 200);
  EXPECT_EQ(worker.headers["cache-control"], "no-cache");
  EXPECT_EQ(worker.headers["content-type"], "text/javascript; charset=utf-8");
  auto manifest = get("/manifest.webmanifest", "");
  EXPECT_EQ(manifest.status, 200);
  EXPECT_EQ(manifest.headers["content-type"], "application/manifest+json");
  EXPECT_EQ(manifest.headers["cache-control"], "public, max-age=3600");
}

TEST_F(StaticFiles, CompressedCopiesAreNoURLsOfTheirOwn) {
  EXPECT_EQ(get("/assets/app-3f2a.js.br", "br").status, 404);
  EXPECT_EQ(get("/assets/app-3f2a.js.gz", "").status, 404);
  EXPECT_EQ(get("/index.html.br", "").status, 404);
  EXPECT_EQ(get("/notes.txt.gz", "").status, 404);
}

// The members' pages in the visitor's language (domain/index_page.hpp): the landing's path gets
// index.html, index.en.html or index.de.html, /register register.html and its siblings, every
// other route app.html and its siblings; the language cookie decides, then Accept-Language, then
// Hebrew.
class StaticFilesByLanguage : public ::testing::Test {
 protected:
  static constexpr const char* kPages[] = {"index.html",    "index.en.html",    "index.de.html",
                                           "register.html", "register.en.html", "register.de.html",
                                           "app.html",      "app.en.html",      "app.de.html"};
  static void SetUpTestSuite() {
    web_ = new fs::path(fs::temp_directory_path() /
                        ("kesher-web-" + std::to_string(::getpid()) + "-languages"));
    fs::remove_all(*web_);
    for (const char* name : kPages) {
      std::string text = page(name);
      write(*web_ / name, text);
      write(*web_ / (std::string(name) + ".br"), brotli(text));
      write(*web_ / (std::string(name) + ".gz"), gzip(text));
    }
    server_ = new ServerProcess({"--web", web_->string()});
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
    fs::remove_all(*web_);
    delete web_;
  }

  static std::string page(const std::string& name) {
    return "<!doctype html><html><body>" + repeated("<p>" + name + "</p>", 60) + "</body></html>";
  }

  static HttpResult get(const std::string& target, const std::string& cookie,
                        const std::string& accept_language, const std::string& if_none_match = {},
                        const std::string& accept_encoding = "gzip, deflate, br") {
    HttpOptions options;
    if (!accept_encoding.empty()) options.headers.emplace_back("Accept-Encoding", accept_encoding);
    if (!cookie.empty()) options.headers.emplace_back("Cookie", cookie);
    if (!accept_language.empty()) options.headers.emplace_back("Accept-Language", accept_language);
    if (!if_none_match.empty()) options.headers.emplace_back("If-None-Match", if_none_match);
    return http_request(server_->port(), "GET", target, {}, options);
  }

  // The page a response carries, by its name.
  static std::string served(const HttpResult& result) {
    auto body = unbrotli(result.body);
    if (!body) return "(not brotli)";
    for (const char* name : kPages) {
      if (*body == page(name)) return name;
    }
    return "(unknown)";
  }

  static fs::path* web_;
  static ServerProcess* server_;
};
fs::path* StaticFilesByLanguage::web_ = nullptr;
ServerProcess* StaticFilesByLanguage::server_ = nullptr;

TEST_F(StaticFilesByLanguage, TheLanguageCookieChoosesThePage) {
  EXPECT_EQ(served(get("/", "language=en", "he-IL,he;q=0.9")), "index.en.html");
  EXPECT_EQ(served(get("/", "kesher_session=abc; language=de", "")), "index.de.html");
  EXPECT_EQ(served(get("/", "language=he", "en-US,en;q=0.9")), "index.html");
  EXPECT_EQ(served(get("/?utm=x", "language=en", "")), "index.en.html");
  // The landing variants run their onboarding flows: no pre-rendered landing under them.
  EXPECT_EQ(served(get("/landing?utm=x", "language=en", "")), "app.en.html");
  EXPECT_EQ(served(get("/landing-blue", "language=de", "")), "app.de.html");
  EXPECT_EQ(served(get("/register", "language=en", "")), "register.en.html");
  EXPECT_EQ(served(get("/register?ref=x", "language=de", "")), "register.de.html");
  EXPECT_EQ(served(get("/register/more", "language=en", "")), "app.en.html");
  EXPECT_EQ(served(get("/privacy", "language=de", "")), "app.de.html");
}

TEST_F(StaticFilesByLanguage, AcceptLanguageWhenThereIsNoUsableCookie) {
  EXPECT_EQ(served(get("/", "", "en-US,en;q=0.9")), "index.en.html");
  EXPECT_EQ(served(get("/", "language=fr", "de-DE,de;q=0.9")), "index.de.html");
  EXPECT_EQ(served(get("/register", "", "fr-FR, en;q=0.5")), "register.en.html");
}

TEST_F(StaticFilesByLanguage, HebrewByDefault) {
  EXPECT_EQ(served(get("/", "", "")), "index.html");
  EXPECT_EQ(served(get("/", "", "fr-FR,ja")), "index.html");
  EXPECT_EQ(served(get("/login", "", "")), "app.html");
  EXPECT_EQ(served(get("/register", "", "")), "register.html");
}

TEST_F(StaticFilesByLanguage, PagesVaryOnCookieAndLanguageWithATagPerVariant) {
  auto he = get("/", "", "");
  auto en = get("/", "language=en", "");
  ASSERT_EQ(he.status, 200);
  ASSERT_EQ(en.status, 200);
  EXPECT_EQ(he.headers["vary"], "Cookie, Accept-Language, Accept-Encoding");
  EXPECT_EQ(en.headers["vary"], "Cookie, Accept-Language, Accept-Encoding");
  EXPECT_EQ(en.headers["cache-control"], "no-cache");
  EXPECT_NE(he.headers["etag"], en.headers["etag"]);
  // Each variant revalidates with its own tag, and not with the other's.
  EXPECT_EQ(get("/", "language=en", "", en.headers["etag"]).status, 304);
  EXPECT_EQ(get("/", "", "", he.headers["etag"]).status, 304);
  EXPECT_EQ(get("/", "language=en", "", he.headers["etag"]).status, 200);
  EXPECT_EQ(get("/", "", "", en.headers["etag"]).status, 200);
  // The encodings of one variant have tags of their own too.
  auto en_gzip = get("/", "language=en", "", {}, "gzip");
  EXPECT_EQ(en_gzip.headers["content-encoding"], "gzip");
  EXPECT_EQ(gunzip(en_gzip.body), page("index.en.html"));
  EXPECT_NE(en_gzip.headers["etag"], en.headers["etag"]);
  auto en_plain = get("/", "language=en", "", {}, "");
  EXPECT_EQ(en_plain.body, page("index.en.html"));
}

TEST_F(StaticFilesByLanguage, TheOtherPagesAreNeverCachedLong) {
  auto direct = get("/index.en.html", "", "");
  EXPECT_EQ(direct.status, 200);
  EXPECT_EQ(direct.headers["cache-control"], "no-cache");
}

// A build from before the registration was pre-rendered has no register pages: /register gets
// the app's page, which draws every route, never the landing.
TEST(StaticFilesWithoutRegisterPages, RegisterFallsBackToTheAppPage) {
  auto web = fs::temp_directory_path() / ("kesher-web-" + std::to_string(::getpid()) + "-older");
  fs::remove_all(web);
  for (const char* name : {"index.html", "index.en.html", "app.html", "app.en.html"}) {
    write(web / name, std::string("<!doctype html><p>") + name + "</p>");
  }
  {
    ServerProcess server({"--web", web.string()});
    HttpOptions options;
    options.headers.emplace_back("Cookie", "language=en");
    EXPECT_EQ(http_request(server.port(), "GET", "/register", {}, options).body,
              "<!doctype html><p>app.en.html</p>");
    EXPECT_EQ(http_request(server.port(), "GET", "/", {}, options).body,
              "<!doctype html><p>index.en.html</p>");
  }
  fs::remove_all(web);
}
