// The media pipeline against the real binary: uploads with hostile and ordinary files, metadata
// stripped from what is served back, profile photos and their slots, blurred copies for locked
// lists, chat pictures behind signed expiring links, and stories behind premium. Fixtures are
// made at run time with Debian's tools (vips, exiftool, heif-enc, convert).
#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <sstream>
#include <thread>

#include "harness.hpp"
#include "support/files.hpp"

using namespace kesher::test;
namespace fs = std::filesystem;
using kesher::testing::read_file;
using kesher::testing::write_file;

namespace {

int counter = 0;

std::string text_of(const json::value& value) {
  return std::string(value.as_string());
}

// Runs a shell command; the test fails when it does.
void run(const std::string& command) {
  int status = std::system((command + " >/dev/null 2>&1").c_str());
  ASSERT_EQ(status, 0) << command;
}

// What exiftool reads from a file, as "Group:Tag=value" lines.
std::string exif_tags(const fs::path& path) {
  std::string out_path = path.string() + ".tags";
  std::system(("exiftool -G1 -s -a '" + path.string() + "' > '" + out_path + "' 2>&1").c_str());
  return read_file(out_path);
}

class Media : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    fixtures_ = new fs::path(fs::temp_directory_path() /
                             ("kesher-media-fixtures-" + std::to_string(::getpid())));
    fs::create_directories(*fixtures_);
  }
  static void TearDownTestSuite() {
    std::error_code ec;
    fs::remove_all(*fixtures_, ec);
    delete fixtures_;
  }
  void SetUp() override { start({}); }

  void start(std::vector<std::string> args) {
    args.insert(args.end(), {"--frame-burst", "1000"});
    server_ = std::make_unique<ServerProcess>(args);
  }

  static fs::path fixture(const std::string& name) { return *fixtures_ / name; }

  // A photo-like picture (noise over a gradient, so JPEG has something to keep).
  static fs::path photo(const std::string& name, int width, int height) {
    fs::path out = fixture(name);
    if (!fs::exists(out)) {
      run("vips gaussnoise '" + out.string() + "[Q=90]' " + std::to_string(width) + " " +
          std::to_string(height));
    }
    return out;
  }

  Member member(json::object overrides = {}) {
    return register_member(*server_, "media" + std::to_string(++counter) + "@example.com",
                           overrides);
  }
  std::unique_ptr<WsClient> connect(const Member& m) {
    auto socket = connect_member(*server_, m);
    socket->request("session/validate");
    return socket;
  }

  HttpResult upload_bytes(const Member& m, const std::string& bytes,
                          const std::string& filename = "picture.jpg") {
    HttpOptions options;
    options.cookie = m.cookie;
    options.origin = server_->origin();
    options.content_type = "multipart/form-data; boundary=" + std::string(kBoundary);
    return http_request(server_->port(), "POST", "/upload", multipart_body(bytes, filename),
                        options);
  }
  // Uploads a file and returns its link; the test fails when the upload does.
  std::string upload(const Member& m, const fs::path& file) {
    auto result = upload_bytes(m, read_file(file), file.filename().string());
    EXPECT_EQ(result.status, 200) << result.body;
    if (result.status != 200) return {};
    return text_of(result.json().at("data"));
  }
  HttpResult fetch(const std::string& link, const Member* as = nullptr) {
    HttpOptions options;
    if (as) options.cookie = as->cookie;
    return http_request(server_->port(), "GET", link, {}, options);
  }
  // Fetches a link and keeps the bytes in a file for exiftool and vips.
  fs::path fetch_to_file(const std::string& link, const Member& as, const std::string& name) {
    auto result = fetch(link, &as);
    EXPECT_EQ(result.status, 200) << link << " " << result.body;
    EXPECT_EQ(result.headers["content-type"], "image/jpeg");
    fs::path out = fixture(name);
    write_file(out, result.body);
    return out;
  }
  static std::pair<int, int> size_of(const fs::path& file) {
    auto width = std::system(("test $(vipsheader -f width '" + file.string() + "') -gt 0").c_str());
    EXPECT_EQ(width, 0);
    std::string out = (file.string() + ".size");
    std::system(("vipsheader -f width '" + file.string() + "' > '" + out + "'; vipsheader -f " +
                 "height '" + file.string() + "' >> '" + out + "'")
                    .c_str());
    std::istringstream in(read_file(out));
    int w = 0, h = 0;
    in >> w >> h;
    return {w, h};
  }

  void premium(const Member& m) {
    execute_sql(*server_,
                "UPDATE users SET premium_until = 253402300799 WHERE id = " + std::to_string(m.id));
  }

  std::unique_ptr<ServerProcess> server_;
  static fs::path* fixtures_;
};

