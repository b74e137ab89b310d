// Shared helpers of the libFuzzer targets (fuzz/README in docs/DEVELOPING.md).
//
// Contract every target checks: on any input, gotb either succeeds or
// throws one of the exceptions its front ends turn into `gotb: error: ...`
// (std::exception and its subclasses). Anything else, a crash, a sanitizer
// report, a hang (libFuzzer -timeout) or an out-of-memory, is a finding.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace gotb::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// A per-process scratch file holding the input (for the readers that take a
// path: graph files, tablebase files).
inline const std::string& scratch_path(const char* stem) {
  static const std::string path = "/tmp/gotb_fuzz_" + std::string(stem) + "_" + std::to_string(::getpid());
  return path;
}

inline void write_scratch(const std::string& path, const std::uint8_t* data, std::size_t size) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) __builtin_trap();
  if (size && std::fwrite(data, 1, size, f) != size) __builtin_trap();
  std::fclose(f);
}

}  // namespace gotb::fuzz
