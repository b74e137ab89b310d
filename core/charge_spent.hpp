// Passing what is left of one budget from one step of a computation to the
// next (an order-table build, then the search; a solve, then the refined
// solves of ikeda's tie rule). Kept apart from budget.hpp, which nearly
// every file includes, because only the solve drivers need it.
#pragma once

#include <chrono>
#include <cstdint>

#include "core/budget.hpp"

namespace gotb {

// Charges what the earlier steps spent (`used` units, and the wall time
// since `start`) to a solver's options, so that the next step gets only the
// rest: `o.node_limit` and `o.time_limit` (0 = none) are reduced in place.
// Throws NodeLimitReached when either is already spent (a limit brought to
// zero by the subtraction would read as "no limit").
template <class Options>
void charge_spent(Options& o, std::uint64_t used, std::chrono::steady_clock::time_point start) {
  if (o.node_limit > 0) {
    if (used >= o.node_limit) throw NodeLimitReached();
    o.node_limit -= used;
  }
  if (o.time_limit > 0) {
    const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (spent >= o.time_limit) throw NodeLimitReached("time limit reached");
    o.time_limit -= spent;
  }
}

}  // namespace gotb
