// Progress and timing lines of a generator run, on stderr.
//
// Phase lines ("enumerate: ...") and the closing summary are printed when
// `enabled`; per-sweep progress lines only once the run has taken longer
// than `quiet_seconds`, so small boards stay silent apart from the summary.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdarg>
#include <cstdint>
#include <cstdio>

#include "core/budget.hpp"

namespace gotb::retro {

// Optional limits of one generator run, shared by its worker threads: a
// cap on the work (ranks enumerated plus states evaluated) and a deadline.
// Workers call charge() once per block of a few thousand positions, so a
// run stops within milliseconds of either limit (NodeLimitReached; the
// tables are then discarded by the caller).
class WorkLimits {
 public:
  WorkLimits(std::uint64_t max_work, double time_limit) : max_work_(max_work) {
    if (time_limit > 0 && time_limit < 1e9) {
      timed_ = true;
      deadline_ = std::chrono::steady_clock::now() +
                  std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                      std::chrono::duration<double>(time_limit));
    }
  }
  bool active() const { return max_work_ != 0 || timed_; }
  void charge(std::uint64_t work) {
    const std::uint64_t used = used_.fetch_add(work, std::memory_order_relaxed) + work;
    work_meter().fetch_add(work, std::memory_order_relaxed);
    if (max_work_ && used > max_work_) throw NodeLimitReached();
    if (timed_ && std::chrono::steady_clock::now() > deadline_) throw NodeLimitReached("time limit reached");
  }
  std::uint64_t used() const { return used_.load(std::memory_order_relaxed); }

 private:
  std::uint64_t max_work_ = 0;
  bool timed_ = false;
  std::chrono::steady_clock::time_point deadline_{};
  std::atomic<std::uint64_t> used_{0};
};

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
