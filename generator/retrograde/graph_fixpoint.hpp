// The two fixpoint tables of the tromp-taylor finite-state game, computed
// over a successor graph built once (the technique of exact_solver.hpp)
// instead of by fixpoint.hpp's sweeps, which generate every position's
// moves and rank every child again in every sweep.
//
// Same game, same operator, same tables: the greatest and least fixpoints
// are unique, so the result equals retro::generate's array for array
// (tests/test_move_ordering.cpp compares them). The iteration is
// Gauss-Seidel in place over the graph, several threads at once (relaxed
// atomics; any interleaving is sound, see fixpoint.hpp), until a pass
// changes nothing. The passes visit the positions by stone count, most
// stones first, with both fixpoints of a state in one cell (4x4: 21 passes
// and 54M state evaluations instead of 40 and 100M in the index's order;
// docs/solving.md §3, "Session 28"), and from the second pass on evaluate
// only the positions one of whose children moved (37M evaluations; session
// 30). Memory: the graph, 4 bytes per empty point of each position (a
// play's slot; 6% more than the plays on 3x5 and 4x4) plus 14 per
// position, a 16-bit cell per state and two bits per position, on top of
// the index and the two tables (4x4: about 110 MiB).
// Used for the search's move ordering (generator/search/move_ordering.hpp),
// where the build is on the clock: 4x4 in about a fifth of the sweeps' CPU
// time (docs/solving.md §3, "Session 30").
#pragma once

#include "core/board.hpp"
#include "core/rules/ruleset.hpp"
#include "generator/retrograde/generate.hpp"

namespace gotb::retro {

// Contract of generate() (limits: one unit per position ranked while
// indexing, per play while building the graph, per state evaluated), for the
// tromp-taylor superko rulesets; the tables are the same.
Tables generate_with_graph(const Board& board, const RuleSet& rules, const GenerateOptions& options);

}  // namespace gotb::retro
