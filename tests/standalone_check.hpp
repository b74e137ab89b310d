// Helpers for the stand-alone check programs that ctest runs outside the
// Catch2 binary (format_plugin_check, h5py_check): each prints one line per
// check and exits non-zero if any failed.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

namespace gotb::test {

inline int& check_failures() {
  static int failures = 0;
  return failures;
}

inline void check(bool ok, const std::string& what) {
  std::cout << (ok ? "ok:   " : "FAIL: ") << what << "\n";
  if (!ok) ++check_failures();
}

struct ShellRun {
  int code = -1;
  std::string out;  // stdout and stderr together
};

inline ShellRun sh(const std::string& cmd) {
  ShellRun r;
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  if (!p) return r;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int st = pclose(p);
  r.code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace gotb::test
