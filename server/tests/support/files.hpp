#pragma once
// Whole files as bytes, for tests of both suites.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace kesher::testing {

// The file's bytes, or "" when it cannot be read.
inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

}  // namespace kesher::testing
