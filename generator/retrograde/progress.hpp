// Progress and timing lines of a generator run, on stderr.
//
// Phase lines ("enumerate: ...") and the closing summary are printed when
// `enabled`; per-sweep progress lines only once the run has taken longer
// than `quiet_seconds`, so small boards stay silent apart from the summary.
#pragma once

#include <chrono>
#include <cstdarg>
#include <cstdint>
#include <cstdio>

namespace gotb::retro {

class Progress {
 public:
  explicit Progress(bool enabled, double quiet_seconds = 2.0)
      : enabled_(enabled), quiet_(quiet_seconds), start_(std::chrono::steady_clock::now()) {}

  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  bool enabled() const { return enabled_; }
  bool chatty() const { return enabled_ && elapsed() >= quiet_; }

  // printf-style line on stderr (newline added) when enabled.
  void line(const char* fmt, ...) const __attribute__((format(printf, 2, 3))) {
    if (!enabled_) return;
    va_list ap;
    va_start(ap, fmt);
    std::fputs("gotb generate: ", stderr);
    std::vfprintf(stderr, fmt, ap);
    std::fputc('\n', stderr);
    va_end(ap);
  }

 private:
  bool enabled_;
  double quiet_;
  std::chrono::steady_clock::time_point start_;
};

// Peak resident set size of this process in bytes (getrusage).
std::uint64_t peak_rss_bytes();

}  // namespace gotb::retro