fs::path* Media::fixtures_ = nullptr;

TEST_F(Media, UploadStripsEveryMetadataAndAppliesTheOrientation) {
  fs::path source = fixture("tagged.jpg");
  fs::copy_file(photo("plain-1600x1200.jpg", 1600, 1200), source,
                fs::copy_options::overwrite_existing);
  run("exiftool -overwrite_original -Orientation#=6 -GPSLatitude=32.0853 -GPSLatitudeRef=N "
      "-GPSLongitude=34.7818 -GPSLongitudeRef=E -XMP-dc:Description=secret-xmp "
      "-IPTC:Keywords=secret-iptc -Comment=secret-comment -Make=SecretCam '" +
      source.string() + "'");
  std::string before = exif_tags(source);
  ASSERT_NE(before.find("GPSLatitude"), std::string::npos) << "the fixture carries GPS";
  ASSERT_NE(before.find("secret-xmp"), std::string::npos);
  ASSERT_NE(before.find("secret-comment"), std::string::npos);

  auto dana = member();
  auto result = upload_bytes(dana, read_file(source), "IMG_0001.jpg");
  ASSERT_EQ(result.status, 200) << result.body;
  auto reply = result.json();
  std::string link = text_of(reply.at("data"));
  EXPECT_EQ(link.find(std::to_string(dana.id) + "."), std::string::npos);
  EXPECT_EQ(link.find("IMG_0001"), std::string::npos) << "names are the server's own";
  // Orientation 6 turns the 1600x1200 picture upright: 1200 wide, 1600 high, shown at 960x1280.
  EXPECT_EQ(reply.at("media").at("width").as_int64(), 960);
  EXPECT_EQ(reply.at("media").at("height").as_int64(), 1280);

  fs::path served = fetch_to_file(link, dana, "served.jpg");
  std::string after = exif_tags(served);
  for (std::string_view leaked : {"GPS", "secret", "SecretCam", "XMP", "IPTC", "Orientation",
                                  "Comment", "ICC_Profile", "ExifIFD"}) {
    EXPECT_EQ(after.find(leaked), std::string::npos) << leaked << " survived:\n" << after;
  }
  EXPECT_EQ(size_of(served), std::make_pair(960, 1280));
}

TEST_F(Media, HeicWebpAndPngAreServedAsJpegWithTransparencyOnWhite) {
  fs::path base = photo("plain-800x600.jpg", 800, 600);
  fs::path heic = fixture("photo.heic");
  run("heif-enc -q 60 -o '" + heic.string() + "' '" + base.string() + "'");
  fs::path webp = fixture("photo.webp");
  run("vips copy '" + base.string() + "' '" + webp.string() + "'");
  // Fully transparent black: on white it must come out white, not black.
  fs::path png = fixture("transparent.png");
  run("vips black '" + png.string() + "' 64 48 --bands 4");

  auto dana = member();
  for (const auto& file : {heic, webp, png}) {
    std::string link = upload(dana, file);
    ASSERT_FALSE(link.empty()) << file;
    fs::path served = fetch_to_file(link, dana, file.filename().string() + ".served");
    EXPECT_EQ(read_file(served).substr(0, 3), std::string("\xff\xd8\xff")) << file << " is JPEG";
  }
  std::string png_link = upload(dana, png);
  fs::path flat = fetch_to_file(png_link, dana, "flat.jpg");
  std::string point_file = fixture("point.txt").string();
  std::system(("vips getpoint '" + flat.string() + "' 10 10 > '" + point_file + "'").c_str());
  std::istringstream point(read_file(point_file));
  double r = 0, g = 0, b = 0;
  point >> r >> g >> b;
  EXPECT_GT(r, 245);
  EXPECT_GT(g, 245);
  EXPECT_GT(b, 245);
}

