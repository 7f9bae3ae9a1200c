// The bytes of an upload: media::sniff, then media::normalize through libvips' JPEG, PNG, WebP and
// HEIF loaders (only those can run), resizing, colour conversion and JPEG encoding.
// Smaller limits than the server's keep each input fast; the code path is the same.
#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <string_view>

#include "fuzz_check.hpp"
#include "media/image.hpp"

using namespace kesher;

namespace {

bool is_jpeg(const media::Rendition& rendition) {
  return media::sniff(rendition.jpeg) == media::ImageType::jpeg && rendition.jpeg.size() > 100;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const bool started = (media::init_image_library("fuzz_image_normalize"), true);
  (void)started;
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  media::ImageLimits limits;
  limits.max_pixels = 4'000'000;
  limits.display_long_side = 640;
  limits.thumb_long_side = 160;

  const auto result = media::normalize(bytes, limits);
  const auto type = media::sniff(bytes);
  FUZZ_CHECK((type == media::ImageType::unknown) ==
             (result.error == media::ImageError::invalid_file_type));
  const media::Renditions& images = result.images;
  if (result.error != media::ImageError::none) {
    FUZZ_CHECK(images.display.jpeg.empty() && images.thumb.jpeg.empty() &&
               images.blur.jpeg.empty());
    return 0;
  }
  FUZZ_CHECK(is_jpeg(images.display) && is_jpeg(images.thumb) && is_jpeg(images.blur));
  FUZZ_CHECK(images.display.width >= 1 && images.display.height >= 1);
  FUZZ_CHECK(std::max(images.display.width, images.display.height) <= limits.display_long_side);
  FUZZ_CHECK(images.thumb.width >= 1 && images.thumb.height >= 1);
  FUZZ_CHECK(std::max(images.thumb.width, images.thumb.height) <= limits.thumb_long_side);
  FUZZ_CHECK(images.thumb.width <= images.display.width);
  FUZZ_CHECK(images.blur.width >= 1 && images.blur.width <= 24);
  // Nothing of the input's metadata survives: no APP1 (EXIF, XMP), APP2 (ICC), APP13 (IPTC) or
  // comment segment in any rendition.
  for (const auto* rendition : {&images.display, &images.thumb, &images.blur}) {
    for (std::string_view marker : {"\xFF\xE1", "\xFF\xE2", "\xFF\xED", "\xFF\xFE"}) {
      const size_t at = rendition->jpeg.find(marker);
      // Inside entropy-coded data 0xFF is always followed by 0x00 or a restart marker, so a hit
      // can only be a segment, and every segment comes before the first scan.
      FUZZ_CHECK(at == std::string_view::npos || at > rendition->jpeg.find("\xFF\xDA"));
    }
  }
  return 0;
}
