// The pure media rules: signed links, upload names in links, and the multipart reader.
#include <gtest/gtest.h>

#include <vector>

#include "domain/crypto.hpp"
#include "domain/media_links.hpp"
#include "domain/privacy.hpp"
#include "protocol/multipart.hpp"

namespace kesher {
namespace {

using domain::check_signed_link;
using domain::LinkStatus;

std::string query_of(const std::string& link) {
  return link.substr(link.find('?') + 1);
}

TEST(MediaLinks, SignedLinkOpensOnlyForItsViewerUntilItsExpiry) {
  domain::crypto_init();
  const std::string key = "0123456789abcdef0123456789abcdef";
  const std::string path = domain::upload_path("AbC_d-9");
  std::string link = domain::signed_link(key, path, 12, 1000);
  ASSERT_EQ(link.rfind(path + "?exp=1000&sig=", 0), 0u) << link;
  auto check = check_signed_link(key, path, query_of(link), 12, 999);
  EXPECT_EQ(check.status, LinkStatus::valid);
  EXPECT_EQ(check.expires_at, 1000);
  EXPECT_EQ(check_signed_link(key, path, query_of(link), 12, 1000).status, LinkStatus::expired);
  EXPECT_EQ(check_signed_link(key, path, query_of(link), 13, 999).status, LinkStatus::forbidden)
      << "another member";
  EXPECT_EQ(
      check_signed_link("another key 0123456789abcdef0123", path, query_of(link), 12, 999).status,
      LinkStatus::forbidden);
  EXPECT_EQ(check_signed_link(key, domain::upload_path("other"), query_of(link), 12, 999).status,
            LinkStatus::forbidden)
      << "another file";
  std::string later = query_of(link);
  later.replace(later.find("1000"), 4, "9000");
  EXPECT_EQ(check_signed_link(key, path, later, 12, 5000).status, LinkStatus::forbidden)
      << "a moved expiry is a tampered link, even once the real one has passed";
  std::string flipped = query_of(link);
  flipped.back() = flipped.back() == 'A' ? 'B' : 'A';
  EXPECT_EQ(check_signed_link(key, path, flipped, 12, 999).status, LinkStatus::forbidden);
  for (std::string_view bad : {"", "exp=1000", "sig=x", "exp=abc&sig=x", "exp=10x&sig=x"}) {
    EXPECT_EQ(check_signed_link(key, path, bad, 12, 1).status, LinkStatus::forbidden) << bad;
  }
  EXPECT_EQ(check_signed_link(key, path, query_of(link), 0, 1).status, LinkStatus::forbidden)
      << "no session";
}

TEST(MediaLinks, UploadNamesComeOnlyFromUploadPaths) {
  EXPECT_EQ(domain::upload_name_from_link("/media/u/AbC_d-9.jpg"), "AbC_d-9");
  EXPECT_EQ(domain::upload_name_from_link("/media/u/AbC.jpg?exp=1&sig=x"), "AbC");
  for (std::string_view bad :
       {"", "/media/u/.jpg", "/media/u/a/b.jpg", "/media/u/../x.jpg", "/media/personas/a.jpg",
        "/media/u/abc.png", "https://evil.example/media/u/abc.jpg", "/media/u/a%2e.jpg",
        "/media/u/abc.jpg.jpg2"}) {
    EXPECT_FALSE(domain::upload_name_from_link(bad)) << bad;
  }
  EXPECT_FALSE(domain::upload_name_from_link("/media/u/" + std::string(65, 'a') + ".jpg"));
  EXPECT_EQ(domain::chat_picture_expiry(100), 3700) << "an hour after sending (spec §9)";
}

TEST(MediaRules, StoriesOfOthersArePremium) {
  EXPECT_TRUE(domain::sees_stories_of(false, true));
  EXPECT_FALSE(domain::sees_stories_of(false, false));
  EXPECT_TRUE(domain::sees_stories_of(true, false));
}

TEST(Multipart, BoundaryFromContentType) {
  EXPECT_EQ(protocol::multipart_boundary("multipart/form-data; boundary=abc"), "abc");
  EXPECT_EQ(protocol::multipart_boundary("Multipart/Form-Data;boundary=\"a b;c\""), "a b;c");
  EXPECT_FALSE(protocol::multipart_boundary("application/json"));
  EXPECT_FALSE(protocol::multipart_boundary("multipart/form-data"));
  EXPECT_FALSE(protocol::multipart_boundary("multipart/form-data; boundary="));
  EXPECT_FALSE(
      protocol::multipart_boundary("multipart/form-data; boundary=" + std::string(71, 'x')));
  EXPECT_FALSE(protocol::multipart_boundary("multipart/mixed; boundary=abc"));
}

TEST(Multipart, FindsTheNamedPart) {
  std::string body =
      "preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n"
      "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"me.jpg\"\r\n"
      "Content-Type: image/jpeg\r\n\r\n\xff\xd8--XyZ-not-a-delimiter\r\n\r\n--XyZ--\r\n";
  auto found = protocol::find_form_part(body, "XyZ", "file");
  ASSERT_EQ(found.error, protocol::MultipartError::none);
  EXPECT_EQ(found.part.filename, "me.jpg");
  EXPECT_EQ(found.part.content_type, "image/jpeg");
  EXPECT_EQ(found.part.content, "\xff\xd8--XyZ-not-a-delimiter\r\n");
  EXPECT_EQ(protocol::find_form_part(body, "XyZ", "photo").error,
            protocol::MultipartError::missing);
}

TEST(Multipart, MalformedBodiesAreRefused) {
  const std::string part = "Content-Disposition: form-data; name=\"file\"\r\n\r\nx";
  for (const std::string& body : std::vector<std::string>{
           std::string(""),
           "no delimiter at all",
           "--B\r\n" + part,              // never closed
           "--B\r\n" + part + "\r\n--B",  // no closing dashes
           std::string("--B\r\nContent-Disposition: form-data\r\n\r\nx\r\n--B--"),  // no name
           std::string("--B\r\nContent-Type: text/plain\r\n\r\nx\r\n--B--"),        // not form-data
           std::string("--B\r\nbroken header line\r\n\r\nx\r\n--B--"),
           "--Bjunk\r\n" + part + "\r\n--B--",
       }) {
    EXPECT_EQ(protocol::find_form_part(body, "B", "file").error,
              protocol::MultipartError::malformed)
        << body;
  }
  std::string many;
  for (int i = 0; i < 17; ++i)
    many += "--B\r\nContent-Disposition: form-data; name=\"n\"\r\n\r\nv\r\n";
  many += "--B--";
  EXPECT_EQ(protocol::find_form_part(many, "B", "file").error, protocol::MultipartError::malformed)
      << "over 16 parts";
}

}  // namespace
}  // namespace kesher
