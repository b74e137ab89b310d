// The two fixpoints of the exact ko=basic game (exact_solver.hpp) without
// their depths, for the search's move ordering (`--ordering retro-ko`,
// generator/search/move_ordering.hpp), where the build is on the clock.
//
// generate_exact() iterates Jacobi rounds because the files' depths (the
// round in which each value settled) need them. The ordering reads only
// the lower and upper arrays, so this build iterates Gauss-Seidel passes in
// place over the same successor graph (ExactRows::sweep_in_place), several
// threads at once, until a pass changes nothing: fewer passes, one buffer.
//
// Same arrays. The pair (lower, upper), ordered by lower ascending and upper
// descending, is a finite lattice on which the operator of exact_solver.hpp
// is monotone (a larger child lower code can only lower a parent's upper
// code, and a smaller child upper code only raise a parent's lower code),
// and both builds start from its bottom (lower = -127, upper = +127).
// Any chaotic iteration of a monotone operator from the bottom of a finite
// lattice, in which each update applies the operator to values the
// iteration has already produced, stays below the least fixpoint (by
// induction: below it, the operator's image is below the fixpoint's own
// image, which is the fixpoint), and a pass in which nothing changes read
// only final values, so every state equals the operator's value there: a
// fixpoint, hence the least one. Jacobi rounds are one such iteration and
// reach the same least fixpoint, i.e. the same lower and upper arrays
// (tests/test_search_speed.cpp compares them on small boards, both
// suicide options).
#pragma once

#include "core/board.hpp"
#include "core/rules/ruleset.hpp"
#include "generator/retrograde/exact_table.hpp"

namespace gotb::retro {

// generate_exact()'s lower and upper arrays and index (stats: solve.rounds
// counts passes, max_depth 0), with empty depth arrays. Same errors and
// limits (one unit of work per state evaluated).
ExactGenerated exact_fixpoints(const Board& board, const RuleSet& rules, int threads, WorkLimits* limits = nullptr);

}  // namespace gotb::retro
