#include "media/image.hpp"

#include <vips/vips8>
// After vips8, whose headers it needs: vips_vector_set_enabled.
#include <vips/vector.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <mutex>
#include <stdexcept>
#include <vector>

namespace kesher::media {
namespace {

using vips::VImage;

// No side beyond this, whatever the pixel count: libheif's own limit, and WebP's.
constexpr int kMaxSide = 16'384;
constexpr int kDisplayQuality = 82;
constexpr int kBlurQuality = 70;
// The blurred copy: this wide, then a Gaussian blur of this sigma in its own pixels, so that
// about 10 columns of detail are left across a face that fills the picture.
constexpr int kBlurWidth = 24;
constexpr double kBlurSigma = 2.0;

// The loaders normalize uses, the only ones left unblocked (docs/decisions/0008-libvips.md).
constexpr std::array<const char*, 4> kAllowedLoaders = {
    "VipsForeignLoadJpegBuffer", "VipsForeignLoadPngBuffer", "VipsForeignLoadWebpBuffer",
    "VipsForeignLoadHeifBuffer"};

std::once_flag init_once;
std::atomic<bool> initialised{false};

// Loader warnings carry text from the file (attacker-chosen); failures are reported as codes.
void drop_log_message(const gchar*, GLogLevelFlags, const gchar*, gpointer) {}

bool has_prefix(std::string_view bytes, std::string_view magic) {
  return bytes.substr(0, magic.size()) == magic;
}

uint32_t big_endian_32(std::string_view bytes, size_t at) {
  auto byte = [&](size_t i) { return static_cast<uint32_t>(static_cast<unsigned char>(bytes[i])); };
  return byte(at) << 24 | byte(at + 1) << 16 | byte(at + 2) << 8 | byte(at + 3);
}

// ISO-BMFF: the file starts with its 'ftyp' box: size, 'ftyp', major brand, minor version, then
// compatible brands up to the box's end.
bool is_heif(std::string_view bytes) {
  if (bytes.size() < 16 || bytes.substr(4, 4) != "ftyp") return false;
  const uint32_t box_size = big_endian_32(bytes, 0);
  if (box_size < 16 || box_size > bytes.size()) return false;
  constexpr std::array<std::string_view, 8> heif_brands = {"heic", "heix", "hevc", "hevx",
                                                           "heim", "heis", "mif1", "msf1"};
  const std::string_view major = bytes.substr(8, 4);
  if (std::find(heif_brands.begin(), heif_brands.end(), major) == heif_brands.end()) return false;
  for (size_t at = 16; at + 4 <= box_size; at += 4) {
    const std::string_view brand = bytes.substr(at, 4);
    if (brand == "avif" || brand == "avis") return false;
  }
  return true;
}

// Raised inside the pipeline; every other exception (libvips' VError, bad_alloc) is invalid_image.
struct TooLarge {};

// The type's own loader, never libvips' guess from the bytes: header only until pixels are pulled,
// top to bottom, and truncated or broken data is an error rather than grey rows.
VImage load(ImageType type, std::string_view bytes, int jpeg_shrink, double webp_scale) {
  void* data = const_cast<char*>(bytes.data());
  const size_t size = bytes.size();
  VipsImage* out = nullptr;
  int status = -1;
  switch (type) {
    case ImageType::jpeg:
      status = vips_jpegload_buffer(data, size, &out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on",
                                    VIPS_FAIL_ON_ERROR, "shrink", jpeg_shrink, nullptr);
      break;
    case ImageType::png:
      status = vips_pngload_buffer(data, size, &out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on",
                                   VIPS_FAIL_ON_ERROR, nullptr);
      break;
    case ImageType::webp:
      status = vips_webpload_buffer(data, size, &out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on",
                                    VIPS_FAIL_ON_ERROR, "scale", webp_scale, nullptr);
      break;
    case ImageType::heif:
      // The primary image; never its embedded thumbnail, which may show something else.
      status = vips_heifload_buffer(data, size, &out, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on",
                                    VIPS_FAIL_ON_ERROR, "thumbnail", FALSE, nullptr);
      break;
    case ImageType::unknown:
      break;
  }
  if (status != 0 || !out) {
    if (out) g_object_unref(out);
    throw vips::VError("load failed");
  }
  return VImage(out);
}

// A copy of the image's header without any metadata field (EXIF, XMP, IPTC, ICC, comments,
// orientation, and whatever else a loader attached); the pixels are shared.
VImage without_metadata(const VImage& image) {
  VImage copy = image.copy();
  gchar** fields = vips_image_get_fields(copy.get_image());
  for (gchar** field = fields; *field; ++field) vips_image_remove(copy.get_image(), *field);
  g_strfreev(fields);
  return copy;
}

Rendition encode(const VImage& image, int quality) {
  VipsBlob* blob = image.jpegsave_buffer(VImage::option()
                                             ->set("Q", quality)
                                             ->set("optimize_coding", true)
                                             ->set("strip", true)
                                             ->set("interlace", false));
  Rendition rendition;
  rendition.jpeg.assign(static_cast<const char*>(VIPS_AREA(blob)->data), VIPS_AREA(blob)->length);
  vips_area_unref(VIPS_AREA(blob));
  rendition.width = image.width();
  rendition.height = image.height();
  return rendition;
}

// 8-bit sRGB, three bands, transparency on white.
VImage opaque_srgb(VImage image) {
  image = image.colourspace(VIPS_INTERPRETATION_sRGB);
  if (image.has_alpha()) {
    image = image.flatten(VImage::option()->set("background", std::vector<double>{255, 255, 255}));
  }
  if (image.format() != VIPS_FORMAT_UCHAR) image = image.cast(VIPS_FORMAT_UCHAR);
  if (image.bands() != 3) throw vips::VError("unexpected bands");
  return image;
}

// The rendition as it is encoded: opaque sRGB, no metadata, in memory.
VImage finish(const VImage& image) {
  return without_metadata(opaque_srgb(image)).copy_memory();
}

// Long side at most `side`, never enlarged, in one Lanczos-3 step (with alpha premultiplied).
// gap 0: libvips 8.14's default (2) box-shrinks inside the reduction first, which is up to 15
// times slower here (docs/performance.md "Images"), and vips_thumbnail_image cannot change it.
VImage downsize(const VImage& image, int side) {
  const int width = image.width(), height = image.height();
  if (std::max(width, height) <= side) return image;
  const double scale = static_cast<double>(side) / std::max(width, height);
  const int target_width = std::max(1, static_cast<int>(std::lround(width * scale)));
  const int target_height = std::max(1, static_cast<int>(std::lround(height * scale)));
  const bool alpha = image.has_alpha();
  VImage out = alpha ? image.premultiply() : image;
  out = out.resize(static_cast<double>(target_width) / width,
                   VImage::option()
                       ->set("vscale", static_cast<double>(target_height) / height)
                       ->set("gap", 0.0));
  return alpha ? out.unpremultiply().cast(image.format()) : out;
}

VImage blurred(const VImage& thumb) {
  VImage small = thumb;
  if (thumb.width() > kBlurWidth) {
    small = thumb.resize(static_cast<double>(kBlurWidth) / thumb.width(),
                         VImage::option()->set("gap", 0.0));
  }
  return small.gaussblur(kBlurSigma);
}

// What vips_thumbnail does, with the reduction above: resize in 8-bit sRGB (or grey), then an
// embedded ICC profile to sRGB, transparency onto white, then the EXIF orientation.
VImage display_of(VImage image, int side) {
  image = image.colourspace(image.bands() < 3 ? VIPS_INTERPRETATION_B_W : VIPS_INTERPRETATION_sRGB);
  image = downsize(image, side);
  if (vips_image_get_typeof(image.get_image(), VIPS_META_ICC_NAME)) {
    image = image.icc_transform(
        "srgb", VImage::option()->set("embedded", true)->set("intent", "perceptual"));
  }
  image = opaque_srgb(image);
  // The loader reads the picture top to bottom once: turning needs it in memory first.
  if (vips_image_get_orientation(image.get_image()) != 1) image = image.copy_memory().autorot();
  return finish(image);
}

Renditions render(std::string_view bytes, ImageType type, const ImageLimits& limits) {
  const int display_side = std::max(1, limits.display_long_side);
  const int thumb_side = std::max(1, limits.thumb_long_side);

  // Header only: nothing is decoded before the size is known to be acceptable.
  VImage source = load(type, bytes, 1, 1.0);
  const int64_t width = source.width(), height = source.height();
  if (width < 1 || height < 1) throw vips::VError("empty image");
  if (width > kMaxSide || height > kMaxSide || width * height > limits.max_pixels) throw TooLarge{};

  // Shrink-on-load: libjpeg scales by 1/2, 1/4 or 1/8 in its inverse DCT, libwebp to any size.
  // PNG and HEIF have no such step and are decoded at full size, row by row for PNG.
  const double factor = static_cast<double>(std::max(width, height)) / display_side;
  if (type == ImageType::jpeg && factor >= 2) {
    const int shrink = factor >= 8 ? 8 : factor >= 4 ? 4 : 2;
    source = load(type, bytes, shrink, 1.0);
  } else if (type == ImageType::webp && factor > 1) {
    source = load(type, bytes, 1, 1.0 / factor);
  }

  // CMYK (JPEG only) goes to sRGB through its own profile, or a generic one, before resizing; its
  // CMYK profile is then spent.
  if (source.interpretation() == VIPS_INTERPRETATION_CMYK) {
    source = source
                 .icc_transform(
                     "srgb", VImage::option()->set("input_profile", "cmyk")->set("embedded", true))
                 .copy();
    vips_image_remove(source.get_image(), VIPS_META_ICC_NAME);
  }

  // The thumbnail and the blurred copy come from the display pixels: one decode in all.
  const VImage display = display_of(source, display_side);
  const VImage thumb = finish(downsize(display, thumb_side));
  const VImage blur = finish(blurred(thumb));

  Renditions renditions;
  renditions.display = encode(display, kDisplayQuality);
  renditions.thumb = encode(thumb, kDisplayQuality);
  renditions.blur = encode(blur, kBlurQuality);
  return renditions;
}

void start_libvips(const char* argv0) {
  if (VIPS_INIT(argv0 ? argv0 : "kesher") != 0) {
    throw std::runtime_error("libvips failed to start");
  }
  // Each call holds its own images; a cache would only grow with what members upload.
  vips_cache_set_max(0);
  vips_cache_set_max_mem(0);
  vips_cache_set_max_files(0);
  // The media pool is the parallelism: one libvips worker per pipeline.
  vips_concurrency_set(1);
  // liborc frees its compiled programs racily when pipelines end on several threads at once (an
  // ASan run caught a SEGV in orc_code_free under Image.ParallelCallsGetTheirOwnResults). The
  // plain C paths are the same pixels; the cost is measured in docs/performance.md.
  vips_vector_set_enabled(FALSE);
  vips_block_untrusted_set(TRUE);
  vips_operation_block_set("VipsForeignLoad", TRUE);
  for (const char* loader : kAllowedLoaders) vips_operation_block_set(loader, FALSE);
  g_log_set_handler("VIPS", static_cast<GLogLevelFlags>(G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE),
                    drop_log_message, nullptr);
  initialised = true;
}

}  // namespace

ImageType sniff(std::string_view bytes) {
  if (has_prefix(bytes, "\x89PNG\r\n\x1a\n")) return ImageType::png;
  if (has_prefix(bytes, "\xFF\xD8\xFF")) return ImageType::jpeg;
  if (bytes.size() >= 12 && has_prefix(bytes, "RIFF") && bytes.substr(8, 4) == "WEBP") {
    return ImageType::webp;
  }
  if (is_heif(bytes)) return ImageType::heif;
  return ImageType::unknown;
}

void init_image_library(const char* argv0) {
  std::call_once(init_once, [argv0] { start_libvips(argv0); });
  if (!initialised) throw std::runtime_error("libvips failed to start");
}

NormalizeResult normalize(std::string_view bytes, const ImageLimits& limits) noexcept {
  NormalizeResult result;
  const ImageType type = sniff(bytes);
  if (type == ImageType::unknown) {
    result.error = ImageError::invalid_file_type;
    return result;
  }
  try {
    init_image_library("kesher");
    result.images = render(bytes, type, limits);
  } catch (const TooLarge&) {
    result.error = ImageError::image_too_large;
  } catch (...) {
    result.error = ImageError::invalid_image;
  }
  if (result.error != ImageError::none) result.images = {};
  if (initialised) {
    // libvips' error text is one buffer for all threads; nothing here reads it.
    if (result.error != ImageError::none) vips_error_clear();
    // Frees this thread's libvips buffers, so an idle worker holds none.
    vips_thread_shutdown();
  }
#ifdef __GLIBC__
  // Hands the freed decode buffers back to the system. glibc keeps them in the arenas of the
  // threads that freed them otherwise: after a few 12 MP HEICs (100 MB each at the peak) the
  // process would hold about 300 MB instead of 40 (docs/performance.md "Images"). 1 to 6 ms.
  ::malloc_trim(0);
#endif
  return result;
}

}  // namespace kesher::media
