#include "generator/retrograde/progress.hpp"

#include <sys/resource.h>

namespace gotb::retro {

std::uint64_t peak_rss_bytes() {
  struct rusage u {};
  if (getrusage(RUSAGE_SELF, &u) != 0) return 0;
  return static_cast<std::uint64_t>(u.ru_maxrss) * 1024;  // Linux reports KiB
}

}  // namespace gotb::retro
