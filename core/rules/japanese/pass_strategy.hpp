// Bounds on the minimax value of a japanese-2003 node from the passing
// strategies (docs/solving.md section 4, "japanese-2003: bounds from the
// passing strategies"). Black's strategy "always pass" is worth, against
// White's best reply, a lower bound on the node's value; White's "always
// pass" an upper bound. Each is the exact value of a one-player game (the
// other side's plays only: its stones only grow, so the game is small and
// a line never repeats a position of its own), evaluated under the node's
// actual history: a play that recreates an earlier position ends the game
// by the long-cycle rule with the result the rules give. The bound rests on
// the history facts of every position such a play creates (their ids are
// appended to `facts`), like a proof of the search.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/value.hpp"

namespace gotb {

class Japanese2003Game;

namespace japanese {

struct PassStrategyOptions {
  // Moves played by one bound's one-player game; a side that needs more is
  // left open (minus / plus infinity), which is always a valid bound.
  std::uint64_t max_moves = 4096;
};

struct PassStrategyStats {
  std::uint64_t computations = 0, moves = 0, given_up = 0;
};

// Bounds lo <= v <= hi on the minimax value v of g's current node (not
// over) under its actual history. `floor` / `ceiling` (orders): a lower
// bound at or below floor (an upper bound at or above ceiling) is of no use
// to the caller and is returned as minus (plus) infinity without facts;
// the upper side is not computed when the lower one reaches `beta`. The
// facts a finite side rests on are appended to `facts`. g is left as found.
std::pair<Value, Value> pass_strategy_bounds(Japanese2003Game& g, std::int32_t floor, std::int32_t ceiling,
                                             std::int32_t beta, std::vector<std::uint64_t>& facts,
                                             const PassStrategyOptions& opt, PassStrategyStats* stats = nullptr);

}  // namespace japanese
}  // namespace gotb
