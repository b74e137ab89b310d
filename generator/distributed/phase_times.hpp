// Where the time of a distributed generator run goes, per rank and phase
// (docs/distributed.md, "Overhead"). Plain data, no MPI: the CLI prints it
// in builds with or without MPI.
#pragma once

#include <ctime>

namespace gotb::dist {

enum Phase {
  kIndexPhase,     // state index build (every rank builds the whole index)
  kSetupPhase,     // ghost discovery and registration (exact: successor rows too)
  kComputePhase,   // sweeps / rounds over the own states
  kWaitPhase,      // waiting at the barrier before an exchange (load imbalance)
  kExchangePhase,  // the exchange and the reduction proper
  kPhases
};
inline constexpr const char* kPhaseNames[kPhases] = {"index", "setup", "compute", "wait", "exchange"};

// Wall and CPU seconds (CPU: the whole rank process, all its threads).
struct PhaseTimes {
  double wall[kPhases] = {}, cpu[kPhases] = {};
};

inline double wall_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}
inline double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Charges the time since the last mark to a phase.
class PhaseClock {
 public:
  explicit PhaseClock(PhaseTimes& t) : t_(t), wall_(wall_seconds()), cpu_(cpu_seconds()) {}
  void mark(Phase p) {
    const double w = wall_seconds(), c = cpu_seconds();
    t_.wall[p] += w - wall_;
    t_.cpu[p] += c - cpu_;
    wall_ = w;
    cpu_ = c;
  }

 private:
  PhaseTimes& t_;
  double wall_, cpu_;
};

}  // namespace gotb::dist
