// Helpers for the hardening tests (issue 18): scratch files and a shell-free
// way to quote arguments for run_gotb.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace gotb::test {

struct ScratchDir {
  std::filesystem::path dir;
  explicit ScratchDir(const std::string& tag) {
    static int serial = 0;
    dir = std::filesystem::temp_directory_path() /
          ("gotb-hard-" + tag + "-" + std::to_string(::getpid()) + "-" + std::to_string(serial++));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
  std::string file(const std::string& name) const { return (dir / name).string(); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name, std::ios::binary) << text;
    return file(name);
  }
};

// Single-quotes s for /bin/sh (run_gotb goes through popen).
inline std::string sh_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace gotb::test
