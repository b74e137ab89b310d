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
#include <string>
#include <vector>

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

// User + system CPU seconds of this process so far (every thread; oneTBB
// workers that spin while they wait for work count too).
double process_cpu_seconds();

// Wall and process-CPU seconds per named phase of a run (`gotb generate
// --profile`). mark(name) charges the time since the previous mark (or the
// clock's start) to `name`; marks of the same name add up (e.g. one per
// round). A phase whose CPU is close to its wall ran on one core; with T
// threads a parallel phase shows CPU up to T times its wall. Called from
// one thread (the one that runs the phases).
struct PhaseTime {
  std::string name;
  double wall = 0, cpu = 0;
  int count = 0;  // marks added up
};

class PhaseClock {
 public:
  PhaseClock() { restart(); }
  // The next phase starts now (the time since the last mark is dropped).
  void restart();
  void mark(const std::string& name);
  const std::vector<PhaseTime>& phases() const { return phases_; }

 private:
  std::vector<PhaseTime> phases_;
  std::chrono::steady_clock::time_point wall0_;
  double cpu0_ = 0;
};

// Prints the phases as a table on `out`, with their sum.
void print_phases(std::FILE* out, const std::vector<PhaseTime>& phases);

class Progress {
 public:
  explicit Progress(bool enabled, double quiet_seconds = 2.0)
      : enabled_(enabled), quiet_(quiet_seconds), start_(std::chrono::steady_clock::now()) {}

  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  bool enabled() const { return enabled_; }
  bool chatty() const { return enabled_ && elapsed() >= quiet_; }

  // The run's phase clock (started with the Progress), also when lines are
  // off; const so that the solvers, which take a const Progress&, mark too.
  void phase(const std::string& name) const { clock_.mark(name); }
  const std::vector<PhaseTime>& phases() const { return clock_.phases(); }

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
  mutable PhaseClock clock_;
};

// Peak resident set size of this process in bytes (getrusage).
std::uint64_t peak_rss_bytes();

}  // namespace gotb::retro
