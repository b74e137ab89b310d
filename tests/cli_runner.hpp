// Runs the gotb binary for end-to-end tests of the command line.
#pragma once

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace gotb::test {

struct CliResult {
  int exit_code = -1;
  std::string out;  // stdout and stderr together
};

// `prefix` goes before the binary (e.g. "timeout 60 ").
inline CliResult run_gotb(const std::string& args, const std::string& prefix = "") {
  std::string cmd = prefix + std::string(GOTB_BINARY) + " " + args + " 2>&1";
  CliResult r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf{};
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  int status = pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace gotb::test
