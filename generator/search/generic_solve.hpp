// Runtime entry of the generic exact search (generic_search.hpp) for the
// rulesets RuleSet::support().generic_search names (kee-2005 both scorings,
// kee-2016, international with its alternatives, ikeda-1 with its ko
// options, japanese-2003): `gotb solve --method search|auto` reach it
// through search_solve (solve_search.hpp).
#pragma once

#include <string>

#include "generator/reference/solve.hpp"
#include "generator/search/generic_search.hpp"

namespace gotb {

// True when the generic search serves req (its ruleset, the real game, not
// a repeated-state mode, a board it supports).
bool generic_search_supports(const SolveRequest& req, std::string* why = nullptr);

// Same contract as reference_solve; method "search". Throws
// std::invalid_argument for a request generic_search_supports() refuses,
// NodeLimitReached on its limits. Where options.order is null, `ordering`
// (the front ends' --ordering) decides whether the tromp-taylor retrograde
// tables of the board order the moves (generic_order.hpp: auto builds them
// up to 16 points; their build counts against the limits).
SolveReport generic_solve(const SolveRequest& req, const search::GenericOptions& options,
                          search::OrderingMode ordering = search::OrderingMode::Auto);

// generic_solve()'s kee-2005 driver (docs/solving.md section 4, "Session
// 32: kee-2005, transpositions of the proof-number tree, and the tests in
// gotb solve"): the depth-first search with `depth_first_nodes` of the
// budget (0: skipped), then proof-number tests (proof_number.hpp) with the
// rest where it did not prove the value or the first moves; method
// "search" or "proof-number", after which search proved the value.
// generic_solve() gives the depth-first search a quarter of a node limit.
SolveReport kee2005_solve(const SolveRequest& req, const search::GenericOptions& options,
                          std::uint64_t depth_first_nodes);

}  // namespace gotb