TEST_F(Media, HostileFilesEachGetTheirErrorAndTheServerStaysUpAndSmall) {
  auto dana = member();
  fs::path text = fixture("notes.jpg");
  write_file(text, "this is a text file, not a picture\n");
  fs::path svg = fixture("vector.jpg");
  write_file(svg,
             "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">"
             "<rect width=\"10\" height=\"10\"/></svg>");
  fs::path gif = fixture("anim.gif");
  run("convert -size 16x16 xc:red '" + gif.string() + "'");
  fs::path pdf = fixture("doc.pdf");  // ImageMagick's Debian policy refuses to write PDF
  write_file(pdf,
             "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type "
             "/Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  std::string whole = read_file(photo("plain-1600x1200.jpg", 1600, 1200));
  std::string truncated = whole.substr(0, whole.size() / 2);
  // 900 megapixels in a few hundred KB: refused from its header, never allocated.
  fs::path huge = fixture("huge.png");
  if (!fs::exists(huge)) run("vips black '" + huge.string() + "[compression=9]' 30000 30000");
  ASSERT_LT(fs::file_size(huge), 15u * 1024 * 1024);

  int64_t rss_before = server_->rss_bytes();
  struct Case {
    std::string bytes;
    int status;
    std::string code;
  };
  std::vector<Case> cases = {
      {read_file(text), 400, "invalid_file_type"},
      {read_file(svg), 400, "invalid_file_type"},
      {read_file(gif), 400, "invalid_file_type"},
      {read_file(pdf), 400, "invalid_file_type"},
      {truncated, 400, "invalid_image"},
      {read_file(huge), 400, "image_too_large"},
      {"", 400, "missing_file"},
  };
  for (const auto& c : cases) {
    auto result = upload_bytes(dana, c.bytes);
    EXPECT_EQ(result.status, c.status) << c.code << ": " << result.body;
    EXPECT_EQ(text_of(result.json().at("error_code")), c.code);
  }
  int64_t rss_after = server_->rss_bytes();
  std::printf("[ figures  ] hostile uploads: RSS %.1f MB before, %.1f MB after\n",
              static_cast<double>(rss_before) / 1e6, static_cast<double>(rss_after) / 1e6);
  if (!server_is_sanitized()) {
    EXPECT_LT(rss_after, rss_before + 64 * 1024 * 1024) << "the 900-megapixel PNG was not decoded";
  }
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM media"), 0) << "nothing was stored";
  EXPECT_EQ(http_request(server_->port(), "GET", "/healthz").status, 200);
}

TEST_F(Media, BodiesOverTheLimitAndRequestsWithoutSessionOrFromElsewhereAreRefused) {
  auto dana = member();
  // 16 MiB announced: the server answers 413 from the headers, before the body.
  {
    boost::asio::io_context ioc;
    boost::asio::ip::tcp::socket socket(ioc);
    socket.connect({boost::asio::ip::make_address("127.0.0.1"), server_->port()});
    std::string head = "POST /upload HTTP/1.1\r\nHost: localhost\r\nCookie: " + dana.cookie +
                       "\r\nContent-Type: multipart/form-data; boundary=" + std::string(kBoundary) +
                       "\r\nContent-Length: " + std::to_string(16 * 1024 * 1024) + "\r\n\r\n";
    boost::asio::write(socket, boost::asio::buffer(head));
    std::string answer(512, '\0');
    boost::system::error_code ec;
    size_t got = socket.read_some(boost::asio::buffer(answer), ec);
    answer.resize(got);
    EXPECT_EQ(answer.rfind("HTTP/1.1 413", 0), 0u) << answer;
    EXPECT_NE(answer.find("payload_too_large"), std::string::npos);
  }
  std::string jpeg = read_file(photo("plain-800x600.jpg", 800, 600));
  HttpOptions anonymous;
  anonymous.content_type = "multipart/form-data; boundary=" + std::string(kBoundary);
  auto no_session =
      http_request(server_->port(), "POST", "/upload", multipart_body(jpeg, "a.jpg"), anonymous);
  EXPECT_EQ(no_session.status, 401);
  EXPECT_EQ(text_of(no_session.json().at("error_code")), "not_authenticated");

  HttpOptions foreign = anonymous;
  foreign.cookie = dana.cookie;
  foreign.origin = "https://evil.example";
  auto cross_site =
      http_request(server_->port(), "POST", "/upload", multipart_body(jpeg, "a.jpg"), foreign);
  EXPECT_EQ(cross_site.status, 403);
  EXPECT_EQ(text_of(cross_site.json().at("error_code")), "origin_forbidden");

  HttpOptions json_body;
  json_body.cookie = dana.cookie;
  auto not_multipart = http_request(server_->port(), "POST", "/upload", "{}", json_body);
  EXPECT_EQ(not_multipart.status, 415);

  HttpOptions wrong_field = anonymous;
  wrong_field.cookie = dana.cookie;
  auto no_file = http_request(server_->port(), "POST", "/upload",
                              multipart_body(jpeg, "a.jpg", "picture"), wrong_field);
  EXPECT_EQ(no_file.status, 400);
  EXPECT_EQ(text_of(no_file.json().at("error_code")), "missing_file");
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM media"), 0);
}

TEST_F(Media, OneUploadAtATimePerMember) {
  auto dana = member();
  std::string big = read_file(photo("plain-4000x3000.jpg", 4000, 3000));
  std::vector<std::future<HttpResult>> uploads;
  for (int i = 0; i < 4; ++i) {
    uploads.push_back(std::async(std::launch::async, [&] { return upload_bytes(dana, big); }));
  }
  int ok = 0, refused = 0;
  for (auto& upload : uploads) {
    auto result = upload.get();
    if (result.status == 200) ++ok;
    if (result.status == 409) {
      EXPECT_EQ(text_of(result.json().at("error_code")), "upload_in_progress");
      ++refused;
    }
  }
  EXPECT_GE(ok, 1);
  EXPECT_GE(refused, 1) << "four 12-megapixel uploads at once overlap";
  EXPECT_EQ(ok + refused, 4);
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM media"), ok);
  // Another member is not held up by Dana's upload.
  EXPECT_FALSE(upload(member(), photo("plain-800x600.jpg", 800, 600)).empty());
}

TEST_F(Media, ProfilePhotosFillSixSlotsAndOnlyTheirOwnerChangesThem) {
  auto dana = member();
  auto eli = member({{"gender", 1}, {"s_gender", 2}});
  auto dana_socket = connect(dana);
  auto dana_tab = connect(dana);
  auto eli_socket = connect(eli);
  fs::path jpeg = photo("plain-800x600.jpg", 800, 600);

  std::vector<int64_t> ids;
  std::string first_link;
  for (int i = 0; i < 6; ++i) {
    std::string link = upload(dana, jpeg);
    auto reply = dana_socket->request("user/photos/add", {{"user_id", dana.id}, {"photo", link}});
    ASSERT_EQ(reply.at("request_status").as_int64(), 1) << json::serialize(reply);
    ids.push_back(reply.at("request_details").at("photo_id").as_int64());
    EXPECT_EQ(reply.at("request_details").at("photos").as_array().size(), size_t(i + 1));
    if (i == 0) first_link = link;
  }
  auto changed = dana_tab->wait_event("user/photos/changed");
  ASSERT_TRUE(changed) << "the member's other tab hears of it";
  auto seventh = dana_socket->request("user/photos/add", {{"photo", upload(dana, jpeg)}});
  EXPECT_EQ(text_of(seventh.at("error_code")), "photo_limit_reached");
  auto again = dana_socket->request("user/photos/add", {{"photo", first_link}});
  EXPECT_EQ(text_of(again.at("error_code")), "invalid_value") << "already on the profile";

  // Eli can neither use Dana's upload nor touch Dana's photos.
  std::string danas_spare = upload(dana, jpeg);
  auto stolen = eli_socket->request("user/photos/add", {{"photo", danas_spare}});
  EXPECT_EQ(text_of(stolen.at("error_code")), "invalid_value");
  EXPECT_EQ(text_of(stolen.at("field")), "photo");
  auto as_dana =
      eli_socket->request("user/photos/add", {{"user_id", dana.id}, {"photo", danas_spare}});
  EXPECT_EQ(text_of(as_dana.at("field")), "user_id");
  auto foreign_delete = eli_socket->request("user/photos/delete", {{"id", ids[0]}});
  EXPECT_EQ(text_of(foreign_delete.at("error_code")), "not_found");
  EXPECT_EQ(query_integer(*server_,
                          "SELECT COUNT(*) FROM photos WHERE user_id = " + std::to_string(dana.id)),
            6);

  // The first photo is Dana's photo on Eli's view of her, and it is public.
  auto card = eli_socket->request("profile", {{"user_id", dana.id}});
  auto user = card.at("data").at("user").as_object();
  std::string shown = text_of(user.at("photo"));
  EXPECT_EQ(shown, first_link.substr(0, first_link.find('?')));
  EXPECT_EQ(card.at("data").at("photos").as_array().size(), 6u);
  EXPECT_EQ(fetch(shown).status, 200) << "a profile photo needs no signature";
  EXPECT_EQ(fetch(text_of(user.at("thumb"))).status, 200);
  auto validated = dana_socket->request("session/validate");
  EXPECT_EQ(text_of(validated.at("data").at("user").at("photo")), shown);

  // Deleting the first moves the second up, and the deleted one stops being served at once.
  auto deleted = dana_socket->request("user/photos/delete", {{"id", ids[0]}});
  ASSERT_EQ(deleted.at("request_status").as_int64(), 1);
  auto photos = deleted.at("request_details").at("photos").as_array();
  ASSERT_EQ(photos.size(), 5u);
  EXPECT_EQ(photos[0].at("id").as_int64(), ids[1]);
  EXPECT_EQ(fetch(shown).status, 403);
  auto after = eli_socket->request("profile", {{"user_id", dana.id}});
  EXPECT_EQ(text_of(after.at("data").at("user").at("photo")), text_of(photos[0].at("photo")));
}

TEST_F(Media, NonPremiumFansAndVisitorsCarryOnlyABlurredCopy) {
  auto dana = member();                                 // liked and visited, not premium
  auto eli = member({{"gender", 1}, {"s_gender", 2}});  // the fan, with a photo
  auto eli_socket = connect(eli);
  auto dana_socket = connect(dana);
  std::string link = upload(eli, photo("plain-800x600.jpg", 800, 600));
  auto added = eli_socket->request("user/photos/add", {{"photo", link}});
  ASSERT_EQ(added.at("request_status").as_int64(), 1);
  std::string real = text_of(added.at("request_details").at("photos").at(0).at("photo"));
  std::string thumb = text_of(added.at("request_details").at("photos").at(0).at("thumb"));
  eli_socket->request("swipe", {{"swiped_user_id", dana.id}, {"like", 1}});
  eli_socket->request("visit", {{"visited_user_id", dana.id}});

  for (const char* list : {"user/fans", "user/visitors"}) {
    auto reply = dana_socket->request(list);
    auto entries = reply.at("data").as_array();
    ASSERT_EQ(entries.size(), 1u) << list;
    auto entry = entries[0].as_object();
    EXPECT_EQ(entry.at("locked").as_int64(), 1);
    EXPECT_EQ(entry.size(), 2u) << "locked and photo, nothing else: " << json::serialize(entry);
    std::string blurred = text_of(entry.at("photo"));
    EXPECT_NE(blurred, real);
    EXPECT_NE(blurred, thumb);
    EXPECT_EQ(json::serialize(reply).find(real.substr(9, 12)), std::string::npos);
    fs::path file = fetch_to_file(blurred, dana, "blurred.jpg");
    auto [width, height] = size_of(file);
    EXPECT_LE(width, 32) << "too coarse to recognise anyone";
    EXPECT_LE(height, 32);
  }
  premium(dana);
  auto unlocked = dana_socket->request("user/fans").at("data").as_array();
  ASSERT_EQ(unlocked.size(), 1u);
  EXPECT_EQ(text_of(unlocked[0].at("photo")), real);
}

TEST_F(Media, ChatPicturesOpenForTheTwoMembersForTheirLifetimeOnly) {
  server_.reset();
  start({"--chat-image-ttl", "4"});
  auto dana = member();
  auto eli = member({{"gender", 1}, {"s_gender", 2}});
  auto stranger = member();
  grant_credits(*server_, dana, 1000);
  auto dana_socket = connect(dana);
  auto eli_socket = connect(eli);
  auto stranger_socket = connect(stranger);
  std::string link = upload(dana, photo("plain-800x600.jpg", 800, 600));

  // Someone else's upload cannot be sent, and costs nothing.
  auto foreign = stranger_socket->request(
      "send_message", {{"receiver_id", eli.id}, {"message_type", "image"}, {"message_text", link}});
  EXPECT_EQ(text_of(foreign.at("error_code")), "invalid_value");
  EXPECT_EQ(text_of(foreign.at("field")), "message_text");

  int64_t before =
      query_integer(*server_, "SELECT credits FROM users WHERE id = " + std::to_string(dana.id));
  auto sent = dana_socket->request("send_message", {{"receiver_id", eli.id},
                                                    {"message_type", "image"},
                                                    {"message_text", link},
                                                    {"client_id", "img-1"}});
  ASSERT_EQ(sent.at("request_status").as_int64(), 1) << json::serialize(sent);
  EXPECT_EQ(sent.at("request_details").at("credits_spent").as_int64(), 70) << "prices.image";
  EXPECT_EQ(
      query_integer(*server_, "SELECT credits FROM users WHERE id = " + std::to_string(dana.id)),
      before - 70);
  auto replay = dana_socket->request("send_message", {{"receiver_id", eli.id},
                                                      {"message_type", "image"},
                                                      {"message_text", link},
                                                      {"client_id", "img-1"}});
  EXPECT_EQ(replay.at("request_details").at("replayed").as_int64(), 1);
  EXPECT_EQ(
      query_integer(*server_, "SELECT credits FROM users WHERE id = " + std::to_string(dana.id)),
      before - 70)
      << "charged once";

  auto arrived = eli_socket->wait_event("new_message");
  ASSERT_TRUE(arrived);
  auto message = arrived->at("request_details").as_object();
  EXPECT_EQ(text_of(message.at("type")), "image");
  std::string for_eli = text_of(message.at("message"));
  EXPECT_EQ(fetch(for_eli, &eli).status, 200);
  EXPECT_EQ(fetch(text_of(message.at("thumb")), &eli).status, 200);
  EXPECT_EQ(fetch(for_eli, &stranger).status, 403) << "a third member, with Eli's link";
  EXPECT_EQ(fetch(for_eli).status, 403) << "no session";
  std::string tampered = for_eli;
  tampered.back() = tampered.back() == 'A' ? 'B' : 'A';
  EXPECT_EQ(fetch(tampered, &eli).status, 403);
  auto contacts = eli_socket->request("user/contacts").at("data").as_array();
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_EQ(text_of(contacts[0].at("last_m")), "");
  EXPECT_EQ(contacts[0].at("last_m_is_photo").as_int64(), 1);

  std::this_thread::sleep_for(std::chrono::seconds(5));
  auto expired = fetch(for_eli, &eli);
  EXPECT_EQ(expired.status, 410);
  EXPECT_EQ(text_of(expired.json().at("error_code")), "link_expired");
  auto page = eli_socket->request("messages", {{"contact_user_id", dana.id}});
  auto old = page.at("data").at(0).as_object();
  EXPECT_TRUE(old.at("message").is_null());
  EXPECT_EQ(old.at("expired").as_int64(), 1);
}

TEST_F(Media, ProfilePhotoMessagesUseOnlyTheSendersOwnPhotos) {
  auto dana = member();
  auto eli = member({{"gender", 1}, {"s_gender", 2}});
  grant_credits(*server_, dana, 500);
  auto dana_socket = connect(dana);
  auto eli_socket = connect(eli);
  auto own = dana_socket->request("user/photos/add",
                                  {{"photo", upload(dana, photo("plain-800x600.jpg", 800, 600))}});
  int64_t own_id = own.at("request_details").at("photo_id").as_int64();
  auto elis = eli_socket->request("user/photos/add",
                                  {{"photo", upload(eli, photo("plain-800x600.jpg", 800, 600))}});
  int64_t elis_id = elis.at("request_details").at("photo_id").as_int64();

  auto wrong = dana_socket->request(
      "send_message", {{"receiver_id", eli.id}, {"message_type", "pphoto"}, {"photo_id", elis_id}});
  EXPECT_EQ(text_of(wrong.at("field")), "photo_id");
  auto sent = dana_socket->request(
      "send_message", {{"receiver_id", eli.id}, {"message_type", "pphoto"}, {"photo_id", own_id}});
  ASSERT_EQ(sent.at("request_status").as_int64(), 1) << json::serialize(sent);
  EXPECT_EQ(text_of(sent.at("data").at("type")), "pphoto");
  auto arrived = eli_socket->wait_event("new_message");
  ASSERT_TRUE(arrived);
  EXPECT_EQ(fetch(text_of(arrived->at("request_details").at("message")), &eli).status, 200);
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM messages"), 1);
}

TEST_F(Media, StoriesArePremiumLiveADayAndTakeReplies) {
  server_.reset();
  start({"--story-ttl", "5"});
  auto dana = member();                                 // posts
  auto eli = member({{"gender", 1}, {"s_gender", 2}});  // looks
  grant_credits(*server_, eli, 500);
  auto dana_socket = connect(dana);
  auto eli_socket = connect(eli);
  auto posted = dana_socket->request(
      "stories/add", {{"photo", upload(dana, photo("plain-800x600.jpg", 800, 600))}});
  ASSERT_EQ(posted.at("request_status").as_int64(), 1) << json::serialize(posted);
  int64_t story_id = posted.at("data").at("story_id").as_int64();
  auto stolen = eli_socket->request(
      "stories/add", {{"photo", upload(dana, photo("plain-800x600.jpg", 800, 600))}});
  EXPECT_EQ(text_of(stolen.at("error_code")), "invalid_value");

  auto own = dana_socket->request("stories/get", {{"user_id", dana.id}});
  ASSERT_EQ(own.at("data").as_array().size(), 1u) << "one's own stories need no premium";
  auto rings = eli_socket->request("stories").at("data").as_array();
  ASSERT_EQ(rings.size(), 1u);
  EXPECT_EQ(rings[0].at("user_id").as_int64(), dana.id);
  EXPECT_EQ(rings[0].at("story_id").as_int64(), story_id);
  auto card = eli_socket->request("profile", {{"user_id", dana.id}});
  EXPECT_EQ(card.at("data").at("user").at("has_story").as_int64(), 1);

  auto locked = eli_socket->request("stories/get", {{"user_id", dana.id}});
  EXPECT_EQ(text_of(locked.at("error_code")), "premium_required");
  // A reply would show the story to its sender: the same gate, and nothing charged or stored.
  const std::string elis_credits = "SELECT credits FROM users WHERE id = " + std::to_string(eli.id);
  int64_t credits_before = query_integer(*server_, elis_credits);
  auto sneaked = eli_socket->request("send_message", {{"receiver_id", dana.id},
                                                      {"message_type", "text"},
                                                      {"message_text", "Nice view"},
                                                      {"story_id", story_id}});
  EXPECT_EQ(text_of(sneaked.at("error_code")), "premium_required") << json::serialize(sneaked);
  EXPECT_EQ(text_of(sneaked.at("field")), "story_id");
  EXPECT_EQ(query_integer(*server_, "SELECT COUNT(*) FROM messages"), 0);
  EXPECT_EQ(query_integer(*server_, elis_credits), credits_before);
  premium(eli);
  auto open = eli_socket->request("stories/get", {{"user_id", dana.id}});
  ASSERT_EQ(open.at("data").as_array().size(), 1u);
  std::string picture = text_of(open.at("data").at(0).at("story_photo"));
  EXPECT_EQ(fetch(picture, &eli).status, 200);

  auto empty = eli_socket->request("send_message", {{"receiver_id", dana.id},
                                                    {"message_type", "text"},
                                                    {"message_text", "  "},
                                                    {"story", 1},
                                                    {"story_id", story_id}});
  EXPECT_EQ(text_of(empty.at("error_code")), "empty_message");
  auto reply = eli_socket->request("send_message", {{"receiver_id", dana.id},
                                                    {"message_type", "text"},
                                                    {"message_text", "Where is this?"},
                                                    {"story", 1},
                                                    {"story_id", story_id}});
  ASSERT_EQ(reply.at("request_status").as_int64(), 1) << json::serialize(reply);
  EXPECT_EQ(reply.at("request_details").at("credits_spent").as_int64(), 50) << "like a text";
  auto arrived = dana_socket->wait_event("new_message");
  ASSERT_TRUE(arrived);
  auto message = arrived->at("request_details").as_object();
  EXPECT_EQ(message.at("story_id").as_int64(), story_id);
  EXPECT_EQ(fetch(text_of(message.at("story")), &dana).status, 200) << "with the story's picture";

  std::this_thread::sleep_for(std::chrono::seconds(6));
  EXPECT_TRUE(
      eli_socket->request("stories/get", {{"user_id", dana.id}}).at("data").as_array().empty());
  EXPECT_TRUE(eli_socket->request("stories").at("data").as_array().empty());
  auto late = eli_socket->request("send_message", {{"receiver_id", dana.id},
                                                   {"message_type", "text"},
                                                   {"message_text", "Still there?"},
                                                   {"story_id", story_id}});
  EXPECT_EQ(text_of(late.at("error_code")), "not_found") << "the story is over";
  auto gone = dana_socket->request("stories/delete", {{"story_id", story_id}});
  EXPECT_EQ(text_of(gone.at("error_code")), "not_found");
}

}  // namespace
