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
// changes nothing. Memory: the graph, 4 bytes per play plus 9 per
// position, on top of the index and the two tables (4x4: about 90 MiB).
// Used for the search's move ordering (generator/search/move_ordering.hpp),
// where the build is on the clock: 4x4 in about a third of the CPU time.
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
