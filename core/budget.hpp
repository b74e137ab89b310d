// The exception every exact computation throws when it runs out of its
// budget (nodes, time, or a state bound of an analysis) before it has proven
// its answer. It lives in core so that rules code (e.g. the Japanese 2003
// analysis, whose own "not decided" derives from it) and every solver can
// share one "not proven" signal without core depending on generator/: a
// caller that catches NodeLimitReached reports "not proven" and uses nothing
// the interrupted computation produced.
#pragma once

#include <stdexcept>

namespace gotb {

struct NodeLimitReached : std::runtime_error {
  explicit NodeLimitReached(const char* why = "node limit reached") : std::runtime_error(why) {}
};

// Why a solver stopped when a line grew too deep for its thread's stack
// (core/stack_guard.hpp).
inline constexpr const char* kStackLimitMessage = "stack limit reached (a line deeper than the stack holds)";

}  // namespace gotb
