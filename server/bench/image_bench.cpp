// Uploaded pictures (media::normalize; docs/performance.md "Images"): a 12-megapixel photo as a
// phone sends it, re-encoded into the display, thumbnail and blurred JPEGs. Part of kesher_bench;
// server/bench/run_images.sh (make bench-images) runs these cases on one core next to ImageMagick.
//
// The inputs are made on first use and kept in $KESHER_BENCH_IMAGES (else a folder under /tmp):
// Perlin noise at five scales per channel plus a little grain, which JPEG and HEVC compress about
// as much as a photo, 4032 x 3024 like a phone's 12 MP camera; HEVC encoding takes a while.
#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <vips/vips8>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

#include "media/image.hpp"

using namespace kesher;
namespace fs = std::filesystem;
using vips::VImage;

namespace {

constexpr int kWidth = 4032, kHeight = 3024;

fs::path images_folder() {
  const char* folder = std::getenv("KESHER_BENCH_IMAGES");
  return folder ? fs::path(folder) : fs::temp_directory_path() / "kesher-bench-images";
}

VImage photo_like() {
  VImage bands[3];
  for (int band = 0; band < 3; ++band) {
    VImage sum = VImage::black(kWidth, kHeight);
    double amplitude = 1.0;
    for (int cell : {1024, 256, 64, 16, 4}) {
      auto options = VImage::option()->set("cell_size", cell)->set("seed", band * 7919 + cell);
      sum = sum + VImage::perlin(kWidth, kHeight, options) * amplitude;
      amplitude /= 2;
    }
    bands[band] = sum;
  }
  VImage grain = VImage::gaussnoise(kWidth, kHeight, VImage::option()->set("sigma", 3.0));
  VImage rgb = bands[0].bandjoin(bands[1]).bandjoin(bands[2]) * 90 + 128 + grain;
  return rgb.cast(VIPS_FORMAT_UCHAR)
      .copy(VImage::option()->set("interpretation", VIPS_INTERPRETATION_sRGB))
      .copy_memory();
}

// photo.jpg: sRGB, upright, quality 90. phone.jpg: the same pixels as a phone stores a portrait
// photo: Display P3 with its ICC profile, EXIF orientation 6. photo.heic: photo.jpg through
// libheif's x265 encoder at quality 60.
void make_inputs(const fs::path& folder) {
  fs::create_directories(folder);
  VImage photo = photo_like();
  photo.write_to_file((folder / "photo.jpg[Q=90]").c_str());
  VImage phone = photo.icc_transform("p3").copy();
  phone.set(VIPS_META_ORIENTATION, 6);
  phone.write_to_file((folder / "phone.jpg[Q=90]").c_str());
  const std::string heif_enc = "heif-enc -q 60 -p preset=fast -o " +
                               (folder / "photo.heic").string() + " " +
                               (folder / "photo.jpg").string() + " >/dev/null";
  if (std::system(heif_enc.c_str()) != 0) throw std::runtime_error("heif-enc failed");
}

std::string input(const char* name) {
  const fs::path folder = images_folder();
  if (!fs::exists(folder / "photo.heic")) make_inputs(folder);
  std::ifstream in(folder / name, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

long status_kib(const char* field) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind(field, 0) == 0) return std::stol(line.substr(std::string(field).size()));
  }
  return 0;
}

double cpu_seconds() {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

// Wall time per picture; the process's CPU time per picture (libvips works on a thread of its
// own, which google benchmark's CPU time does not see); RSS once libvips is started and the first
// input read, before any decode (idle), and the kernel's high-water mark of RSS for the whole
// process (peak). Run each case in a process of its own (run_images.sh does) for a clean peak.
void Normalize(benchmark::State& state, const char* name) {
  media::init_image_library("kesher_bench");
  std::string bytes;
  try {
    bytes = input(name);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  static const long idle_kib = status_kib("VmRSS:");
  const double cpu_start = cpu_seconds();
  for (auto _ : state) {
    auto result = media::normalize(bytes);
    if (result.error != media::ImageError::none) {
      state.SkipWithError("normalize refused the picture");
      break;
    }
    benchmark::DoNotOptimize(result);
  }
  const double pictures = static_cast<double>(state.iterations());
  const long peak_kib = status_kib("VmHWM:");
  state.counters["cpu_ms"] = (cpu_seconds() - cpu_start) * 1000 / pictures;
  state.counters["input_MB"] = bytes.size() / 1e6;
  state.counters["idle_rss_MiB"] = idle_kib / 1024.0;
  state.counters["peak_rss_MiB"] = peak_kib / 1024.0;
  state.counters["peak_above_idle_MiB"] = (peak_kib - idle_kib) / 1024.0;
}
#define KESHER_NORMALIZE_CASE(name, file)         \
  BENCHMARK_CAPTURE(Normalize, name, file)        \
      ->Unit(benchmark::kMillisecond)             \
      ->UseRealTime()                             \
      ->MinTime(2);                               \
  BENCHMARK_CAPTURE(Normalize, name##_once, file) \
      ->Unit(benchmark::kMillisecond)             \
      ->UseRealTime()                             \
      ->Iterations(1)
// name_once: one picture in a fresh process, for the peak RSS of a single call.
KESHER_NORMALIZE_CASE(jpeg_12mp, "photo.jpg");
KESHER_NORMALIZE_CASE(jpeg_12mp_p3_rotated, "phone.jpg");
KESHER_NORMALIZE_CASE(heic_12mp, "photo.heic");

// Why normalize resizes with gap 0 (media/image.cpp, downsize): a 5120 x 3840 picture in memory
// to 1280 wide with Lanczos 3, as libvips 8.14 does by default (gap 2, a box shrink inside the
// reduction), in one step (gap 0), and through vips_thumbnail_image (gap 2, no way to change it).
void Downsize(benchmark::State& state) {
  media::init_image_library("kesher_bench");
  const int how = static_cast<int>(state.range(0));
  VImage noise = VImage::gaussnoise(5120, 3840, VImage::option()->set("sigma", 40.0));
  const VImage picture =
      noise.bandjoin(noise.rot90())
          .bandjoin(noise.flip(VIPS_DIRECTION_HORIZONTAL))
          .cast(VIPS_FORMAT_UCHAR)
          .copy(VImage::option()->set("interpretation", VIPS_INTERPRETATION_sRGB))
          .copy_memory();
  const double cpu_start = cpu_seconds();
  for (auto _ : state) {
    VImage out = how == 2
                     ? picture.thumbnail_image(1280)
                     : picture.resize(0.25, VImage::option()->set("gap", how == 0 ? 0.0 : 2.0));
    benchmark::DoNotOptimize(out.copy_memory());
  }
  state.counters["cpu_ms"] = (cpu_seconds() - cpu_start) * 1000 / state.iterations();
  state.SetLabel(how == 0 ? "resize gap 0" : how == 1 ? "resize gap 2" : "thumbnail_image");
}
BENCHMARK(Downsize)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
