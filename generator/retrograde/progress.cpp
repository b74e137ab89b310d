#include "generator/retrograde/progress.hpp"

#include <sys/resource.h>
#include <time.h>

namespace gotb::retro {

std::uint64_t peak_rss_bytes() {
  struct rusage u {};
  if (getrusage(RUSAGE_SELF, &u) != 0) return 0;
  return static_cast<std::uint64_t>(u.ru_maxrss) * 1024;  // Linux reports KiB
}

double process_cpu_seconds() {
  timespec ts{};
  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return 0;
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

void PhaseClock::restart() {
  wall0_ = std::chrono::steady_clock::now();
  cpu0_ = process_cpu_seconds();
}

void PhaseClock::mark(const std::string& name) {
  const auto wall = std::chrono::steady_clock::now();
  const double cpu = process_cpu_seconds();
  PhaseTime* p = nullptr;
  for (PhaseTime& q : phases_)
    if (q.name == name) p = &q;
  if (!p) p = &phases_.emplace_back(PhaseTime{name});
  p->wall += std::chrono::duration<double>(wall - wall0_).count();
  p->cpu += cpu - cpu0_;
  ++p->count;
  wall0_ = wall;
  cpu0_ = cpu;
}

void print_phases(std::FILE* out, const std::vector<PhaseTime>& phases) {
  double wall = 0, cpu = 0;
  std::fprintf(out, "phase                  wall s    CPU s  CPU/wall  marks\n");
  for (const PhaseTime& p : phases) {
    std::fprintf(out, "  %-18s %8.3f %8.3f %8.2f %6d\n", p.name.c_str(), p.wall, p.cpu, p.wall > 0 ? p.cpu / p.wall : 0.0,
                 p.count);
    wall += p.wall;
    cpu += p.cpu;
  }
  std::fprintf(out, "  %-18s %8.3f %8.3f %8.2f\n", "sum", wall, cpu, wall > 0 ? cpu / wall : 0.0);
}

}  // namespace gotb::retro
