#include "net/compression.hpp"

#include <brotli/encode.h>
#include <zlib.h>

namespace kesher::net {

namespace {

constexpr int kBrotliQuality = 5;
constexpr int kGzipLevel = 6;

std::optional<std::string> brotli(std::string_view body) {
  size_t size = BrotliEncoderMaxCompressedSize(body.size());
  if (size == 0) return std::nullopt;
  std::string out(size, '\0');
  if (!BrotliEncoderCompress(kBrotliQuality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, body.size(),
                             reinterpret_cast<const uint8_t*>(body.data()), &size,
                             reinterpret_cast<uint8_t*>(out.data()))) {
    return std::nullopt;
  }
  out.resize(size);
  return out;
}

std::optional<std::string> gzip(std::string_view body) {
  z_stream stream{};
  // 15 window bits, +16 for a gzip header and trailer instead of zlib's.
  if (deflateInit2(&stream, kGzipLevel, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    return std::nullopt;
  }
  std::string out(deflateBound(&stream, static_cast<uLong>(body.size())), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(body.data()));
  stream.avail_in = static_cast<uInt>(body.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  int result = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (result != Z_STREAM_END) return std::nullopt;
  return out;
}

}  // namespace

std::optional<std::string> compress_for_response(std::string_view body,
                                                 domain::ContentCoding coding) {
  switch (coding) {
    case domain::ContentCoding::br:
      return brotli(body);
    case domain::ContentCoding::gzip:
      return gzip(body);
    case domain::ContentCoding::identity:
      return std::string(body);
  }
  return std::nullopt;
}

}  // namespace kesher::net
