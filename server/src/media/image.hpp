#pragma once
#include <cstdint>
#include <string>
#include <string_view>

// The image pipeline of uploads (docs/protocol.md "Media", docs/decisions/0008-libvips.md): the
// type from the first bytes, the size from the header before any decode, then one decode into
// three JPEGs with no metadata. No I/O; libvips stays inside image.cpp.
namespace kesher::media {

enum class ImageType { unknown, png, jpeg, webp, heif };

// The type from the first bytes only (magic numbers; HEIF/HEIC is an ISO-BMFF 'ftyp' box whose
// major brand is heic, heix, hevc, hevx, heim, heis, mif1 or msf1 and which names no AVIF brand).
// Never reads a file name or a Content-Type.
ImageType sniff(std::string_view bytes);

struct ImageLimits {
  int64_t max_pixels = 40'000'000;
  int display_long_side = 1280;
  int thumb_long_side = 320;
};

struct Rendition {
  std::string jpeg;
  int width = 0;
  int height = 0;
};

struct Renditions {
  Rendition display, thumb, blur;
};

enum class ImageError { none, invalid_file_type, invalid_image, image_too_large };

struct NormalizeResult {
  ImageError error = ImageError::none;
  Renditions images;  // empty unless error is none
};

// Decodes bytes of a sniffed type with that type's own loader and makes the display (long side at
// most display_long_side, never enlarged), thumbnail (thumb_long_side) and blurred (24 px wide)
// JPEGs: EXIF orientation applied, sRGB, transparency on white, no EXIF, GPS, XMP, IPTC, ICC or
// comment. Blocking (CPU-bound, tens of milliseconds for a phone photo), thread-safe, never throws.
NormalizeResult normalize(std::string_view bytes, const ImageLimits& limits = {}) noexcept;

// Once at start, before any thread calls normalize: starts libvips with its operation cache off,
// one worker thread per pipeline, and every loader blocked except the four above. Throws
// std::runtime_error when libvips cannot start. normalize calls it itself (with "kesher") if main
// did not, so tests and fuzzers need not.
void init_image_library(const char* argv0);

}  // namespace kesher::media
